import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** react-aria's off-screen live announcer: its transient role="img" nodes are not the page's content. */
export const LIVE_ANNOUNCER = '[data-live-announcer]';

export interface ScanOptions {
  /** Selectors left out of the scan; by default the live announcer. */
  exclude?: string[];
  /** Axe rules not run. */
  disableRules?: string[];
}

async function scan(page: Page, exclude: string[], disableRules: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).disableRules(disableRules);
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Axe findings on the page, one line per rule: `rule (impact): the nodes' selectors`. An empty list
 * passes. A page with findings is scanned again a moment later and the second scan is the answer:
 * what the page really has is there both times, while a scan taken mid-repaint now and then reports
 * `color-contrast` on `:root` itself (the html element, which holds no text), seen on the 3D pages.
 */
export async function accessibilityViolations(page: Page, { exclude = [LIVE_ANNOUNCER], disableRules = [] }: ScanOptions = {}): Promise<string[]> {
  const first = await scan(page, exclude, disableRules);
  if (first.length === 0) return first;
  await page.waitForTimeout(1_000);
  return scan(page, exclude, disableRules);
}
