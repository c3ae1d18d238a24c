import { useState } from 'react';
import { Card, PageHeader } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../shared/loading-state';
import { useAppSelector } from '../../shared/store';
import { SupportForm } from './support-form';

/** /support: the support request as a page, for visitors and users alike (the header and the footer link here). */
export function SupportPage() {
  const { t } = useTranslation();
  const { status, account } = useAppSelector((state) => state.session);
  // Bumped by "Write another request": a fresh form, with its own upload queue.
  const [round, setRound] = useState(0);
  if (status !== 'ready') return <LoadingState />;
  return (
    <section className="page page--narrow support-page" aria-labelledby="support-title">
      <PageHeader titleId="support-title" title={t('support.page.title')} lead={t('support.page.lead')} />
      <Card>
        {/* Logging in from the form starts it again with the account's details. */}
        <SupportForm key={`${account?.id ?? 'visitor'}-${round}`} onWriteAnother={() => setRound((value) => value + 1)} />
      </Card>
    </section>
  );
}
