import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 6, the professional's workspace: a distributor (catalogue 16, Spanish) creates a project,
// adds three products three ways (collection → configurator, reference, preconfiguration), changes a
// quantity, edits a line in the attributes configurator, saves a version and duplicates the project,
// through the built app on the demo data.

const t = texts('es');

/** The "Add to project" dialog of the configurators: choose the project by name, add, follow the confirmation's link to its page (issue 10 §9). */
async function addToProject(page: Page, projectName: string) {
  await page.getByRole('button', { name: t('projects.addTo.action') }).click();
  const dialog = page.getByRole('dialog', { name: t('projects.addTo.title') });
  const picker = dialog.getByRole('button', { name: new RegExp(t('projects.addTo.project')) });
  await expect(picker).toBeVisible();
  if (!((await picker.textContent()) ?? '').includes(projectName)) {
    await picker.click();
    await page.getByRole('option', { name: projectName }).click();
  }
  await dialog.getByRole('button', { name: t('projects.addTo.submit') }).click();
  const done = page.getByRole('status').filter({ hasText: projectName });
  await done.getByRole('link', { name: t('projects.addTo.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
}

test('a distributor builds a project: three products three ways, a quantity, a version and a duplicate', async ({ page }) => {
  // A long walk (three configurators, an edit, a version, a duplicate): about 45 s alone, over 60 s beside the other lane.
  test.setTimeout(150_000);
  const name = `Vestíbulo ${Date.now() % 100000}`;
  await logIn(page, 'distributor@demo.example');

  // The list, from the header; then a new project in the user's catalogue.
  await page.getByRole('banner').getByRole('link', { name: t('projects.nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('projects.list.title') })).toBeVisible();
  await page.getByRole('button', { name: t('projects.create.action') }).first().click();
  const create = page.getByRole('dialog', { name: t('projects.create.title') });
  await create.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(name);
  await create.getByRole('button', { name: t('projects.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  const projectUrl = page.url();
  const grid = page.getByRole('table');

  // 1. Collection → model → express configurator → add to this project.
  await page.getByRole('link', { name: t('projects.add.fromCatalogue') }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/add-product\/select-collection$/);
  await expect(page.getByRole('link', { name: t('projects.add.backToProject') })).toBeVisible();
  await page.getByRole('list', { name: t('catalogue.collections.listLabel') }).getByRole('link', { name: /Tessa/ }).click();
  await page.getByRole('list', { name: t('catalogue.models.listLabel') }).getByRole('link', { name: /4010/ }).click();
  await expect(page.getByTestId('configured-reference')).toHaveText(/^4010/);
  await addToProject(page, name);
  await expect(grid.getByRole('row')).toHaveCount(2);

  // 2. By reference (the domain checks the form, the catalogue the article).
  await page.getByRole('button', { name: t('projects.reference.action') }).click();
  const byReference = page.getByRole('dialog', { name: t('projects.reference.title') });
  const field = byReference.getByRole('textbox', { name: new RegExp(t('projects.reference.label')) });
  await field.fill('5520-NE/MC_32');
  await byReference.getByRole('button', { name: t('projects.reference.submit') }).click();
  await expect(byReference.getByText(/5520|catálogo/i).first()).toBeVisible();
  await field.fill('746005/M3_31');
  await byReference.getByRole('button', { name: t('projects.reference.submit') }).click();
  await expect(byReference).toBeHidden();
  await expect(grid.getByRole('row')).toHaveCount(3);

  // 3. A preconfiguration of the collection.
  await page.getByRole('link', { name: t('projects.add.fromCatalogue') }).click();
  await page.getByRole('list', { name: t('catalogue.collections.listLabel') }).getByRole('link', { name: /Tessa/ }).click();
  await page.getByRole('link', { name: t('catalogue.models.preconfigs') }).click();
  await page.getByRole('list', { name: t('catalogue.preconfigs.listLabel') }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/add-preconfig\/\d+$/);
  await expect(page.getByTestId('configured-reference')).toBeVisible();
  await addToProject(page, name);
  // The whole preconfiguration: its two luminaires (issue 10 §2).
  await expect(grid.getByRole('row')).toHaveCount(5);
  // Issue 30 §3 (POST sr-erp v1/availability): a distributor, who orders, reads the ERP's word under each line.
  const stockWords = new RegExp(`^(${[t('orders.availability.inStock_other'), t('orders.availability.toOrder_other'), t('orders.availability.beyondStock_other')].map((text) => text.split(/[({:]/)[0]!.trim()).join('|')})`);
  await expect(grid.locator('.erp-availability')).toHaveCount(4);
  for (const word of await grid.locator('.erp-availability').all()) await expect(word).toHaveText(stockWords);

  // A quantity: typed into the first line's quantity selector; the server keeps it.
  const quantity = grid.getByRole('spinbutton').first();
  await quantity.fill('7');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('7');
  await page.reload();
  await expect(page.getByRole('table').getByRole('spinbutton').first()).toHaveValue('7');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Edit a line in the configurator the catalogue opened it in (issue 27 §1: the express configurator,
  // /project/{projectId}/product/{productId}/express-configurator): another finish, saved in place and
  // validated; the project page shows the new reference.
  await grid.getByRole('link', { name: new RegExp(`^${t('projects.product.edit')} `) }).first().click();
  await expect(page).toHaveURL(/\/project\/\d+\/product\/[0-9a-f-]{36}\/express-configurator$/);
  const configured = page.getByTestId('configured-reference');
  await expect(configured).toHaveText(/^4010/);
  await expect(page.getByRole('spinbutton', { name: t('configurator.result.quantity') })).toHaveValue('7');
  const previous = ((await configured.textContent()) ?? '').trim();
  await page.getByRole('button', { name: new RegExp(t('configurator.attribute.finish')) }).first().click();
  await page.locator('[role="option"][aria-selected="false"]:not([aria-disabled="true"])').first().click();
  await expect(configured).not.toHaveText(previous);
  const edited = ((await configured.textContent()) ?? '').trim();
  const save = page.getByRole('button', { name: t('projects.validate.save') });
  await expect(save).toBeEnabled();
  expect(await accessibilityViolations(page)).toEqual([]);
  await save.click();
  await expect(page).toHaveURL(projectUrl);
  const editedRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(editedRow).toContainText(edited);
  await expect(editedRow).not.toContainText(previous);
  await expect(editedRow).toContainText(t('projects.grid.validated'));
  await expect(editedRow.getByRole('spinbutton')).toHaveValue('7');

  // A version, with a title.
  await page.getByRole('button', { name: t('projects.versions.create') }).click();
  const version = page.getByRole('dialog', { name: t('projects.versions.createTitle') });
  await version.getByRole('textbox', { name: t('projects.versions.titleLabel') }).fill('Con regulación');
  await version.getByRole('button', { name: t('projects.versions.submit') }).click();
  await expect(version.getByText(t('projects.versions.created', { number: '2' }))).toBeVisible();
  await version.getByRole('link', { name: t('projects.versions.open') }).click();
  await expect(page.getByText(/Con regulación/).first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);

  // Duplicate the original: the copy heads the list.
  await page.goto(projectUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: t('projects.duplicate.action'), exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const list = page.getByRole('list', { name: t('projects.list.label') });
  await expect(list.getByRole('heading', { level: 2 }).first()).toContainText(name);
  await expect(list.getByTestId('project-placeholder')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a pendant keeps the height chosen in the configurator: the project shows it and prices it as the configurator did', async ({ page }) => {
  const name = `Colgantes ${Date.now() % 100000}`;
  await logIn(page, 'distributor@demo.example');
  await page.getByRole('banner').getByRole('link', { name: t('projects.nav') }).click();
  await page.getByRole('button', { name: t('projects.create.action') }).first().click();
  const create = page.getByRole('dialog', { name: t('projects.create.title') });
  await create.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(name);
  await create.getByRole('button', { name: t('projects.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Sticks (collection 219), model 2355, in the attributes configurator: 2.50 m instead of the standard 1.50 m.
  await page.goto('/add-product-v2/219/15/2355');
  await expect(page.getByTestId('configured-reference')).toHaveText(/^2355/);
  const heights = page.getByRole('group', { name: t('configurator.attribute.pendantHeight') });
  const total = page.locator('.configurator__total');
  await expect(heights.getByRole('button', { name: t('configurator.metres', { value: '1,50' }) })).toHaveAttribute('aria-pressed', 'true');
  const atStandard = ((await total.textContent()) ?? '').trim();
  await heights.getByRole('button', { name: t('configurator.metres', { value: '2,50' }) }).click();
  await expect(heights.getByRole('button', { name: t('configurator.metres', { value: '2,50' }) })).toHaveAttribute('aria-pressed', 'true');
  await expect(total).not.toHaveText(atStandard);
  const atHeight = ((await total.textContent()) ?? '').trim();
  await addToProject(page, name);

  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText(t('projects.grid.metres', { value: '2,50' }));
  await expect(row).toContainText(atHeight);
  await page.reload();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(t('projects.grid.metres', { value: '2,50' }));
});

test('a project’s details open in the list; the profile takes the company’s client code; another company’s project opened by its link shows the forbidden page, which says why (issue 30 §2–§3)', async ({ page, browser }) => {
  const en = texts('en');
  // Company B's distributor (English) opens their project's details from the list, then the project.
  const other = await browser.newContext();
  const owner = await other.newPage();
  await logIn(owner, 'distributor2@demo.example');
  await owner.getByRole('banner').getByRole('link', { name: en('projects.nav') }).click();
  await expect(owner.getByRole('heading', { level: 1, name: en('projects.list.title') })).toBeVisible();
  const details = owner.getByRole('button', { name: en('projects.facts.toggleNamed', { name: 'Brightline showroom' }) });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  // Spec §7 tooltip-info: its units (8 + 2) among the facts.
  const facts = owner.locator('dl').filter({ hasText: en('projects.facts.units') });
  await expect(facts).toContainText('10');
  await owner.getByRole('link', { name: 'Brightline showroom' }).first().click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Brightline showroom' })).toBeVisible();
  const link = new URL(owner.url());

  // Issue 30 §3: the profile records the company's client code (PATCH client-code); another company's is refused on the field.
  await owner.getByRole('button', { name: en('header.userMenuFor', { name: 'Daisy Bright' }) }).click();
  await owner.getByRole('menuitem', { name: en('menu.myProfile') }).click();
  const clientCode = owner.getByRole('form', { name: en('profile.clientCode.title') });
  const codeField = clientCode.getByRole('textbox', { name: new RegExp(en('profile.clientCode.label')) });
  await codeField.fill('C-100234');
  await clientCode.getByRole('button', { name: en('profile.clientCode.save') }).click();
  await expect(clientCode.getByText(en('profile.clientCode.unknown'))).toBeVisible();
  await codeField.fill('C-200871');
  await clientCode.getByRole('button', { name: en('profile.clientCode.save') }).click();
  await expect(clientCode.getByRole('status')).toHaveText(en('profile.clientCode.saved'));
  await other.close();

  // Company A's distributor (Spanish) follows that link: the forbidden page says why.
  await logIn(page, 'distributor@demo.example');
  await page.goto(link.pathname);
  await expect(page).toHaveURL(/\/error-403$/);
  await expect(page.getByRole('heading', { level: 1, name: t('errors.forbidden.title') })).toBeVisible();
  await expect(page.getByText(t('errors.forbidden.project'))).toBeVisible();
  await expect(page.getByText('Brightline showroom')).toHaveCount(0);
});
