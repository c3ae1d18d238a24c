import type { AdminCatalogue, Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Select, TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import type { ActionFailure } from '../../shared/async-action';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadDraftPreview, setDraftPreview } from './product-admin-calls';

/** The three tools' pages, one nav (issue 31). */
export function ProductAdminNav() {
  const { t } = useTranslation();
  return (
    <nav className="product-admin__nav" aria-label={t('productAdmin.nav')}>
      <NavLink to="/product-admin" end>
        {t('productAdmin.nav.catalogue')}
      </NavLink>
      <NavLink to="/product-admin/EditRule">{t('productAdmin.nav.rules')}</NavLink>
      <NavLink to="/product-admin/compose">{t('productAdmin.nav.compose')}</NavLink>
      <PreviewSwitch />
    </nav>
  );
}

/**
 * "Preview the draft" (issue 31 §2): on, this browser's catalogue and configurators show the drafts as
 * they will be after publishing (the api decides, for internal users holding product.admin only).
 */
export function PreviewSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [state] = useRemote('adminPreview', () => dispatch(loadDraftPreview()).unwrap());
  const [on, setOn] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const current = on ?? (state.status === 'ready' ? state.data.on : false);

  async function toggle(next: boolean) {
    setFailed(false);
    const before = current;
    // The switch moves at once; it goes back if the api refuses.
    setOn(next);
    try {
      setOn((await dispatch(setDraftPreview({ on: next })).unwrap()).on);
    } catch {
      setOn(before);
      setFailed(true);
    }
  }

  return (
    <div className="product-admin__preview">
      <label>
        <input type="checkbox" role="switch" checked={current} disabled={state.status !== 'ready'} onChange={(event) => void toggle(event.currentTarget.checked)} aria-describedby="product-admin-preview-help" />
        {t('productAdmin.preview')}
      </label>
      <span id="product-admin-preview-help" className="product-admin__hint">
        {t(current ? 'productAdmin.preview.on' : 'productAdmin.preview.off')}
      </span>
      {failed && <span role="alert">{t('productAdmin.save.failed')}</span>}
    </div>
  );
}

/** The catalogue the tools work on, kept in the address (?catalog=21) so the three pages share it. */
export function useCatalogueParam(): [16 | 21, (id: 16 | 21) => void] {
  const [params, setParams] = useSearchParams();
  const catalogId = params.get('catalog') === '21' ? 21 : 16;
  return [
    catalogId,
    (id) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('catalog', String(id));
        return next;
      }),
  ];
}

export function CatalogueSelect({ catalogues, value, onChange }: { catalogues: readonly AdminCatalogue[]; value: 16 | 21; onChange: (id: 16 | 21) => void }) {
  const { t } = useTranslation();
  return (
    <Select<string>
      label={t('productAdmin.catalogue')}
      name="catalogue"
      options={catalogues.map((catalogue) => ({ value: String(catalogue.id), label: t(`productAdmin.catalogue.${catalogue.id}`) }))}
      value={String(value)}
      onChange={(id) => onChange(id === '21' ? 21 : 16)}
    />
  );
}

export type SixTexts = Record<Lang, string>;
export const EMPTY_TEXTS: SixTexts = { en: '', us: '', fr: '', de: '', it: '', es: '' };

/** Six text fields, one per interface language. */
export function SixTextFields({ label, value, onChange, name }: { label: string; name: string; value: SixTexts; onChange: (value: SixTexts) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="product-admin__texts">
      <legend>{label}</legend>
      {LANGS.map((lang) => (
        <TextField key={lang} label={t(`language.${lang}`)} name={`${name}.${lang}`} value={value[lang]} onChange={(text) => onChange({ ...value, [lang]: text })} isRequired />
      ))}
    </fieldset>
  );
}

/** What the other product manager saved, from a 409 (the api puts it in the first field's message). */
export function conflictOf(failure: unknown): { updatedBy: string; after: unknown } | null {
  const error = (failure as Partial<ActionFailure> | null)?.error;
  if (!error || error.ErrorCode !== 409) return null;
  try {
    const parsed = JSON.parse(error.fields?.[0]?.message ?? '') as { updatedBy?: string; after?: unknown };
    return { updatedBy: parsed.updatedBy ?? '', after: parsed.after ?? null };
  } catch {
    return { updatedBy: '', after: null };
  }
}

/** The problems of a refused publication (400): `productAdmin.problem.{code}|{detail}` per field. */
export function problemsOf(failure: unknown): Array<{ code: string; detail: string; path: string }> {
  const error = (failure as Partial<ActionFailure> | null)?.error;
  if (!error || error.ErrorCode !== 400) return [];
  return (error.fields ?? []).map((field) => {
    const [key = '', detail = ''] = field.message.split('|');
    return { code: key.replace('productAdmin.problem.', ''), detail, path: field.path };
  });
}

/** A drafted or published value as a short text. */
export function useShowValue() {
  const { t, i18n } = useTranslation();
  const lang = (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : 'en';
  return (value: unknown): string => {
    if (value === null || value === undefined) return t('productAdmin.value.none');
    if (typeof value !== 'object') return String(value);
    const record = value as Record<string, unknown>;
    if (typeof record.salePrice === 'string') return record.salePrice;
    if (typeof record.moq === 'number' && Array.isArray(record.leadtime)) {
      const steps = (record.leadtime as Array<{ from: number; weeks: number }>).map((step) => `${step.from}: ${step.weeks}`).join(', ');
      return t('productAdmin.value.terms', { moq: record.moq, leadtime: steps });
    }
    if (typeof record.active === 'boolean') return record.active ? t('productAdmin.value.active') : t('productAdmin.value.retired');
    if (record.name && typeof record.name === 'object') return String((record.name as Record<string, string>)[lang] ?? '');
    if (typeof record.name === 'string') return record.name;
    if (record.reasons && typeof record.reasons === 'object') return String((record.reasons as Record<string, string>)[lang] ?? '');
    return JSON.stringify(value);
  };
}
