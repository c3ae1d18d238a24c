import type { Account, Company, CompanyType, Lang, Language, UpdateCompanyBody, UpdateProfileBody } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';
import { accountReceived, loadAccount } from '../../shared/session';

/** Saves name and profession (PUT users /v1/user/{id}); the account is read again afterwards. */
export const updateProfile = createAsyncAction<void, { id: number; body: UpdateProfileBody }>('updateProfile', async ({ id, body }, { extra, dispatch }) => {
  const answer = await extra.api.put<Account | undefined>('users', `/v1/user/${id}`, body);
  if (answer && typeof answer === 'object' && 'privileges' in answer) dispatch(accountReceived(answer));
  else await dispatch(loadAccount());
});

/** GET users /v1/company-types: the company types described in the interface language. */
export const loadCompanyTypes = createAsyncAction<CompanyType[], Lang>('companyTypes', (lang, { extra }) => extra.api.get<CompanyType[]>('users', '/v1/company-types', { lang }), {
  showError: false,
});

/** PUT users /v1/company/{crmId}: about the company (its managers); the account is read again afterwards (it names the company). */
export const updateCompany = createAsyncAction<Company, { crmId: string; body: UpdateCompanyBody }>(
  'updateCompany',
  async ({ crmId, body }, { extra, dispatch }) => {
    const company = await extra.api.put<Company>('users', `/v1/company/${encodeURIComponent(crmId)}`, body);
    await dispatch(loadAccount());
    return company;
  },
  { showError: false },
);

/**
 * The interface languages described in `lang` (spec §7): from the api hub (masters languages/{lang})
 * when editLanguagesFromApiHub is on, otherwise the languages list (masters languages?lang=).
 */
export const loadLanguages = createAsyncAction<Language[], { lang: Lang; fromHub: boolean }>(
  'languages',
  ({ lang, fromHub }, { extra }) => (fromHub ? extra.api.get<Language[]>('masters', `/v1/languages/${lang}`) : extra.api.get<Language[]>('masters', '/v1/languages', { lang })),
  { showError: false },
);

/**
 * PATCH users /v1/users/client-code {clientCode}: records the client code of one's company on the
 * account (the api checks it is the company's). Orders need it: processing one without a client code
 * answers NO_CLIENT_CODE (spec §4), and invoices are read by it. The answer is the account.
 */
export const updateClientCode = createAsyncAction<Account, { clientCode: string }>(
  'updateClientCode',
  async ({ clientCode }, { extra, dispatch }) => {
    const account = await extra.api.patch<Account>('users', '/v1/users/client-code', { clientCode });
    dispatch(accountReceived(account));
    return account;
  },
  { showError: false },
);
