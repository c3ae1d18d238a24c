import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 10 §3 on the demo catalogue: the configurators offer only options that can be chosen; one
// that conflicts with the current choice is shown as such beside the option with the rule's reason
// in the user's language, and choosing it moves the other attributes to the nearest valid
// combination and says what moved, beside the attribute. A distributor working in Spanish.

const t = texts('es');

test('a conflicting option is explained beside it and choosing it moves the others (attributes configurator)', async ({ page }) => {
  await logIn(page, 'distributor@demo.example');
  // Skan wall light Ø 12 (0270): on/off, 3000 K, no canopy by default.
  await page.goto('/add-product-v2/301/12/0270');
  const reference = page.getByTestId('configured-reference');
  await expect(reference).toHaveText('027010/03_00');

  const led = page.getByRole('group', { name: t('configurator.attribute.ledColourTemp') });
  const dimToWarm = led.getByRole('button', { name: 'Dim to warm 1800–3000 K' });
  // Not refused, not disabled: marked, with what it changes and why, in Spanish.
  await expect(dimToWarm).toBeEnabled();
  const note = t('configurator.conflict.changes', { reason: 'El dim to warm necesita un driver de corte de fase o DALI', attributes: t('configurator.attribute.control') });
  await expect(dimToWarm).toHaveAccessibleDescription(note);
  await expect(led.getByText(note)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('configurator-conflict-desktop.png'), fullPage: true });

  await dimToWarm.click();
  // The LED is the one chosen; the control moved to the nearest driver that dims it, and it is said beside the LED.
  await expect(reference).toHaveText('027010/1D_00');
  await expect(dimToWarm).toHaveAttribute('aria-pressed', 'true');
  const moved = led.getByRole('status');
  await expect(moved).toContainText(t('configurator.attribute.control'));
  await expect(moved).toBeInViewport();
  await expect(page.getByRole('group', { name: t('configurator.attribute.control') }).getByRole('button', { pressed: true })).toHaveText(/corte de fase/);
  expect(await accessibilityViolations(page)).toEqual([]);

  // On a phone the explanation stays beside the option pressed.
  await page.setViewportSize({ width: 390, height: 844 });
  await led.getByRole('button', { name: '3000 K blanco cálido' }).click();
  await expect(reference).toHaveText('027010/13_00');
  await page.screenshot({ path: test.info().outputPath('configurator-conflict-phone.png'), fullPage: true });
});

test('options no valid combination holds are not offered; the express list describes conflicting ones', async ({ page }) => {
  await logIn(page, 'distributor@demo.example');
  // Plusminus module 1 (7450) is made only without a driver: only the recessed canopy is offered.
  await page.goto('/add-product-v2/225/11/7450');
  await expect(page.getByTestId('configured-reference')).toHaveText('745010/M2_31');
  const installation = page.getByRole('group', { name: t('configurator.attribute.installation') });
  await expect(installation.getByRole('button')).toHaveCount(1);
  await expect(installation.getByRole('button', { name: 'Florón de superficie' })).toHaveCount(0);
  await expect(installation.getByRole('button', { name: 'Cable libre' })).toHaveCount(0);

  // The express configurator: the conflicting option carries its reason in the list.
  await page.goto('/add-product/301/12/0270');
  await expect(page.getByTestId('configured-reference')).toHaveText('027010/03_00');
  await page.getByRole('button', { name: new RegExp(t('configurator.attribute.ledColourTemp')) }).click();
  const option = page.getByRole('option', { name: 'Dim to warm 1800–3000 K' });
  await expect(option).toHaveAccessibleDescription(
    t('configurator.conflict.changes', { reason: 'El dim to warm necesita un driver de corte de fase o DALI', attributes: t('configurator.attribute.control') }),
  );
  await page.screenshot({ path: test.info().outputPath('configurator-express-list.png') });
  await option.click();
  await expect(page.getByTestId('configured-reference')).toHaveText('027010/1D_00');
  await expect(page.getByRole('status').filter({ hasText: t('configurator.attribute.control') }).first()).toBeVisible();
});
