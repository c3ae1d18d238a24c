import { Button } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoBack } from '../../shared/history';

function ErrorPage({ code, prefix }: { code: string; prefix: 'notAllowed' | 'forbidden' | 'notFound' }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-page-title">{t(`errors.${prefix}.title`)}</h1>
      <p>{t(`errors.${prefix}.text`)}</p>
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
  return <ErrorPage code="403" prefix="forbidden" />;
}

/** Catch-all. */
export function NotFoundPage() {
  return <ErrorPage code="404" prefix="notFound" />;
}
