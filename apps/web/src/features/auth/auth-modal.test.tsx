import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';

const ep = TRANSLATIONS['fr-eproject'].en;
const cf = TRANSLATIONS['common-front'].en;
const wg = TRANSLATIONS['fr-widgets'].en;
const text = (value: string | undefined) => value ?? '';

async function openFromHome(view: 'login' | 'signup', api = createFakeApi({ users: [makeAccount({ email: 'ann@example.com' })] })) {
  const app = await renderApp('/', api);
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: text(ep['home.visitor.title']) });
  await userEvent.click(within(main).getByRole('button', { name: text(view === 'login' ? ep['home.visitor.login'] : ep['home.visitor.signup']) }));
  const dialog = await screen.findByRole('dialog', { name: text(view === 'login' ? ep['auth.login.title'] : ep['auth.signup.title']) });
  return { ...app, dialog };
}

describe('the login view', () => {
  it('says which fields are missing or malformed', async () => {
    const { dialog, fakeApi } = await openFromHome('login');
    // Full-screen at 575 px and below (the kit's fullScreenOnSmall).
    expect(dialog.closest('.lm-modal')).toHaveClass('lm-modal--fullscreen-small');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.login.submit']) }));
    expect(within(dialog).getAllByText(text(wg['formError.required']))).toHaveLength(2);
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'not-an-address');
    await userEvent.tab();
    expect(within(dialog).getByText(text(wg['formError.email']))).toBeInTheDocument();
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/login')).toHaveLength(0);
  });

  it('says when the credentials are wrong, and logs in with the right ones', async () => {
    const { dialog } = await openFromHome('login');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await fill(within(dialog).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.login.submit']) }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text(ep['error.login.401']));

    const password = within(dialog).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`));
    await userEvent.clear(password);
    await fill(password, 'demo-password');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.login.submit']) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ann Example' })).toBeInTheDocument();
    expect(screen.getByText(/You are logged in as: Web user\./)).toBeInTheDocument();
  });

  it('leads to the password reset request and confirms it was sent', async () => {
    const { dialog, fakeApi } = await openFromHome('login');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.login.forgot']) }));
    const reset = await screen.findByRole('dialog', { name: text(ep['auth.passwordReset.title']) });
    await fill(within(reset).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await userEvent.click(within(reset).getByRole('button', { name: text(ep['auth.passwordReset.submit']) }));
    expect(await within(reset).findByRole('status')).toHaveTextContent('ann@example.com');
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/password-reset')[0]?.body).toEqual({ email: 'ann@example.com' });
  });
});

describe('the sign-up view', () => {
  it('checks the password length, the confirmation and whether the e-mail is taken', async () => {
    const { dialog, fakeApi } = await openFromHome('signup');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.name']))), 'Bob');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await userEvent.tab();
    expect(await within(dialog).findByText(text(cf['formError.emailTaken']))).toBeInTheDocument();
    // The rule is said once: the hint until the error replaces it (issue 10 §9).
    expect(within(dialog).getByText(text(ep['auth.field.passwordHint']))).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'short');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.passwordConfirm']))), 'shorter');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.signup.submit']) }));
    expect(within(dialog).getByText(text(cf['formError.passwordTooShort']))).toBeInTheDocument();
    expect(within(dialog).queryByText(text(ep['auth.field.passwordHint']))).not.toBeInTheDocument();
    expect(within(dialog).getByText(text(cf['formError.passwordMismatch']))).toBeInTheDocument();
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/signup')).toHaveLength(0);
  });

  it('creates the account in the current language and greets the new user', async () => {
    const { dialog, fakeApi } = await openFromHome('signup');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.name']))), 'Bob Builder');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'bob@example.com');
    await fill(within(dialog).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'long-enough');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.passwordConfirm']))), 'long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.signup.submit']) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Bob Builder' })).toBeInTheDocument();
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/signup')[0]?.body).toEqual({ name: 'Bob Builder', email: 'bob@example.com', password: 'long-enough', lang: 'en' });
  });

  it('shows the server’s refusal next to the form', async () => {
    const api = createFakeApi();
    api.handle((call) => (call.path.endsWith('/auth/signup') ? failure(409, 'EMAIL_TAKEN') : undefined));
    const { dialog } = await openFromHome('signup', api);
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.name']))), 'Bob');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'bob@example.com');
    await fill(within(dialog).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'long-enough');
    await fill(within(dialog).getByLabelText(new RegExp(text(ep['auth.field.passwordConfirm']))), 'long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.signup.submit']) }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text(ep['error.signup.409']));
  });
});

describe('the qualification view', () => {
  it('requires every field', async () => {
    const app = await renderApp('/', createFakeApi({ account: makeAccount({ role: 'webUser' }) }));
    await app.session;
    await userEvent.click(await screen.findByRole('button', { name: text(ep['home.user.qualifyAction']) }));
    const dialog = await screen.findByRole('dialog', { name: text(ep['auth.qualification.title']) });
    await userEvent.click(within(dialog).getByRole('button', { name: text(ep['auth.qualification.submit']) }));
    expect(within(dialog).getAllByText(text(wg['formError.required'])).length).toBeGreaterThanOrEqual(2);
    expect(app.fakeApi.callsTo('POST', '/api/users/v1/auth/qualification')).toHaveLength(0);
  });
});
