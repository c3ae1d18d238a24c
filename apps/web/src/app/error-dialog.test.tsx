import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { errorRaised } from '../shared/error-state';
import { errorMessageKey } from '../shared/error-message';

describe('the error message key', () => {
  const keys = (...present: string[]) => (key: string) => present.includes(key);
  it('tries error.{action}.{status}, error.{action}, error.{status}, then error', () => {
    expect(errorMessageKey(keys('error.login.401', 'error.login', 'error.401'), 'login', 401)).toBe('error.login.401');
    expect(errorMessageKey(keys('error.login', 'error.401'), 'login', 401)).toBe('error.login');
    expect(errorMessageKey(keys('error.401'), 'login', 401)).toBe('error.401');
    expect(errorMessageKey(keys(), 'login', 401)).toBe('error');
  });
  it('uses the generic no-response message when there was no answer, whatever the action', () => {
    expect(errorMessageKey(keys('error.0', 'error.x.0'), 'x', 0)).toBe('error.noResponse.message');
    expect(errorMessageKey(keys('error.x'), 'x', 0)).toBe('error.noResponse.message');
  });
});

describe('the error dialog', () => {
  const common = TRANSLATIONS['common-front'].en;
  const eproject = TRANSLATIONS['fr-eproject'].en;

  it('shows the title, the message found by action and status, and the contact line; Close dismisses it', async () => {
    const { store } = await renderApp('/');
    act(() => void store.dispatch(errorRaised({ action: 'login', status: 401, description: 'x', url: '/api/users/v1/auth/login' })));
    const dialog = await screen.findByRole('alertdialog', { name: common['error.title'] });
    expect(dialog).toHaveTextContent(eproject['error.login.401'] ?? '');
    expect(dialog).toHaveTextContent(common['error.contact'] ?? '');
    await userEvent.click(screen.getAllByRole('button', { name: common['error.close'] }).at(-1)!);
    expect(store.getState().error.current).toBeNull();
  });

  it('shows the generic title, message and contact line when a call had no answer (spec §8)', async () => {
    const { store } = await renderApp('/');
    act(() => void store.dispatch(errorRaised({ action: 'login', status: 0, description: 'Failed to fetch', url: '/api/users/v1/auth/login' })));
    const dialog = await screen.findByRole('alertdialog', { name: common['error.noResponse.title'] });
    expect(dialog).toHaveTextContent(common['error.noResponse.message'] ?? 'missing');
    expect(dialog).toHaveTextContent(common['error.contact'] ?? 'missing');
    expect(dialog).not.toHaveTextContent(eproject['error.login'] ?? 'never');
  });

  it('falls back to the status message, then the generic one', async () => {
    const { store } = await renderApp('/');
    act(() => void store.dispatch(errorRaised({ action: 'unknownThing', status: 404, description: 'x', url: '' })));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(common['error.404'] ?? '');
    act(() => void store.dispatch(errorRaised({ action: 'unknownThing', status: 418, description: 'x', url: '' })));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(common.error ?? '');
  });
});
