import type { Lang } from '@lumen/contracts';

/**
 * The public website's pages per language (spec §2: home, about, contact, by-your-side, collections,
 * the-edit, downloads, where-to-buy, professional area workspace and crea). The website is the
 * brand's own site, not this app: its origin is fixed here (apps/web README, "Footer"); each
 * language has its own path prefix and its own words in the paths, as the site publishes them.
 */
export const WEBSITE_ORIGIN = 'https://www.lumenpro.example';

export const WEBSITE_PAGES = ['home', 'about', 'contact', 'byYourSide', 'collections', 'theEdit', 'downloads', 'whereToBuy', 'workspace', 'crea'] as const;
export type WebsitePage = (typeof WEBSITE_PAGES)[number];

/** The footer's links, in this order (the list; by-your-side and the-edit stay reachable from the site). */
export const FOOTER_WEBSITE_PAGES: readonly WebsitePage[] = ['home', 'about', 'contact', 'collections', 'downloads', 'whereToBuy', 'workspace', 'crea'];

type Slugs = Readonly<Record<Exclude<WebsitePage, 'home'>, string>>;

const SLUGS: Readonly<Record<Lang, { prefix: string; slugs: Slugs }>> = {
  en: {
    prefix: 'en',
    slugs: { about: 'about-us', contact: 'contact', byYourSide: 'by-your-side', collections: 'collections', theEdit: 'the-edit', downloads: 'downloads', whereToBuy: 'where-to-buy', workspace: 'professional-area/workspace', crea: 'crea' },
  },
  us: {
    prefix: 'us',
    slugs: { about: 'about-us', contact: 'contact', byYourSide: 'by-your-side', collections: 'collections', theEdit: 'the-edit', downloads: 'downloads', whereToBuy: 'where-to-buy', workspace: 'professional-area/workspace', crea: 'crea' },
  },
  fr: {
    prefix: 'fr',
    slugs: { about: 'a-propos', contact: 'contact', byYourSide: 'a-vos-cotes', collections: 'collections', theEdit: 'the-edit', downloads: 'telechargements', whereToBuy: 'ou-acheter', workspace: 'espace-professionnel/workspace', crea: 'crea' },
  },
  de: {
    prefix: 'de',
    slugs: { about: 'ueber-uns', contact: 'kontakt', byYourSide: 'an-ihrer-seite', collections: 'kollektionen', theEdit: 'the-edit', downloads: 'downloads', whereToBuy: 'haendler', workspace: 'profibereich/workspace', crea: 'crea' },
  },
  it: {
    prefix: 'it',
    slugs: { about: 'chi-siamo', contact: 'contatti', byYourSide: 'al-tuo-fianco', collections: 'collezioni', theEdit: 'the-edit', downloads: 'download', whereToBuy: 'dove-acquistare', workspace: 'area-professionale/workspace', crea: 'crea' },
  },
  es: {
    prefix: 'es',
    slugs: { about: 'sobre-nosotros', contact: 'contacto', byYourSide: 'a-tu-lado', collections: 'colecciones', theEdit: 'the-edit', downloads: 'descargas', whereToBuy: 'donde-comprar', workspace: 'area-profesional/workspace', crea: 'crea' },
  },
};

/** The address of one page of the public website in a language. */
export function websiteUrl(page: WebsitePage, lang: Lang): string {
  const { prefix, slugs } = SLUGS[lang];
  return page === 'home' ? `${WEBSITE_ORIGIN}/${prefix}/` : `${WEBSITE_ORIGIN}/${prefix}/${slugs[page]}`;
}

/**
 * The website's search page in a language, for a query: the search word of the language is the
 * masters configuration's (GET masters /v1/configurations, `languages[].searchWord`; spec §9: de
 * suchen, es buscar, fr chercher, it cerca, en and us search), the path under the language's prefix.
 */
export function websiteSearchUrl(lang: Lang, searchWord: string, query: string): string {
  return `${WEBSITE_ORIGIN}/${SLUGS[lang].prefix}/${encodeURIComponent(searchWord)}?q=${encodeURIComponent(query)}`;
}
