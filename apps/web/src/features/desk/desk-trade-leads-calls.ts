import type { Lang, TradeLead } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * Trade leads (issue 17 §2; apps/api README "Trade leads"): qualification requests that sales staff of
 * the lead's catalogue and admins approve or decline. Failures show in place (showError false).
 */

export type TradeLeadDecision = TradeLead['decision'];

/** GET users /v1/trade-leads: the leads with this decision (pending by default), oldest first. */
export const loadTradeLeads = createAsyncAction<TradeLead[], { decision: TradeLeadDecision; lang: Lang }>(
  'tradeLeads',
  ({ decision, lang }, { extra }) => extra.api.get<TradeLead[]>('users', '/v1/trade-leads', { decision, lang }),
  { showError: false },
);

/** PATCH users /v1/trade-leads/{id}: approved (the user becomes a qualified professional) or declined; the user is mailed. */
export const decideTradeLead = createAsyncAction<TradeLead, { id: number; decision: 'approved' | 'declined'; lang: Lang }>(
  'decideTradeLead',
  ({ id, decision, lang }, { extra }) => extra.api.patch<TradeLead>('users', `/v1/trade-leads/${id}`, { decision }, { lang }),
  { showError: false },
);
