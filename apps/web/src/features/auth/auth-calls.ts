import type { Account, CompanyType, Lang, LoginBody, QualificationBody, SignupBody, SocialLinkBody, SocialLinkPending } from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { accountReceived, signedIn } from '../../shared/session';

// The auth modal shows its own failures next to the form (showError false): the dialog would hide
// the form the user is correcting. The message uses the same key fallback as the error dialog.

export const login = createAsyncAction<Account, LoginBody>(
  'login',
  async (body, { extra, dispatch }) => {
    const account = await extra.api.post<Account>('users', '/v1/auth/login', body);
    await dispatch(signedIn(account));
    return account;
  },
  { showError: false },
);

export const signup = createAsyncAction<Account, SignupBody>(
  'signup',
  async (body, { extra, dispatch }) => {
    const account = await extra.api.post<Account>('users', '/v1/auth/signup', body);
    await dispatch(signedIn(account));
    return account;
  },
  { showError: false },
);

/** E-mail availability (spec §5): 404 means free, 200 means taken. */
export const checkEmailTaken = createAsyncAction<boolean, string>(
  'emailValidate',
  async (address, { extra }) => {
    try {
      await extra.api.get<unknown>('users', `/v1/users/email-validate/${encodeURIComponent(address)}`);
      return true;
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return false;
      throw error;
    }
  },
  { showError: false },
);

export const requestPasswordReset = createAsyncAction<void, { email: string }>(
  'passwordReset',
  async (body, { extra }) => extra.api.post<void>('users', '/v1/auth/password-reset', body),
  { showError: false },
);

export const confirmPasswordReset = createAsyncAction<void, { token: string; password: string }>(
  'passwordResetConfirm',
  async (body, { extra }) => extra.api.post<void>('users', '/v1/auth/password-reset/confirm', body),
  { showError: false },
);

export const changePassword = createAsyncAction<void, { currentPassword: string; password: string }>(
  'passwordChange',
  async (body, { extra }) => extra.api.post<void>('users', '/v1/auth/password-change', body),
  { showError: false },
);

export const qualify = createAsyncAction<Account, QualificationBody>(
  'qualification',
  async (body, { extra, dispatch }) => {
    const account = await extra.api.post<Account>('users', '/v1/auth/qualification', body);
    dispatch(accountReceived(account));
    return account;
  },
  { showError: false },
);

export const loadCompanyTypes = createAsyncAction<CompanyType[], Lang>(
  'companyTypes',
  async (lang, { extra }) => extra.api.get<CompanyType[]>('users', '/v1/company-types', { lang }),
  { showError: false },
);

/** One profession of apiv2 options/professions, described in the asked language. */
export interface ProfessionOption {
  id: number;
  code: string;
  description: string;
}

/** GET apiv2 /options/professions {lang}: what the qualification form offers (spec §7). */
export const loadProfessions = createAsyncAction<ProfessionOption[], Lang>(
  'professions',
  async (lang, { extra }) => extra.api.get<ProfessionOption[]>('apiv2', '/options/professions', { lang }),
  { showError: false },
);

/** Social sign-up (issue 17 §4): the account waiting for its password in this browser (its cookie), if any. */
export const loadPendingSocialLink = createAsyncAction<SocialLinkPending, void>(
  'socialLinkPending',
  async (_arg, { extra }) => extra.api.get<SocialLinkPending>('users', '/v1/auth/social/link'),
  { showError: false },
);

/** Links the waiting social identity with the account's password, and logs in. */
export const linkSocialAccount = createAsyncAction<Account, SocialLinkBody>(
  'socialLink',
  async (body, { extra, dispatch }) => {
    const account = await extra.api.post<Account>('users', '/v1/auth/social/link', body);
    await dispatch(signedIn(account));
    return account;
  },
  { showError: false },
);
