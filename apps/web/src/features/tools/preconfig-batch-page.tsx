import type { ToolBatchKind } from '@lumen/contracts';
import { PageHeader, Select } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCollections } from '../../shared/catalogue-calls';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { BatchRunner } from './tools-batch';
import { CatalogueSelect, useCatalogueParam, useToolLang } from './tools-shared';
import './tools.css';

const ALL = 'all';
const TEXTS = {
  preconfigPreviews: { title: 'tools.previews.title', intro: 'tools.previews.intro' },
  preconfigPdfs: { title: 'tools.pdfs.title', intro: 'tools.pdfs.intro' },
} as const;

/**
 * /compositor/generatePreviews and /compositor/generatePdf (issue 32 §3): preview images or PDF spec
 * sheets of every preconfiguration of a catalogue (or of one collection), as one job on the shared
 * queue with live progress, cancel and the results with each failure's reason.
 */
export function PreconfigBatchPage({ kind }: { kind: Exclude<ToolBatchKind, 'productSheets'> }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useToolLang();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [subFamilyId, setSubFamilyId] = useState<string>(ALL);
  const [collections] = useRemote(`${catalogId}|${lang}`, () => dispatch(loadCollections({ catalogId, lang })).unwrap());
  const texts = TEXTS[kind];
  return (
    <section className="page tools" aria-labelledby="preconfig-batch-title">
      <PageHeader titleId="preconfig-batch-title" title={t(texts.title)} lead={t(texts.intro)} />
      <div className="tools__bar">
        <CatalogueSelect
          value={catalogId}
          onChange={(id) => {
            setSubFamilyId(ALL);
            setCatalogId(id);
          }}
        />
        <Select<string>
          label={t('tools.collection')}
          name="collection"
          isDisabled={collections.status !== 'ready'}
          options={[{ value: ALL, label: t('tools.allCollections') }, ...(collections.status === 'ready' ? collections.data.map((collection) => ({ value: String(collection.subFamilyId), label: collection.name })) : [])]}
          value={subFamilyId}
          onChange={setSubFamilyId}
        />
      </div>
      <BatchRunner kind={kind} startLabel={t('tools.batch.start')} body={() => ({ kind, catalogId, ...(subFamilyId === ALL ? {} : { subFamilyId: Number(subFamilyId) }) })} />
    </section>
  );
}

export function GeneratePreviewsPage() {
  return <PreconfigBatchPage kind="preconfigPreviews" />;
}

export function GeneratePdfPage() {
  return <PreconfigBatchPage kind="preconfigPdfs" />;
}
