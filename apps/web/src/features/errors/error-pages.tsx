import { Button } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useGoBack } from '../../shared/history';

/** Why a screen sent the user to /error-403, when it says (navigation state): `project`, a project that is not theirs to open. */
export type ForbiddenReason = 'project';

function ErrorPage({ code, prefix, text }: { code: string; prefix: 'notAllowed' | 'forbidden' | 'notFound'; text?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-page-title">{t(`errors.${prefix}.title`)}</h1>
      <p>{t(text ?? `errors.${prefix}.text`)}</p>
      <div className="error-page__actions">
        <Button onPress={() => goBack('/')}>{t('errors.back')}</Button>
        <Link className="text-link" to="/">
          {t('errors.home')}
        </Link>
      </div>
    </section>
  );
}

/** A logged-in user without the privilege a route needs. */
export function NotAllowedPage() {
  return <ErrorPage code="403" prefix="notAllowed" />;
}

/** /error-403: the server refused a call (spec §2, §8). */
export function ForbiddenPage() {
  const reason = (useLocation().state as { reason?: ForbiddenReason } | null)?.reason;
  return <ErrorPage code="403" prefix="forbidden" text={reason === 'project' ? 'errors.forbidden.project' : undefined} />;
}

/** Catch-all. */
export function NotFoundPage() {
  return <ErrorPage code="404" prefix="notFound" />;
}
