import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 10 §1, §4, §9, §10: the catalogue is open to visitors. A visitor goes from the home page to a
// configured product without being asked for anything, and is asked to log in only to add it to a
// project; a link opened while logged out survives the login. Driven through the built app on the
// demo data.

const en = texts('en');

/** Fills the login view that is open and sends it. */
async function logInThroughDialog(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: en('auth.login.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(exactly(en('auth.field.email'), { end: false })).fill(email);
  await dialog.getByLabel(exactly(en('auth.field.password'), { end: false })).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(dialog).toBeHidden();
}

test('a visitor goes from the home page to a configured product and is asked to log in only to add it to a project', async ({ page }) => {
  const loginDialog = page.getByRole('dialog', { name: en('auth.login.title') });
  const catalogueCalls: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/products/') || response.url().includes('/api/apiv2/articles')) catalogueCalls.push(response.status());
  });

  // Issue 30 §3: the header draws the menu the api answers (GET masters /v1/configurations/menus), not
  // its built-in copy: here an answer without the support entry, which the copy offers visitors.
  await page.route(
    (url) => url.pathname === '/api/masters/v1/configurations/menus',
    async (route) => {
      const answer = await route.fetch();
      const entries = (await answer.json()) as { id: string }[];
      await route.fulfill({ response: answer, json: entries.filter((entry) => entry.id !== 'support') });
    },
  );
  // The footer's website search takes the search word of the interface language from GET masters /v1/configurations.
  const configuration = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/masters/v1/configurations');
  await page.context().route('https://www.lumenpro.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Lumen Pro</title>' }));

  await page.goto('/');
  // The header offers the catalogue; the home's cards lead somewhere.
  await expect(page.getByRole('banner').getByRole('link', { name: en('header.catalogue') })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: en('menu.support') })).toHaveCount(0);

  const footer = page.getByRole('contentinfo');
  const { languages } = (await (await configuration).json()) as { languages: { isoCode: string; searchWord: string }[] };
  const searchWord = languages.find((language) => language.isoCode === 'en')?.searchWord ?? 'missing';
  const search = footer.getByRole('search', { name: en('footer.search.label') });
  await search.getByRole('searchbox', { name: en('footer.search.label') }).fill('pendant');
  const [website] = await Promise.all([page.waitForEvent('popup'), search.getByRole('button', { name: en('footer.search.submit') }).click()]);
  await website.waitForURL(`https://www.lumenpro.example/**/${encodeURIComponent(searchWord)}?q=pendant`);
  await website.close();

  // A visitor chooses the catalogue they browse from the catalogue list (GET products /v1/catalogs/get-min), each with its currency.
  const catalogue = footer.getByRole('button', { name: new RegExp(en('footer.catalogue.label')) });
  await expect(catalogue).toContainText(en('footer.catalogue.option', { name: en('footer.catalogue.INT'), currency: 'EUR' }));
  await catalogue.click();
  await expect(page.getByRole('option', { name: en('footer.catalogue.option', { name: en('footer.catalogue.USA'), currency: 'USD' }) })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: en('home.visitor.feature.configure.title') }).click();
  await expect(page).toHaveURL(/\/create-project\/select-collection$/);

  const collections = page.getByRole('list', { name: en('catalogue.collections.listLabel') });
  const designer = page.waitForResponse((response) => /\/api\/apiv2\/subfamily\/\d+\/designer$/.test(new URL(response.url()).pathname));
  await collections.getByRole('link', { name: /Plusminus/ }).first().click();
  // A collection with several application locations asks where first.
  const locations = page.getByRole('list', { name: en('catalogue.locations.listLabel') });
  const models = page.getByRole('list', { name: en('catalogue.models.listLabel') });
  await expect(locations.or(models)).toBeVisible();
  const pendant = models.getByRole('link', { name: /5520/ });
  if (await locations.isVisible()) {
    // The Plusminus pendant Ø 15 is in one of them: look in each, as a visitor would.
    const count = await locations.getByRole('link').count();
    for (let index = 0; index < count; index += 1) {
      await locations.getByRole('link').nth(index).click();
      await expect(models.getByRole('link').first()).toBeVisible();
      if ((await pendant.count()) > 0) break;
      await page.goBack();
    }
  }
  // The collection's designer (GET apiv2 /subfamily/{id}/designer) under the models' lead.
  const drawnBy = (await (await designer).json()) as { designer: string; year: number };
  await expect(page.getByText(en('catalogue.designer.by', { designer: drawnBy.designer, year: String(drawnBy.year) }))).toBeVisible();
  await pendant.click();
  await expect(page).toHaveURL(/\/add-product\/225\/\d+\/5520$/);

  // The configurator, without prices, the pendant height in metres (catalogue 16).
  const result = page.getByRole('region', { name: en('configurator.result.title') });
  const configured = result.getByTestId('configured-reference');
  await expect(configured).toHaveText(/^5520[A-Z0-9]{2}\/[A-Z0-9]{2}_[A-Z0-9]{2}$/);
  await expect(result.getByText(en('configurator.result.unitPrice'))).toHaveCount(0);
  await expect(page.getByText(/€/)).toHaveCount(0);
  const height = page.getByRole('button', { name: new RegExp(en('configurator.attribute.pendantHeight')) });
  await expect(height).toContainText(/\d[.,]\d{2}\sm|\d+\scm/);
  await page.getByRole('button', { name: new RegExp(en('configurator.attribute.finish')) }).click();
  await page.getByRole('option', { selected: false, disabled: false }).first().click();
  const chosen = (await configured.textContent()) ?? '';
  expect(chosen).toMatch(/^5520/);

  // Nothing asked for so far, and every catalogue read was answered.
  await expect(loginDialog).toHaveCount(0);
  expect(catalogueCalls.filter((status) => status === 401)).toEqual([]);
  expect(await accessibilityViolations(page)).toEqual([]);

  // "Add to project" asks for a login, then opens the project dialog with the product as configured.
  await page.getByRole('button', { name: en('projects.addTo.action') }).click();
  await logInThroughDialog(page, 'distributor@demo.example');
  const t = texts('es'); // the distributor's account speaks Spanish
  const addDialog = page.getByRole('dialog', { name: t('projects.addTo.title') });
  await expect(addDialog).toBeVisible();
  await expect(page).toHaveURL(/\/add-product\/225\/\d+\/5520$/);
  await expect(addDialog).toContainText(chosen);
  const picker = addDialog.getByRole('button', { name: new RegExp(t('projects.addTo.project')) });
  await expect(picker).toBeVisible();
  await picker.click();
  await page.getByRole('option', { name: t('projects.addTo.newProject') }).click();
  const name = `Visitante ${Date.now() % 100000}`;
  await addDialog.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(name);
  // Spec §8: a call that gets no answer at all shows the generic title, message and contact line.
  const createProject = (url: URL) => url.pathname === '/api/projects/v1/projects';
  await page.route(createProject, (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
  await addDialog.getByRole('button', { name: t('projects.addTo.submit') }).click();
  const noAnswer = page.getByRole('alertdialog', { name: t('error.noResponse.title') });
  await expect(noAnswer).toContainText(t('error.noResponse.message'));
  await expect(noAnswer).toContainText(t('error.contact'));
  await noAnswer.getByRole('button', { name: t('error.close') }).last().click();
  await expect(noAnswer).toBeHidden();
  await page.unroute(createProject);
  await addDialog.getByRole('button', { name: t('projects.addTo.submit') }).click();

  // A confirmation says what went where, with a link; now with prices (a distributor).
  const done = page.getByRole('status').filter({ hasText: name });
  await expect(done).toContainText(chosen);
  await expect(page.getByRole('region', { name: t('configurator.result.title') }).getByText(/€/).first()).toBeVisible();
  await done.getByRole('link', { name: t('projects.addTo.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(chosen);
});

test('a project link opened while logged out asks for a login and then opens that project', async ({ page }) => {
  // The demo's first project, the distributor's "Hotel Ritz lobby".
  await page.goto('/project/1?from=mail');
  await expect(page).toHaveURL(/\/$/);
  await logInThroughDialog(page, 'distributor@demo.example');
  await expect(page).toHaveURL(/\/project\/1\?from=mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel Ritz lobby' })).toBeVisible();
  // The demo pendants show their pendant height.
  await expect(page.getByRole('table')).toContainText(/1,50\s?m/);
});

test('a United States visitor’s project shows pendant heights in feet and inches', async ({ page }) => {
  const us = texts('us');
  // Issue 30 §3: a first visit takes its catalogue, language and currency from the defaults by IP
  // (GET masters /v1/common/ip, then /v1/common/default-values/by-ip/{ip}): here from an address in the United States.
  await page.route((url) => url.pathname === '/api/masters/v1/common/ip', (route) => route.fulfill({ json: { ip: '8.8.8.8' } }));
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: new RegExp(us('footer.catalogue.label')) })).toContainText(
    us('footer.catalogue.option', { name: us('footer.catalogue.USA'), currency: 'USD' }),
  );
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(us('header.language')) })).toContainText(us('language.us'));
  await page.goto('/projects');
  await logInThroughDialog(page, 'importer@demo.example');
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole('link', { name: 'Manhattan loft' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manhattan loft' })).toBeVisible();
  await expect(page.getByRole('table', { name: us('projects.grid.caption', { name: 'Manhattan loft' }) })).toContainText(`4' 11 1/16"`);
});
