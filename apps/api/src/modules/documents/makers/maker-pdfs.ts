/**
 * The PDFs of a configured product (issue 14 §1): spec sheet, creation spec sheet, installation
 * manual and EU energy label, in the document's language, with the look of lib/pdf.
 */
import {
  type CandelaDistribution,
  type CompositionBill,
  ENERGY_CLASSES,
  ENERGY_LABEL_REGULATION,
  type EnergyRating,
  calculateDrivers,
  driverCatalogueNameFor,
  driverPlacementOfControl,
  eprelRegistrationOf,
  formatFeetAndInches,
  formatInchFraction,
  kilogramsToPounds,
  parseReference,
  type Lang,
} from '@lumen/domain';
import type { TechnicalInfo } from '@lumen/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type BrandedPdf, drawTable, PDF_COLORS, PDF_FONTS, type PdfColumn, PDF_SIZES } from '../../../lib/pdf';
import type { Drawing } from './maker-drawing';
import type { Canopy } from './maker-geometry';
import { documentPdf, drawDrawing, drawPolarDiagram, facts, heading, number, SUPPLIER, textsOf, type Texts } from './maker-pdf-parts';
import type { MadeProduct } from './maker-product';

export interface SheetInput {
  product: MadeProduct;
  distribution: CandelaDistribution;
  rating: EnergyRating;
  /** The product's picture, PNG. */
  picture: Buffer;
  /** The dimension drawing (front, side, plan) with its measurements. */
  drawing?: Drawing;
  made: Date;
}

const imperial = (product: MadeProduct) => product.catalogId === 21;
/** US Letter for the United States catalogue, A4 elsewhere. */
const paperOf = (product: MadeProduct): 'A4' | 'LETTER' => (imperial(product) ? 'LETTER' : 'A4');

/** A length given in centimetres, in the catalogue's units. */
function length(product: MadeProduct, cm: number): string {
  return imperial(product) ? formatInchFraction(cm / 2.54) : `${number(cm, product.language)} cm`;
}

function pendantHeightText(product: MadeProduct, cm: number): string {
  if (imperial(product)) return formatFeetAndInches(cm);
  return cm < 100 ? `${number(cm, product.language)} cm` : `${number(cm / 100, product.language, 2)} m`;
}

function configurationRows(product: MadeProduct, t: Texts): Array<[string, string]> {
  return [
    [t('docs.field.reference'), product.reference],
    [t('docs.field.model'), `${product.model} · ${product.info.description}`],
    [t('docs.field.family'), product.info.familyName],
    [t('docs.field.finish'), `${product.finish.description}${product.finish.ral ? ` (${product.finish.ral})` : ''}`],
    [t('docs.field.colourTemperature'), product.temperature.description],
    [t('docs.field.control'), product.control.description],
    [t('docs.field.installation'), product.installation.description],
    ...(product.pendantHeight !== null ? ([[t('docs.field.pendantHeight'), pendantHeightText(product, product.pendantHeight)]] as Array<[string, string]>) : []),
  ];
}

/** The supply a luminaire takes: the mains of its catalogue, or low voltage from its remote driver (control M). */
function supplyText(product: MadeProduct, t: Texts): string {
  if (driverPlacementOfControl(product.control.code) === 'remote') return t('docs.field.remoteSupply');
  return product.catalogId === 21 ? '120 V AC, 60 Hz' : '220–240 V AC, 50/60 Hz';
}

/**
 * The technical table of a manufacturer's sheet (issue 28 §1, §5): flux, the luminaire's input power
 * with its driver and its light source's power, luminaire efficacy (flux / input power) and light
 * source efficacy (flux / light source power) each under its own name, CCT, CRI, SDCM, beam, UGR where
 * it applies, IP, IK, protection class (III with a remote driver: SELV), supply, dimming, driver, rated
 * life, dimensions, weight, certifications; the EU class and EPREL registration where the EU label
 * applies (not in the US catalogue).
 */
function technicalRows(input: SheetInput, t: Texts): Array<[string, string]> {
  const { product, rating } = input;
  const data = product.info.technicalData;
  const lang = product.language;
  const remote = driverPlacementOfControl(product.control.code) === 'remote';
  const weight = imperial(product) ? `${number(kilogramsToPounds(data.netWeight), lang, 2)} lb` : `${number(data.netWeight, lang, 2)} kg`;
  const rows: Array<[string, string] | null> = [
    [t('docs.field.flux'), `${number(data.lumens, lang, 0)} lm`],
    [t('docs.field.inputPower'), `${number(data.consumed_power, lang)} W`],
    [t('docs.field.lightSourcePower'), `${number(data.watts, lang)} W`],
    [t('docs.field.luminaireEfficacy'), `${number(data.lumens / data.consumed_power, lang, 0)} lm/W`],
    [t('docs.field.lightSourceEfficacy'), `${number(data.lumens / data.watts, lang, 0)} lm/W`],
    [t('docs.field.colourTemperature'), `${product.temperature.kelvin} K`],
    [t('docs.field.cri'), `≥ ${data.cri}`],
    data.sdcm !== undefined ? [t('docs.field.sdcm'), `≤ ${data.sdcm} SDCM`] : null,
    [t('docs.field.beamAngle'), `${number(data.beamAngle, lang, 0)}°`],
    data.ugr !== undefined && data.ugr !== null ? [t('docs.field.ugr'), `< ${data.ugr}`] : null,
    [t('docs.field.ip'), data.ipRating],
    data.ikRating !== undefined ? [t('docs.field.ik'), data.ikRating] : null,
    data.protectionClass !== undefined ? [t('docs.field.protectionClass'), t('docs.field.protectionClassValue', { value: remote ? 'III' : data.protectionClass })] : null,
    [t('docs.field.supplyVoltage'), supplyText(product, t)],
    [t('docs.field.dimming'), product.control.description],
    [t('docs.field.driver'), remote ? t('docs.field.driverRemote') : t('docs.field.driverBuiltIn')],
    data.lifetime !== undefined ? [t('docs.field.lifetime'), `${number(data.lifetime.hours, lang, 0)} h L${data.lifetime.lumenMaintenance} B${data.lifetime.failureFraction}`] : null,
    [t('docs.field.dimensions'), `${length(product, data.width)} × ${length(product, data.height)} × ${length(product, data.depth)}`],
    [t('docs.field.weight'), weight],
    data.certifications !== undefined && data.certifications.length > 0 ? [t('docs.field.certifications'), certificationsOf(product, data.certifications).join(', ')] : null,
  ];
  if (product.catalogId === 16) {
    rows.push([t('docs.field.energyClass'), `${rating.energyClass} · ${t('docs.label.efficacy', { value: number(rating.efficacy, lang), kind: t(rating.directional ? 'docs.label.kind.directional' : 'docs.label.kind.nonDirectional') })}`]);
    const registration = eprelRegistrationOf(data.eprel, rating.placement);
    if (registration) rows.push([t('docs.field.eprel'), registration]);
  }
  return rows.filter((row): row is [string, string] => row !== null);
}

/** The marks that apply in the document's catalogue: CE and UKCA in the international one, cULus in the US. */
function certificationsOf(product: MadeProduct, marks: readonly string[]): string[] {
  const us = new Set(['cULus', 'UL', 'ETL']);
  return marks.filter((mark) => (product.catalogId === 21 ? us.has(mark) : !us.has(mark)));
}

function driverLines(product: MadeProduct, t: Texts, lights = 1): string[] {
  if (product.control.code === 'M') return [t('docs.drivers.remote')];
  const result = calculateDrivers({ model: product.model, control: product.control.code, lights });
  const lines = result.drivers[driverCatalogueNameFor(product.catalogId)];
  if (lines.length === 0) return [t('docs.drivers.builtIn')];
  return lines.map((line) => t('docs.drivers.line', { count: line.count, code: line.driverCode }));
}

/** The picture (left) and the polar diagram (right), side by side. */
function pictureAndPolar(pdf: BrandedPdf, input: SheetInput, t: Texts): void {
  const { doc } = pdf;
  const top = doc.y + 4;
  const half = pdf.width / 2 - 8;
  const boxHeight = half * 0.75;
  doc.image(input.picture, pdf.left, top, { fit: [half, boxHeight], align: 'center', valign: 'center' });
  pdf.use('bold', PDF_SIZES.body).text(t('docs.section.photometry'), pdf.left + half + 16, top - 2, { width: half, align: 'center' });
  const polarSize = Math.min(half, boxHeight);
  drawPolarDiagram(pdf, input.distribution, pdf.left + half + 16 + (half - polarSize) / 2, top + 10, polarSize, input.product.language);
  doc.y = top + boxHeight + 14;
  pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(t('docs.polar.caption'), pdf.left + half + 16, doc.y, { width: half, align: 'center' });
  doc.y += 4;
}

/** Spec sheet: `reference` for the configured article; `model` / `umbrella` add what the model is made in. */
export async function specSheetPdf(input: SheetInput, subType: 'reference' | 'model' | 'umbrella'): Promise<Buffer> {
  const { product } = input;
  const t = textsOf(product.language);
  const pdf = documentPdf(product.language, `${t('docs.specSheet.title')} · ${product.model}`, product.info.description, product.reference, input.made, paperOf(product));
  pictureAndPolar(pdf, input, t);
  // Full width, so that no label breaks inside a word (issue 28 §5).
  heading(pdf, t('docs.section.configuration'));
  facts(pdf, configurationRows(product, t));
  heading(pdf, t('docs.section.technical'));
  facts(pdf, technicalRows(input, t));
  heading(pdf, t('docs.section.drivers'));
  for (const line of driverLines(product, t)) pdf.use('regular').text(`• ${line}`, pdf.left, pdf.doc.y, { width: pdf.width });
  if (subType !== 'reference') {
    heading(pdf, t('docs.section.options'));
    const info = product.info;
    facts(pdf, [
      [t('docs.options.finishes'), info.finishes.map((v) => `${v.code} ${v.description}`).join(', ')],
      [t('docs.options.temperatures'), info.temperatures.map((v) => `${v.code} ${v.description}`).join(', ')],
      [t('docs.options.controls'), info.controls.map((v) => `${v.code} ${v.description}`).join(', ')],
      [t('docs.options.installations'), info.installations.map((v) => `${v.code} ${v.description}`).join(', ')],
    ]);
  }
  if (input.drawing) dimensionSection(pdf, input.drawing, t);
  return pdf.finish();
}

/** The dimension drawing with its measurements (front, side and plan views), on a new page when the rest is short. */
function dimensionSection(pdf: BrandedPdf, drawing: Drawing, t: Texts): void {
  if (pdf.bottom() - pdf.doc.y < 300) pdf.doc.addPage();
  heading(pdf, t('docs.section.drawing'));
  const top = pdf.doc.y + 6;
  drawDrawing(pdf, drawing, pdf.left, top, pdf.width, Math.min(pdf.bottom() - top - 4, 420));
}

/**
 * Column shares so that no header breaks inside a word (issue 28 §5): each column is at least as wide
 * as the longest word of its header in the table's bold face; the room is taken from `flexible`.
 */
function fitHeaders<Row>(pdf: BrandedPdf, columns: ReadonlyArray<PdfColumn<Row>>, flexible: number): Array<PdfColumn<Row>> {
  const { doc } = pdf;
  doc.font(PDF_FONTS.bold).fontSize(PDF_SIZES.table);
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * pdf.width);
  const needs = columns.map((column) => Math.max(...column.header.split(/\s+/).map((word) => doc.widthOfString(word))) + 8);
  let extra = 0;
  const fitted = widths.map((width, index) => {
    const need = needs[index] ?? 0;
    if (index === flexible || width >= need) return width;
    extra += need - width;
    return need;
  });
  fitted[flexible] = Math.max(needs[flexible] ?? 0, (fitted[flexible] ?? 0) - extra);
  return columns.map((column, index) => ({ ...column, width: fitted[index] ?? column.width }));
}

/**
 * The umbrella sheet: the family's range (issue 28 §5), distinct from a model's sheet: the picture and
 * polar diagram of the model asked for, every model of the range with its flux, input power, luminaire
 * efficacy, dimensions and protection, and the options the range is made in.
 */
export async function rangeSheetPdf(input: SheetInput & { range: readonly TechnicalInfo[] }): Promise<Buffer> {
  const { product } = input;
  const t = textsOf(product.language);
  const lang = product.language;
  const family = input.range[0]?.familyName ?? product.info.familyName;
  const title = `${t('docs.rangeSheet.title')} · ${family.charAt(0).toUpperCase()}${family.slice(1)}`;
  const pdf = documentPdf(lang, title, t('docs.rangeSheet.subtitle', { count: input.range.length }), `${title} · ${product.catalogId}`, input.made, paperOf(product));
  pictureAndPolar(pdf, input, t);
  heading(pdf, t('docs.section.range'));
  const cm = (value: number) => length(product, value);
  drawTable(
    pdf,
    fitHeaders(pdf, [
      { header: t('docs.field.model'), width: 1, text: (row: TechnicalInfo) => row.model },
      { header: t('docs.field.description'), width: 3.1, text: (row: TechnicalInfo) => row.description },
      { header: t('docs.field.flux'), width: 1.4, align: 'right', text: (row: TechnicalInfo) => `${number(row.technicalData.lumens, lang, 0)} lm` },
      { header: t('docs.field.inputPower'), width: 1.8, align: 'right', text: (row: TechnicalInfo) => `${number(row.technicalData.consumed_power, lang)} W` },
      { header: t('docs.field.luminaireEfficacy'), width: 2.1, align: 'right', text: (row: TechnicalInfo) => `${number(row.technicalData.lumens / row.technicalData.consumed_power, lang, 0)} lm/W` },
      { header: t('docs.field.dimensions'), width: 2.6, text: (row: TechnicalInfo) => `${cm(row.technicalData.width)} × ${cm(row.technicalData.height)} × ${cm(row.technicalData.depth)}` },
      { header: 'IP', width: 0.8, align: 'center', text: (row: TechnicalInfo) => row.technicalData.ipRating },
    ], 1),
    input.range,
    { zebra: true },
  );
  heading(pdf, t('docs.section.options'));
  const union = (pick: (info: TechnicalInfo) => ReadonlyArray<{ code: string; description: string }>) => {
    const seen = new Map<string, string>();
    for (const info of input.range.length > 0 ? input.range : [product.info]) for (const value of pick(info)) if (!seen.has(value.code)) seen.set(value.code, value.description);
    return [...seen].map(([code, description]) => `${code} ${description}`).join(', ');
  };
  facts(pdf, [
    [t('docs.options.finishes'), union((info) => info.finishes)],
    [t('docs.options.temperatures'), union((info) => info.temperatures)],
    [t('docs.options.controls'), union((info) => info.controls)],
    [t('docs.options.installations'), union((info) => info.installations)],
  ]);
  return pdf.finish();
}

interface BillRow {
  reference: string;
  description: string;
  quantity: number;
}

/**
 * The rows of a creation's bill of materials (issue 28 §3): every luminaire, accessory and driver of
 * every composition with its reference, its name in the catalogue (`names`, by reference) and its
 * quantity; a group of lights with a remote driver (control M) and no driver in the catalogue says
 * that one is needed, with the power it must deliver.
 */
export function billRows(compositions: readonly unknown[], t: Texts, lang: Lang, names: ReadonlyMap<string, string> = new Map()): Array<{ title: string; rows: BillRow[]; totals: string }> {
  return compositions.filter(isComposition).map((composition) => {
    // The bill lists each driver among the accessories too; the sheet shows it once, in its electrical group.
    const drivers = new Set(composition.electricalGroups.flatMap((group) => group.drivers.map((driver) => driver.driverCode)));
    const wattsOf = (model: string) => composition.articles.filter((line) => line.model === model).reduce((sum, line) => sum + (Number(line.watts) || 0) * line.quantity, 0);
    return {
      title: t('docs.field.composition', { number: composition.compositionNumber }),
      rows: [
        ...composition.articles.map((line) => ({ reference: line.referenceCode, description: names.get(line.referenceCode.toUpperCase()) ?? line.model, quantity: line.quantity })),
        ...composition.accessories
          .filter((line) => !drivers.has(line.accessoryCode))
          .map((line) => ({ reference: line.accessoryCode, description: names.get(line.accessoryCode.toUpperCase()) ?? t('docs.field.accessory'), quantity: line.quantity })),
        ...composition.electricalGroups.flatMap((group) => {
          if (group.drivers.length === 0 && group.control.toUpperCase() === 'M') {
            return [{ reference: '—', description: t('docs.bom.remoteDriver', { lights: group.lights, model: group.model, watts: number(wattsOf(group.model), lang) }), quantity: 1 }];
          }
          return group.drivers.map((driver) => ({
            reference: driver.driverCode,
            description: names.get(driver.driverCode.toUpperCase()) ?? t('docs.bom.driverFor', { lights: group.lights, model: group.model }),
            quantity: driver.count,
          }));
        }),
      ],
      totals: t('docs.field.totals', { lumens: number(composition.totalLumensLed, lang, 0), watts: number(composition.totalWatts, lang) }),
    };
  });
}

function isComposition(value: unknown): value is CompositionBill {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Partial<CompositionBill>;
  return typeof c.compositionNumber === 'number' && Array.isArray(c.articles) && Array.isArray(c.accessories) && Array.isArray(c.electricalGroups);
}

/** A creation's totals over its compositions: flux, power and luminaires (issue 28 §3). */
export function creationTotals(compositions: readonly unknown[]): { lumens: number; watts: number; luminaires: number } {
  const bills = compositions.filter(isComposition);
  return {
    lumens: bills.reduce((sum, bill) => sum + bill.totalLumensLed, 0),
    watts: Math.round(bills.reduce((sum, bill) => sum + bill.totalWatts, 0) * 10) / 10,
    luminaires: bills.reduce((sum, bill) => sum + bill.articles.reduce((count, line) => count + line.quantity, 0), 0),
  };
}

/** Creation spec sheet: `creation` with the whole composition's totals and bill of materials; `umbrella` without the bill. */
export async function creationSheetPdf(input: SheetInput & { names?: ReadonlyMap<string, string> }, subType: 'creation' | 'umbrella'): Promise<Buffer> {
  const { product } = input;
  const t = textsOf(product.language);
  const lang = product.language;
  const code = product.creation?.code ?? '';
  const compositions = product.creation?.compositions ?? [];
  const pdf = documentPdf(product.language, t('docs.creationSheet.title'), `${code} · ${product.info.description}`, `${code} · ${product.model}`, input.made, paperOf(product));
  pictureAndPolar(pdf, input, t);
  heading(pdf, t('docs.section.configuration'));
  facts(pdf, [[t('docs.field.creationCode'), code], ...configurationRows(product, t).slice(1)]);
  heading(pdf, t('docs.section.technical'));
  // The whole creation's flux, power and efficacy, not one luminaire's; of the luminaire's own rows only
  // those every luminaire of the creation shares (colour, protection, supply, life, marks).
  const totals = creationTotals(compositions);
  const single = new Set(
    ['flux', 'inputPower', 'lightSourcePower', 'luminaireEfficacy', 'lightSourceEfficacy', 'beamAngle', 'ugr', 'driver', 'dimensions', 'weight', 'energyClass', 'eprel'].map((key) => t(`docs.field.${key}`)),
  );
  const totalRows: Array<[string, string]> =
    totals.luminaires > 0
      ? [
          [t('docs.field.totalFlux'), `${number(totals.lumens, lang, 0)} lm`],
          [t('docs.field.totalPower'), `${number(totals.watts, lang)} W`],
          ...(totals.watts > 0 ? ([[t('docs.field.luminaireEfficacy'), `${number(totals.lumens / totals.watts, lang, 0)} lm/W`]] as Array<[string, string]>) : []),
          [t('docs.field.luminaires'), String(totals.luminaires)],
        ]
      : [];
  facts(pdf, [...totalRows, ...technicalRows(input, t).filter(([label]) => !single.has(label))]);
  if (subType === 'creation') {
    heading(pdf, t('docs.section.billOfMaterials'));
    const bills = billRows(compositions, t, product.language, input.names);
    if (bills.length === 0) pdf.use('regular').text(t('docs.bom.empty'), pdf.left, pdf.doc.y, { width: pdf.width });
    for (const bill of bills) {
      pdf.ensureSpace(40);
      pdf.use('bold').text(bill.title, pdf.left, pdf.doc.y + 4, { width: pdf.width });
      pdf.doc.y += 2;
      drawTable(
        pdf,
        fitHeaders(pdf, [
          { header: t('docs.field.reference'), width: 2.6, text: (row: BillRow) => row.reference },
          { header: t('docs.field.description'), width: 5.4, text: (row: BillRow) => row.description },
          { header: t('docs.field.quantity'), width: 1.4, align: 'right', text: (row: BillRow) => String(row.quantity) },
        ], 1),
        bill.rows,
        { zebra: true },
      );
      pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(bill.totals, pdf.left, pdf.doc.y + 2, { width: pdf.width, align: 'right' });
    }
  }
  if (input.drawing) dimensionSection(pdf, input.drawing, t);
  return pdf.finish();
}

/** The cut-outs of the recessed canopies, mm (the geometry's canopies: micro Ø 45, XXS Ø 25). */
const RECESSED_CUTOUT_MM: Readonly<Record<string, number>> = { '31': 45, '32': 25 };

/** The installations and controls a product uses: its own, or for a creation those of every article of its compositions. */
function creationUses(product: MadeProduct): { installations: string[]; controls: string[] } {
  const installations = new Set<string>();
  const controls = new Set<string>();
  for (const composition of product.creation?.compositions ?? []) {
    if (!isComposition(composition)) continue;
    for (const line of composition.articles) {
      try {
        const parsed = parseReference(line.referenceCode);
        if (parsed.installation) installations.add(parsed.installation);
        if (parsed.control) controls.add(parsed.control);
      } catch {
        // a line whose reference does not parse adds nothing
      }
    }
  }
  if (installations.size === 0) installations.add(product.installation.code);
  if (controls.size === 0) controls.add(product.control.code);
  return { installations: [...installations].slice(0, 6), controls: [...controls].slice(0, 5) };
}

/** Installation manual: safety, the steps of the installation and control, and the dimension drawing. */
export async function manualPdf(input: { product: MadeProduct; drawing: Drawing; canopy: Canopy; made: Date }): Promise<Buffer> {
  const { product, canopy } = input;
  const t = textsOf(product.language);
  const pdf = documentPdf(product.language, `${t('docs.manual.title')} · ${product.model}`, product.info.description, product.reference, input.made, paperOf(product));
  facts(pdf, configurationRows(product, t));
  heading(pdf, t('docs.section.steps'));
  const cutoutText = (mm: number | undefined) => (mm !== undefined ? (imperial(product) ? formatInchFraction(mm / 25.4) : `${mm} mm`) : '');
  const cutout = cutoutText(canopy.cutout);
  // A creation's manual has the steps of every installation and control its compositions use (issue 28 §3).
  const used = creationUses(product);
  const installationStep = (code: string) => {
    // A wall light is fixed to its wall, whatever plate it comes with (never a concrete base or a ground spike).
    if (product.info.technicalData.optic === 'wall' && ['00', '50', '51'].includes(code)) return t('docs.manual.step.wall');
    const known = ['00', '10', '31', '32', '18', '20', '50', '51', '60'].includes(code) ? code : '00';
    return t(`docs.manual.step.${known}`, { cutout: code === product.installation.code ? cutout : cutoutText(RECESSED_CUTOUT_MM[code]) });
  };
  const steps = [
    t('docs.manual.safety'),
    t('docs.manual.unpack'),
    ...used.installations.map(installationStep),
    ...(product.pendantHeight !== null ? [t('docs.manual.height', { height: pendantHeightText(product, product.pendantHeight) })] : []),
    ...used.controls.map((code) => t(`docs.manual.connect.${['0', '1', '2', '3', 'M'].includes(code) ? code : '0'}`)),
    // non-dimmable (on/off) controls are not told to check the dimming
    t(used.controls.every((code) => code === '0') ? 'docs.manual.finishOnOff' : 'docs.manual.finish'),
  ];
  steps.forEach((step, index) => {
    pdf.ensureSpace(30);
    const y = pdf.doc.y + 3;
    pdf.doc.circle(pdf.left + 8, y + 5, 8).fill(PDF_COLORS.accent);
    pdf.use('bold', PDF_SIZES.body).text(String(index + 1), pdf.left, y + 1, { width: 16, align: 'center' });
    pdf.use('regular', PDF_SIZES.body).text(step, pdf.left + 24, y, { width: pdf.width - 24 });
    pdf.doc.y += 3;
  });
  heading(pdf, t('docs.section.drawing'));
  if (canopy.diameter > 0) pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(`${t('docs.manual.canopy', { name: product.installation.description })}${cutout ? ` · ${t('docs.manual.cutout', { size: cutout })}` : ''}`, pdf.left, pdf.doc.y, { width: pdf.width });
  const room = pdf.bottom() - pdf.doc.y - 8;
  if (room < 260) pdf.doc.addPage();
  const top = pdf.doc.y + 6;
  drawDrawing(pdf, input.drawing, pdf.left, top, pdf.width, Math.min(pdf.bottom() - top - 4, 480));
  return pdf.finish();
}

const CLASS_COLOURS: Record<(typeof ENERGY_CLASSES)[number], string> = { A: '#00a651', B: '#50b848', C: '#bfd730', D: '#fff200', E: '#fdb913', F: '#f37021', G: '#ed1c24' };

/**
 * The EU 2019/2015 label of the light source (Annex III), on a page of its own size (96 × 192 mm, the
 * 36 × 72 mm label scaled): the energy logo band (the flag and ENERG with its endings in the Union's
 * alphabets: ИЯ, Y, IJA, IE, IA, ΕΙΑ), the supplier's name and the model identifier, the QR code to the
 * product's EPREL public page, the A–G scale with the class arrow, the weighted energy consumption in
 * kWh/1000h and the regulation's number; no other words.
 */
export async function energyLabelPdf(input: { product: MadeProduct; rating: EnergyRating; qrUrl: string; made: Date }): Promise<Buffer> {
  const { product, rating } = input;
  const mm = 72 / 25.4;
  const width = 96 * mm;
  const height = 192 * mm;
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    compress: true,
    lang: product.language === 'us' ? 'en-US' : product.language,
    displayTitle: true,
    font: PDF_FONTS.regular,
    info: { Title: `EU ${ENERGY_LABEL_REGULATION} ${product.reference}`, Author: SUPPLIER, Subject: `EU ${ENERGY_LABEL_REGULATION}`, Creator: 'Lumen Pro', Producer: 'Lumen Pro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const use = (font: 'regular' | 'bold', size: number, color = '#000000') => doc.font(PDF_FONTS[font]).fontSize(size).fillColor(color);
  const x = 0;
  const y = 0;
  doc.rect(1, 1, width - 2, height - 2).lineWidth(0.8).strokeColor('#000000').stroke();
  // The logo band: the EU's blue with the twelve stars, ENERG and its endings in two rows.
  const band = 20 * mm;
  doc.rect(x + 3 * mm, y + 3 * mm, width - 6 * mm, band).fill('#0b4ea2');
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    doc.circle(x + 13 * mm + Math.sin(a) * 6 * mm, y + 3 * mm + band / 2 - Math.cos(a) * 6 * mm, 0.8 * mm).fill('#ffcc00');
  }
  use('bold', 24, '#ffffff').text('ENERG', x + 23 * mm, y + 8.5 * mm, { lineBreak: false });
  const endings = x + 23 * mm + doc.widthOfString('ENERG') + 1.5 * mm;
  use('bold', 9, '#ffffff').text('ИЯ Y IJA', endings, y + 8 * mm, { lineBreak: false });
  use('bold', 9, '#ffffff').text('IE IA ΕΙΑ', endings, y + 13.5 * mm, { lineBreak: false });
  // Supplier's name and model identifier, side by side.
  const infoTop = y + band + 7 * mm;
  use('bold', 12).text(SUPPLIER, x + 5 * mm, infoTop, { width: 40 * mm, lineBreak: false, ellipsis: true });
  use('bold', 11).text(product.reference, x + 46 * mm, infoTop + 0.5, { width: 45 * mm, align: 'right', lineBreak: false, ellipsis: true });
  doc.moveTo(x + 3 * mm, infoTop + 8 * mm).lineTo(x + width - 3 * mm, infoTop + 8 * mm).lineWidth(0.6).strokeColor('#000000').stroke();
  // The QR code to the EPREL public page, at the right of the scale's top.
  const qr = QRCode.create(input.qrUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const qrSize = 26 * mm;
  const cell = qrSize / (modules + 8);
  const qx = x + width - qrSize - 4 * mm;
  const qy = infoTop + 11 * mm;
  doc.rect(qx, qy, qrSize, qrSize).fill('#ffffff');
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (qr.modules.get(row, col)) doc.rect(qx + (col + 4) * cell, qy + (row + 4) * cell, cell + 0.05, cell + 0.05).fill('#000000');
    }
  }
  // The scale A–G and the class arrow.
  const scaleTop = qy + qrSize + 6 * mm;
  const row = 11 * mm;
  ENERGY_CLASSES.forEach((energyClass, i) => {
    const barWidth = (26 + i * 5) * mm;
    const top = scaleTop + i * row;
    const bx = x + 5 * mm;
    doc
      .moveTo(bx, top)
      .lineTo(bx + barWidth, top)
      .lineTo(bx + barWidth + 4.5 * mm, top + (row - 1.8 * mm) / 2)
      .lineTo(bx + barWidth, top + row - 1.8 * mm)
      .lineTo(bx, top + row - 1.8 * mm)
      .closePath()
      .fill(CLASS_COLOURS[energyClass]);
    // white letters outlined in black, as on the regulation's scale
    doc.lineWidth(0.7).strokeColor('#000000');
    use('bold', 17, '#ffffff').text(energyClass, bx + 2.5 * mm, top + 1 * mm, { lineBreak: false, fill: true, stroke: true });
    if (energyClass === rating.energyClass) {
      const ax = x + width - 29 * mm;
      const arrowTop = top - 1 * mm;
      const arrowHeight = row + 0.2 * mm;
      doc
        .moveTo(ax, arrowTop + arrowHeight / 2)
        .lineTo(ax + 7 * mm, arrowTop)
        .lineTo(ax + 25 * mm, arrowTop)
        .lineTo(ax + 25 * mm, arrowTop + arrowHeight)
        .lineTo(ax + 7 * mm, arrowTop + arrowHeight)
        .closePath()
        .fill('#000000');
      use('bold', 26, '#ffffff').text(energyClass, ax + 8 * mm, arrowTop + 0.6 * mm, { width: 15 * mm, align: 'center', lineBreak: false });
    }
  });
  // The weighted energy consumption and the regulation's number.
  const bottom = scaleTop + 7 * row + 4 * mm;
  doc.moveTo(x + 3 * mm, bottom).lineTo(x + width - 3 * mm, bottom).lineWidth(0.6).strokeColor('#000000').stroke();
  use('bold', 34).text(String(rating.kWhPer1000h), x, bottom + 6 * mm, { width: width / 2 + 4 * mm, align: 'right', lineBreak: false });
  use('bold', 12).text('kWh/1000h', x + width / 2 + 6 * mm, bottom + 12.5 * mm, { lineBreak: false });
  use('bold', 9).text(ENERGY_LABEL_REGULATION, x + 4 * mm, height - 9 * mm, { width: width - 8 * mm, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
