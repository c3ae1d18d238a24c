import type { Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Select } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The interface language as a catalogue language (en when the interface is in another). */
export function useToolLang(): Lang {
  const { i18n } = useTranslation();
  return (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : 'en';
}

/** The catalogue a tool shows, kept in the address (`?catalog=21`), so a link or a reload keeps it. */
export function useCatalogueParam(): [16 | 21, (id: 16 | 21) => void] {
  const [params, setParams] = useSearchParams();
  const catalogId = params.get('catalog') === '21' ? 21 : 16;
  return [
    catalogId,
    (id) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('catalog', String(id));
          return next;
        },
        { replace: true },
      ),
  ];
}

export function CatalogueSelect({ value, onChange }: { value: 16 | 21; onChange: (id: 16 | 21) => void }) {
  const { t } = useTranslation();
  return (
    <Select<string>
      label={t('tools.catalogue')}
      name="catalogue"
      options={[16, 21].map((id) => ({ value: String(id), label: t(`projects.catalog.${id}`) }))}
      value={String(value)}
      onChange={(id) => onChange(id === '21' ? 21 : 16)}
    />
  );
}
