import { expect, test } from '@playwright/test';
import { mails } from './support/outbox';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 17 §1: a company manager (the demo distributor, who reads Spanish) invites a colleague with
// chosen privileges; the colleague opens the link from the mail, signs up into the company, lands
// logged in, and holds exactly those privileges; the manager then sees them among the company's users,
// deactivates and reactivates them, and revokes a second, still open invitation (issue 30 §6).

const es = texts('es');
const en = texts('en');

test('a manager invites a colleague who signs up through the mailed link and gets the chosen privileges', async ({ page, browser }) => {
  const colleague = `nora-${Date.now().toString(36)}@example.com`;
  await logIn(page, 'distributor@demo.example');
  await page.goto('/users-management');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: es('usersManagement.title') })).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: 'distributor@demo.example' })).toBeVisible();

  const form = main.getByRole('form', { name: es('usersManagement.invite.title') });
  await form.getByRole('textbox', { name: exactly(es('usersManagement.invite.email'), { end: false }) }).fill(colleague);
  // The defaults (everyday project work) plus prices; no support requests.
  await form.getByRole('checkbox', { name: es('privilege.price.view') }).check();
  await form.getByRole('checkbox', { name: es('privilege.support.request') }).uncheck();
  await form.getByRole('button', { name: es('usersManagement.invite.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(es('usersManagement.invite.sent', { email: colleague }));

  let mail: string | undefined;
  await expect.poll(() => (mail = mails().find((text) => text.includes(colleague) && text.includes('/invitation?token='))), { timeout: 15_000 }).toBeTruthy();
  const link = /https?:\/\/[^\s"<>]+\/invitation\?token=[A-Za-z0-9_.%-]+/.exec(mail ?? '')?.[0];
  expect(link).toBeTruthy();
  const address = new URL(link ?? '');

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${address.pathname}${address.search}`);
  const page2 = visitor.getByRole('main');
  await expect(page2.getByRole('heading', { level: 1, name: en('invitation.title') })).toBeVisible();
  await expect(page2.getByText(en('invitation.intro', { company: 'Luminotecnia Norte S.L.', email: colleague }))).toBeVisible();
  await page2.getByRole('textbox', { name: exactly(en('invitation.name'), { end: false }) }).fill('Nora Nueva');
  await page2.getByLabel(exactly(en('invitation.password'), { end: false })).fill('nora-password-1');
  await page2.getByLabel(exactly(en('auth.field.passwordConfirm'), { end: false })).fill('nora-password-1');
  await page2.getByRole('button', { name: en('invitation.submit') }).click();
  await expect(visitor).toHaveURL(/\/$/);

  const account = await visitor.request.get('/api/users/v1/account');
  expect(account.status()).toBe(200);
  const body = (await account.json()) as { email: string; privileges: string[]; company: { name: string } | null; status: number };
  expect(body).toMatchObject({ email: colleague, status: 4, company: { name: 'Luminotecnia Norte S.L.' } });
  expect(body.privileges).toEqual(['downloads.view', 'price.view', 'project.add', 'project.download', 'project.edit', 'project.view']);

  // The link is used up.
  const again = await context.newPage();
  await again.goto(`${address.pathname}${address.search}`);
  await expect(again.getByRole('main').getByRole('alert')).toHaveText(en('invitation.invalid'));
  await context.close();

  await page.reload();
  const row = main.getByRole('row').filter({ hasText: colleague });
  await expect(row).toContainText('Nora Nueva');

  // Issue 30 §6: the manager deactivates the colleague, then reactivates them; it holds after a reload.
  await row.getByRole('button', { name: es('usersManagement.deactivateUser', { name: 'Nora Nueva' }) }).click();
  const confirm = page.getByRole('alertdialog', { name: es('usersManagement.deactivateTitle', { name: 'Nora Nueva' }) });
  await confirm.getByRole('button', { name: es('usersManagement.deactivateConfirm') }).click();
  await expect(row).toContainText(es('usersManagement.status.DELETED'));
  await row.getByRole('button', { name: es('usersManagement.reactivateUser', { name: 'Nora Nueva' }) }).click();
  await expect(row.getByRole('button', { name: es('usersManagement.deactivateUser', { name: 'Nora Nueva' }) })).toBeVisible();
  await page.reload();
  await expect(row).toContainText(es('usersManagement.status.QUALIFIED'));

  // Issue 30 §6: an open invitation is revoked from the list; its mailed link no longer opens.
  const second = `rita-${Date.now().toString(36)}@example.com`;
  await form.getByRole('textbox', { name: exactly(es('usersManagement.invite.email'), { end: false }) }).fill(second);
  await form.getByRole('button', { name: es('usersManagement.invite.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(es('usersManagement.invite.sent', { email: second }));
  let secondMail: string | undefined;
  await expect.poll(() => (secondMail = mails().find((text) => text.includes(second) && text.includes('/invitation?token='))), { timeout: 15_000 }).toBeTruthy();
  const secondLink = new URL(/https?:\/\/[^\s"<>]+\/invitation\?token=[A-Za-z0-9_.%-]+/.exec(secondMail ?? '')?.[0] ?? '');
  const invitations = main.getByRole('region', { name: es('usersManagement.invitations.title') });
  await invitations.getByRole('button', { name: es('usersManagement.invitations.revokeFor', { email: second }) }).click();
  await expect(invitations.getByText(second)).toHaveCount(0);
  const revoked = await browser.newContext();
  const late = await revoked.newPage();
  await late.goto(`${secondLink.pathname}${secondLink.search}`);
  await expect(late.getByRole('main').getByRole('alert')).toHaveText(en('invitation.invalid'));
  await revoked.close();
});
