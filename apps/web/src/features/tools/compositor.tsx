import type { CompositorCollection, CompositorPreconfigSaved, JsonObject, Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Button, Select, TextField } from '@lumen/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { loadCompositorCollections, saveCompositorPreconfig } from './tools-calls';
import { CatalogueSelect } from './tools-shared';
import './tools.css';

/**
 * The compositor's own parts (issue 32 §2; apps/web README "The compositor"): the choice of catalogue,
 * collection and application — each application saying whether the flags let the user compose there —
 * and the form that saves the room's composition as a preconfiguration into the catalogue's draft. The
 * room itself is the crea feature's; app/pages/compositor-pages.tsx joins them.
 */

export interface CompositorChoice {
  catalogId: 16 | 21;
  collection: CompositorCollection;
  applicationLocationId: number;
  /** The flags let the user save here (the server decides again on save). */
  allowed: boolean;
}

/** The collection and application pickers; calls `children` with the choice once one is made. */
export function CompositorPicker({
  catalogId,
  onCatalogue,
  lang,
  subFamilyId,
  onCollection,
  applicationLocationId,
  onApplication,
  compact = false,
  children,
}: {
  catalogId: 16 | 21;
  onCatalogue: (id: 16 | 21) => void;
  lang: Lang;
  subFamilyId: number | null;
  onCollection: (subFamilyId: number) => void;
  applicationLocationId: number | null;
  onApplication: (applicationLocationId: number) => void;
  compact?: boolean;
  children: (choice: CompositorChoice | null) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [collections] = useRemote(`compositor/${catalogId}/${lang}`, () => dispatch(loadCompositorCollections({ catalogId, lang })).unwrap());
  const list = collections.status === 'ready' ? collections.data.collections : [];
  const collection = list.find((item) => item.subFamilyId === subFamilyId) ?? null;
  const application = collection?.applications.find((item) => item.applicationLocationId === applicationLocationId) ?? collection?.applications[0] ?? null;
  const choice: CompositorChoice | null = collection && application ? { catalogId, collection, applicationLocationId: application.applicationLocationId, allowed: application.allowed } : null;
  return (
    <>
      <div className={`tools__form compositor__picker${compact ? ' compositor__picker--compact' : ''}`} role="group" aria-label={t('tools.compositor.choice')}>
        <CatalogueSelect value={catalogId} onChange={onCatalogue} />
        <Select<string>
          label={t('tools.collection')}
          name="collection"
          isDisabled={collections.status !== 'ready'}
          options={list.map((item) => ({ value: String(item.subFamilyId), label: item.name }))}
          value={collection ? String(collection.subFamilyId) : null}
          onChange={(value) => onCollection(Number(value))}
        />
        {collection && (
          <Select<string>
            label={t('tools.compositor.application')}
            name="application"
            options={collection.applications.map((item) => ({
              value: String(item.applicationLocationId),
              label: item.allowed ? item.description : t('tools.compositor.applicationOff', { application: item.description }),
            }))}
            value={application ? String(application.applicationLocationId) : null}
            onChange={(value) => onApplication(Number(value))}
          />
        )}
      </div>
      {collections.status === 'failed' && <p role="alert">{t('tools.compositor.loadFailed')}</p>}
      {choice && !choice.allowed && (
        <p role="status" className="tools__note">
          {t('tools.compositor.off', { collection: choice.collection.name })}
        </p>
      )}
      {children(choice)}
    </>
  );
}

type SixTexts = Record<Lang, string>;
const EMPTY: SixTexts = { en: '', us: '', fr: '', de: '', it: '', es: '' };

/** Saves the room's composition as a preconfiguration into the draft of the choice's catalogue. */
export function CompositorSaveForm({ choice, space, valid }: { choice: CompositorChoice; space: JsonObject; valid: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [description, setDescription] = useState<SixTexts>(EMPTY);
  const [visibility, setVisibility] = useState<'website' | 'private'>('private');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ tone: 'ok'; saved: CompositorPreconfigSaved } | { tone: 'error'; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || LANGS.some((lang) => !description[lang].trim())) {
      setResult({ tone: 'error', text: t('tools.compositor.incomplete') });
      return;
    }
    setPending(true);
    setResult(null);
    try {
      const saved = await dispatch(
        saveCompositorPreconfig({ catalogId: choice.catalogId, subFamilyId: choice.collection.subFamilyId, applicationLocationId: choice.applicationLocationId, name: name.trim(), description, visibility, space }),
      ).unwrap();
      setResult({ tone: 'ok', saved });
      setName('');
    } catch (failure) {
      const status = (failure as { error?: { ErrorCode?: number } } | null)?.error?.ErrorCode;
      setResult({ tone: 'error', text: t(status === 403 ? 'tools.compositor.refused' : status === 400 ? 'tools.compositor.invalid' : 'tools.compositor.failed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="card compositor__save" aria-labelledby="compositor-save-title" onSubmit={(event) => void save(event)}>
      <h2 id="compositor-save-title">{t('tools.compositor.saveTitle')}</h2>
      <p className="tools__intro">{t('tools.compositor.saveIntro')}</p>
      <TextField label={t('tools.compositor.name')} name="name" value={name} onChange={setName} isRequired />
      <fieldset className="compositor__texts">
        <legend>{t('tools.compositor.description')}</legend>
        {LANGS.map((lang) => (
          <TextField key={lang} label={t(`language.${lang}`)} name={`description.${lang}`} value={description[lang]} onChange={(text) => setDescription({ ...description, [lang]: text })} isRequired />
        ))}
      </fieldset>
      <Select<string>
        label={t('tools.compositor.visibility')}
        name="visibility"
        options={[
          { value: 'private', label: t('tools.compositor.visibility.private') },
          { value: 'website', label: t('tools.compositor.visibility.website') },
        ]}
        value={visibility}
        onChange={(value) => setVisibility(value === 'website' ? 'website' : 'private')}
      />
      <Button type="submit" isLoading={pending} isDisabled={!valid || !choice.allowed}>
        {t('tools.compositor.save')}
      </Button>
      {!valid && <p className="tools__note">{t('tools.compositor.notValid')}</p>}
      <p role={result?.tone === 'error' ? 'alert' : 'status'}>
        {result?.tone === 'ok' ? t('tools.compositor.saved', { lights: result.saved.lines.reduce((sum, line) => sum + line.quantity, 0) }) : (result?.text ?? '')}
      </p>
    </form>
  );
}
