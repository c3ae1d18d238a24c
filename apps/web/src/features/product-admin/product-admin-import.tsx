import { type AdminCatalogue, PRICE_SHEET_MAX_BYTES, type PriceImportResult } from '@lumen/contracts';
import { Button, FileDropZone } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/store';
import { importPriceSheet } from './product-admin-calls';

/** The file as base64, the way the import call carries it. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * Prices from a spreadsheet (issue 31 §2): an .xlsx file (A reference, B rate, C price, titles in row
 * 1) is read by the api, which answers every change against the draft and every wrong cell by row and
 * column; the changes go into the draft only when the sheet has no wrong row, all in one step.
 */
export function PriceImport({ catalogue, onChanged }: { catalogue: AdminCatalogue; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [result, setResult] = useState<PriceImportResult | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(content: string, apply: boolean) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await dispatch(importPriceSheet({ catalogId: catalogue.id, body: { file: content, apply } })).unwrap();
      setResult(answer);
      if (apply && answer.applied) {
        setNotice({ tone: 'ok', text: t('productAdmin.import.applied', { count: answer.changes.length }) });
        setFile(null);
        setResult(null);
        onChanged();
      }
    } catch {
      setResult(null);
      setNotice({ tone: 'error', text: t('productAdmin.import.unreadable') });
    } finally {
      setBusy(false);
    }
  }

  async function choose(files: File[]) {
    const [chosen] = files;
    if (!chosen) return;
    if (chosen.size > PRICE_SHEET_MAX_BYTES || !chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setResult(null);
      setNotice({ tone: 'error', text: t('productAdmin.import.unreadable') });
      return;
    }
    const content = await base64Of(chosen);
    setFile({ name: chosen.name, content });
    await send(content, false);
  }

  return (
    <section className="card product-admin__import" aria-labelledby="product-admin-import">
      <h3 id="product-admin-import">{t('productAdmin.import.title')}</h3>
      <p>{t('productAdmin.import.help')}</p>
      <FileDropZone label={t('productAdmin.import.title')} buttonLabel={t('productAdmin.import.choose')} acceptedFileTypes={['.xlsx']} allowsMultiple={false} onFiles={(files) => void choose(files)} isDisabled={busy} />
      {file && result && (
        <div className="product-admin__import-result">
          <p role="status">{t('productAdmin.import.summary', { name: file.name, rows: result.rows, changes: result.changes.length, unchanged: result.unchanged, errors: result.errors.length })}</p>
          {result.errors.length > 0 && (
            <table className="product-admin__table">
              <caption>{t('productAdmin.import.errors')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('productAdmin.import.row')}</th>
                  <th scope="col">{t('productAdmin.import.column')}</th>
                  <th scope="col">{t('productAdmin.import.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((error) => (
                  <tr key={`${error.row}:${error.column}:${error.code}`}>
                    <td>{error.row}</td>
                    <td data-label={t('productAdmin.import.column')}>{error.column}</td>
                    <td data-label={t('productAdmin.import.problem')}>{t(`productAdmin.import.error.${error.code}`, { value: error.value })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {result.changes.length > 0 && (
            <table className="product-admin__table">
              <caption>{t('productAdmin.import.changes')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('productAdmin.import.row')}</th>
                  <th scope="col">{t('productAdmin.import.reference')}</th>
                  <th scope="col">{t('productAdmin.bulk.rate')}</th>
                  <th scope="col">{t('productAdmin.draft.before')}</th>
                  <th scope="col">{t('productAdmin.draft.after')}</th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((change) => (
                  <tr key={change.key}>
                    <td>{change.row}</td>
                    <td data-label={t('productAdmin.import.reference')}>{change.reference}</td>
                    <td data-label={t('productAdmin.bulk.rate')}>{catalogue.rates.find((rate) => rate.id === change.rateId)?.name ?? change.rateId}</td>
                    <td data-label={t('productAdmin.draft.before')}>{change.before ?? t('productAdmin.value.none')}</td>
                    <td data-label={t('productAdmin.draft.after')}>{change.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Button onPress={() => void send(file.content, true)} isDisabled={busy || result.errors.length > 0 || result.changes.length === 0}>
            {t('productAdmin.import.apply', { count: result.changes.length })}
          </Button>
        </div>
      )}
      {notice && <p role={notice.tone === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
    </section>
  );
}
