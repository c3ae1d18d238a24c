import type { Lang, ProductSheetPreview } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Button, PageHeader, Select, TextField } from '@lumen/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCollections } from '../../shared/catalogue-calls';
import { saveFile } from '../../shared/save-file';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { BatchRunner } from './tools-batch';
import { downloadSheet, loadSheetPage, loadSheetPreview, loadTechnicalInfo, type SheetSubject } from './tools-calls';
import { CatalogueSelect, useCatalogueParam, useToolLang } from './tools-shared';
import './tools.css';

/** A reference of configuration-domain §5 (international or United States form), as the api checks it. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{2}(\/[A-Za-z0-9]{2}(_[A-Za-z0-9]{2})?)?$/;

function reasonOf(failure: unknown): string {
  const error = (failure as { error?: { ErrorDescription?: unknown } } | undefined)?.error;
  return typeof error?.ErrorDescription === 'string' ? error.ErrorDescription : '';
}

/**
 * /productsheet (issue 32 §6): a model or reference and a language; the preview is the spec sheet
 * maker's own PDF drawn page by page by the api (not a second layout), the PDF is downloaded as it is,
 * and a collection's sheets in every language are made in one batch on the job queue.
 */
export function ProductSheetPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const uiLang = useToolLang();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [model, setModel] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [lang, setLang] = useState<Lang>(uiLang);
  const [subject, setSubject] = useState<SheetSubject | null>(null);
  const [subFamilyId, setSubFamilyId] = useState<string | null>(null);
  const [models] = useRemote(`${catalogId}|${uiLang}`, () => dispatch(loadTechnicalInfo({ catalogId, lang: uiLang })).unwrap());
  const [collections] = useRemote(`${catalogId}|${uiLang}|collections`, () => dispatch(loadCollections({ catalogId, lang: uiLang })).unwrap());
  const referenceInvalid = reference.trim() !== '' && !REFERENCE_PATTERN.test(reference.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!model || referenceInvalid) return;
    setSubject({ catalogId, lang, model, ...(reference.trim() ? { reference: reference.trim() } : {}) });
  };

  return (
    <section className="page tools" aria-labelledby="product-sheet-title">
      <PageHeader titleId="product-sheet-title" title={t('tools.productSheet.title')} lead={t('tools.productSheet.intro')} />
      <form className="tools__form" onSubmit={submit}>
        <CatalogueSelect
          value={catalogId}
          onChange={(id) => {
            setModel(null);
            setSubject(null);
            setCatalogId(id);
          }}
        />
        <Select<string>
          label={t('tools.productSheet.model')}
          name="model"
          isRequired
          isDisabled={models.status !== 'ready'}
          options={models.status === 'ready' ? models.data.rows.map((row) => ({ value: row.model, label: `${row.model} · ${row.description}` })) : []}
          value={model}
          onChange={setModel}
        />
        <TextField
          label={t('tools.productSheet.reference')}
          name="reference"
          description={t('tools.productSheet.referenceHint')}
          value={reference}
          onChange={setReference}
          isInvalid={referenceInvalid}
          errorMessage={t('tools.productSheet.referenceInvalid')}
        />
        <Select<string>
          label={t('tools.productSheet.language')}
          name="language"
          options={LANGS.map((code) => ({ value: code, label: t(`language.${code}`) }))}
          value={lang}
          onChange={(code) => setLang(code as Lang)}
        />
        <Button type="submit" isDisabled={!model}>
          {t('tools.productSheet.show')}
        </Button>
      </form>
      {models.status === 'failed' && <p role="alert">{t('tools.loadFailed')}</p>}
      {subject && <SheetPreview subject={subject} />}

      <section className="tools__section" aria-labelledby="sheet-batch-title">
        <h2 id="sheet-batch-title">{t('tools.productSheet.batchTitle')}</h2>
        <p>{t('tools.productSheet.batchIntro')}</p>
        <Select<string>
          label={t('tools.collection')}
          name="collection"
          isDisabled={collections.status !== 'ready'}
          options={collections.status === 'ready' ? collections.data.map((collection) => ({ value: String(collection.subFamilyId), label: collection.name })) : []}
          value={subFamilyId}
          onChange={setSubFamilyId}
        />
        <BatchRunner
          kind="productSheets"
          startLabel={t('tools.batch.start')}
          isDisabled={subFamilyId === null}
          body={() => (subFamilyId === null ? null : { kind: 'productSheets', catalogId, subFamilyId: Number(subFamilyId) })}
        />
      </section>
    </section>
  );
}

type PreviewState = { status: 'loading' } | { status: 'ready'; data: ProductSheetPreview } | { status: 'failed'; reason: string };

/** The sheet's pages as the api draws them from the PDF, and the PDF itself. */
function SheetPreview({ subject }: { subject: SheetSubject }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const key = `${subject.catalogId}|${subject.lang}|${subject.model}|${subject.reference ?? ''}`;
  const [preview, setPreview] = useState<PreviewState>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPreview({ status: 'loading' });
    setFailure(null);
    dispatch(loadSheetPreview(subject))
      .unwrap()
      .then(
        (data) => live && setPreview({ status: 'ready', data }),
        (error: unknown) => live && setPreview({ status: 'failed', reason: reasonOf(error) }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, subject]);

  const download = async () => {
    if (preview.status !== 'ready') return;
    setSaving(true);
    try {
      saveFile(await dispatch(downloadSheet(subject)).unwrap(), preview.data.fileName);
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="tools__preview" aria-labelledby="sheet-preview-title">
      <h2 id="sheet-preview-title">{t('tools.productSheet.preview')}</h2>
      {preview.status === 'loading' && <p role="status">{t('tools.productSheet.making')}</p>}
      {preview.status === 'failed' && <p role="alert">{t('tools.productSheet.previewFailed', { reason: preview.reason })}</p>}
      {failure !== null && <p role="alert">{t('tools.productSheet.previewFailed', { reason: failure })}</p>}
      {preview.status === 'ready' && (
        <>
          <Button onPress={() => void download()} isLoading={saving}>
            {t('tools.productSheet.download')}
          </Button>
          <div className="tools__pages">
            {Array.from({ length: preview.data.pages }, (_, index) => (
              <SheetPage key={`${key}|${index}`} subject={subject} page={index + 1} pages={preview.data.pages} name={preview.data.fileName} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function SheetPage({ subject, page, pages, name }: { subject: SheetSubject; page: number; pages: number; name: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    dispatch(loadSheetPage({ ...subject, page }))
      .unwrap()
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [dispatch, subject, page]);
  const alt = t('tools.productSheet.page', { page, pages, name });
  return url ? <img className="tools__page" src={url} alt={alt} /> : <div className="tools__page tools__page--loading" role="status" aria-label={alt} />;
}
