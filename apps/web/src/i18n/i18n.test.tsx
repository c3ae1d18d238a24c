import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { expect, it } from 'vitest';
import { createI18n } from './i18n';

it('re-renders the screens when the language changes, not for every bundle of texts added', async () => {
  const i18n = await createI18n('en');
  i18n.addResourceBundle('en', 'fr-eproject', { 'app.name': 'Lumen Pro' }, false, true);
  let renders = 0;
  function Title() {
    const { t } = useTranslation();
    renders += 1;
    return <h1>{t('app.name')}</h1>;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Title />
    </I18nextProvider>,
  );
  const first = renders;
  // Texts of another language, as a switch loads them before it changes the language.
  await act(async () => {
    i18n.addResourceBundle('de', 'fr-eproject', { 'app.name': 'Lumen Pro DE' }, false, true);
  });
  expect(renders).toBe(first);
  await act(async () => {
    await i18n.changeLanguage('de');
  });
  expect(renders).toBeGreaterThan(first);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lumen Pro DE');
});
