import { LANGS } from '@lumen/contracts/constants';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { WidgetGallery } from './WidgetGallery';

describe('WidgetGallery', () => {
  afterEach(async () => {
    cleanup(); // unmount before switching back, so that no mounted widget re-renders outside act()
    // (Only when a test switched: the shared gallery below stays mounted across its tests.)
    if (i18next.language !== 'en') await i18next.changeLanguage('en');
  });

  // Read-only checks of the English gallery share one render (the gallery is the kit's largest
  // screen): mounted with its own root, which the cleanup after each test leaves alone.
  describe('read-only, on one English gallery', () => {
    const shared = { container: document.createElement('div'), root: null as Root | null };
    // The render was a test's (60 s, the project's testTimeout): a hook's 10 s default was too short
    // for it on a loaded machine (the hook timed out and skipped both tests).
    beforeAll(() => {
      document.body.appendChild(shared.container);
      shared.root = createRoot(shared.container);
      act(() => shared.root?.render(<WidgetGallery />));
    }, 60_000);
    afterAll(() => {
      act(() => shared.root?.unmount());
      shared.container.remove();
    });

    it('shows every widget family in its own named section', () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Widget gallery' })).toBeInTheDocument();
      const sections = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') && within(region).getAllByRole('heading')[0]?.textContent);
      expect(sections).toEqual([
        'Modals',
        'Text fields',
        'Selects and autocompletes',
        'Date pickers',
        'Quantity selectors',
        'Buttons',
        'Dropdowns and tooltips',
        'Steppers',
        'Tabs',
        'Skeletons',
        'Data table',
        'Page layout',
        'Recent projects',
        'Files and progress',
        'Design tokens',
      ]);
      for (const lang of LANGS) expect(screen.getByRole('group', { name: `Delivery date (${lang})` })).toBeInTheDocument();
      expect(screen.getByRole('spinbutton', { name: 'Units, 1 to 5 (numeric)' })).toHaveValue('1');
    });

    it('has no axe violations that jsdom can see (contrast is checked in the browser test)', { timeout: 60_000 }, async () => {
      const result = await axe.run(shared.container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });

  it.each(LANGS)('has no untranslated key in %s', async (lang) => {
    await i18next.changeLanguage(lang);
    const { container } = render(<WidgetGallery />);
    expect(container.textContent).not.toMatch(/\b(gallery|quantity|stepper|formError|select|theme)\.[a-zA-Z]/);
  });

  it('switches the page theme', async () => {
    render(<WidgetGallery />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('opens a modal from the gallery and closes it with Escape', async () => {
    render(<WidgetGallery />);
    await userEvent.click(screen.getByRole('button', { name: 'Open modal' }));
    expect(await screen.findByRole('dialog', { name: 'Project details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

});
