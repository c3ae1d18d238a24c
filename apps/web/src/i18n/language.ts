import type { Account, Lang } from '@lumen/contracts';
import { DEFAULT_LANG, isLang, LOCALE_OF } from '@lumen/contracts/constants';
import Cookies from 'js-cookie';

/** The readable cookie that keeps the interface language across reloads (spec §9). */
export const LANGUAGE_COOKIE = 'language';
/** Cookie lifetime of spec §9: 2 592 000 000 ms = 30 days. */
export const COOKIE_DAYS = 30;

/** Reads a language code, accepting the locale en-US as us; anything else is not a language. */
export function parseLang(value: unknown): Lang | undefined {
  const candidate = value === 'en-US' ? 'us' : typeof value === 'string' ? value.toLowerCase() : value;
  return isLang(candidate) ? candidate : undefined;
}

export function readLanguageCookie(): Lang | undefined {
  return parseLang(Cookies.get(LANGUAGE_COOKIE));
}

export function writeLanguageCookie(lang: Lang): void {
  Cookies.set(LANGUAGE_COOKIE, lang, { path: '/', expires: COOKIE_DAYS, sameSite: 'Lax' });
}

/** The language of a logged-in user comes from the account, else the cookie, else en. */
export function resolveLanguage(account: Pick<Account, 'lang'> | null | undefined, cookie: Lang | undefined): Lang {
  return parseLang(account?.lang) ?? cookie ?? DEFAULT_LANG;
}

export function localeOf(lang: Lang): string {
  return LOCALE_OF[lang];
}
