/**
 * Each document kind's files for a resolved product: the shared pieces (photometry, energy rating,
 * geometry, picture) are computed once per call and drawn by the makers.
 */
import { candelaDistribution, type CandelaDistribution, compositionDrawing, compositionParts, drawingFamilyOf, type ElementTree, type EnergyRating, eprelPublicUrl, type ModelPart, roomOf, spaceFromJSON, eprelRegistrationOf, modelEnergyRating, opticsOfModel, parseReference, type PhotometricHeader, writeEulumdat, writeIes } from '@lumen/domain';
import { createHash } from 'node:crypto';
import { AppError } from '../../../errors';
import { writeGlb as writeCompositionGlb } from '../../../lib/model-export/model-glb';
import { writeMtl, writeObj as writeCompositionObj, writeStl as writeCompositionStl } from '../../../lib/model-export/model-mesh-files';
import { partMeshes } from '../../../lib/model-export/model-meshes';
import type { DocumentKind, DocumentSubject, MadeFile, MakerDeps } from './index';
import { dimensionDrawing, type Drawing, lengthFormatter, writeDxf, writeSvg } from './maker-drawing';
import { geometryOfPicture, type LuminaireGeometry } from './maker-geometry';
import { gldfLanguage, type GldfLuminaireType, writeGldf } from './maker-gldf';
import { creaCompositionMeshes, finishSurfaceOf, fittedPublishedImage, RENDER_VERSION } from '../../images/images.renders';
import type { PublishedImage } from '../../images/images.service';
import { compositionMeshes } from '../../images/render/render-composition';
import { frameOfMeshes, metresOf, project, projectionFor, renderLuminaireImage } from '../../images/render/render-luminaire';
import type { PictureSubject } from '../../products/products.service';
import { AMBIENT_LUMINAIRE, ambientPng, HD_HEIGHT, HD_WIDTH } from './maker-images-hd';
import { writeGlb, writeObj, writeStl } from './maker-model-3d';
import { textsOf } from './maker-pdf-parts';
import { creationSheetPdf, energyLabelPdf, manualPdf, rangeSheetPdf, specSheetPdf } from './maker-pdfs';
import { type MadeProduct, resolveProduct } from './maker-product';

const PDF = 'application/pdf';

/** A file name from a reference or code: letters, digits, '-' and '_' only (746005/M3_31 → 746005-M3_31). */
export function fileStem(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'document'
  );
}

/**
 * A creation's files are named by the name people use (issue 34 §3: "Wireflow-composition-7-luminaires"),
 * accents dropped; by its code when it has no name or the name has no letter a file name can hold.
 */
export function creationStem(creation: { code: string; name?: string }): string {
  const named = creation.name ? fileStem(creation.name) : 'document';
  return named === 'document' ? fileStem(creation.code) : named;
}

interface Shared {
  product: MadeProduct;
  made: Date;
  distribution(): CandelaDistribution;
  rating(): EnergyRating;
  subject(): Promise<PictureSubject>;
  /** The published studio image of the model in its finish (issue 32 §1), or null. */
  published(): Promise<PublishedImage | null>;
  /** The picture subject of another model in a finish (a creation's luminaires). */
  pictureOf(model: string, finish: string): Promise<PictureSubject | null | undefined>;
  geometry(): Promise<LuminaireGeometry>;
  drawing(): Promise<Drawing>;
}

function shared(product: MadeProduct, deps: MakerDeps): Shared {
  const data = product.info.technicalData;
  let distribution: CandelaDistribution | undefined;
  let subject: Promise<PictureSubject> | undefined;
  let published: Promise<PublishedImage | null> | undefined;
  let geometry: Promise<LuminaireGeometry> | undefined;
  let drawing: Promise<Drawing> | undefined;
  const self: Shared = {
    product,
    made: deps.now?.() ?? new Date(),
    // the luminaire's distribution follows its optic (a wall light's is aimed away from the wall)
    distribution: () => (distribution ??= candelaDistribution({ ...opticsOfModel(data), ...(data.optic ? { optic: data.optic } : {}) })),
    // rated in the chosen control: the driver built in (mains) or remote (control M, non-mains)
    rating: () => modelEnergyRating({ model: product.model, ...data, control: product.control.code }),
    subject: () =>
      (subject ??= deps.products.pictureOf('model', product.model, product.finish.code).then((found) => {
        if (!found) throw new AppError('NOT_FOUND', `No drawing data for model ${product.model}`);
        return found;
      })),
    pictureOf: (model, finish) => deps.products.pictureOf('model', model, finish),
    published: () => (published ??= deps.images.publishedImageOf ? deps.images.publishedImageOf(product.model, product.finish.code) : Promise.resolve(null)),
    geometry: () => (geometry ??= self.subject().then((found) => geometryOfPicture({ picture: found, installation: product.installation.code, pendantHeight: product.pendantHeight }))),
    drawing: () =>
      (drawing ??= self.geometry().then((g) => {
        const t = textsOf(product.language);
        // a creation is drawn whole, in plan and elevation, from the space it was made in (issue 28 §3)
        const whole = product.creation ? creationDrawing(product, t('docs.view.elevation'), t('docs.view.plan')) : null;
        if (whole) return whole;
        return dimensionDrawing(g, {
          front: `${t('docs.view.front')} · ${product.reference}`,
          side: t('docs.view.side'),
          plan: t('docs.view.below'),
          length: lengthFormatter(product.catalogId === 21),
        });
      })),
  };
  return self;
}

const NO_FAMILY = { familyId: 0, subFamily: { id: 0, description: '' }, category: 0 };

/** A creation's space as the domain reads it, or null when it has none or it cannot be read. */
function creationTree(product: MadeProduct): ElementTree | null {
  const space = product.creation?.space;
  if (space === undefined || space === null) return null;
  try {
    return spaceFromJSON(space, NO_FAMILY).tree;
  } catch {
    return null;
  }
}

/** The creation's solids (metres): a drawn family's by its drawing, any other by its elements. */
function creationParts(product: MadeProduct): { parts: ModelPart[]; ceiling: number } | null {
  const tree = creationTree(product);
  if (!tree) return null;
  try {
    return { parts: compositionParts(tree, drawingFamilyOf(product.info.subFamilyId)), ceiling: roomOf(tree).height };
  } catch {
    return null;
  }
}

/** The plan and elevation of a creation with its measurements, or null without a space to draw. */
function creationDrawing(product: MadeProduct, elevation: string, plan: string): Drawing | null {
  const solids = creationParts(product);
  if (!solids) return null;
  return compositionDrawing(solids.parts, solids.ceiling, { elevation, plan, length: lengthFormatter(product.catalogId === 21) });
}

function photometricHeader(s: Shared, fileName: string): PhotometricHeader {
  const { product } = s;
  return headerOf(product.info, product.reference, product.catalogId, product.temperature.kelvin, s.made, fileName);
}

/** The header of a luminaire's photometric files: its reference, name, lamp, input watts with the driver and size. */
function headerOf(info: MadeProduct['info'], reference: string, catalogId: number, kelvin: number, made: Date, fileName: string): PhotometricHeader {
  const data = info.technicalData;
  const mm = (cm: number) => Math.round(cm * 10);
  const length = Math.max(data.width, data.depth);
  const width = Math.min(data.width, data.depth);
  const round = Math.abs(data.width - data.depth) <= 0.1 * Math.max(data.width, data.depth);
  return {
    manufacturer: 'Lumen Pro',
    testLab: 'Lumen Pro photometric model (computed)',
    testNumber: `${reference} C${catalogId}`,
    issueDate: made.toISOString().slice(0, 10),
    catalogueNumber: reference,
    luminaire: `${info.model} ${info.description}`,
    lamp: `LED ${kelvin} K CRI ${data.cri}`,
    colourTemperature: kelvin,
    cri: data.cri,
    // the luminaire's input (circuit) watts with its driver, not the LED's
    watts: data.consumed_power,
    size: { length: mm(length), width: round ? 0 : mm(width), height: mm(data.height) },
    opening: { length: mm(length * 0.8), width: round ? 0 : mm(width * 0.8) },
    fileName,
  };
}

/** Rendered pictures by what they are made from, the last 64: every sheet of a model in a finish reuses one. */
const rendered = new Map<string, Promise<Buffer>>();

/** The documents' pictures: PNG at the asked size and background, in the light's colour temperature when given. */
function pngOutput(options: { width: number; height: number; background: 'studio' | 'transparent'; kelvin?: number }) {
  return { size: { width: options.width, height: options.height }, background: options.background, format: 'png' as const, ...(options.kelvin !== undefined ? { kelvin: options.kelvin } : {}) };
}

/** Keeps a render under its key (the 64 latest; a failed one is dropped so that the next ask renders again). */
function keepRendered(key: string, png: Promise<Buffer>): Promise<Buffer> {
  png.catch(() => rendered.delete(key));
  if (rendered.size >= 64) rendered.delete(rendered.keys().next().value ?? '');
  rendered.set(key, png);
  return png;
}

/**
 * The product's picture rendered from its configured geometry (issue 35 §2: the images module's
 * renderer, the finish's colour and surface), as a PNG of the size asked for.
 */
async function renderedPicture(s: Shared, options: { width: number; height: number; background: 'studio' | 'transparent'; kelvin?: number; hungWhole?: boolean }): Promise<Buffer> {
  // a creation's picture is the composition itself: the solids its plan and elevation are drawn from
  const composition = await compositionPicture(s, options);
  if (composition) return composition;
  const [geometry, subject] = await Promise.all([s.geometry(), s.subject()]);
  // a published studio image (issue 32 §1) is the picture on the studio's sweep; a transparent cut-out (the ambient composite) is still rendered
  const published = options.background === 'studio' ? await s.published() : null;
  const key = JSON.stringify([RENDER_VERSION, subject, s.product.installation.code, s.product.pendantHeight, options, published?.key ?? null]);
  let png = rendered.get(key);
  if (!png && published) {
    png = keepRendered(key, published.png().then((source) => fittedPublishedImage(source, { width: options.width, height: options.height }, 'png')).then((image) => image.data));
  }
  if (!png) {
    // a hung luminaire in a room is seen whole, from its ceiling down, nearly level
    const whole = options.hungWhole && HUNG_SHAPES.has(geometry.shape);
    png = renderLuminaireImage({
      geometry,
      ...(whole ? { frame: metresOf(geometry.bounds), camera: AMBIENT_CAMERA } : {}),
      finish: { colour: subject.colour, surface: finishSurfaceOf(subject.finish) },
      ...pngOutput(options),
    }).then((image) => image.data);
    keepRendered(key, png);
  }
  return png;
}

/** A creation's composition rendered from its space's solids (issue 35 §2), or null when it has no space to render. */
async function compositionPicture(s: Shared, options: { width: number; height: number; background: 'studio' | 'transparent'; kelvin?: number }): Promise<Buffer | null> {
  const { creation } = s.product;
  if (!creation?.space) return null;
  const key = JSON.stringify([RENDER_VERSION, 'creation', createHash('sha256').update(JSON.stringify(creation.space)).digest('base64url'), s.product.info.subFamilyId, options.width, options.height, options.background, options.kelvin]);
  let png = rendered.get(key);
  if (!png) {
    // a crea's luminaires each with its own model's geometry and finish (issue 35 §2); a drawn family's solids, or the elements' boxes
    const tree = drawingFamilyOf(s.product.info.subFamilyId) ? null : creationTree(s.product);
    const crea = tree ? await creaCompositionMeshes(tree, async (model, finish) => (await s.pictureOf(model, finish)) ?? null) : null;
    const solids = crea ? null : creationParts(s.product);
    const meshes = crea ?? (solids ? compositionMeshes(solids.parts) : []);
    if (meshes.length === 0) return null;
    png = renderLuminaireImage({
      meshes,
      frame: frameOfMeshes(meshes.filter((mesh) => mesh.role !== 'mounting')),
      camera: { azimuth: -25, elevation: 16, zoom: 1 },
      finish: { colour: '#9a9a9a', surface: 'lacquer' },
      ...pngOutput(options),
    }).then((image) => image.data);
    keepRendered(key, png);
  }
  return png;
}

const HUNG_SHAPES = new Set(['pendant', 'ceiling', 'track']);
const AMBIENT_CAMERA = { azimuth: -20, elevation: 3, zoom: 1 };

/** Where the ceiling point (the origin) of a hung luminaire lands on its whole-framed ambient picture, as a share of its height. */
function ceilingShare(geometry: LuminaireGeometry): number | undefined {
  if (!HUNG_SHAPES.has(geometry.shape)) return undefined;
  const [width, height] = AMBIENT_LUMINAIRE;
  return project(projectionFor(metresOf(geometry.bounds), AMBIENT_CAMERA, width, height), [0, 0, 0]).y / height;
}
/** The sheets' picture: 720 × 540 on the studio's grey (about 230 dpi where a sheet prints it). */
const pictureForPdf = (s: Shared) => renderedPicture(s, { width: 720, height: 540, background: 'studio' });
/** The GLDF's product picture. */
const pictureForGldf = (s: Shared) => renderedPicture(s, { width: 640, height: 480, background: 'studio' });

/** The luminaire types of a creation: each model of its compositions with how many and one of its references. */
function creationTypes(product: MadeProduct): Array<{ model: string; reference: string; quantity: number }> {
  const types = new Map<string, { model: string; reference: string; quantity: number }>();
  for (const composition of product.creation?.compositions ?? []) {
    const articles = typeof composition === 'object' && composition !== null ? (composition as { articles?: unknown }).articles : undefined;
    for (const line of Array.isArray(articles) ? articles : []) {
      if (typeof line !== 'object' || line === null) continue;
      const { model, referenceCode, quantity } = line as { model?: unknown; referenceCode?: unknown; quantity?: unknown };
      if (typeof model !== 'string' || !/^[A-Z0-9]{4}$/i.test(model) || typeof referenceCode !== 'string') continue;
      const count = typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
      const known = types.get(model.toUpperCase());
      if (known) known.quantity += count;
      else types.set(model.toUpperCase(), { model: model.toUpperCase(), reference: referenceCode.toUpperCase(), quantity: count });
    }
  }
  return [...types.values()].slice(0, 20);
}

/**
 * A creation's photometry (issue 28 §3): the IES and LDT of each luminaire type it contains, and one
 * GLDF with the composition as one product: a photometry and light source per type, one emitter per
 * luminaire.
 */
async function creationPhotometryFiles(s: Shared, deps: MakerDeps): Promise<MadeFile[] | null> {
  const { product } = s;
  const types = creationTypes(product);
  if (types.length === 0 || !product.creation) return null;
  const stem = creationStem(product.creation);
  const made: Array<{ type: GldfLuminaireType; files: MadeFile[] }> = [];
  for (const type of types) {
    const info = type.model === product.model ? product.info : await deps.products.technicalInfoByModel(null, { model: type.model, catalog: product.catalogId, lang: product.language });
    const data = info.technicalData;
    const distribution = candelaDistribution({ ...opticsOfModel(data), ...(data.optic ? { optic: data.optic } : {}) });
    const name = `${stem}-${type.model}`;
    const ies = writeIes(distribution, headerOf(info, type.reference, product.catalogId, product.temperature.kelvin, s.made, `${name}.ies`));
    const ldt = writeEulumdat(distribution, headerOf(info, type.reference, product.catalogId, product.temperature.kelvin, s.made, `${name}.ldt`));
    let control = '0';
    try {
      control = parseReference(type.reference).control ?? '0';
    } catch {
      // a reference the catalogue does not parse: rated with the driver built in
    }
    const energyClass = product.catalogId === 16 ? modelEnergyRating({ model: type.model, ...data, control }).energyClass : null;
    made.push({
      type: {
        key: type.model,
        name: `${type.model} ${info.description}`,
        ldt: { id: `eulumdat-${type.model}`, contentType: 'ldc/eulumdat', fileName: `${name}.ldt`, body: Buffer.from(ldt, 'latin1') },
        ies: { id: `ies-${type.model}`, contentType: 'ldc/ies', fileName: `${name}.ies`, body: Buffer.from(ies, 'latin1') },
        lumens: data.lumens,
        inputWatts: data.consumed_power,
        cri: data.cri,
        quantity: type.quantity,
        energyClass,
      },
      files: [
        { fileName: `${name}.ies`, contentType: 'application/octet-stream', body: Buffer.from(ies, 'latin1') },
        { fileName: `${name}.ldt`, contentType: 'application/octet-stream', body: Buffer.from(ldt, 'latin1') },
      ],
    });
  }
  const [geometry, drawing, picture] = await Promise.all([s.geometry(), s.drawing(), pictureForGldf(s)]);
  const language = gldfLanguage(product.language);
  const first = made[0]?.type;
  if (!first) return null;
  const gldf = await writeGldf({
    product,
    geometry,
    types: made.map((entry) => entry.type),
    files: {
      ldt: first.ldt,
      ies: first.ies,
      picture: { id: 'productPicture', contentType: 'image/png', fileName: `${stem}.png`, body: picture },
      symbolSvg: { id: 'symbolSvg', contentType: 'symbol/svg', fileName: `${stem}.svg`, body: Buffer.from(writeSvg(drawing, product.creation.code), 'utf8') },
      symbolDxf: { id: 'symbolDxf', contentType: 'symbol/dxf', fileName: `${stem}.dxf`, body: Buffer.from(writeDxf(drawing, product.creation.code), 'latin1') },
    },
    names: {
      product: [[language, `${product.info.familyName} ${product.creation.code}`]],
      variant: [[language, `${product.creation.code} · ${made.map((entry) => `${entry.type.quantity} × ${entry.type.name}`).join(' + ')}`]],
    },
    efficacy: made.reduce((sum, entry) => sum + entry.type.lumens * entry.type.quantity, 0) / made.reduce((sum, entry) => sum + entry.type.inputWatts * entry.type.quantity, 0),
    energyClass: null,
    made: s.made,
  });
  return [...made.flatMap((entry) => entry.files), { fileName: `${stem}.gldf`, contentType: 'application/zip', body: gldf }];
}

async function photometryFiles(s: Shared): Promise<MadeFile[]> {
  const { product } = s;
  const stem = fileStem(product.reference);
  const distribution = s.distribution();
  const ies = writeIes(distribution, photometricHeader(s, `${stem}.ies`));
  const ldt = writeEulumdat(distribution, photometricHeader(s, `${stem}.ldt`));
  const [geometry, drawing, picture] = await Promise.all([s.geometry(), s.drawing(), pictureForGldf(s)]);
  const t = textsOf(product.language);
  const language = gldfLanguage(product.language);
  const gldf = await writeGldf({
    product,
    geometry,
    files: {
      ldt: { id: 'eulumdat', contentType: 'ldc/eulumdat', fileName: `${stem}.ldt`, body: Buffer.from(ldt, 'latin1') },
      ies: { id: 'ies', contentType: 'ldc/ies', fileName: `${stem}.ies`, body: Buffer.from(ies, 'latin1') },
      picture: { id: 'productPicture', contentType: 'image/png', fileName: `${stem}.png`, body: picture },
      symbolSvg: { id: 'symbolSvg', contentType: 'symbol/svg', fileName: `${stem}.svg`, body: Buffer.from(writeSvg(drawing, product.reference), 'utf8') },
      symbolDxf: { id: 'symbolDxf', contentType: 'symbol/dxf', fileName: `${stem}.dxf`, body: Buffer.from(writeDxf(drawing, product.reference), 'latin1') },
    },
    names: {
      product: [[language, `${product.info.familyName} ${product.model}`]],
      variant: [[language, `${product.reference} · ${product.finish.description} · ${product.temperature.description} · ${t('docs.field.control')}: ${product.control.description}`]],
    },
    efficacy: product.info.technicalData.lumens / product.info.technicalData.consumed_power,
    energyClass: product.catalogId === 16 ? s.rating().energyClass : null,
    made: s.made,
  });
  return [
    { fileName: `${stem}.ies`, contentType: 'application/octet-stream', body: Buffer.from(ies, 'latin1') },
    { fileName: `${stem}.ldt`, contentType: 'application/octet-stream', body: Buffer.from(ldt, 'latin1') },
    { fileName: `${stem}.gldf`, contentType: 'application/zip', body: gldf },
  ];
}

/** The catalogue's names of every reference a creation's bill lists (luminaires, accessories, drivers), by reference. */
async function creationNames(product: MadeProduct, deps: MakerDeps): Promise<Map<string, string>> {
  const references = new Set<string>();
  for (const composition of product.creation?.compositions ?? []) {
    if (typeof composition !== 'object' || composition === null) continue;
    const bill = composition as { articles?: unknown; accessories?: unknown; electricalGroups?: unknown };
    const codes = (list: unknown, key: string) => (Array.isArray(list) ? list : []).map((line: unknown) => (typeof line === 'object' && line !== null ? (line as Record<string, unknown>)[key] : undefined));
    for (const code of [...codes(bill.articles, 'referenceCode'), ...codes(bill.accessories, 'accessoryCode')]) if (typeof code === 'string' && code.length <= 40) references.add(code.toUpperCase());
    for (const group of Array.isArray(bill.electricalGroups) ? bill.electricalGroups : []) {
      const drivers = typeof group === 'object' && group !== null ? (group as { drivers?: unknown }).drivers : undefined;
      for (const code of codes(drivers, 'driverCode')) if (typeof code === 'string' && code.length <= 40) references.add(code.toUpperCase());
    }
  }
  if (references.size === 0) return new Map();
  const facts = await deps.products.orderFacts(product.catalogId, [...references].slice(0, 500), product.language);
  return new Map([...facts].map(([reference, fact]) => [reference, fact.description]));
}

/** The files of one kind: the product is resolved once through the catalogue, then drawn. */
export async function makeForKind(kind: DocumentKind, subject: DocumentSubject, deps: MakerDeps): Promise<MadeFile[]> {
  const product = await resolveProduct(subject, deps);
  const s = shared(product, deps);
  const lang = product.language;
  const stem = product.creation ? creationStem(product.creation) : fileStem(product.reference);
  switch (kind.type) {
    case 'specSheet': {
      if (kind.subType === 'umbrella') {
        // The family's range, under its own name (issue 28 §5): not the model's sheet again.
        const [picture, range] = await Promise.all([pictureForPdf(s), deps.products.technicalInfo(null, { subFamily: product.info.subFamilyId, catalog: product.catalogId, lang })]);
        const body = await rangeSheetPdf({ product, distribution: s.distribution(), rating: s.rating(), picture, range, made: s.made });
        return [{ fileName: `${fileStem(product.info.familyName)}-range-spec-sheet-${lang}.pdf`, contentType: PDF, body }];
      }
      const subType = kind.subType === 'model' ? 'model' : 'reference';
      const [picture, drawing] = await Promise.all([pictureForPdf(s), s.drawing()]);
      const body = await specSheetPdf({ product, distribution: s.distribution(), rating: s.rating(), picture, drawing, made: s.made }, subType);
      return [{ fileName: `${stem}-spec-sheet-${lang}.pdf`, contentType: PDF, body }];
    }
    case 'creationSpecSheet': {
      if (!product.creation) throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'type', message: 'A creation spec sheet is made for a creation' }]);
      const subType = kind.subType === 'umbrella' ? 'umbrella' : 'creation';
      const [picture, drawing, names] = await Promise.all([pictureForPdf(s), s.drawing(), creationNames(product, deps)]);
      const body = await creationSheetPdf({ product, distribution: s.distribution(), rating: s.rating(), picture, drawing, names, made: s.made }, subType);
      return [{ fileName: `${creationStem(product.creation)}-creation-spec-sheet-${lang}.pdf`, contentType: PDF, body }];
    }
    case 'manual': {
      const [geometry, drawing] = await Promise.all([s.geometry(), s.drawing()]);
      const body = await manualPdf({ product, drawing, canopy: geometry.canopy, made: s.made });
      return [{ fileName: `${product.creation ? creationStem(product.creation) : stem}-installation-manual-${lang}.pdf`, contentType: PDF, body }];
    }
    case 'energyLabel': {
      // The QR code points to the light source's EPREL public page (its registration in the rated placement).
      const rating = s.rating();
      const registration = eprelRegistrationOf(product.info.technicalData.eprel, rating.placement);
      if (!registration) throw new AppError('NOT_FOUND', `Model ${product.model} has no EPREL registration for a ${rating.placement} driver`);
      const body = await energyLabelPdf({ product, rating, qrUrl: eprelPublicUrl(registration), made: s.made });
      return [{ fileName: `${stem}-energy-label-${lang}.pdf`, contentType: PDF, body }];
    }
    case 'photometry':
      return (await creationPhotometryFiles(s, deps)) ?? photometryFiles(s);
    case '2D_3D': {
      // a creation's whole composition in 3D, in its finishes (issue 28 §3–§4), from the space it was made in
      const solids = product.creation ? creationParts(product) : null;
      if (solids && product.creation && solids.parts.length > 0) {
        const code = creationStem(product.creation);
        const meshes = partMeshes(solids.parts);
        const drawing = await s.drawing();
        return [
          { fileName: `${code}.dxf`, contentType: 'application/dxf', body: Buffer.from(writeDxf(drawing, product.creation.code), 'latin1') },
          { fileName: `${code}.svg`, contentType: 'image/svg+xml', body: Buffer.from(writeSvg(drawing, product.creation.code), 'utf8') },
          { fileName: `${code}.glb`, contentType: 'model/gltf-binary', body: await writeCompositionGlb(meshes, product.creation.code) },
          { fileName: `${code}.obj`, contentType: 'model/obj', body: writeCompositionObj(meshes, product.creation.code, `${code}.mtl`) },
          { fileName: `${code}.mtl`, contentType: 'model/mtl', body: writeMtl(meshes) },
          { fileName: `${code}.stl`, contentType: 'model/stl', body: writeCompositionStl(meshes) },
        ];
      }
      const [geometry, drawing] = await Promise.all([s.geometry(), s.drawing()]);
      const appearance = { finish: product.finish.colour, kelvin: product.temperature.kelvin };
      const { obj, mtl } = writeObj(geometry, appearance, product.reference, `${stem}.mtl`);
      return [
        { fileName: `${stem}.dxf`, contentType: 'application/dxf', body: Buffer.from(writeDxf(drawing, product.reference), 'latin1') },
        { fileName: `${stem}.svg`, contentType: 'image/svg+xml', body: Buffer.from(writeSvg(drawing, product.reference), 'utf8') },
        { fileName: `${stem}.glb`, contentType: 'model/gltf-binary', body: writeGlb(geometry, appearance, product.reference) },
        { fileName: `${stem}.obj`, contentType: 'model/obj', body: Buffer.from(obj, 'utf8') },
        { fileName: `${stem}.mtl`, contentType: 'model/mtl', body: Buffer.from(mtl, 'utf8') },
        { fileName: `${stem}.stl`, contentType: 'model/stl', body: writeStl(geometry, product.reference) },
      ];
    }
    case 'imagesHD': {
      // rendered from the one geometry (issue 35 §2, issue 28 §4): alone on the studio's grey, or placed in a room
      const kelvin = product.temperature.kelvin;
      if (kind.subType === 'ambient') {
        const [subject, geometry] = await Promise.all([s.subject(), s.geometry()]);
        const luminaire = await renderedPicture(s, { width: AMBIENT_LUMINAIRE[0], height: AMBIENT_LUMINAIRE[1], background: 'transparent', kelvin, hungWhole: true });
        const ceiling = ceilingShare(geometry);
        return [{ fileName: `${stem}-ambient.png`, contentType: 'image/png', body: ambientPng({ png: luminaire, ...(ceiling !== undefined ? { ceiling } : {}) }, geometry.shape, kelvin, subject.applicationId === 2) }];
      }
      return [{ fileName: `${stem}-product.png`, contentType: 'image/png', body: await renderedPicture(s, { width: HD_WIDTH, height: HD_HEIGHT, background: 'studio', kelvin }) }];
    }
  }
}
