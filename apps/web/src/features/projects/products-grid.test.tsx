import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeProduct, makeProject, projectsApi } from './projects.fixtures';

// The grid of a long project renders the rows in and near the window only (issue 9 §4). jsdom lays
// nothing out, so every row keeps the grid's first guess of its height (150 px, the table's) and
// the window is jsdom's 768 px: a window shows about five rows, plus three on each side.

const en = TRANSLATIONS['fr-eproject'].en;
const ROW_PX = 150;
const LINES = 200;

const named = (index: number) => `Line ${String(index + 1).padStart(3, '0')}`;

async function openLongProject() {
  const products = Array.from({ length: LINES }, (_, index) => makeProduct({ description: named(index), quantity: (index % 9) + 1 }));
  const api = projectsApi({ projects: [makeProject(5, { name: 'Tower', products, totalNet: 1000 })] });
  const app = await renderApp('/project/5', api);
  // The lines render just after the grid's frame (a deferred render).
  await screen.findAllByRole('rowheader');
  return app;
}

const grid = () => screen.getByRole('table');
/** The product rows rendered now (the header row and the hidden spacers left out). */
const productRows = () => within(grid()).getAllByRole('row').filter((row) => row.closest('tbody'));
const rowIndexes = () => productRows().map((row) => Number(row.getAttribute('aria-rowindex')));
const spacerHeights = () => [...grid().querySelectorAll<HTMLTableCellElement>('tr[aria-hidden="true"] > td')].map((cell) => Number.parseFloat(cell.style.height));

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('the products grid of a 200-line project', () => {
  it('renders a window of rows, tells assistive technology the real count and positions, and keeps the full height', async () => {
    await openLongProject();
    expect(grid()).toHaveAttribute('aria-rowcount', String(LINES + 1));
    const indexes = rowIndexes();
    expect(indexes.length).toBeGreaterThan(3);
    expect(indexes.length).toBeLessThan(20);
    // Row 1 is the header; the lines follow from 2 in order, named as they are in the project.
    expect(indexes[0]).toBe(2);
    expect(indexes).toEqual(indexes.map((_, position) => position + 2));
    expect(within(productRows()[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(named(0));
    // The lines not rendered are stood for by hidden spacers of their height: the page scrolls as far.
    expect(spacerHeights().reduce((sum, height) => sum + height, 0) + indexes.length * ROW_PX).toBe(LINES * ROW_PX);
  });

  it('renders the lines that the window reaches when the page scrolls', async () => {
    await openLongProject();
    scrollWindowTo(100 * ROW_PX);
    const indexes = rowIndexes();
    expect(indexes).toContain(102); // the 101st line, at the top of the window
    expect(indexes).not.toContain(2);
    expect(within(productRows().find((row) => row.getAttribute('aria-rowindex') === '102') as HTMLElement).getByRole('rowheader')).toHaveTextContent(named(100));
    const [top] = spacerHeights();
    expect(top).toBe(((indexes[0] ?? 0) - 2) * ROW_PX);

    scrollWindowTo(LINES * ROW_PX);
    expect(rowIndexes()).toContain(LINES + 1);
  });

  it('keeps the focused line rendered, and the focus in it, when the page scrolls away', async () => {
    await openLongProject();
    const first = productRows()[1] as HTMLElement;
    const quantity = within(first).getByRole('spinbutton', { name: en['projects.grid.quantityOf']?.replace('{{name}}', named(1)) });
    act(() => quantity.focus());
    scrollWindowTo(150 * ROW_PX);
    expect(rowIndexes()).toContain(3);
    expect(rowIndexes()).toContain(152);
    expect(quantity).toBeInTheDocument();
    expect(quantity).toHaveFocus();
  });

  it('lets Tab walk past the rendered lines: the next line is always there', async () => {
    const user = userEvent.setup();
    await openLongProject();
    const lastRendered = Math.max(...rowIndexes());
    const lastRow = productRows().find((row) => row.getAttribute('aria-rowindex') === String(lastRendered)) as HTMLElement;
    const buttons = within(lastRow).getAllByRole('button');
    act(() => (buttons[buttons.length - 1] as HTMLElement).focus());
    const reached = () => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex'));
    for (let presses = 0; presses < 60 && reached() < lastRendered + 8; presses += 1) await user.tab();
    expect(reached()).toBe(lastRendered + 8);
    expect(within(document.activeElement?.closest('tr') as HTMLElement).getByRole('rowheader')).toHaveTextContent(named(lastRendered + 8 - 2));

    // And back up with Shift+Tab, past the first rendered line of a scrolled window.
    scrollWindowTo(100 * ROW_PX);
    const top = Math.min(...rowIndexes().filter((index) => index > 10));
    const topRow = productRows().find((row) => row.getAttribute('aria-rowindex') === String(top)) as HTMLElement;
    act(() => within(topRow).getByRole('link').focus());
    for (let presses = 0; presses < 60 && reached() > top - 5; presses += 1) await user.tab({ shift: true });
    expect(reached()).toBe(top - 5);
  });

  it('reads the screen size once rather than on every render (a read while the page is being laid out forces its layout: issue 35 §5)', async () => {
    const matchMedia = vi.fn((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
    try {
      await openLongProject();
      const asked = matchMedia.mock.calls.length;
      expect(asked).toBeGreaterThan(0);
      for (const lines of [20, 40, 60, 80]) scrollWindowTo(lines * ROW_PX);
      expect(rowIndexes()).toContain(82);
      expect(matchMedia.mock.calls.length).toBe(asked);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('prints every line', async () => {
    await openLongProject();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(productRows()).toHaveLength(LINES);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(productRows().length).toBeLessThan(20);
  });
});

describe('a line below its minimum order quantity (issue 34 §4)', () => {
  it('says so on the project page, with the quantity to order, and only below it', async () => {
    const products = [makeProduct({ description: 'Short line', quantity: 2, moq: 4 }), makeProduct({ description: 'Enough', quantity: 4, moq: 4 }), makeProduct({ description: 'No minimum', quantity: 1 })];
    await renderApp('/project/5', projectsApi({ projects: [makeProject(5, { name: 'Lobby', products })] }));
    await screen.findAllByRole('rowheader');
    const rows = productRows();
    const warning = en['projects.grid.belowMoq']?.replace('{{moq}}', '4') ?? '';
    expect(rows[0]).toHaveTextContent(warning);
    expect(rows[1]).not.toHaveTextContent(warning);
    expect(rows[2]).not.toHaveTextContent(en['projects.grid.belowMoq']?.split(':')[0] ?? '');
  });
});
