import type { TechnicalInfoRow } from '@lumen/contracts';
import { Button, PageHeader, TextField } from '@lumen/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { saveFile } from '../../shared/save-file';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { exportTechnicalInfo, loadTechnicalInfo } from './tools-calls';
import { CatalogueSelect, useCatalogueParam, useToolLang } from './tools-shared';
import './tools.css';

type Kind = 'text' | 'number';
interface Column {
  key: string;
  kind: Kind;
  value: (row: TechnicalInfoRow) => string | number;
}

/** Lumens per watt to one decimal, as the api's spreadsheet writes it. */
export function efficacyOf(row: Pick<TechnicalInfoRow, 'technicalData'>): number {
  const { lumens, watts } = row.technicalData;
  return watts > 0 ? Math.round((lumens / watts) * 10) / 10 : 0;
}

/** The table's columns (the api's spreadsheet has the same ones, under the same translation keys). */
export const COLUMNS: readonly Column[] = [
  { key: 'model', kind: 'text', value: (row) => row.model },
  { key: 'description', kind: 'text', value: (row) => row.description },
  { key: 'collection', kind: 'text', value: (row) => row.collectionName },
  { key: 'lumens', kind: 'number', value: (row) => row.technicalData.lumens },
  { key: 'watts', kind: 'number', value: (row) => row.technicalData.watts },
  { key: 'efficacy', kind: 'number', value: efficacyOf },
  { key: 'cri', kind: 'number', value: (row) => row.technicalData.cri },
  { key: 'beamAngle', kind: 'number', value: (row) => row.technicalData.beamAngle },
  { key: 'ip', kind: 'text', value: (row) => row.technicalData.ipRating },
  { key: 'energyClass', kind: 'text', value: (row) => row.technicalData.energyClass },
  { key: 'width', kind: 'number', value: (row) => row.technicalData.width },
  { key: 'height', kind: 'number', value: (row) => row.technicalData.height },
  { key: 'depth', kind: 'number', value: (row) => row.technicalData.depth },
  { key: 'weight', kind: 'number', value: (row) => row.technicalData.netWeight },
];

interface Sort {
  key: string;
  direction: 'ascending' | 'descending';
}

/** Rows whose model, description or collection holds every word of the search, sorted by one column. */
export function visibleRows(rows: readonly TechnicalInfoRow[], search: string, sort: Sort): TechnicalInfoRow[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const column = COLUMNS.find((item) => item.key === sort.key) ?? COLUMNS[0];
  const found = rows.filter((row) => {
    const text = `${row.model} ${row.description} ${row.collectionName}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
  if (!column) return found;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...found].sort((a, b) => {
    const [x, y] = [column.value(a), column.value(b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true });
    return sign * order || a.model.localeCompare(b.model);
  });
}

/**
 * /technicalinfo (issue 32 §5): every model's technical data and attachments through the spec's
 * technical-info calls; searchable, sortable by any column, models ticked are compared side by side,
 * and the table or the comparison is exported to a spreadsheet (made by the api).
 */
export function TechnicalInfoPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useToolLang();
  const format = useFormat();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'model', direction: 'ascending' });
  const [compared, setCompared] = useState<string[]>([]);
  const [exporting, setExporting] = useState<'all' | 'compared' | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const [table] = useRemote(`${catalogId}|${lang}`, () => dispatch(loadTechnicalInfo({ catalogId, lang })).unwrap());
  const rows = useMemo(() => (table.status === 'ready' ? visibleRows(table.data.rows, search, sort) : []), [table, search, sort]);
  const comparedRows = table.status === 'ready' ? compared.map((model) => table.data.rows.find((row) => row.model === model)).filter((row): row is TechnicalInfoRow => row !== undefined) : [];

  const show = (column: Column, row: TechnicalInfoRow) => {
    const value = column.value(row);
    return typeof value === 'number' ? format.number(value) : value;
  };
  const toggleSort = (key: string) => setSort((current) => ({ key, direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }));
  const toggleCompared = (model: string) => setCompared((current) => (current.includes(model) ? current.filter((item) => item !== model) : [...current, model]));
  const runExport = async (which: 'all' | 'compared') => {
    setExporting(which);
    setExportFailed(false);
    try {
      const models = which === 'compared' ? compared : undefined;
      const blob = await dispatch(exportTechnicalInfo({ catalogId, lang, ...(models ? { models } : {}) })).unwrap();
      const suffix = models && models.length <= 4 ? `-${models.join('-')}` : '';
      saveFile(blob, `technical-info-${catalogId}${suffix}.xlsx`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  };

  return (
    <section className="page tools" aria-labelledby="technical-info-title">
      <PageHeader titleId="technical-info-title" title={t('tools.technicalInfo.title')} lead={t('tools.technicalInfo.intro')} />
      <div className="tools__bar">
        <CatalogueSelect
          value={catalogId}
          onChange={(id) => {
            setCompared([]);
            setCatalogId(id);
          }}
        />
        <TextField label={t('tools.technicalInfo.search')} name="search" type="search" value={search} onChange={setSearch} />
        <Button variant="secondary" onPress={() => void runExport('all')} isLoading={exporting === 'all'} isDisabled={table.status !== 'ready'}>
          {t('tools.technicalInfo.exportAll')}
        </Button>
      </div>
      {exportFailed && <p role="alert">{t('tools.technicalInfo.exportFailed')}</p>}

      <div className="tools__comparison">
        <h2 id="comparison-title">{t('tools.technicalInfo.comparison')}</h2>
        {comparedRows.length < 2 ? (
          <p>{t('tools.technicalInfo.comparisonHint')}</p>
        ) : (
          <>
            <div className="tools__scroll" tabIndex={0} role="region" aria-labelledby="comparison-title">
              <table className="tools__table tools__table--compare">
                <thead>
                  <tr>
                    <td />
                    {comparedRows.map((row) => (
                      <th key={row.model} scope="col">
                        {row.model}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {COLUMNS.filter((column) => column.key !== 'model').map((column) => {
                    const values = comparedRows.map((row) => show(column, row));
                    const differs = new Set(values).size > 1;
                    return (
                      <tr key={column.key} className={differs ? 'tools__differs' : undefined}>
                        <th scope="row">{t(`tools.technicalInfo.column.${column.key}`)}</th>
                        {values.map((value, index) => (
                          <td key={comparedRows[index]?.model}>{value}</td>
                        ))}
                      </tr>
                    );
                  })}
                  <tr>
                    <th scope="row">{t('tools.technicalInfo.column.finishes')}</th>
                    {comparedRows.map((row) => (
                      <td key={row.model}>{row.finishes.map((finish) => finish.description).join(', ')}</td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
            <div className="tools__actions">
              <Button onPress={() => void runExport('compared')} isLoading={exporting === 'compared'}>
                {t('tools.technicalInfo.exportSelected')}
              </Button>
              <Button variant="ghost" onPress={() => setCompared([])}>
                {t('tools.technicalInfo.clear')}
              </Button>
            </div>
          </>
        )}
      </div>

      {table.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {table.status === 'failed' && <p role="alert">{t('tools.loadFailed')}</p>}
      {table.status === 'ready' && (
        <>
          <p role="status" className="tools__count">
            {t('tools.technicalInfo.count', { count: rows.length })}
          </p>
          {rows.length === 0 ? (
            <p>{t('tools.technicalInfo.none')}</p>
          ) : (
            <div className="tools__scroll" tabIndex={0} role="region" aria-label={t('tools.technicalInfo.table')}>
              <table className="tools__table">
                <thead>
                  <tr>
                    <td />
                    {COLUMNS.map((column) => (
                      <th key={column.key} scope="col" aria-sort={sort.key === column.key ? sort.direction : undefined} className={column.kind === 'number' ? 'tools__number' : undefined}>
                        <button type="button" className="tools__sort" onClick={() => toggleSort(column.key)}>
                          {t(`tools.technicalInfo.column.${column.key}`)}
                          <span aria-hidden="true">{sort.key === column.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                        </button>
                      </th>
                    ))}
                    <th scope="col">{t('tools.technicalInfo.column.attachments')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.model}>
                      <td>
                        <input type="checkbox" checked={compared.includes(row.model)} onChange={() => toggleCompared(row.model)} aria-label={t('tools.technicalInfo.compareModel', { model: row.model })} />
                      </td>
                      {COLUMNS.map((column) => (
                        <td key={column.key} className={column.kind === 'number' ? 'tools__number' : undefined}>
                          {show(column, row)}
                        </td>
                      ))}
                      <td>
                        <span className="tools__attachments">
                          {row.attachments.map((attachment) => (
                            <a key={attachment.type} href={attachment.url} title={attachment.name}>
                              {t(`tools.attachment.${attachment.type}`)}
                            </a>
                          ))}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
