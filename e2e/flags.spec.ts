import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 9 §2, feature flags end to end: an admin sets hideCloneProjectButton's share of users to 100 %
// in the table the server uses, in the backoffice flags screen. The api's answers for a user working
// in another browser change with it (GET masters /v1/flags/evaluated and /config.json, which the web
// loads), so that user's next load no longer offers to duplicate a project; the change is in the
// flag's history (who, when, before, after). Then the admin puts the flag back.

const en = texts('en');
const FLAG = 'hideCloneProjectButton';
const USER = 'distributor2@demo.example';
const PROJECT = 'Brightline showroom';

interface EvaluatedFlags {
  environment: string;
  flags: Record<string, boolean>;
}

/** The flags the api evaluates for the page's user, and those /config.json brings the web. */
async function servedFlags(page: Page) {
  const evaluated = (await (await page.request.get('/api/masters/v1/flags/evaluated')).json()) as EvaluatedFlags;
  const config = (await (await page.request.get('/config.json')).json()) as { flags: Record<string, boolean> };
  return { environment: evaluated.environment, evaluated: evaluated.flags[FLAG], config: config.flags[FLAG] };
}

/** Opens the flag's form, sets the share of users of `environment`, saves and waits for the form to close. */
async function setShare(admin: Page, environment: string, percent: string) {
  await admin.getByRole('button', { name: en('flags.admin.editNamed', { key: FLAG }) }).click();
  const dialog = admin.getByRole('dialog', { name: en('flags.edit.title', { key: FLAG }) });
  const share = dialog.getByRole('textbox', { name: en('flags.edit.share', { environment }) });
  await share.fill(percent);
  await dialog.getByRole('button', { name: en('flags.edit.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: en('flags.edit.saved', { key: FLAG }) })).toBeVisible();
}

test('an admin changes a flag’s share of users; the api answers the user differently and the history records it', async ({ browser }) => {
  const userContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const user = await userContext.newPage();
  const admin = await adminContext.newPage();
  const duplicate = user.getByRole('button', { name: en('projects.duplicate.actionNamed', { name: PROJECT }) });

  await logIn(user, USER);
  await user.goto('/projects');
  await expect(duplicate).toBeVisible();
  const before = await servedFlags(user);
  expect(before).toMatchObject({ evaluated: false, config: false });
  const environment = before.environment;

  // The admin reaches the screen from the user menu.
  await logIn(admin, 'admin@demo.example');
  await admin.getByRole('banner').getByRole('button', { name: en('header.userMenuFor', { name: 'Ada Admin' }) }).click();
  await admin.getByRole('menuitem', { name: en('header.flagsAdmin') }).click();
  await expect(admin.getByRole('heading', { level: 1, name: en('flags.admin.title') })).toBeVisible();
  await expect(admin.getByText(en('flags.admin.environment', { environment }))).toBeVisible();
  expect(await accessibilityViolations(admin)).toEqual([]);

  await setShare(admin, environment, '100');
  const row = admin.getByRole('row').filter({ has: admin.getByText(exactly(FLAG)) });
  await expect(row.getByRole('cell').nth(1 + ['DEV', 'NEWPRO', 'PRO'].indexOf(environment))).toHaveText('100%');
  await expect(row).toContainText('admin@demo.example');

  // The change is recorded: who, when, and the share before and after.
  await row.getByRole('button', { name: en('flags.admin.historyNamed', { key: FLAG }) }).click();
  const history = admin.getByRole('dialog', { name: en('flags.history.title', { key: FLAG }) });
  const change = history.getByRole('listitem').first();
  await expect(change).toContainText(en('flags.history.changed', { who: 'admin@demo.example', when: '' }).trim());
  const line = change.getByRole('row', { name: new RegExp(en('flags.history.rollout', { environment })) });
  await expect(line.getByRole('cell')).toHaveText(['0%', '100%']);
  expect(await accessibilityViolations(admin)).toEqual([]);
  await admin.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // The api now answers the user with the flag on, and the user's next load hides the button.
  expect(await servedFlags(user)).toMatchObject({ evaluated: true, config: true });
  await user.reload();
  await expect(user.getByRole('heading', { level: 2, name: PROJECT })).toBeVisible();
  await expect(duplicate).toHaveCount(0);

  // Put the flag back as the demo has it, so that the other specs see the demo's settings.
  await setShare(admin, environment, '0');
  expect(await servedFlags(user)).toMatchObject({ evaluated: false, config: false });
  await user.reload();
  await expect(duplicate).toBeVisible();

  await userContext.close();
  await adminContext.close();
});

test('a backoffice user overrides a flag in this browser only, from the flags panel, with the keyboard', async ({ page, browser }) => {
  await logIn(page, 'admin@demo.example');
  // A project of the admin's own, so that the projects list has a duplicate button.
  const created = await page.request.post('/api/projects/v1/projects', { data: { name: 'Flags panel check', catalogId: 16, products: [] } });
  expect(created.status()).toBe(201);
  await page.goto('/projects');
  const duplicate = page.getByRole('button', { name: en('projects.duplicate.actionNamed', { name: 'Flags panel check' }) });
  await expect(duplicate).toBeVisible();

  const menu = page.getByRole('banner').getByRole('button', { name: en('header.userMenuFor', { name: 'Ada Admin' }) });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: en('header.flagsPanel') }).press('Enter');
  const panel = page.getByRole('dialog', { name: en('flags.panel.title') });
  const row = panel.getByRole('row').filter({ has: page.getByText(exactly(FLAG)) });
  await expect(row).toContainText(en('flags.value.off'));
  expect(await accessibilityViolations(page)).toEqual([]);

  // The override's select opens with Enter; the option is chosen with Enter.
  const override = row.getByRole('button', { name: new RegExp(en('flags.panel.overrideOf', { key: FLAG })) });
  await override.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: exactly(en('flags.value.on')) }).press('Enter');
  await expect(override).toContainText(en('flags.value.on'));
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(duplicate).toHaveCount(0);

  // Another browser of the same user is not concerned: the override lives in this one, and the server was not told.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, 'admin@demo.example');
  await otherPage.goto('/projects');
  await expect(otherPage.getByRole('button', { name: en('projects.duplicate.actionNamed', { name: 'Flags panel check' }) })).toBeVisible();
  await other.close();

  // Cleared, the server's answer applies again.
  await menu.click();
  await page.getByRole('menuitem', { name: en('header.flagsPanel') }).click();
  await panel.getByRole('button', { name: en('flags.panel.clearAll') }).click();
  await page.keyboard.press('Escape');
  await expect(duplicate).toBeVisible();
});
