import { Button } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../shared/error-message';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { downloadExport, exportFileName, type ExportFormat, type ExportSource } from './drawing-share-calls';

/** The 3D files and the plan files, in the order the panel offers them. */
export const MODEL_FORMATS: readonly ExportFormat[] = ['glb', 'obj', 'stl'];
export const PLAN_FORMATS: readonly ExportFormat[] = ['dxf', 'svg'];

export interface ExportPanelProps {
  source: ExportSource;
  /** What the files are named after (the creation's code, the snapshot's id…). */
  name: string;
  isDisabled?: boolean;
  /** Told once a file was handed to the browser (the export frame tells its host). */
  onExported?: (format: ExportFormat) => void;
}

type Outcome = { format: ExportFormat; ok: true; fileName: string } | { format: ExportFormat; ok: false; message: string } | null;

/**
 * The export of a configured drawing (issue 16 §4): its 3D model as glTF binary, OBJ or STL and its
 * plan as DXF or SVG, each made by the api from the same engine's parts and saved under a name of the
 * product. One download at a time; a failure says so beside the buttons.
 */
export function ExportPanel({ source, name, isDisabled, onExported }: ExportPanelProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function download(format: ExportFormat) {
    setPending(format);
    setOutcome(null);
    const fileName = exportFileName(name, format);
    const result = await dispatch(downloadExport({ source, format, lang, fileName }));
    setPending(null);
    if (downloadExport.fulfilled.match(result)) {
      setOutcome({ format, ok: true, fileName });
      onExported?.(format);
    } else {
      setOutcome({ format, ok: false, message: failureMessage(result.payload) });
    }
  }

  const group = (title: string, formats: readonly ExportFormat[]) => (
    <div className="drawing-export__group" role="group" aria-label={title}>
      <h3>{title}</h3>
      <div className="drawing-export__buttons">
        {formats.map((format) => (
          <Button key={format} variant="secondary" onPress={() => void download(format)} isLoading={pending === format} isDisabled={isDisabled || (pending !== null && pending !== format)}>
            {t(`drawingShare.export.format.${format}`)}
          </Button>
        ))}
      </div>
    </div>
  );

  return (
    <section className="card drawing-export" aria-labelledby="drawing-export-title">
      <h2 id="drawing-export-title">{t('drawingShare.export.title')}</h2>
      <p>{t('drawingShare.export.intro')}</p>
      {group(t('drawingShare.export.model'), MODEL_FORMATS)}
      {group(t('drawingShare.export.plan'), PLAN_FORMATS)}
      <p role="status" className="drawing-export__status">
        {outcome?.ok ? t('drawingShare.export.done', { file: outcome.fileName }) : ''}
      </p>
      {outcome && !outcome.ok && (
        <p role="alert" className="drawing-export__error">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
