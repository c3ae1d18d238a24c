import type { CatalogId, Lang, TechnicalInfoRow, TechnicalInfoTable } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import { AppError } from '../../errors';
import { buildWorkbook, type SheetColumn } from '../../lib/spreadsheet';
import type { ProductsService } from '../products/products.service';

export type TechnicalInfoProducts = Pick<ProductsService, 'collections' | 'technicalInfo' | 'attachments'>;

/**
 * /technicalinfo (issue 32 §5): every model of a catalogue with its technical data and attachments,
 * read through the spec's technical-info calls of the products service (by subfamily, attachments),
 * so the table shows exactly what the platform serves. Hidden collections are not in the catalogue
 * the platform serves, so they are not in the table either.
 */
export async function technicalInfoTable(products: TechnicalInfoProducts, catalogId: CatalogId, lang: Lang): Promise<TechnicalInfoTable> {
  const collections = await products.collections(null, { catalogId, lang, images: false });
  const rows: TechnicalInfoRow[] = [];
  for (const collection of [...collections].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))) {
    const infos = await products.technicalInfo(null, { subFamily: collection.subFamilyId, catalog: catalogId, lang });
    for (const info of infos) {
      const attachments = await products.attachments(null, { model: info.model, catalog: catalogId, lang });
      rows.push({ ...info, collectionName: collection.name, attachments });
    }
  }
  return { catalogId, rows };
}

/** The columns of the table and of its spreadsheet, in one place (the web's table shows the same). */
function columns(t: (key: string) => string): SheetColumn<TechnicalInfoRow>[] {
  return [
    { header: t('tools.technicalInfo.column.model'), kind: 'text', width: 10, value: (row) => row.model },
    { header: t('tools.technicalInfo.column.description'), kind: 'text', width: 36, value: (row) => row.description },
    { header: t('tools.technicalInfo.column.collection'), kind: 'text', width: 16, value: (row) => row.collectionName },
    { header: t('tools.technicalInfo.column.lumens'), kind: 'integer', width: 10, value: (row) => row.technicalData.lumens },
    { header: t('tools.technicalInfo.column.watts'), kind: 'number', width: 10, value: (row) => row.technicalData.watts },
    { header: t('tools.technicalInfo.column.efficacy'), kind: 'number', width: 12, value: (row) => efficacy(row) },
    { header: t('tools.technicalInfo.column.cri'), kind: 'integer', width: 8, value: (row) => row.technicalData.cri },
    { header: t('tools.technicalInfo.column.beamAngle'), kind: 'number', width: 10, value: (row) => row.technicalData.beamAngle },
    { header: t('tools.technicalInfo.column.ip'), kind: 'text', width: 8, value: (row) => row.technicalData.ipRating },
    { header: t('tools.technicalInfo.column.energyClass'), kind: 'text', width: 10, value: (row) => row.technicalData.energyClass },
    { header: t('tools.technicalInfo.column.width'), kind: 'number', width: 10, value: (row) => row.technicalData.width },
    { header: t('tools.technicalInfo.column.height'), kind: 'number', width: 10, value: (row) => row.technicalData.height },
    { header: t('tools.technicalInfo.column.depth'), kind: 'number', width: 10, value: (row) => row.technicalData.depth },
    { header: t('tools.technicalInfo.column.weight'), kind: 'number', width: 10, value: (row) => row.technicalData.netWeight },
    { header: t('tools.technicalInfo.column.finishes'), kind: 'text', width: 30, value: (row) => row.finishes.map((finish) => `${finish.code} ${finish.description}`).join(', ') },
    { header: t('tools.technicalInfo.column.attachments'), kind: 'text', width: 40, value: (row) => row.attachments.map((attachment) => attachment.type).join(', ') },
  ];
}

/** Luminaire efficacy, lm/W to one decimal (0 when the model draws no power). */
export function efficacy(row: Pick<TechnicalInfoRow, 'technicalData'>): number {
  const { lumens, watts } = row.technicalData;
  return watts > 0 ? Math.round((lumens / watts) * 10) / 10 : 0;
}

/** The table (every model, or the ones asked for, in the order asked) as an .xlsx file. */
export async function technicalInfoWorkbook(table: TechnicalInfoTable, lang: Lang, models: readonly string[] | undefined): Promise<{ fileName: string; content: Buffer }> {
  const texts = translationsFor('fr-eproject', lang);
  const t = (key: string) => texts[key] ?? key;
  let rows = table.rows;
  if (models && models.length > 0) {
    const byModel = new Map(table.rows.map((row) => [row.model, row]));
    const missing = models.filter((model) => !byModel.has(model));
    if (missing.length > 0) throw new AppError('NOT_FOUND', `No model ${missing.join(', ')} in catalogue ${table.catalogId}`);
    rows = [...new Set(models)].map((model) => byModel.get(model) as TechnicalInfoRow);
  }
  const content = await buildWorkbook({
    creator: 'Lumen Pro',
    title: t('tools.technicalInfo.title'),
    currency: table.catalogId === 21 ? 'USD' : 'EUR',
    sheets: [{ name: t('tools.technicalInfo.title'), heading: [{ label: t('tools.technicalInfo.catalogue'), value: String(table.catalogId) }], columns: columns(t), rows }],
  });
  const suffix = models && models.length > 0 && models.length <= 4 ? `-${[...new Set(models)].join('-')}` : '';
  return { fileName: `technical-info-${table.catalogId}${suffix}.xlsx`, content };
}
