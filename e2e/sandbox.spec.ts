import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 4, "Interface kit": the widget gallery at /sandbox in Chromium. The modal, the date picker
// and the quantity selector are driven as a user drives them (mouse and keyboard), and axe-core
// finds no violation in either theme, with or without a modal open.

const en = texts('en');

/** The gallery needs the backoffice privilege: the demo admin has it. */
async function openSandbox(page: Page) {
  await logIn(page, 'admin@demo.example');
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { level: 1, name: en('gallery.title') })).toBeVisible();
}

/** The gallery is scanned whole, react-aria's live announcer included. */
async function expectNoAxeViolations(page: Page, label: string, disableRules: string[] = []) {
  expect(await accessibilityViolations(page, { exclude: [], disableRules }), `axe violations, ${label}`).toEqual([]);
}

/** A date picker of the gallery: its group is named by its label. */
function datePicker(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label });
}

test.describe('the widget gallery at /sandbox', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSandbox(page);
  });

  test('modal: opens, traps focus, closes on Escape and backdrop, restores focus; not-dismissable stays; full-screen on small screens', async ({ page }) => {
    const opener = page.getByRole('button', { name: en('gallery.modal.open'), exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: en('gallery.modal.title') });
    await expect(dialog).toBeVisible();
    const box = await page.locator('.lm-modal').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(576); // 36rem

    // Focus is inside and stays inside, forwards and backwards.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    // The page behind is hidden from assistive technology while the modal is open.
    await expectNoAxeViolations(page, 'modal open');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Backdrop click.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();

    // Large: 95% of the viewport.
    await page.getByRole('button', { name: en('gallery.modal.openLarge') }).click();
    await expect(dialog).toBeVisible();
    expect(Math.round((await page.locator('.lm-modal').boundingBox())?.width ?? 0)).toBe(Math.round(1280 * 0.95));
    await dialog.getByRole('button', { name: en('modal.close') }).click();
    await expect(dialog).toBeHidden();

    // Not dismissable: Escape and the backdrop do nothing; its button closes it.
    await page.getByRole('button', { name: en('gallery.modal.openLocked') }).click();
    const locked = page.getByRole('alertdialog', { name: en('gallery.modal.title') });
    await expect(locked).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    await expect(locked).toBeVisible();
    await locked.getByRole('button', { name: en('gallery.modal.confirm') }).click();
    await expect(locked).toBeHidden();

    // Full screen at 575 px and below, with the small body padding.
    await page.setViewportSize({ width: 500, height: 800 });
    await page.getByRole('button', { name: en('gallery.modal.openFullScreen') }).click();
    await expect(dialog).toBeVisible();
    const full = await page.locator('.lm-modal').boundingBox();
    expect(Math.round(full?.width ?? 0)).toBe(500);
    expect(Math.round(full?.height ?? 0)).toBe(800);
    const padding = await page.locator('.lm-modal__body').evaluate((node) => getComputedStyle(node).paddingLeft);
    expect(padding).toBe('24px'); // 1.5rem
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('date picker: masks per locale, opens, picks a day and closes; closes on an outside click; disabled days cannot be picked', async ({ page }) => {
    await expect(datePicker(page, en('gallery.date.delivery', { lang: 'de' }))).toContainText('.');
    await expect(datePicker(page, en('gallery.date.delivery', { lang: 'fr' }))).toContainText('/');
    await expect(datePicker(page, en('gallery.date.delivery', { lang: 'us' }))).toContainText('/');

    const group = datePicker(page, en('gallery.date.delivery', { lang: 'en' }));
    await group.getByRole('button', { name: en('datePicker.open') }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar).toBeVisible();
    await expectNoAxeViolations(page, 'calendar open');
    await calendar.getByRole('gridcell').filter({ hasText: /^15$/ }).getByRole('button').click();
    await expect(calendar).toBeHidden();
    await expect(group.getByRole('spinbutton').first()).toHaveText('15'); // en-GB: day first

    // Outside click closes without picking (the page behind is hidden from the accessibility tree
    // while the calendar is open, so the click goes to a spot of the page, not to a role).
    await group.getByRole('button', { name: en('datePicker.open') }).click();
    await expect(calendar).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(calendar).toBeHidden();
    await expect(group.getByRole('spinbutton').first()).toHaveText('15');

    // Keyboard: Alt+ArrowDown opens, arrows move, Enter picks.
    await group.getByRole('spinbutton').first().focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(group.getByRole('spinbutton').first()).toHaveText('16');

    // Weekends are disabled in the weekday picker.
    const weekdays = datePicker(page, en('gallery.date.weekdays'));
    await weekdays.getByRole('button', { name: en('datePicker.open') }).click();
    await expect(calendar).toBeVisible();
    const disabled = calendar.locator('[data-unavailable]');
    expect(await disabled.count()).toBeGreaterThanOrEqual(8);
    await expect(disabled.first()).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
  });

  test('quantity selector: comma decimals, step precision, capped at max after the debounce with an error, stepped with the keyboard', async ({ page }) => {
    const numeric = page.getByRole('spinbutton', { name: en('gallery.quantity.numeric') });
    await expect(numeric).toHaveValue('1');
    await numeric.fill('9');
    await expect(numeric).toHaveValue('9');
    await expect(numeric).toHaveValue('5'); // after the 500 ms debounce
    await expect(numeric).toHaveAccessibleDescription(en('quantity.maxValue', { max: '5' }));
    await expect(numeric).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(numeric).toHaveValue('4');
    await expect(numeric).not.toHaveAttribute('aria-invalid', 'true');

    const decimal = page.getByRole('spinbutton', { name: en('gallery.quantity.decimal') });
    await decimal.fill('');
    await decimal.pressSequentially('3,75');
    await expect(decimal).toHaveValue('3.7');
    await decimal.press('Enter');
    await expect(decimal).toHaveValue('3.7');
    await decimal.fill('12');
    await decimal.press('Tab');
    await expect(decimal).toHaveValue('10.0');

    await page.getByRole('button', { name: en('quantity.increase') }).first().click();
    await expect(page.getByRole('spinbutton', { name: en('gallery.quantity.default'), exact: true })).toHaveValue('4');
  });

  test('axe-core finds no violation in the light and the dark theme', async ({ page }) => {
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page, 'light theme');
    await page.getByTestId('widget-gallery').getByRole('button', { name: en('theme.toDark') }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page, 'dark theme');
  });

  test('axe-core finds no violation with a menu, a list box or suggestions open', async ({ page }) => {
    await page.getByRole('button', { name: en('gallery.dropdown.account'), exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page, 'dropdown open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await page.getByRole('button', { name: exactly(en('gallery.select.catalogue'), { start: false }) }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectNoAxeViolations(page, 'select open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    await page.getByRole('combobox', { name: en('gallery.autocomplete.collection'), exact: true }).pressSequentially('no');
    await expect(page.getByRole('option', { name: 'North' })).toBeVisible();
    // While its list is open, react-aria's combobox hides everything but the input and the list from
    // screen readers with aria-hidden (so that the portalled list is reachable by the virtual cursor;
    // adobe/react-spectrum#4937). Focus cannot get there while the list is open (Tab closes it first),
    // so the rules that read this static state as a fault are left out for this one check.
    await expectNoAxeViolations(page, 'autocomplete open', ['aria-hidden-focus', 'page-has-heading-one', 'region']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: en('gallery.autocomplete.collection'), exact: true })).toHaveValue('North');
  });
});
