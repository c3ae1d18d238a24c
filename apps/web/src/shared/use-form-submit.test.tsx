import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { useFormSubmit } from './use-form-submit';

async function setup(isValid: () => boolean, send: () => Promise<void | false>) {
  const i18n = await createI18n('en');
  i18n.addResourceBundle('en', 'fr-eproject', { error: 'Something went wrong.', 'error.login.401': 'Wrong e-mail or password.' });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  const hook = renderHook(() => useFormSubmit(isValid, send), { wrapper });
  const event = { preventDefault: vi.fn() } as unknown as FormEvent;
  const submit = () => act(async () => hook.result.current.onSubmit(event));
  return { ...hook, event, submit };
}

const loginRefused = { action: 'login', error: { ErrorCode: 401 }, showError: false, allowRetry: false, arg: null };

describe('useFormSubmit', () => {
  it('sends nothing while the fields are invalid', async () => {
    const send = vi.fn(async () => {});
    const { result, event, submit } = await setup(() => false, send);
    await submit();
    expect(event.preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(result.current.pending).toBe(false);
  });

  it('stays pending after a success, for what replaces the form', async () => {
    const send = vi.fn(async () => {});
    const { result, submit } = await setup(() => true, send);
    await submit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
    expect(result.current.failure).toBeNull();
  });

  it('shows the message of a failed call, ends pending, and clears the message on the next submit', async () => {
    let attempt = 0;
    let valid = true;
    const { result, submit } = await setup(
      () => valid,
      async () => {
        if (++attempt === 1) throw loginRefused;
      },
    );
    await submit();
    await waitFor(() => expect(result.current.failure).toBe('Wrong e-mail or password.'));
    expect(result.current.pending).toBe(false);
    valid = false;
    await submit();
    expect(result.current.failure).toBeNull();
    expect(attempt).toBe(1);
  });

  it('ends pending without a message when the send stops before the call', async () => {
    const { result, submit } = await setup(
      () => true,
      async () => false,
    );
    await submit();
    expect(result.current.pending).toBe(false);
    expect(result.current.failure).toBeNull();
  });

  it('shows a failure from elsewhere (e.g. a list that did not load) by the same fallback', async () => {
    const { result } = await setup(
      () => true,
      async () => {},
    );
    act(() => result.current.showFailure(new Error('offline')));
    expect(result.current.failure).toBe('Something went wrong.');
  });
});
