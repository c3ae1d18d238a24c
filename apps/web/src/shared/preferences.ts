import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogId, Lang } from '@lumen/contracts';
import { DEFAULT_LANG } from '@lumen/contracts/constants';
import { DEFAULT_THEME, isTheme, type Theme } from '@lumen/ui';
import { loadLanguage } from '../i18n/i18n';
import { writeLanguageCookie } from '../i18n/language';
import { createAsyncAction } from './async-action';

export interface PreferencesState {
  lang: Lang;
  theme: Theme;
  /** A visitor's catalogue (shared/catalogue-choice.ts); absent: the spec's default, 16. A user's is their account's. */
  catalogId?: CatalogId;
}

const initialState: PreferencesState = { lang: DEFAULT_LANG, theme: DEFAULT_THEME };

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState,
  reducers: {
    languageApplied(state, action: PayloadAction<Lang>) {
      state.lang = action.payload;
    },
    /** A visitor's catalogue (the footer's choice, or the first visit's defaults by IP); null goes back to the default. */
    catalogueChosen(state, action: PayloadAction<CatalogId | null>) {
      if (action.payload === null) delete state.catalogId;
      else state.catalogId = action.payload;
    },
    /** Theme toggle of spec §4: light or dark; any other value is ignored. */
    themeChanged(state, action: PayloadAction<string>) {
      if (isTheme(action.payload)) state.theme = action.payload;
    },
  },
});

export const { languageApplied, themeChanged, catalogueChosen } = preferencesSlice.actions;

/**
 * Switches the interface language: reloads the three translation domains, keeps the choice in the
 * `language` cookie and, for a logged-in user, on the account (PATCH users /v1/users/lang).
 */
export const changeLanguage = createAsyncAction<Lang, { lang: Lang; persist?: boolean }>(
  'changeLanguage',
  async ({ lang, persist = true }, { extra, dispatch, getState }) => {
    await loadLanguage(extra.i18n, extra.api, lang);
    writeLanguageCookie(lang);
    dispatch(languageApplied(lang));
    if (persist && getState().session.logged) await extra.api.patch<unknown>('users', '/v1/users/lang', { lang });
    return lang;
  },
  { allowRetry: true },
);
