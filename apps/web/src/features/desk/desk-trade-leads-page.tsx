import type { TradeLead } from '@lumen/contracts';
import { Button, Card, PageHeader, Select } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/use-format';
import { useFailureMessage } from '../../shared/error-message';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { decideTradeLead, loadTradeLeads, type TradeLeadDecision } from './desk-trade-leads-calls';
import './desk.css';

const DECISIONS: readonly TradeLeadDecision[] = ['pending', 'approved', 'declined'];
const isDecision = (value: string | null): value is TradeLeadDecision => (DECISIONS as readonly (string | null)[]).includes(value);

/**
 * /desk/trade-leads (issue 17 §2): the qualification requests of the desk's catalogue (every one for
 * an admin), oldest first; each pending one is approved or declined, and the user gets a mail.
 */
export function DeskTradeLeadsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [params, setParams] = useSearchParams();
  const asked = params.get('decision');
  const decision: TradeLeadDecision = isDecision(asked) ? asked : 'pending';
  const [version, setVersion] = useState(0);
  const [leads, reload] = useRemote(`${decision}|${lang}`, () => dispatch(loadTradeLeads({ decision, lang })).unwrap(), { refresh: String(version) });

  return (
    <section className="page desk" aria-labelledby="trade-leads-title">
      <PageHeader titleId="trade-leads-title" title={t('desk.tradeLeads.title')} lead={t('desk.tradeLeads.lead')} />
      <div className="desk__filters">
        <Select<TradeLeadDecision>
          label={t('desk.tradeLeads.filter')}
          name="decision"
          options={DECISIONS.map((value) => ({ value, label: t(`desk.tradeLeads.decision.${value}`) }))}
          value={decision}
          onChange={(value) => setParams(value === 'pending' ? {} : { decision: value })}
        />
      </div>
      {leads.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {leads.status === 'failed' && (
        <Card className="desk__message" role="alert">
          <p>{t('desk.tradeLeads.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('siteLocation.retry')}
          </Button>
        </Card>
      )}
      {leads.status === 'ready' &&
        (leads.data.length === 0 ? (
          <p className="card desk__message">{t('desk.tradeLeads.empty')}</p>
        ) : (
          <ul className="desk__leads">
            {leads.data.map((lead) => (
              <LeadCard key={lead.id} lead={lead} onDecided={() => setVersion((n) => n + 1)} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function LeadCard({ lead, onDecided }: { lead: TradeLead; onDecided: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const lang = useAppSelector((state) => state.preferences.lang);
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState<'approved' | 'declined' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function decide(decision: 'approved' | 'declined') {
    setPending(decision);
    setFailure(null);
    try {
      await dispatch(decideTradeLead({ id: lead.id, decision, lang })).unwrap();
      onDecided();
    } catch (error) {
      setFailure(failureMessage(error));
    }
    setPending(null);
  }

  const titleId = `trade-lead-${lead.id}`;
  return (
    <li className="card desk__lead-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {lead.user.name} <span className="desk__email">{lead.user.email}</span>
      </h2>
      <dl>
        <div>
          <dt>{t('desk.tradeLeads.company')}</dt>
          <dd>
            {lead.companyName} · {lead.companyType.description} · {lead.country}
          </dd>
        </div>
        <div>
          <dt>{t('desk.tradeLeads.profession')}</dt>
          <dd>{lead.profesion}</dd>
        </div>
        <div>
          <dt>{t('desk.tradeLeads.requested')}</dt>
          <dd>
            <time dateTime={lead.requestedAt}>{format.date(lead.requestedAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </dd>
        </div>
      </dl>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {lead.decision === 'pending' ? (
        <div className="desk__lead-actions">
          <Button isLoading={pending === 'approved'} isDisabled={pending !== null} onPress={() => void decide('approved')} aria-label={t('desk.tradeLeads.approveOf', { name: lead.user.name })}>
            {t('desk.tradeLeads.approve')}
          </Button>
          <Button variant="secondary" isLoading={pending === 'declined'} isDisabled={pending !== null} onPress={() => void decide('declined')} aria-label={t('desk.tradeLeads.declineOf', { name: lead.user.name })}>
            {t('desk.tradeLeads.decline')}
          </Button>
        </div>
      ) : (
        <p>{t(`desk.tradeLeads.decision.${lead.decision}`)}</p>
      )}
    </li>
  );
}
