/**
 * GLDF 1.0.0-rc.3 container of the configured variant (issue 14 §1): a zip with product.xml at its
 * root and the referenced files in the container's folders (ldc/ photometry, image/ pictures,
 * symbol/ 2D drawings, doc/ the spec sheet). product.xml is written from the format's public XSD:
 * Header, GeneralDefinitions (Files, Photometries, LightSources, Emitters, Geometries with a
 * SimpleGeometry of the luminaire's body and light-emitting surface) and ProductDefinitions
 * (ProductMetaData and one Variant: the configured reference).
 */
import { createHash } from 'node:crypto';
import yazl from 'yazl';
import type { LuminaireGeometry } from './maker-geometry';
import type { MadeProduct } from './maker-product';

export interface GldfFile {
  id: string;
  contentType: 'ldc/eulumdat' | 'ldc/ies' | 'image/png' | 'symbol/svg' | 'symbol/dxf' | 'document/pdf';
  fileName: string;
  body: Buffer;
}

const FOLDER: Record<GldfFile['contentType'], string> = {
  'ldc/eulumdat': 'ldc',
  'ldc/ies': 'ldc',
  'image/png': 'image',
  'symbol/svg': 'symbol',
  'symbol/dxf': 'symbol',
  'document/pdf': 'doc',
};

export function gldfEntryName(file: Pick<GldfFile, 'contentType' | 'fileName'>): string {
  return `${FOLDER[file.contentType]}/${file.fileName}`;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A UUID-shaped id derived from a stable key (the same configuration keeps its product and file ids). */
function stableUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One luminaire type of the product: its photometry (LDT, and the IES beside it), its input power with
 * the driver, its flux and how many of it the product holds. A creation has one per model it contains
 * (issue 28 §3: the composition as one product with its emitters); a luminaire has one.
 */
export interface GldfLuminaireType {
  key: string;
  name: string;
  ldt: GldfFile;
  ies: GldfFile;
  lumens: number;
  inputWatts: number;
  cri: number;
  quantity: number;
  /** The EU energy class of its light source, null where the EU label does not apply. */
  energyClass: string | null;
}

export interface GldfInput {
  product: MadeProduct;
  geometry: LuminaireGeometry;
  /** The luminaire types; absent: the product's own (files.ldt / files.ies, its technical data). */
  types?: readonly GldfLuminaireType[];
  files: {
    ldt: GldfFile;
    ies: GldfFile;
    picture: GldfFile;
    ambient?: GldfFile;
    symbolSvg: GldfFile;
    symbolDxf: GldfFile;
    specSheet?: GldfFile;
  };
  /** Localised names: [language, text]. */
  names: { product: ReadonlyArray<readonly [string, string]>; variant: ReadonlyArray<readonly [string, string]> };
  /** Luminaire efficacy, lm/W: the flux over the input power with the driver. */
  efficacy: number;
  /** The EU energy class of the light source (EU 2019/2015), null where the EU label does not apply. */
  energyClass: string | null;
  made: Date;
}

/** GLDF's xs:language of our languages (us is en-US). */
export function gldfLanguage(lang: string): string {
  return lang === 'us' ? 'en-US' : lang;
}

function locales(values: ReadonlyArray<readonly [string, string]>, indent: string): string {
  return values.map(([language, text]) => `${indent}<Locale language="${xml(language)}">${xml(text)}</Locale>`).join('\n');
}

export function productXml(input: GldfInput): string {
  const { product, geometry, files } = input;
  const data = product.info.technicalData;
  const types: readonly GldfLuminaireType[] = input.types ?? [
    { key: 'luminaire', name: product.model, ldt: files.ldt, ies: files.ies, lumens: data.lumens, inputWatts: data.consumed_power, cri: data.cri, quantity: 1, energyClass: input.energyClass },
  ];
  const typeFiles = input.types ? input.types.flatMap((type) => [type.ldt, type.ies]) : [];
  const all = [...Object.values(files).filter((file): file is GldfFile => file !== undefined && (!input.types || (file !== files.ldt && file !== files.ies))), ...typeFiles];
  const single = types.length === 1 && (types[0]?.quantity ?? 1) === 1;
  const idOf = (prefix: string, index: number) => (single ? prefix : `${prefix}-${index + 1}`);
  const photometries = types
    .map(
      (type, index) => `      <Photometry id="${idOf('photometry', index)}">
        <PhotometryFileReference fileId="${type.ldt.id}"/>
        <DescriptivePhotometry>
          <LuminousEfficacy>${(type.lumens / type.inputWatts).toFixed(1)}</LuminousEfficacy>
        </DescriptivePhotometry>
      </Photometry>`,
    )
    .join('\n');
  const lightSources = types
    .map(
      (type, index) => `      <FixedLightSource id="${idOf('lightSource', index)}">
        <Name>
${locales([[gldfLanguage(product.language), `LED ${product.temperature.kelvin} K · ${type.name}`]], '          ')}
        </Name>
        <RatedInputPower>${type.inputWatts}</RatedInputPower>
${type.energyClass ? `        <EnergyLabels>\n          <EnergyLabel region="EU">${type.energyClass}</EnergyLabel>\n        </EnergyLabels>\n` : ''}        <ColorInformation>
          <ColorRenderingIndex>${type.cri}</ColorRenderingIndex>
          <CorrelatedColorTemperature>${product.temperature.kelvin}</CorrelatedColorTemperature>
        </ColorInformation>
      </FixedLightSource>`,
    )
    .join('\n');
  // one FixedLightEmitter per luminaire the product holds
  const fixedEmitters = types
    .flatMap((type, index) =>
      Array.from(
        { length: Math.max(1, Math.min(type.quantity, 200)) },
        (_, n) => `        <FixedLightEmitter>
${single ? '' : `          <Name>\n${locales([[gldfLanguage(product.language), `${type.name} ${n + 1}/${type.quantity}`]], '            ')}\n          </Name>\n`}          <PhotometryReference photometryId="${idOf('photometry', index)}"/>
          <LightSourceReference fixedLightSourceId="${idOf('lightSource', index)}"/>
          <RatedLuminousFlux>${Math.round(type.lumens)}</RatedLuminousFlux>
        </FixedLightEmitter>`,
      ),
    )
    .join('\n');
  const body = geometry.parts.filter((part) => part.material === 'body');
  const round = body.every((part) => part.kind === 'cylinder');
  const mm = (value: number) => Math.max(1, Math.round(value));
  const emitter = round
    ? `<CircularEmitter>\n            <Diameter>${mm(geometry.width * 0.8)}</Diameter>\n          </CircularEmitter>`
    : `<RectangularEmitter>\n            <Width>${mm(geometry.width * 0.8)}</Width>\n            <Length>${mm(geometry.depth * 0.8)}</Length>\n          </RectangularEmitter>`;
  const shape = round
    ? `<Cylinder>\n            <Diameter>${mm(geometry.width)}</Diameter>\n            <Height>${mm(geometry.height)}</Height>\n          </Cylinder>`
    : `<Cuboid>\n            <Width>${mm(geometry.width)}</Width>\n            <Length>${mm(geometry.depth)}</Length>\n            <Height>${mm(geometry.height)}</Height>\n          </Cuboid>`;
  const key = `${product.catalogId}|${product.reference}|${product.pendantHeight ?? ''}`;
  const language = gldfLanguage(product.language);
  const pictures = [
    `<Image fileId="${files.picture.id}" imageType="Product Picture"/>`,
    ...(files.ambient ? [`<Image fileId="${files.ambient.id}" imageType="Application Picture"/>`] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<Root xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://gldf.io/xsd/gldf/1.0.0-rc.3/gldf.xsd">
  <Header>
    <Manufacturer>Lumen Pro</Manufacturer>
    <FormatVersion major="1" minor="0" pre-release="3"/>
    <CreatedWithApplication>Lumen Pro document makers</CreatedWithApplication>
    <GldfCreationTimeCode>${input.made.toISOString().replace(/\.\d{3}Z$/, 'Z')}</GldfCreationTimeCode>
    <UniqueGldfId>${stableUuid(`gldf|${key}|${product.language}`)}</UniqueGldfId>
    <DefaultLanguage>${xml(language)}</DefaultLanguage>
  </Header>
  <GeneralDefinitions>
    <Files>
${all.map((file) => `      <File id="${file.id}" contentType="${file.contentType}" type="localFileName">${xml(file.fileName)}</File>`).join('\n')}
    </Files>
    <Photometries>
${photometries}
    </Photometries>
    <LightSources>
${lightSources}
    </LightSources>
    <Emitters>
      <Emitter id="emitter">
${fixedEmitters}
      </Emitter>
    </Emitters>
    <Geometries>
      <SimpleGeometry id="geometry">
          ${shape}
          ${emitter}
      </SimpleGeometry>
    </Geometries>
  </GeneralDefinitions>
  <ProductDefinitions>
    <ProductMetaData>
      <UniqueProductId>${stableUuid(`product|${product.catalogId}|${product.model}`)}</UniqueProductId>
      <ProductNumber>
${locales([[language, product.model]], '        ')}
      </ProductNumber>
      <Name>
${locales(input.names.product, '        ')}
      </Name>
      <Pictures>
        ${pictures[0]}
      </Pictures>
    </ProductMetaData>
    <Variants>
      <Variant id="variant">
        <ProductNumber>
${locales([[language, product.reference]], '          ')}
        </ProductNumber>
        <Name>
${locales(input.names.variant, '          ')}
        </Name>
        <Geometry>
          <SimpleGeometryReference geometryId="geometry" emitterId="emitter"/>
        </Geometry>
        <Pictures>
          ${pictures.join('\n          ')}
        </Pictures>
        <Symbol fileId="${files.symbolSvg.id}"/>
      </Variant>
    </Variants>
  </ProductDefinitions>
</Root>
`;
}

/** The .gldf container: product.xml and every referenced file in its folder (deflated zip, fixed dates). */
export async function writeGldf(input: GldfInput): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2020, 0, 1));
  zip.addBuffer(Buffer.from(productXml(input), 'utf8'), 'product.xml', { mtime });
  // every file product.xml names once: the product's own, and each luminaire type's LDT and IES
  const entries = new Map<string, GldfFile>();
  for (const file of [...Object.values(input.files), ...(input.types ?? []).flatMap((type) => [type.ldt, type.ies])]) if (file) entries.set(gldfEntryName(file), file);
  for (const [name, file] of entries) zip.addBuffer(file.body, name, { mtime, compress: file.contentType !== 'image/png' });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
