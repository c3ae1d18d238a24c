import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 27: every configurator is reached from the home page by clicks, through the project's "Add
// product" and the catalogue (collection → the configurator its type chooses): a crea composition
// (Multiple), a sticks drawing (Sticks → "Draw it"), a plusminus layout (Plusminus → "Choose a
// layout") and an express product (Tessa). Each is added to one project, reopened from the project
// page by its Edit, changed and saved; axe on the new step and the configurators.

test.use({ viewport: { width: 1400, height: 1000 } });
test.setTimeout(240_000);

const t = texts('es');
const collections = (page: Page) => page.getByRole('list', { name: t('catalogue.collections.listLabel') });
const grid = (page: Page) => page.getByRole('table');

/** The project page's "Add product", then a collection by name. */
async function openCollection(page: Page, collection: string) {
  await page.getByRole('link', { name: t('projects.add.fromCatalogue') }).click();
  await collections(page).getByRole('link', { name: new RegExp(collection) }).click();
}

/** "Add to project" in a configurator: the project of the path is chosen; its page opens from the confirmation. */
async function addToProject(page: Page, projectName: string) {
  const action = page.getByRole('button', { name: t('projects.addTo.action') });
  await expect(action).toBeEnabled({ timeout: 20_000 });
  await action.click();
  const dialog = page.getByRole('dialog', { name: t('projects.addTo.title') });
  await expect(dialog.getByRole('button', { name: new RegExp(t('projects.addTo.project')) })).toContainText(projectName);
  await dialog.getByRole('button', { name: t('projects.addTo.submit') }).click();
  await page.getByRole('status').filter({ hasText: projectName }).getByRole('link', { name: t('projects.addTo.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
}

/** The Edit of the project's line number `line` (1: the first line, in the order they were added). */
async function editLine(page: Page, line: number) {
  await grid(page).getByRole('row').nth(line).getByRole('link', { name: new RegExp(`^${t('projects.product.edit')} `) }).click();
}

/** The structure 5 cm higher, by keyboard (the drawing and no-drawing configurators' "structure height"). */
async function raiseStructure(page: Page) {
  const height = page.getByRole('spinbutton', { name: new RegExp(`^${t('drawing.whole.height')}`) });
  const was = await height.inputValue();
  await height.focus();
  await page.keyboard.press('ArrowUp');
  await expect(height).not.toHaveValue(was);
}

async function saveAndBack(page: Page, projectName: string) {
  const save = page.getByRole('button', { name: exactly(t('crea.line.saveValidate')) }).or(page.getByRole('button', { name: exactly(t('projects.validate.save')) }));
  await expect(save).toBeEnabled({ timeout: 20_000 });
  await save.click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
}

test('from the home page to each configurator by clicks: crea, a sticks drawing, a plusminus layout and an express product, added, reopened, edited and saved', async ({ page }) => {
  const name = `Configuradores ${Date.now() % 100000}`;
  // Logged in through the api (the login dialog is auth.spec's), then the home page.
  const login = await page.request.post('/api/users/v1/auth/login', { data: { email: 'distributor@demo.example', password: DEMO_PASSWORD }, headers: { origin: new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin } });
  expect(login.status()).toBe(200);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: t('projects.nav') }).click();
  await page.getByRole('button', { name: t('projects.create.action') }).first().click();
  const create = page.getByRole('dialog', { name: t('projects.create.title') });
  await create.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(name);
  await create.getByRole('button', { name: t('projects.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const projectUrl = page.url();

  // 1. Crea: Multiple (composing pendants) → its application → a model → the room, with that model hung first.
  await openCollection(page, 'Multiple');
  const locations = page.getByRole('list', { name: t('catalogue.locations.listLabel') });
  if (await locations.isVisible()) await locations.getByRole('link').first().click();
  await expect(page.getByText(t('catalogue.models.creaLead'))).toBeVisible();
  await page.getByRole('list', { name: t('catalogue.models.listLabel') }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/project\/\d+\/add-product\/crea-configurator\/\w{4}$/);
  const clusters = page.getByRole('list', { name: t('crea.list.title') });
  await expect(clusters.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await addToProject(page, name);
  await expect(grid(page).getByRole('row')).toHaveCount(2);

  // 2. Sticks: the choice between drawing and a layout; drawn by keyboard, fed by a canopy.
  await openCollection(page, 'Sticks');
  await expect(page.getByRole('heading', { level: 1, name: t('catalogue.entry.title', { collection: 'Sticks' }) })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('link', { name: new RegExp(t('catalogue.entry.draw.title')) }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/add-product\/sticks-drawing-configurator$/);
  const addStick = page.getByRole('button', { name: t('drawing.keyboard.add.sticks') });
  await addStick.click();
  await addStick.click();
  const sticks = page.getByRole('list', { name: t('drawing.list.segments.sticks') });
  await expect(sticks.locator(':scope > li')).toHaveCount(2);
  await sticks.getByRole('button', { name: new RegExp(`^${t('drawing.element.sticks.segment', { number: '1' })}`) }).click();
  await page.getByRole('button', { name: t('drawing.selection.add', { kind: t('drawing.tool.connection') }) }).click();
  await expect(page.getByText(t('drawing.problems.none'))).toBeVisible();
  await addToProject(page, name);
  await expect(grid(page).getByRole('row')).toHaveCount(3);

  // 3. Plusminus: "Choose a layout" → the no-drawing configurator's first layout.
  await openCollection(page, 'Plusminus');
  await page.getByRole('link', { name: new RegExp(t('catalogue.entry.layout.title')) }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/add-product\/plusminus-nodrawing-configurator$/);
  await expect(page.getByRole('heading', { level: 1, name: t('drawing.nodrawing.title.plusminus') })).toBeVisible();
  await expect(page.getByRole('table', { name: t('crea.live.bom') })).toContainText('5520', { timeout: 20_000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await addToProject(page, name);
  await expect(grid(page).getByRole('row')).toHaveCount(4);

  // 4. Express: Tessa → model 4010 → the express configurator.
  await openCollection(page, 'Tessa');
  await page.getByRole('list', { name: t('catalogue.models.listLabel') }).getByRole('link', { name: /4010/ }).click();
  await expect(page.getByTestId('configured-reference')).toHaveText(/^4010/);
  await addToProject(page, name);
  await expect(grid(page).getByRole('row')).toHaveCount(5);

  // Reopened from the project page, each in its configurator, changed and saved.
  await editLine(page, 1);
  // Composing pendants validate at /compositor under validateComposingPendantsProduct (on in the demo), else in the room's validate route.
  await expect(page).toHaveURL(/\/compositor\?|\/crea-configurator(\/validate)?$/);
  await expect(clusters.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await page.getByRole('button', { name: t('crea.toolbar.add') }).click();
  await expect(clusters.getByRole('listitem')).toHaveCount(2);
  await saveAndBack(page, name);

  await editLine(page, 2);
  await expect(page).toHaveURL(/\/sticks-drawing-configurator(\/validate)?$/);
  await expect(sticks.locator(':scope > li')).toHaveCount(2, { timeout: 20_000 });
  await raiseStructure(page);
  await saveAndBack(page, name);

  await editLine(page, 3);
  await expect(page).toHaveURL(/\/plusminus-nodrawing-configurator(\/validate)?$/);
  await raiseStructure(page);
  await saveAndBack(page, name);

  await editLine(page, 4);
  await expect(page).toHaveURL(/\/express-configurator$/);
  const configured = page.getByTestId('configured-reference');
  await expect(configured).toHaveText(/^4010/);
  const before = ((await configured.textContent()) ?? '').trim();
  await page.getByRole('button', { name: new RegExp(t('configurator.attribute.finish')) }).first().click();
  await page.locator('[role="option"][aria-selected="false"]:not([aria-disabled="true"])').first().click();
  await expect(configured).not.toHaveText(before);
  const after = ((await configured.textContent()) ?? '').trim();
  expect(await accessibilityViolations(page)).toEqual([]);
  await saveAndBack(page, name);
  await expect(page).toHaveURL(projectUrl);
  await expect(grid(page)).toContainText(after);
  await expect(grid(page).getByRole('row')).toHaveCount(5);
  expect(await accessibilityViolations(page)).toEqual([]);
});
