import type { Account, UpdateProfileBody } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';
import { accountReceived, loadAccount } from '../../shared/session';

/** Saves name and profession (PUT users /v1/user/{id}); the account is read again afterwards. */
export const updateProfile = createAsyncAction<void, { id: number; body: UpdateProfileBody }>('updateProfile', async ({ id, body }, { extra, dispatch }) => {
  const answer = await extra.api.put<Account | undefined>('users', `/v1/user/${id}`, body);
  if (answer && typeof answer === 'object' && 'privileges' in answer) dispatch(accountReceived(answer));
  else await dispatch(loadAccount());
});
