import type { ActingState } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadActingState, reloadAs, stopActing } from './acting-calls';
import './acting.css';

/** The banner of an acted session (issue 17 §3), loaded by `ActingBanner` only in such a session. */
export default function ActingBannerLoaded({ accountId }: { accountId: number }) {
  const dispatch = useAppDispatch();
  const [state] = useRemote<ActingState>(`acting:${accountId}`, () => dispatch(loadActingState()).unwrap());
  if (state.status !== 'ready' || !state.data.acting) return null;
  return <ActingBannerView acting={state.data.acting} onStop={() => dispatch(stopActing()).unwrap()} />;
}

type Acting = NonNullable<ActingState['acting']>;

export function ActingBannerView({ acting, onStop }: { acting: Acting; onStop: () => Promise<{ returnedToOwnSession: boolean }> }) {
  const { t } = useTranslation();
  const [stopping, setStopping] = useState(false);
  const [failed, setFailed] = useState(false);

  async function stop() {
    setStopping(true);
    setFailed(false);
    try {
      const result = await onStop();
      // Back in the staff member's session at the customers' list; logged out otherwise (home page).
      reloadAs(result.returnedToOwnSession ? '/acting' : '/');
    } catch {
      setStopping(false);
      setFailed(true);
    }
  }

  return (
    <section className="acting-banner" role="region" aria-label={t('acting.banner.label')}>
      <p className="acting-banner__text">
        {t('acting.banner.text', { subject: acting.subject.name, email: acting.subject.email, actor: acting.actor.name })}
      </p>
      {failed && (
        <p className="acting-banner__error" role="alert">
          {t('acting.banner.stopFailed')}
        </p>
      )}
      <Button size="sm" variant="secondary" isLoading={stopping} onPress={() => void stop()}>
        {t('acting.banner.stop')}
      </Button>
    </section>
  );
}
