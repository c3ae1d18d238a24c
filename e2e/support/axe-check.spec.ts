import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

for (const theme of ['light', 'dark']) {
  test(`axe ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('lumen.theme', t), theme);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const home = await new AxeBuilder({ page }).analyze();
    console.log('home', JSON.stringify(home.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(' ')).slice(0, 4)])));
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
    const modal = await new AxeBuilder({ page }).analyze();
    console.log('modal', JSON.stringify(modal.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(' ')).slice(0, 4)])));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').getByLabel(/^Email/).fill('webuser@demo.example').catch(() => undefined);
    expect(true).toBe(true);
  });
}
test('axe profile', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const d = page.getByRole('dialog');
  await d.getByLabel(/^Email/).fill('distributor@demo.example');
  await d.getByLabel(/^Password/).fill('demo-password');
  await d.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /Hello/ }).waitFor();
  const home = await new AxeBuilder({ page }).analyze();
  console.log('user home', JSON.stringify(home.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(' ')).slice(0, 4)])));
  await page.goto('/my-profile');
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
  const profile = await new AxeBuilder({ page }).analyze();
  console.log('profile', JSON.stringify(profile.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(' ')).slice(0, 4)])));
});
