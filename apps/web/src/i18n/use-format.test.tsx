import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { useFormat } from './use-format';

describe('useFormat', () => {
  it('formats in the current language and follows a switch', async () => {
    const i18n = await createI18n('de');
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const { result } = renderHook(() => useFormat(), { wrapper });
    const day = new Date(Date.UTC(2026, 0, 31, 12));
    expect(result.current.date(day, { dateStyle: 'short', timeZone: 'UTC' })).toBe('31.01.26');
    expect(result.current.money(10, 'USD')).toBe('$10.00');
    await act(async () => {
      await i18n.changeLanguage('us');
    });
    expect(result.current.lang).toBe('us');
    expect(result.current.date(day, { dateStyle: 'short', timeZone: 'UTC' })).toBe('1/31/26');
    expect(result.current.number(1234.5)).toBe('1,234.5');
  });
});
