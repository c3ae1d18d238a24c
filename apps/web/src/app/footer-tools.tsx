import type { CatalogMin, DefaultValues, PublicConfiguration } from '@lumen/contracts';
import { Button, Icon, Select, TextField } from '@lumen/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readLanguageCookie, writeLanguageCookie } from '../i18n/language';
import { createAsyncAction } from '../shared/async-action';
import { parseCatalogId, readCatalogueCookie, writeCatalogueCookie } from '../shared/catalogue-choice';
import { catalogueChosen, changeLanguage } from '../shared/preferences';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { useRemote } from '../shared/use-remote';
import { websiteSearchUrl } from './website-links';
import './footer-tools.css';

/**
 * The footer's tools (a chunk of its own, loaded after the first paint): the visitor's catalogue, the
 * public website's search, and a first visit's defaults by IP. None of them delays the first screen.
 */

/** GET products /v1/catalogs/get-min: the catalogues a visitor may browse, with their currencies. */
export const loadCatalogues = createAsyncAction<CatalogMin[], void>('catalogues', (_arg, { extra }) => extra.api.get<CatalogMin[]>('products', '/v1/catalogs/get-min'), {
  showError: false,
});

/** GET masters /v1/configurations: the public configuration (the website search's word per language). */
export const loadPublicConfiguration = createAsyncAction<PublicConfiguration, void>(
  'publicConfiguration',
  (_arg, { extra }) => extra.api.get<PublicConfiguration>('masters', '/v1/configurations'),
  { showError: false },
);

/**
 * A first visit's defaults (spec §7): the caller's address (GET masters /v1/common/ip, the api's stand-in
 * for the spec's external IP lookup), then GET masters /v1/common/default-values/by-ip/{ip}
 * (site=private): the catalogue (and so the currency) and the language for where the visitor is. Only
 * what the visitor has not chosen is applied (a cookie they hold, or a choice made while the calls
 * ran), and both cookies are written, so it happens once.
 */
export const applyFirstVisitDefaults = createAsyncAction<DefaultValues, void>(
  'firstVisitDefaults',
  async (_arg, { extra, dispatch, getState }) => {
    const startLang = getState().preferences.lang;
    const { ip } = await extra.api.get<{ ip: string }>('masters', '/v1/common/ip');
    const values = await extra.api.get<DefaultValues>('masters', `/v1/common/default-values/by-ip/${encodeURIComponent(ip)}`, { site: 'private' });
    const state = getState();
    if (state.session.account) return values;
    if (readCatalogueCookie() === undefined) {
      writeCatalogueCookie(values.catalogId);
      if (state.preferences.catalogId === undefined) dispatch(catalogueChosen(values.catalogId));
    }
    if (readLanguageCookie() === undefined) {
      if (values.lang !== state.preferences.lang && state.preferences.lang === startLang) await dispatch(changeLanguage({ lang: values.lang, persist: false }));
      else writeLanguageCookie(state.preferences.lang);
    }
    return values;
  },
  { showError: false },
);

/** Once per page: a visitor with neither cookie is on their first visit. */
let firstVisitAsked = false;

function useFirstVisitDefaults(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.session.status);
  const account = useAppSelector((state) => state.session.account);
  useEffect(() => {
    if (status !== 'ready' || account || firstVisitAsked) return;
    if (readLanguageCookie() !== undefined || readCatalogueCookie() !== undefined) return;
    firstVisitAsked = true;
    void dispatch(applyFirstVisitDefaults());
  }, [dispatch, status, account]);
}

/** For tests: forget that this page asked. */
export function resetFirstVisitForTests(): void {
  firstVisitAsked = false;
}

export default function FooterTools() {
  useFirstVisitDefaults();
  return (
    <div className="app-footer__tools">
      <VisitorCatalogue />
      <WebsiteSearch />
    </div>
  );
}

/**
 * A visitor chooses the catalogue they browse (a user's is their account's): the list comes from
 * get-min, each with its currency. When the list cannot be loaded the visitor browses catalogue 16
 * (spec §1) and no choice is offered.
 */
function VisitorCatalogue() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.session.status);
  const account = useAppSelector((state) => state.session.account);
  const chosen = useAppSelector((state) => state.preferences.catalogId);
  const visitor = status === 'ready' && !account;
  const [remote] = useRemote(visitor ? 'catalogues' : null, () => dispatch(loadCatalogues()).unwrap());
  const failed = remote.status === 'failed';
  useEffect(() => {
    if (failed && chosen !== undefined) dispatch(catalogueChosen(null));
  }, [dispatch, failed, chosen]);
  if (!visitor || remote.status !== 'ready' || remote.data.length < 2) return null;
  const current = chosen ?? remote.data.find((catalogue) => catalogue.isDefault)?.id ?? 16;
  return (
    <Select<string>
      className="app-footer__catalogue"
      label={t('footer.catalogue.label')}
      options={remote.data.map((catalogue) => ({
        value: String(catalogue.id),
        label: t('footer.catalogue.option', { name: t(`footer.catalogue.${catalogue.name}`), currency: catalogue.currency }),
      }))}
      value={String(current)}
      onChange={(value) => {
        const catalogId = parseCatalogId(value);
        if (catalogId === undefined) return;
        writeCatalogueCookie(catalogId);
        dispatch(catalogueChosen(catalogId));
      }}
    />
  );
}

/** The public website's search, with the search word of the interface language from the masters' configuration. */
function WebsiteSearch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [remote] = useRemote('configuration', () => dispatch(loadPublicConfiguration()).unwrap());
  const [query, setQuery] = useState('');
  if (remote.status !== 'ready') return null;
  const searchWord = remote.data.languages.find((language) => language.isoCode === lang)?.searchWord;
  if (!searchWord) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text) window.open(websiteSearchUrl(lang, searchWord, text), '_blank', 'noopener');
  };
  return (
    <form className="app-footer__search" role="search" aria-label={t('footer.search.label')} onSubmit={onSubmit}>
      <TextField type="search" label={t('footer.search.label')} value={query} onChange={setQuery} />
      <Button type="submit" variant="secondary" size="sm">
        <Icon name="search" />
        <span className="lm-visually-hidden">{t('footer.search.submit')}</span>
      </Button>
    </form>
  );
}
