import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { changeLanguage } from '../shared/preferences';
import { FOOTER_WEBSITE_PAGES, websiteUrl } from './website-links';

const texts = TRANSLATIONS['fr-eproject'];

describe('the footer’s links to the public website (spec §2)', () => {
  it('lists home, about, contact, collections, downloads, where to buy, workspace and crea in the interface language', async () => {
    const { store } = await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: texts.en['footer.website'] });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(FOOTER_WEBSITE_PAGES.map((page) => texts.en[`footer.site.${page}`]));
    expect(within(nav).getByRole('link', { name: texts.en['footer.site.whereToBuy'] })).toHaveAttribute('href', 'https://www.lumenpro.example/en/where-to-buy');

    await act(async () => {
      await store.dispatch(changeLanguage({ lang: 'de', persist: false }));
    });
    const german = await screen.findByRole('navigation', { name: texts.de['footer.website'] });
    await waitFor(() => expect(within(german).getByRole('link', { name: texts.de['footer.site.whereToBuy'] })).toHaveAttribute('href', 'https://www.lumenpro.example/de/haendler'));
    expect(within(german).getByRole('link', { name: texts.de['footer.site.home'] })).toHaveAttribute('hreflang', 'de');
  });

  it('has a page of its own for each language, under that language’s prefix', () => {
    for (const lang of ['en', 'us', 'fr', 'de', 'it', 'es'] as const) {
      const urls = FOOTER_WEBSITE_PAGES.map((page) => websiteUrl(page, lang));
      expect(new Set(urls).size).toBe(urls.length);
      for (const url of urls) expect(url.startsWith(`https://www.lumenpro.example/${lang}/`)).toBe(true);
    }
    expect(websiteUrl('about', 'es')).toBe('https://www.lumenpro.example/es/sobre-nosotros');
  });
});
