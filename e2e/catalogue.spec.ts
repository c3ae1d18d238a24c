import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 5, "choosing a product": a professional finds a model in their catalogue and configures it
// to a valid reference, in each catalogue's form, driven through the built app on the demo data.

const en = texts('en');

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Case {
  email: string;
  /** The account's language: the interface switches to it at login. */
  lang: 'es' | 'us';
  /** A valid reference of the catalogue's form for model 4010 (international MMMMCC/LT_II, US MMMM-CC/LT_II). */
  reference: RegExp;
  currency: RegExp;
}

const CASES: Record<string, Case> = {
  'a distributor (international catalogue 16, Spanish)': {
    email: 'distributor@demo.example',
    lang: 'es',
    reference: /^4010[A-Z0-9]{2}\/[A-Z0-9]{2}_[A-Z0-9]{2}$/,
    currency: /€/,
  },
  'an importer (United States catalogue 21, American English)': {
    email: 'importer@demo.example',
    lang: 'us',
    reference: /^4010-[A-Z0-9]{2}\/[A-Z0-9]{2}_[A-Z0-9]{2}$/,
    currency: /\$/,
  },
};

for (const [who, { email, lang, reference, currency }] of Object.entries(CASES)) {
  test(`${who} finds a table lamp and configures it to a valid reference`, async ({ page }) => {
    const t = texts(lang);
    await logIn(page, email);

    // Collections of the user's catalogue, in the user's language, as a grid.
    await page.goto('/create-project');
    await expect(page).toHaveURL(/\/create-project\/select-collection$/);
    await expect(page.getByRole('heading', { level: 1, name: t('catalogue.collections.title') })).toBeVisible();
    const collections = page.getByRole('list', { name: t('catalogue.collections.listLabel') });
    await expect(collections.getByRole('link').first()).toBeVisible();
    const all = await collections.getByRole('link').count();

    // Filter by lamp type: table lamps.
    await page.getByRole('button', { name: new RegExp(t('catalogue.filter.lampType')) }).click();
    await page.getByRole('option', { name: t('catalogue.lampType.table') }).click();
    await expect(collections.getByRole('link')).not.toHaveCount(all);
    await collections.getByRole('link', { name: /Tessa/ }).click();

    // Tessa has one application location: straight to its models.
    const models = page.getByRole('list', { name: t('catalogue.models.listLabel') });
    await models.getByRole('link', { name: /4010/ }).click();
    await expect(page).toHaveURL(/\/add-product\/\d+\/\d+\/4010$/);

    // The express configurator: the base reference, then a change of control.
    const result = page.getByRole('region', { name: t('configurator.result.title') });
    const configured = result.getByTestId('configured-reference');
    await expect(configured).toHaveText(reference);
    const base = (await configured.textContent()) ?? '';

    await page.getByRole('button', { name: new RegExp(t('configurator.attribute.control')) }).click();
    await page.getByRole('option', { selected: false, disabled: false }).first().click();
    await expect(configured).not.toHaveText(base);
    await expect(configured).toHaveText(reference);
    const chosen = (await configured.textContent()) ?? '';
    // Model, then finish, as in the base; the control letter changed.
    expect(chosen.slice(0, base.indexOf('/'))).toBe(base.slice(0, base.indexOf('/')));

    // Both roles see prices (price.view), in the catalogue's currency; MOQ, lead time, drivers follow.
    await expect(result.getByText(t('configurator.result.unitPrice'))).toBeVisible();
    await expect(result.getByText(currency).first()).toBeVisible();
    await expect(result.getByText(t('configurator.result.moq'))).toBeVisible();
    await expect(result.getByText(t('configurator.result.leadTime'))).toBeVisible();

    await result.getByRole('button', { name: t('configurator.result.copy') }).click();
    await expect(result.getByText(t('configurator.result.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(chosen);
  });
}

test('the attributes configurator shows every option of an attribute as a button', async ({ page }) => {
  const t = texts('es');
  await logIn(page, 'distributor@demo.example');
  await page.goto('/add-product-v2/306');
  const models = page.getByRole('list', { name: t('catalogue.models.listLabel') });
  await models.getByRole('link', { name: /4010/ }).click();
  await expect(page).toHaveURL(/\/add-product-v2\/306\/\d+\/4010$/);
  const finish = page.getByRole('group', { name: t('configurator.attribute.finish') });
  await expect(finish.getByRole('button', { pressed: true })).toHaveCount(1);
  const configured = page.getByTestId('configured-reference');
  await expect(configured).toHaveText(/^4010[A-Z0-9]{2}\/[A-Z0-9]{2}_[A-Z0-9]{2}$/);
  const before = (await configured.textContent()) ?? '';
  await finish.getByRole('button', { pressed: false, disabled: false }).first().click();
  await expect(configured).not.toHaveText(before);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the collections (grid and list) and the configurator pass an accessibility scan in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('lumen.theme', value), theme);
    await logIn(page, 'sales@demo.example');
    await page.goto('/create-project/select-collection');
    const collections = page.getByRole('list', { name: en('catalogue.collections.listLabel') });
    await expect(collections.getByRole('link').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en('catalogue.view.list') }).click();
    await expect(page.getByRole('button', { name: en('catalogue.view.list') })).toHaveAttribute('aria-pressed', 'true');
    expect(await accessibilityViolations(page)).toEqual([]);
    // The choice survives a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: en('catalogue.view.list') })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/add-product/302/15/2350');
    await expect(page.getByTestId('configured-reference')).toHaveText(/^2350/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto('/add-product-v2/302/15/2350');
    await expect(page.getByTestId('configured-reference')).toHaveText(/^2350/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
