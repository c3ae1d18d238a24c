import { DEFAULT_LANG } from '@lumen/contracts/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize, formatLength, formatMoney, formatNumber } from './format';
import { parseLang } from './language';

/** The Intl helpers bound to the interface language; re-rendered when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = parseLang(i18n.language) ?? DEFAULT_LANG;
  return useMemo(
    () => ({
      lang,
      money: (amount: number, currency: string) => formatMoney(amount, currency),
      date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      fileSize: (bytes: number) => formatFileSize(bytes, lang),
      /** A length stored in cm in the catalogue's units (issue 10 §10). */
      length: (cm: number, catalogId: number) => formatLength(cm, catalogId, lang),
    }),
    [lang],
  );
}
