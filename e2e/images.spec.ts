import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 10 §11, issue 35 §2: each model's picture is rendered from its own geometry, in the chosen finish.

const es = texts('es');

/** The picture once the browser has decoded it (an <img> that failed has no natural width). */
async function loaded(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

/** The mean colour of the luminaire in the picture (the same render on a transparent background, decoded by sharp). */
async function finishColourOf(page: Page, src: string): Promise<[number, number, number]> {
  const body = await (await page.request.get(`${src}${src.includes('?') ? '&' : '?'}background=transparent&size=160`)).body();
  const { data } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] !== 255) continue;
    for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
    n++;
  }
  expect(n).toBeGreaterThan(100);
  return sum.map((value) => value / n) as [number, number, number];
}

const lightness = ([r, g, b]: [number, number, number]) => (r + g + b) / 3;

test('changing the finish in the configurator changes the picture', async ({ page }, info) => {
  await logIn(page, 'distributor@demo.example');
  // Tessa table lamp H 32: cream by default, also black.
  await page.goto('/add-product-v2/306/14/4010');
  await expect(page.getByTestId('configured-reference')).toHaveText(/^401020\//);
  const picture = page.locator('img.configurator-page__image');
  await loaded(picture);
  const creamSrc = (await picture.getAttribute('src')) ?? '';
  // rendered from the geometry (issue 35 §2): cream is light and warm
  const creamColour = await finishColourOf(page, creamSrc);
  expect(lightness(creamColour)).toBeGreaterThan(150);
  expect(creamColour[0]).toBeGreaterThan(creamColour[2]);
  const cream = await picture.screenshot();

  await page.getByRole('group', { name: es('configurator.attribute.finish') }).getByRole('button', { name: 'Negro' }).click();
  await expect(page.getByTestId('configured-reference')).toHaveText(/^401005\//);
  await expect(picture).toHaveAttribute('src', /[?&]finish=05$/);
  await loaded(picture);
  expect(lightness(await finishColourOf(page, (await picture.getAttribute('src')) ?? ''))).toBeLessThan(90);
  expect((await picture.screenshot()).equals(cream)).toBe(false);
  await page.screenshot({ path: info.outputPath('configurator-black.png') });
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the collections show each family by its own kind of luminaire (${name})`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await logIn(page, 'distributor@demo.example');
    await page.goto('/create-project/select-collection');
    const collections = page.getByRole('list', { name: es('catalogue.collections.listLabel') });
    const images = collections.locator('img');
    await expect(images.first()).toBeVisible();
    const count = await images.count();
    expect(count).toBeGreaterThanOrEqual(12);
    const sources = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const image = images.nth(index);
      await image.scrollIntoViewIfNeeded();
      await loaded(image);
      sources.add((await image.getAttribute('src')) ?? '');
    }
    expect(sources.size).toBe(count);
    await images.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`collections-${name}.png`), fullPage: name === 'desktop' });
  });
}
