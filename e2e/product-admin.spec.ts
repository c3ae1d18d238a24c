import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 31: the brand's product manager changes a price and retires a finish in a draft, adds an
// exclusion rule in the rule editor and sees its effect, composes a preconfiguration, previews the draft
// in the real configurator, publishes; a distributor (Spanish) then sees the new price, no longer finds
// the retired finish, is told the rule's reason beside the excluded option and finds the new
// preconfiguration; the manager restores the previous version in one step. Tessa table lamp (4010),
// catalogue 16.

const en = texts('en');
const PRECONFIG = 'Tessa duo';
const es = texts('es');
const REASONS = {
  'English (UK)': 'Cream is not made with a DALI driver',
  'English (US)': 'Cream is not made with a DALI driver',
  Français: 'La finition crème n’existe pas avec un driver DALI',
  Deutsch: 'Creme gibt es nicht mit DALI-Treiber',
  Italiano: 'Il crema non è disponibile con driver DALI',
  Español: 'El crema no se fabrica con driver DALI',
};

/** Picks an option of a kit Select by the field's label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a product manager drafts a price, a retired finish, an exclusion rule and a preconfiguration, previews and publishes them; a distributor sees them; restore puts them back', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await logIn(page, 'product@lumen.example');
  await page.getByRole('banner').getByRole('button', { name: en('header.tools') }).click();
  await page.getByRole('menuitem', { name: en('header.tools.productAdmin') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('productAdmin.title') })).toBeVisible();
  await expect(page.getByText(en('productAdmin.draft.empty'))).toBeVisible();

  // Find the model, change its price for the general rate, retire a finish.
  await page.getByRole('textbox', { name: en('productAdmin.models.search') }).fill('4010');
  await page.getByRole('button', { name: en('productAdmin.models.apply'), exact: true }).click();
  await page.getByRole('button', { name: en('productAdmin.models.editModel', { model: '4010' }) }).click();
  const price = page.getByRole('textbox', { name: en('productAdmin.editor.priceFor', { rate: 'Tarifa general EUR', currency: 'EUR' }) });
  await expect(price).toHaveValue('1470.00');
  await price.fill('1500');
  await page.getByRole('button', { name: en('productAdmin.editor.savePrice', { rate: 'Tarifa general EUR' }) }).click();
  const draft = page.getByRole('table', { name: en('productAdmin.draft.title') });
  await expect(draft.getByRole('row', { name: /401020\/07_00\|1/ })).toContainText('1470.001500.00');
  await page.getByRole('button', { name: en('productAdmin.editor.retireFinish', { finish: 'Sage green' }) }).click();
  await expect(draft.getByRole('row', { name: /4010\|37/ })).toContainText(en('productAdmin.change.retired'));

  // The rule editor: cream excludes DALI on 4010; its effect shows before it is saved.
  await page.getByRole('navigation', { name: en('productAdmin.nav') }).getByRole('link', { name: en('productAdmin.nav.rules') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('productAdmin.rules.title') })).toBeVisible();
  await choose(page, en('productAdmin.models.collection'), 'Tessa');
  await choose(page, en('productAdmin.rules.model'), '4010');
  await choose(page, en('productAdmin.rules.value1'), 'Cream (20)');
  await choose(page, en('productAdmin.rules.value2'), /DALI.*\(2\)/);
  const reasons = page.getByRole('group', { name: en('productAdmin.rules.reason') });
  for (const [language, text] of Object.entries(REASONS)) await reasons.getByRole('textbox', { name: exactly(language, { end: false }) }).fill(text);
  await page.getByRole('button', { name: en('productAdmin.rules.test') }).click();
  const effect = page.getByRole('region', { name: en('productAdmin.rules.effect') });
  await expect(effect).toContainText('401020/27_00');
  await page.getByRole('button', { name: en('productAdmin.rules.save') }).click();
  await expect(page.getByText(en('productAdmin.rules.saved'))).toBeVisible();

  // Compose an express preconfiguration: two Tessa table lamps.
  const nav = page.getByRole('navigation', { name: en('productAdmin.nav') });
  await nav.getByRole('link', { name: en('productAdmin.nav.compose') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('productAdmin.compose.title') })).toBeVisible();
  await choose(page, en('productAdmin.models.collection'), 'Tessa');
  await page.getByRole('textbox', { name: exactly(en('productAdmin.compose.name'), { end: false }) }).fill(PRECONFIG);
  const description = page.getByRole('group', { name: en('productAdmin.compose.description') });
  for (const language of Object.keys(REASONS)) await description.getByRole('textbox', { name: exactly(language, { end: false }) }).fill(`${PRECONFIG}: 2 × 401020/07_00`);
  await page.getByRole('textbox', { name: en('productAdmin.compose.reference', { n: '1' }) }).fill('401020/07_00');
  await page.getByRole('textbox', { name: en('productAdmin.compose.quantity', { n: '1' }) }).fill('2');
  await page.getByRole('button', { name: en('productAdmin.compose.save') }).click();
  await expect(page.getByText(en('productAdmin.compose.saved'))).toBeVisible();

  // Preview the draft in the real configurator, from the home page.
  const preview = page.getByRole('switch', { name: en('productAdmin.preview') });
  await preview.click();
  await expect(preview).toBeChecked();
  await expect(preview).toHaveAccessibleDescription(en('productAdmin.preview.on'));
  await page.getByRole('banner').getByRole('link', { name: en('header.catalogue') }).click();
  await page.getByRole('list', { name: en('catalogue.collections.listLabel') }).getByRole('link', { name: /Tessa/ }).click();
  await page.getByRole('list', { name: en('catalogue.models.listLabel') }).getByRole('link', { name: /4010/ }).click();
  const previewed = page.getByRole('region', { name: en('configurator.result.title') });
  await expect(previewed.getByTestId('configured-reference')).toHaveText('401020/07_00');
  await expect(previewed).toContainText(/1[.,]?500[.,]00/);
  await page.getByRole('button', { name: new RegExp(en('configurator.attribute.finish')) }).click();
  await expect(page.getByRole('option', { name: /Sage green/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: en('header.tools') }).click();
  await page.getByRole('menuitem', { name: en('header.tools.productAdmin') }).click();
  await expect(page.getByRole('switch', { name: en('productAdmin.preview') })).toBeChecked();
  await page.getByRole('switch', { name: en('productAdmin.preview') }).click();
  await expect(page.getByRole('switch', { name: en('productAdmin.preview') })).toHaveAccessibleDescription(en('productAdmin.preview.off'));

  // Publish from the catalogue's home.
  await expect(draft.getByRole('row')).toHaveCount(5);
  await page.getByRole('button', { name: en('productAdmin.publish') }).click();
  await expect(page.getByRole('status').filter({ hasText: en('productAdmin.publish.done', { version: '2' }) })).toBeVisible();

  // A distributor, in Spanish, from the home page to the Tessa table lamp.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const distributor = await context.newPage();
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  expect((await distributor.request.post('/api/users/v1/auth/login', { data: { email: 'distributor@demo.example', password: DEMO_PASSWORD }, headers: { origin } })).status()).toBe(200);
  await distributor.goto('/');
  // A new browser: the app takes the account's language (Spanish) at once.
  await expect(distributor.getByRole('banner').getByRole('button', { name: es('header.userMenuFor', { name: 'Diego Norte' }) })).toBeVisible();
  await distributor.getByRole('banner').getByRole('link', { name: es('header.catalogue') }).click();
  await distributor.getByRole('list', { name: es('catalogue.collections.listLabel') }).getByRole('link', { name: /Tessa/ }).click();
  await distributor.getByRole('list', { name: es('catalogue.models.listLabel') }).getByRole('link', { name: /4010/ }).click();
  const result = distributor.getByRole('region', { name: es('configurator.result.title') });
  await expect(result.getByTestId('configured-reference')).toHaveText('401020/07_00');
  await expect(result).toContainText(/1\.?500,00/);
  await distributor.getByRole('button', { name: new RegExp(es('configurator.attribute.control')) }).click();
  await expect(distributor.getByRole('option', { name: /DALI/ })).toHaveAccessibleDescription(new RegExp(REASONS.Español));
  await distributor.keyboard.press('Escape');
  await distributor.getByRole('button', { name: new RegExp(es('configurator.attribute.finish')) }).click();
  await expect(distributor.getByRole('option', { name: /Verde salvia/ })).toHaveCount(0);
  await expect(distributor.getByRole('option', { name: /Terracota/ })).toBeVisible();
  await distributor.keyboard.press('Escape');
  // The new preconfiguration is in the collection's list.
  await distributor.goBack();
  await distributor.getByRole('link', { name: es('catalogue.models.preconfigs') }).click();
  await expect(distributor.getByRole('list', { name: es('catalogue.preconfigs.listLabel') }).getByRole('link', { name: new RegExp(PRECONFIG) })).toBeVisible();
  await distributor.goBack();
  await distributor.getByRole('list', { name: es('catalogue.models.listLabel') }).getByRole('link', { name: /4010/ }).click();
  await expect(result.getByTestId('configured-reference')).toHaveText('401020/07_00');

  // The previous version back in one step.
  await page.getByRole('button', { name: en('productAdmin.restore') }).click();
  await expect(page.getByRole('status').filter({ hasText: en('productAdmin.restore.done', { version: '3' }) })).toBeVisible();
  await distributor.reload();
  await expect(distributor.getByRole('region', { name: es('configurator.result.title') })).toContainText(/1\.?470,00/);
  await context.close();
});
