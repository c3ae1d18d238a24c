import type { Lang } from '@lumen/contracts';
import { COMMON_FRONT_LOADERS } from '@lumen/i18n/common-front-loaders';
import { Button } from '@lumen/ui';
import type { Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NO_CONFIG_AVAILABLE } from '../api';
import { createI18n } from '../i18n/i18n';
import './no-config-page.css';

/**
 * What the page shows instead of the app when `/config.json` cannot be loaded (platform-core §8):
 * without the configuration the web knows no service, so it cannot fetch texts from masters either;
 * the texts come from a chunk bundled with the web, and the spec's own words when even that fails.
 */
export function NoConfigPage() {
  const { t, i18n } = useTranslation();
  if (!i18n.exists('noConfig.title'))
    return (
      <main className="no-config">
        <h1 className="no-config__title">{NO_CONFIG_AVAILABLE}</h1>
      </main>
    );
  return (
    <main className="no-config">
      <h1 className="no-config__title">{t('noConfig.title')}</h1>
      <p>{t('noConfig.hint')}</p>
      <Button onPress={() => window.location.reload()}>{t('noConfig.reload')}</Button>
    </main>
  );
}

export async function renderNoConfig(root: Root, lang: Lang): Promise<void> {
  const i18n = await createI18n(lang);
  try {
    i18n.addResourceBundle(lang, 'common-front', await COMMON_FRONT_LOADERS[lang](), true, true);
  } catch {
    // The bundled texts did not load either: the defaults above stand in.
  }
  document.documentElement.lang = lang === 'us' ? 'en-US' : lang;
  root.render(
    <I18nextProvider i18n={i18n}>
      <NoConfigPage />
    </I18nextProvider>,
  );
}
