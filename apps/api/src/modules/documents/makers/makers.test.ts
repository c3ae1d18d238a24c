/**
 * The document makers, each file read back by an independent reader (issue 14 §1): qpdf, pdftotext,
 * pdffonts and pdftoppm + jsQR for PDFs; three's IESLoader and an EULUMDAT reader written from the
 * format for photometry; python's zipfile and xmllint for GLDF; dxf-parser and xmllint for 2D;
 * three's GLTFLoader and OBJLoader for 3D; pngjs for the HD images.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawingToSpace, finishColour, modelEnergyRating } from '@lumen/domain';
import DxfParser from 'dxf-parser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { Box3, FloatType, type Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { IESLoader } from 'three/examples/jsm/loaders/IESLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFonts, pdfText, qpdfCheck } from '../../../../test/document-readers';
import { createTestDatabase, describeOnOneDb } from '../../../../test/test-db';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/client';
import { isAppError } from '../../../errors';
import type { FlagsService } from '../../flags/flags.service';
import { createImagesService } from '../../images/images.service';
import { createProductsService } from '../../products/products.service';
import { type DocumentKind, type DocumentSubject, documentCacheKey, type MadeFile, type MakerDeps, makeDocuments } from './index';

const work = mkdtempSync(join(tmpdir(), 'lumen-makers-'));
function onDisk(name: string, body: Buffer | string): string {
  const path = join(work, name);
  writeFileSync(path, body);
  return path;
}
const xmllint = (path: string) => execFileSync('xmllint', ['--noout', path], { encoding: 'utf8' });
/** poppler's laid-out text, whitespace folded (a label and its value on one line read 'label value'). */
const flatText = (pdf: Buffer) => pdfText(pdf).replace(/[ \u202f\u00a0]+/g, ' ');

/** A small EULUMDAT reader written from the format description (one field a line). */
function readLdt(text: string) {
  const lines = text.split(/\r?\n/);
  const num = (n: number) => Number((lines[n - 1] ?? '').trim());
  const isym = num(3);
  const nc = num(4);
  const ng = num(6);
  const sets = num(26);
  const lampFlux = Array.from({ length: sets }, (_, i) => num(29 + i * 6)).reduce((a, b) => a + b, 0);
  let cursor = 27 + 6 * sets + 10;
  const gammas = Array.from({ length: ng }, (_, i) => num(cursor + nc + i));
  cursor += nc + ng;
  const planes = isym === 1 ? 1 : isym === 4 ? nc / 4 + 1 : isym === 0 ? nc : nc / 2 + 1;
  const rows = Array.from({ length: planes }, (_, p) => Array.from({ length: ng }, (_, i) => num(cursor + p * ng + i)));
  const zonal = (row: number[]) => row.slice(0, -1).reduce((sum, value, i) => sum + ((value + (row[i + 1] ?? 0)) / 2) * 2 * Math.PI * (Math.cos(((gammas[i] ?? 0) * Math.PI) / 180) - Math.cos(((gammas[i + 1] ?? 0) * Math.PI) / 180)), 0);
  const weights = rows.length === 1 ? [1] : rows.map((_, i) => (i === 0 || i === rows.length - 1 ? 0.5 : 1) / (rows.length - 1));
  const flux = (rows.reduce((sum, row, i) => sum + zonal(row) * (weights[i] ?? 0), 0) * lampFlux * num(24)) / 1000;
  return { company: lines[0], ityp: num(2), isym, nc, ng, dc: num(5), dg: num(7), lampFlux, flux };
}

// Once, on the run's database (it was skipped on every run with PostgreSQL: pglite only, and not an engine file).
describeOnOneDb('document makers (issue 14 §1)', () => {
  let database: Database;
  let deps: MakerDeps;
  const made = new Map<string, MadeFile[]>();
  const make = async (kind: DocumentKind, subject: DocumentSubject) => {
    const key = JSON.stringify([kind, subject]);
    const known = made.get(key);
    if (known) return known;
    const files = await makeDocuments(kind, subject, deps);
    made.set(key, files);
    // MAKERS_OUT=dir keeps every made file for a look (screenshots, DIALux, a CAD viewer).
    const out = process.env.MAKERS_OUT;
    if (out) for (const file of files) writeFileSync(join(out, file.fileName), file.body);
    return files;
  };
  const fileOf = (files: MadeFile[], extension: string) => {
    const file = files.find((candidate) => candidate.fileName.endsWith(extension));
    if (!file) throw new Error(`no ${extension} in ${files.map((f) => f.fileName).join(', ')}`);
    return file;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const ctx = { db: database.db, database, changes: { version: () => 0 } } as Pick<AppContext, 'db' | 'database'> as AppContext;
    // The makers read technical data and pictures only; no call of theirs reads a flag.
    const products = createProductsService(ctx, () => {
      throw new Error('no logging expected');
    }, { flags: {} as FlagsService });
    deps = { products, images: createImagesService({ products }), now: () => new Date('2026-11-24T10:00:00Z'), productPageUrl: (model) => `https://lumen.pro/model/${model}` };
  });
  afterAll(async () => {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const sticks: DocumentSubject = { catalogId: 16, language: 'fr', product: { reference: '746005/M3_31' } };

  describe('bad input', () => {
    const failure = async (kind: DocumentKind, subject: DocumentSubject) => {
      try {
        await makeDocuments(kind, subject, deps);
      } catch (error) {
        if (isAppError(error)) return { status: error.status, fields: error.fields?.map((f) => f.path) ?? [] };
        throw error;
      }
      throw new Error('expected a refusal');
    };
    it('refuses unknown types, subtypes, languages and catalogues on the field at fault', async () => {
      expect(await failure({ type: 'brochure' as never }, sticks)).toEqual({ status: 400, fields: ['type'] });
      expect(await failure({ type: 'specSheet', subType: 'creation' }, sticks)).toEqual({ status: 400, fields: ['subType'] });
      expect(await failure({ type: 'specSheet' }, { ...sticks, language: 'pt' as never })).toEqual({ status: 400, fields: ['lang'] });
      expect(await failure({ type: 'specSheet' }, { ...sticks, catalogId: 99 as never })).toEqual({ status: 400, fields: ['catalogId'] });
    });
    it('refuses unknown models, malformed references and values the model is not made in', async () => {
      expect(await failure({ type: 'photometry' }, { catalogId: 16, language: 'en', product: { model: '9999' } })).toMatchObject({ status: 404 });
      expect(await failure({ type: 'photometry' }, { catalogId: 16, language: 'en', product: { reference: 'nonsense' } })).toEqual({ status: 400, fields: ['reference'] });
      expect(await failure({ type: 'photometry' }, { catalogId: 16, language: 'en', product: { model: '7460', attributes: { finish: 'ZZ' } } })).toEqual({ status: 400, fields: ['finish'] });
      expect(await failure({ type: 'photometry' }, { catalogId: 21, language: 'en', product: { reference: '746005/M3_31' } })).toEqual({ status: 400, fields: ['reference'] });
      expect(await failure({ type: 'photometry' }, { catalogId: 16, language: 'en', product: { model: '7460', attributes: { pendantHeight: 5000 } } })).toEqual({ status: 400, fields: ['pendantHeight'] });
    });
    it('has no energy label for a creation (spec §9)', async () => {
      expect(await failure({ type: 'energyLabel' }, { catalogId: 16, language: 'en', creation: { code: 'CR-000001', model: '5770', compositions: [] } })).toEqual({ status: 400, fields: ['type'] });
    });
    it('has no EU energy label in the US catalogue 21 (issue 28 §5)', async () => {
      expect(await failure({ type: 'energyLabel' }, { catalogId: 21, language: 'us', product: { model: '5520' } })).toEqual({ status: 400, fields: ['type'] });
    });
  });

  it('keys the cache by everything a file depends on', () => {
    const key = documentCacheKey({ type: 'specSheet', subType: 'reference' }, sticks, 'v1');
    expect(documentCacheKey({ type: 'specSheet', subType: 'reference' }, { ...sticks }, 'v1')).toBe(key);
    expect(documentCacheKey({ type: 'specSheet', subType: 'reference' }, { ...sticks, language: 'de' }, 'v1')).not.toBe(key);
    expect(documentCacheKey({ type: 'specSheet', subType: 'model' }, sticks, 'v1')).not.toBe(key);
    expect(documentCacheKey({ type: 'specSheet', subType: 'reference' }, sticks, 'v2')).not.toBe(key);
    expect(documentCacheKey({ type: 'specSheet', subType: 'reference' }, { ...sticks, product: { reference: '746005/M3_32' } }, 'v1')).not.toBe(key);
  });

  describe('photometry', () => {
    for (const [model, attributes] of [
      ['7460', {}],
      ['2355', {}],
      ['0345', {}],
      ['4520', {}],
      ['0820', {}],
    ] as const) {
      it(`writes IES and LDT that independent readers open with the same flux, and a GLDF (${model})`, async () => {
        const files = await make({ type: 'photometry' }, { catalogId: 16, language: 'de', product: { model, attributes } });
        expect(files.map((f) => f.fileName.split('.').pop())).toEqual(['ies', 'ldt', 'gldf']);
        const ies = fileOf(files, '.ies').body.toString('latin1');
        expect(ies.startsWith('IESNA:LM-63-2019\r\n')).toBe(true);
        for (const keyword of ['[TEST]', '[TESTLAB]', '[ISSUEDATE] 2026-11-24', '[MANUFAC] Lumen Pro']) expect(ies).toContain(keyword);
        expect(ies).toContain('\r\nTILT=NONE\r\n');
        const loader = new IESLoader();
        (loader as IESLoader & { type: number }).type = FloatType;
        const texture = loader.parse(ies);
        const data = texture.image.data as Float32Array;
        expect(Math.max(...data)).toBeCloseTo(1, 3);
        const ldt = readLdt(fileOf(files, '.ldt').body.toString('latin1'));
        expect(ldt.company).toBe('Lumen Pro');
        expect(ldt.nc * ldt.dc).toBe(360);
        expect(ldt.ng).toBe(180 / ldt.dg + 1);
        const lumens = (await deps.products.technicalInfoByModel(null, { model, catalog: 16 })).technicalData.lumens;
        expect(ldt.lampFlux).toBe(lumens);
        // issue 28 §1, §2: the luminaire's input watts with its driver, the optic's symmetry, no character lost
        const technical = (await deps.products.technicalInfoByModel(null, { model, catalog: 16 })).technicalData;
        expect(Number(ies.split('\r\n').find((line) => line.startsWith('1 1.00010 '))?.split(' ')[2])).toBe(technical.consumed_power);
        expect(ldt.isym).toBe(technical.optic === 'wall' ? 2 : technical.optic === 'linear' ? 4 : 1);
        expect(ies).not.toContain('?');
        expect(fileOf(files, '.ldt').body.toString('latin1')).not.toContain('?');
        expect(Math.abs(ldt.flux / lumens - 1)).toBeLessThan(0.01);
        // IES flux: the loader's relative texture (1° grid) × the peak the IES states.
        const afterTilt = ies.split('TILT=NONE')[1] ?? '';
        const numbers = afterTilt.trim().split(/\s+/).map(Number);
        const [nv = 0, nh = 0] = [numbers[3], numbers[4]];
        const peak = Math.max(...numbers.slice(13 + nv + nh));
        const planes = texture.image.height;
        let relative = 0;
        for (let plane = 0; plane < planes; plane++)
          for (let g = 0; g < 179; g++) relative += (((data[g + plane * 180] ?? 0) + (data[g + 1 + plane * 180] ?? 0)) / 2) * 2 * Math.PI * (Math.cos((g * Math.PI) / 179) - Math.cos(((g + 1) * Math.PI) / 179));
        expect(Math.abs(((relative / planes) * peak) / ldt.flux - 1)).toBeLessThan(0.01);

        // GLDF: the container's structure, product.xml well-formed, required elements, every reference resolves.
        const gldf = onDisk(`${model}.gldf`, fileOf(files, '.gldf').body);
        const report = JSON.parse(
          execFileSync(
            'python3',
            [
              '-c',
              `
import json, sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
names = z.namelist()
root = ET.fromstring(z.read('product.xml'))
folder = {'ldc/eulumdat': 'ldc', 'ldc/ies': 'ldc', 'image/png': 'image', 'symbol/svg': 'symbol', 'symbol/dxf': 'symbol', 'document/pdf': 'doc'}
files = {f.get('id'): folder[f.get('contentType')] + '/' + f.text for f in root.iter('File')}
ids = lambda tag: {e.get('id') for e in root.iter(tag)}
refs = [(e.tag, e.get('fileId')) for e in root.iter() if e.get('fileId') is not None]
print(json.dumps({
  'names': names,
  'sections': [c.tag for c in root],
  'header': [c.tag for c in root.find('Header')],
  'version': root.find('Header/FormatVersion').attrib,
  'missingFiles': [path for path in files.values() if path not in names],
  'danglingFileRefs': [r for r in refs if r[1] not in files],
  'photometryOk': all(e.get('photometryId') in ids('Photometry') for e in root.iter('PhotometryReference')),
  'lightSourceOk': all(e.get('fixedLightSourceId') in ids('FixedLightSource') for e in root.iter('LightSourceReference')),
  'geometryOk': all(e.get('geometryId') in ids('SimpleGeometry') and e.get('emitterId') in ids('Emitter') for e in root.iter('SimpleGeometryReference')),
  'variants': len(root.findall('ProductDefinitions/Variants/Variant')),
  'meta': [c.tag for c in root.find('ProductDefinitions/ProductMetaData')],
}))
`,
              gldf,
            ],
            { encoding: 'utf8' },
          ),
        );
        expect(report.names).toContain('product.xml');
        expect(report.sections).toEqual(['Header', 'GeneralDefinitions', 'ProductDefinitions']);
        expect(report.header.slice(0, 5)).toEqual(['Manufacturer', 'FormatVersion', 'CreatedWithApplication', 'GldfCreationTimeCode', 'UniqueGldfId']);
        expect(report.version).toEqual({ major: '1', minor: '0', 'pre-release': '3' });
        expect(report.missingFiles).toEqual([]);
        expect(report.danglingFileRefs).toEqual([]);
        expect(report).toMatchObject({ photometryOk: true, lightSourceOk: true, geometryOk: true, variants: 1 });
        expect(report.meta.slice(0, 3)).toEqual(['UniqueProductId', 'ProductNumber', 'Name']);
        execFileSync('unzip', ['-o', '-q', gldf, 'product.xml', '-d', join(work, `gldf-${model}`)]);
        xmllint(join(work, `gldf-${model}`, 'product.xml'));
      });
    }
  });

  describe('PDFs', () => {
    it('spec sheet in French: valid PDF, the configuration, technical data, computed energy class, fonts embedded', async () => {
      const [file] = await make({ type: 'specSheet', subType: 'reference' }, sticks);
      expect(file?.fileName).toBe('746005-M3_31-spec-sheet-fr.pdf');
      const pdf = file?.body ?? Buffer.alloc(0);
      expect(qpdfCheck(pdf).pages).toBeGreaterThanOrEqual(1);
      const text = pdfText(pdf);
      for (const expected of ['Fiche technique', '746005/M3_31', 'Flux lumineux', '1 340 lm', 'Classe énergétique', 'Distribution lumineuse', 'Alimentations', 'Page 1 sur']) expect(text.replace(/\u202f|\u00a0/g, ' ')).toContain(expected);
      const rating = modelEnergyRating({ model: '7460', lumens: 1340, watts: 20.7, consumed_power: 23.2, beamAngle: 360, width: 60, depth: 3.5, control: 'M' });
      expect(text).toMatch(new RegExp(`Classe énergétique[^\\n]*\\n?[^\\n]*${rating.energyClass} ·`));
      expect(pdfFonts(pdf).every((font) => font.embedded)).toBe(true);
    });

    it('spec sheet in every language: the full technical table, luminaire and light source efficacy each named, input watts with the driver (4520)', async () => {
      const expected: Record<string, string[]> = {
        en: ['Input power (with driver)', 'Light source power', 'Luminaire efficacy', 'Light source efficacy', 'Impact resistance', 'Electrical protection class', 'Rated life', 'Certifications', 'EPREL registration'],
        fr: ['Puissance absorbée (avec driver)', 'Efficacité du luminaire', 'Efficacité de la source lumineuse', 'Résistance aux chocs', 'Durée de vie nominale'],
        de: ['Anschlussleistung (mit Treiber)', 'Leuchtenlichtausbeute', 'Lichtausbeute der Lichtquelle', 'Stoßfestigkeit', 'Bemessungslebensdauer'],
        it: ['Potenza assorbita (con driver)', 'Efficienza dell’apparecchio', 'Efficienza della sorgente luminosa', 'Resistenza agli urti', 'Durata nominale'],
        es: ['Potencia absorbida (con driver)', 'Eficacia de la luminaria', 'Eficacia de la fuente de luz', 'Resistencia al impacto', 'Vida útil nominal'],
      };
      for (const [language, labels] of Object.entries(expected)) {
        const [file] = await make({ type: 'specSheet', subType: 'reference' }, { catalogId: 16, language: language as 'en', product: { model: '4520' } });
        const text = flatText(file?.body ?? Buffer.alloc(0));
        for (const label of labels) expect(text, `${language}: ${label}`).toContain(label);
        // 1,350 lm / 7.2 W = 188 lm/W for the luminaire, / 6.4 W = 211 lm/W for its light source; class B
        expect(text, language).toMatch(/7[.,]2 W/);
        expect(text, language).toMatch(/188 lm\/W/);
        expect(text, language).toMatch(/211 lm\/W/);
        expect(text, language).toMatch(/IK08/);
        expect(text, language).toMatch(/\bB · /);
        expect(text, language).toContain('2045201');
      }
    });

    it('spec sheet of the model adds the options; a US sheet is in inches', async () => {
      const [model] = await make({ type: 'specSheet', subType: 'model' }, { catalogId: 16, language: 'de', product: { model: '5520' } });
      const text = pdfText(model?.body ?? Buffer.alloc(0));
      expect(text).toContain('Verfügbare Optionen');
      expect(text).toContain('Datenblatt');
      const [us] = await make({ type: 'specSheet', subType: 'reference' }, { catalogId: 21, language: 'us', product: { model: '5520' } });
      const usText = pdfText(us?.body ?? Buffer.alloc(0));
      expect(usText).toContain('Spec sheet');
      expect(usText).toMatch(/\d+( \d+\/\d+)?" × /);
      expect(usText).toContain('lb');
      // issue 28 §5: US Letter paper, no EU energy class or EPREL registration, the US marks
      const info = execFileSync('pdfinfo', [onDisk('us.pdf', us?.body ?? Buffer.alloc(0))], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      expect(usText).not.toMatch(/Energy class|EPREL|2019\/2015|\bCE\b/);
      expect(usText).toContain('cULus');
      expect(usText).toContain('120 V AC, 60 Hz');
      const euInfo = execFileSync('pdfinfo', [onDisk('eu.pdf', model?.body ?? Buffer.alloc(0))], { encoding: 'utf8' });
      expect(euInfo).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    });

    it('installation manual: steps for the canopy and control, and a dimension drawing', async () => {
      const [file] = await make({ type: 'manual', subType: 'regular' }, { catalogId: 16, language: 'es', product: { reference: '746005/M3_31' } });
      const pdf = file?.body ?? Buffer.alloc(0);
      qpdfCheck(pdf);
      const text = pdfText(pdf);
      expect(text).toContain('Manual de instalación');
      expect(text).toContain('Corta la corriente');
      expect(text).toContain('45 mm'); // the micro canopy's cut-out
      expect(text).toContain('driver remoto');
      expect(text).toContain('Dimensiones (mm)');
      expect(text).toMatch(/\b600\b/); // the luminaire's width, dimensioned in mm
    });

    it('umbrella sheet: the family\'s range under its own file name, with every model; no column header broken inside a word', async () => {
      const [model] = await make({ type: 'specSheet', subType: 'model' }, { catalogId: 16, language: 'de', product: { model: '4520' } });
      const [umbrella] = await make({ type: 'specSheet', subType: 'umbrella' }, { catalogId: 16, language: 'de', product: { model: '4520' } });
      expect(umbrella?.fileName).toBe('brisa-range-spec-sheet-de.pdf');
      expect(umbrella?.fileName).not.toBe(model?.fileName);
      qpdfCheck(umbrella?.body ?? Buffer.alloc(0));
      const text = flatText(umbrella?.body ?? Buffer.alloc(0));
      expect(text).toContain('Serienblatt · Brisa');
      expect(text).toContain('Modelle der Serie');
      for (const code of ['4510', '4515', '4520']) expect(text).toMatch(new RegExp(`\\b${code}\\b`));
      // headers whole: a word of a header is never split over two lines
      for (const header of ['Modell', 'Lichtstrom', 'Leuchtenlichtausbeute', 'Anschlussleistung']) expect(text).toContain(header);
      expect(flatText(model?.body ?? Buffer.alloc(0))).not.toContain('Serienblatt');
    });

    it('manuals fit the product: wall lights go on a wall, on/off controls are not told to check the dimming', async () => {
      for (const [model, language, wall, wrong] of [
        ['4520', 'en', 'Fix the wall bracket over the wall box', 'M8'],
        ['5664', 'en', 'to a solid wall', 'Drive the ground spike'],
        ['5664', 'de', 'an einer tragfähigen Wand', 'Schlagen Sie den Erdspieß'],
      ] as const) {
        for (const installation of model === '5664' ? ['00', '50', '51'] : ['20']) {
          const [file] = await make({ type: 'manual', subType: 'regular' }, { catalogId: 16, language, product: { model, attributes: { installation, control: '0' } } });
          const text = flatText(file?.body ?? Buffer.alloc(0));
          expect(text, `${model} ${installation}`).toContain(wall);
          expect(text, `${model} ${installation}`).not.toContain(wrong);
          expect(text).not.toMatch(/concrete|Betonfundament|M8|dims as expected|Licht und Dimmung/);
        }
      }
      const [dimmable] = await make({ type: 'manual', subType: 'regular' }, { catalogId: 16, language: 'en', product: { model: '4520', attributes: { control: '2' } } });
      expect(flatText(dimmable?.body ?? Buffer.alloc(0))).toContain('lights and dims as expected');
    });

    it('a creation\'s manual has the steps of every installation and control its compositions use', async () => {
      const composition = (number: number, model: string, reference: string, quantity: number) => ({ compositionNumber: number, attributes: {}, articles: [{ referenceCode: reference, model, quantity }], accessories: [], electricalGroups: [] });
      const compositions = [composition(1, '5770', '577005/03_10', 3), composition(2, '7460', '746005/M3_31', 4)];
      const [file] = await make({ type: 'manual', subType: 'regular' }, { catalogId: 16, language: 'en', creation: { code: 'CR-000043', model: '5770', compositions } });
      const text = flatText(file?.body ?? Buffer.alloc(0));
      expect(file?.fileName).toBe('CR-000043-installation-manual-en.pdf');
      expect(text).toContain("Fix the surface canopy's bracket");
      expect(text).toMatch(/Cut a 45 mm hole in the plasterboard/);
      expect(text).toContain('Connect live (L), neutral (N) and earth to the terminal block');
      expect(text).toContain('remote driver');
      expect(text).toContain('lights and dims as expected');
    });

    it('speaks the reader\'s language: no English size words in the descriptions of other languages', async () => {
      for (const [model, language, english, native] of [
        ['4520', 'fr', /\bWall\b/, 'mural'],
        ['2350', 'de', /\blights\b/, '6 Leuchtpunkte'],
        ['5770', 'es', /\bheads\b/, '3 cabezas'],
        ['7450', 'it', /\bModule\b/, 'modulo 1'],
      ] as const) {
        const [file] = await make({ type: 'specSheet', subType: 'reference' }, { catalogId: 16, language, product: { model } });
        const text = flatText(file?.body ?? Buffer.alloc(0));
        expect(text, model).not.toMatch(english);
        expect(text, model).toContain(native);
      }
    });

    it('energy label: the A–G scale, the class, kWh/1000 h, the regulation, ИЯ, no other words, and a QR code to the EPREL page', async () => {
      const [file] = await make({ type: 'energyLabel' }, { catalogId: 16, language: 'it', product: { model: '0270' } });
      const pdf = file?.body ?? Buffer.alloc(0);
      expect(qpdfCheck(pdf).pages).toBe(1);
      const text = pdfText(pdf);
      const rating = modelEnergyRating({ model: '0270', lumens: 1690, watts: 7.3, consumed_power: 8.2, beamAngle: 110, width: 12, depth: 11, control: '0' });
      for (const letter of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) expect(text).toMatch(new RegExp(`\\b${letter}\\b`));
      expect(text).toContain(`${rating.kWhPer1000h}`);
      expect(text).toContain('kWh/1000h');
      expect(text).toContain('2019/2015');
      expect(text).toContain('ИЯ');
      expect(text).toContain('ΕΙΑ');
      // Annex III: the supplier, the model identifier, the logo, the scale, the number, the unit and the regulation; no words of ours
      const allowed = new Set(['ENERG', 'ИЯ', 'Y', 'IJA', 'IE', 'IA', 'ΕΙΑ', 'Lumen', 'Pro', '027010/03_00', ...'ABCDEFG', String(rating.kWhPer1000h), 'kWh/1000h', '2019/2015']);
      const words = text.split(/\s+/).filter(Boolean);
      expect(words.filter((word) => !allowed.has(word))).toEqual([]);
      const png = join(work, 'label');
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', onDisk('label.pdf', pdf), png]);
      const image = PNG.sync.read(readFileSync(`${png}.png`));
      const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      expect(code?.data).toBe('https://eprel.ec.europa.eu/qr/2002701');
    });

    it('energy label of wall light 4520 (driver built in): class B, 8 kWh/1000 h; sticks 7460 (remote driver): its remote registration', async () => {
      const [wall] = await make({ type: 'energyLabel' }, { catalogId: 16, language: 'de', product: { model: '4520' } });
      const text = pdfText(wall?.body ?? Buffer.alloc(0));
      expect(text).toMatch(/\b8\s+kWh\/1000h/);
      // the class arrow's letter is the largest text: pdftotext lists B twice (scale and arrow)
      expect(text.match(/\bB\b/g)?.length).toBe(2);
      expect(text.match(/\bA\b/g)?.length).toBe(1);
      const [sticksLabel] = await make({ type: 'energyLabel' }, sticks);
      const png = join(work, 'label-7460');
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', onDisk('label-7460.pdf', sticksLabel?.body ?? Buffer.alloc(0)), png]);
      const image = PNG.sync.read(readFileSync(`${png}.png`));
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe('https://eprel.ec.europa.eu/qr/2074602');
      expect(pdfText(sticksLabel?.body ?? Buffer.alloc(0))).toMatch(/\b21\s+kWh\/1000h/);
    });

    it('creation spec sheet documents the whole creation: totals, every luminaire, accessory and driver by reference, name and quantity', async () => {
      const composition = {
        compositionNumber: 1,
        subFamily: { id: 1, description: 'x' },
        familyId: 1,
        attributes: { finish: '05' },
        totalLumensLed: 11700,
        totalWatts: 131.7,
        category: 7,
        articles: [{ referenceCode: '577005/03_10', model: '5770', quantity: 3, lumensLed: 3900, watts: 43.9 }],
        accessories: [{ accessoryCode: 'AC5770-01', quantity: 1, model: '5770' }],
        electricalGroups: [{ model: '5770', control: '0', lights: 3, drivers: [{ driverCode: 'DRV-R-C-4', count: 1 }] }],
        packaging: { packages: 4, timing: 3 },
        assemblyData: { lights: 3, clusters: 1, pendants: 3, wireLength: 4.5, elementIds: [] },
      };
      const sticksSquare = {
        ...composition,
        compositionNumber: 2,
        totalLumensLed: 5360,
        totalWatts: 82.8,
        articles: [{ referenceCode: '746005/M3_31', model: '7460', quantity: 4, lumensLed: 1340, watts: 20.7 }],
        accessories: [],
        electricalGroups: [{ model: '7460', control: 'M', lights: 4, drivers: [] }],
      };
      const [file] = await make({ type: 'creationSpecSheet', subType: 'creation' }, { catalogId: 16, language: 'en', creation: { code: 'CR-000042', model: '5770', compositions: [composition, sticksSquare] } });
      expect(file?.fileName).toBe('CR-000042-creation-spec-sheet-en.pdf');
      const text = flatText(file?.body ?? Buffer.alloc(0));
      for (const expected of ['Creation specification sheet', 'CR-000042', 'Bill of materials', '577005/03_10', 'AC5770-01', 'DRV-R-C-4', 'Composition 1', 'Composition 2']) expect(text).toContain(expected);
      // the whole creation's flux and power, not the one luminaire's (3,900 lm)
      expect(text).toMatch(/Total luminous flux 17,060 lm/);
      expect(text).toMatch(/Total power 214\.5 W/);
      expect(text).toMatch(/Luminaires 7\b/);
      expect(text).not.toMatch(/Luminous flux 3,900 lm/);
      // names from the catalogue, not bare model numbers
      expect(text).toMatch(/577005\/03_10 Multiple ceiling pendant 3 heads 3/);
      expect(text).toMatch(/746005\/M3_31 Sticks pendant L 60 4/);
      // the sticks need a remote driver: it is listed with the power it must deliver
      expect(text).toContain('Remote driver for 4 × 7460 (82.8 W), ordered separately');
    });
  });

  describe('2D and 3D', () => {
    for (const model of ['7460', '0270', '5660', '3235', '4510', '6410']) {
      it(`DXF opens in a DXF reader with dimensions, SVG is well-formed, glTF and OBJ load in three (${model})`, async () => {
        const files = await make({ type: '2D_3D' }, { catalogId: 16, language: 'en', product: { model } });
        expect(files.map((f) => f.fileName.split('.').pop())).toEqual(['dxf', 'svg', 'glb', 'obj', 'mtl', 'stl']);
        const info = await deps.products.technicalInfoByModel(null, { model, catalog: 16 });
        const widthMm = Math.round(info.technicalData.width * 10);

        const dxf = new DxfParser().parseSync(fileOf(files, '.dxf').body.toString('latin1'));
        expect(dxf?.header.$ACADVER).toBe('AC1009');
        const entities = dxf?.entities ?? [];
        expect(entities.some((e) => e.type === 'LINE' && e.layer === 'OUTLINE')).toBe(true);
        const dimensionTexts = entities.filter((e) => e.type === 'TEXT' && e.layer === 'DIMENSIONS').map((e) => (e as { text?: string }).text ?? '');
        expect(dimensionTexts).toContain(String(widthMm));
        expect(Object.keys(dxf?.tables.layer.layers ?? {})).toEqual(expect.arrayContaining(['OUTLINE', 'DIMENSIONS', 'MOUNTING']));

        const svg = onDisk(`${model}.svg`, fileOf(files, '.svg').body);
        xmllint(svg);
        expect(readFileSync(svg, 'utf8')).toContain(`>${widthMm}</text>`);

        const glb = fileOf(files, '.glb').body;
        const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) =>
          new GLTFLoader().parse(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '', resolve, reject),
        );
        const meshes: Mesh[] = [];
        gltf.scene.traverse((node) => {
          if ((node as Mesh).isMesh) meshes.push(node as Mesh);
        });
        expect(meshes.length).toBeGreaterThanOrEqual(2);
        expect(meshes.some((mesh) => mesh.name.startsWith('light'))).toBe(true);
        const size = new Box3().setFromObject(gltf.scene).getSize(new Box3().min.clone());
        expect(size.x).toBeGreaterThanOrEqual((info.technicalData.width / 100) * 0.79);

        const obj = new OBJLoader().parse(fileOf(files, '.obj').body.toString('utf8'));
        expect(obj.children.length).toBe(meshes.length);
        expect(fileOf(files, '.mtl').body.toString('utf8')).toContain('newmtl finish');

        // STL read by three's STLLoader: as many triangles as the glTF, the luminaire's width in millimetres
        const stl = fileOf(files, '.stl').body;
        const stlGeometry = new STLLoader().parse(stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer);
        const triangles = meshes.reduce((sum, mesh) => sum + (mesh.geometry.index ? mesh.geometry.index.count : mesh.geometry.attributes.position?.count ?? 0) / 3, 0);
        expect(stlGeometry.attributes.position?.count).toBe(triangles * 3);
        stlGeometry.computeBoundingBox();
        const stlSize = stlGeometry.boundingBox?.getSize(new Box3().min.clone());
        expect(stlSize?.x ?? 0).toBeCloseTo(size.x * 1000, 0);
        expect(stlSize?.z ?? 0).toBeCloseTo(size.y * 1000, 0);
      });
    }
  });

  describe('a creation drawn whole: plan and elevation with its dimensions (issue 28 §3)', () => {
    // a 0.9 m square of 7470 sticks (35 mm), hung 0.5 m below a 3 m ceiling, powered at the middle of one side
    const space = drawingToSpace(
      {
        family: 'sticks',
        height: 2.5,
        segments: [
          { id: 'a', from: { x: 0, z: 0 }, to: { x: 0.9, z: 0 }, attributes: { finish: '05' } },
          { id: 'b', from: { x: 0.9, z: 0 }, to: { x: 0.9, z: 0.9 }, attributes: { finish: '05' } },
          { id: 'c', from: { x: 0.9, z: 0.9 }, to: { x: 0, z: 0.9 }, attributes: { finish: '05' } },
          { id: 'd', from: { x: 0, z: 0.9 }, to: { x: 0, z: 0 }, attributes: { finish: '05' } },
        ],
        items: [{ id: 'power', kind: 'connection', segmentId: 'a', offset: 0.45, model: '7466', attributes: {} }],
      },
      { room: { height: 3, width: 4, depth: 4, extraCeiling: 0.16, ceilingMaterial: 'pladur' }, configurator: 2, createdAt: 1, applicationLocationId: null },
    );
    const creation = { code: 'CR-000077', model: '7470', compositions: [{ compositionNumber: 1, attributes: { finish: '05', control: 'M', installation: '31' }, articles: [{ referenceCode: '747005/M3_31', model: '7470', quantity: 4 }] }], space };

    it('the sheet and the manual draw the composition in plan and elevation: 935 mm wide, 978 deep (with the canopy), 518 below the ceiling', async () => {
      const [sheet] = await make({ type: 'creationSpecSheet', subType: 'creation' }, { catalogId: 16, language: 'de', creation });
      qpdfCheck(sheet?.body ?? Buffer.alloc(0));
      const text = flatText(sheet?.body ?? Buffer.alloc(0));
      for (const expected of ['Ansicht', 'Grundriss', '935', '978', '518']) expect(text, expected).toContain(expected);
      // not the one stick's drawing (its 900 mm length, its front and side views)
      expect(text).not.toContain('Seitenansicht');
      const [manual] = await make({ type: 'manual', subType: 'manualCreation' }, { catalogId: 16, language: 'es', creation });
      const manualText = flatText(manual?.body ?? Buffer.alloc(0));
      for (const expected of ['Alzado', 'Planta', '935', '518']) expect(manualText, expected).toContain(expected);
    });

    it('its DXF (dxf-parser) and SVG (xmllint) are the plan and elevation, measured', async () => {
      const files = await make({ type: '2D_3D' }, { catalogId: 16, language: 'en', creation });
      const dxf = new DxfParser().parseSync(fileOf(files, '.dxf').body.toString('latin1'));
      const entities = dxf?.entities ?? [];
      expect(entities.filter((e) => e.type === 'TEXT' && e.layer === 'DIMENSIONS').map((e) => (e as { text?: string }).text)).toEqual(['935', '518', '935', '978']);
      expect(entities.filter((e) => e.type === 'TEXT' && e.layer === 'TEXT').map((e) => (e as { text?: string }).text)).toEqual(['Elevation', 'Plan']);
      const svg = onDisk('CR-000077.svg', fileOf(files, '.svg').body);
      xmllint(svg);
      expect(readFileSync(svg, 'utf8')).toContain('>978</text>');
    });

    it('its 3D is the whole square in its finish: glb (GLTFLoader), OBJ with its MTL (OBJLoader, MTLLoader), STL (STLLoader)', async () => {
      const files = await make({ type: '2D_3D' }, { catalogId: 16, language: 'en', creation });
      expect(files.map((f) => f.fileName)).toEqual(['CR-000077.dxf', 'CR-000077.svg', 'CR-000077.glb', 'CR-000077.obj', 'CR-000077.mtl', 'CR-000077.stl']);
      const glb = fileOf(files, '.glb').body;
      const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) => new GLTFLoader().parse(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '', resolve, reject));
      const sticks = new Box3();
      const colours = new Set<string>();
      gltf.scene.updateMatrixWorld(true);
      for (const name of ['a', 'b', 'c', 'd']) {
        const stick = gltf.scene.getObjectByName(name);
        expect(stick, name).toBeDefined();
        stick?.traverse((node) => {
          const mesh = node as Mesh;
          if (!mesh.isMesh) return;
          sticks.expandByObject(mesh);
          const material = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]) as Array<{ name: string }>;
          for (const m of material) if (m.name.startsWith('metal')) colours.add(m.name);
        });
      }
      // 0.9 m square of 35 mm sticks, black (finish 05: #16161a)
      expect(sticks.max.x - sticks.min.x).toBeCloseTo(0.935, 3);
      expect(sticks.max.z - sticks.min.z).toBeCloseTo(0.935, 3);
      expect([...colours]).toEqual(['metal #16161a']);
      const obj = fileOf(files, '.obj').body.toString('utf8');
      expect(obj).toContain('mtllib CR-000077.mtl');
      const mtl = new MTLLoader().parse(fileOf(files, '.mtl').body.toString('utf8'), '');
      expect(Object.keys(mtl.materialsInfo)).toContain('metal_16161a');
      expect(mtl.materialsInfo.metal_16161a?.kd).toEqual([0.0863, 0.0863, 0.102]);
      const object = new OBJLoader().setMaterials((mtl.preload(), mtl)).parse(obj);
      object.traverse((node) => {
        const material = (node as Mesh).material as { type?: string } | undefined;
        if ((node as Mesh).isMesh) expect(material?.type).toBe('MeshPhongMaterial');
      });
      const stl = fileOf(files, '.stl').body;
      const geometry = new STLLoader().parse(stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer);
      geometry.computeBoundingBox();
      expect((geometry.boundingBox?.max.x ?? 0) - (geometry.boundingBox?.min.x ?? 0)).toBeGreaterThanOrEqual(0.935 - 1e-3);
    });
  });

  describe('one geometry, the catalogue’s dimensions (issue 28 §4)', () => {
    const catalogue = JSON.parse(readFileSync(new URL('../../../db/seed/catalogue/data/catalogue.json', import.meta.url), 'utf8')) as {
      models: Array<{ model: string; virtual: boolean; technical: { width: number; height: number; depth: number }; options: Record<string, unknown> }>;
    };
    const models = catalogue.models.filter((model) => !model.virtual && model.options['16'] !== undefined);
    const boxOf = (root: Object3D, keep: (mesh: Mesh) => boolean) => {
      const box = new Box3();
      root.updateMatrixWorld(true);
      root.traverse((node) => {
        if ((node as Mesh).isMesh && keep(node as Mesh)) box.expandByObject(node);
      });
      return box;
    };

    it('the drawn compositions’ 3D finishes are the catalogue’s swatches (black sticks were white, white plusminus black)', () => {
      const finishes = (catalogue as unknown as { attributes: { finish: Array<{ code: string; thumbnail?: string }> } }).attributes.finish;
      expect(finishes.length).toBeGreaterThan(5);
      for (const finish of finishes) expect(finishColour(finish.code), finish.code).toBe(finish.thumbnail);
    });

    it(`every model's glb, OBJ, STL, DXF and SVG measure its catalogue width × height × depth (${models.length} models)`, async () => {
      expect(models.length).toBeGreaterThan(35);
      const wrong: string[] = [];
      for (const { model, technical } of models) {
        const files = await make({ type: '2D_3D' }, { catalogId: 16, language: 'en', product: { model } });
        const [W, H, D] = [technical.width * 10, technical.height * 10, technical.depth * 10];
        const near = (what: string, actual: number, expected: number) => {
          if (Math.abs(actual - expected) > 0.5) wrong.push(`${model} ${what}: ${actual.toFixed(1)} mm, catalogue ${expected} mm`);
        };
        // glTF (three's GLTFLoader): the luminaire's own nodes, its mounting (canopy, cables, housing) left out
        const glb = fileOf(files, '.glb').body;
        const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) => new GLTFLoader().parse(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '', resolve, reject));
        const own = boxOf(gltf.scene, (mesh) => mesh.userData.role === 'luminaire');
        const all = boxOf(gltf.scene, () => true);
        const mounted = boxOf(gltf.scene, (mesh) => mesh.userData.role === 'mounting');
        near('glb width', (own.max.x - own.min.x) * 1000, W);
        near('glb height', (own.max.y - own.min.y) * 1000, H);
        near('glb depth', (own.max.z - own.min.z) * 1000, D);
        // OBJ with its MTL (three's OBJLoader and MTLLoader): every material found, the same extent
        const mtl = new MTLLoader().parse(fileOf(files, '.mtl').body.toString('utf8'), '');
        mtl.preload();
        const obj = new OBJLoader().setMaterials(mtl).parse(fileOf(files, '.obj').body.toString('utf8'));
        const objBox = boxOf(obj, () => true);
        near('obj width', (objBox.max.x - objBox.min.x) * 1000, (all.max.x - all.min.x) * 1000);
        near('obj height', (objBox.max.y - objBox.min.y) * 1000, (all.max.y - all.min.y) * 1000);
        obj.traverse((node) => {
          const material = (node as Mesh).material as { name?: string; type?: string } | undefined;
          if ((node as Mesh).isMesh && material?.type !== 'MeshPhongMaterial') wrong.push(`${model} obj material ${material?.name ?? '?'} not in the MTL`);
        });
        // STL (three's STLLoader), millimetres, z up: the luminaire alone is the catalogue's size
        const stl = fileOf(files, '.stl').body;
        const stlGeometry = new STLLoader().parse(stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer);
        stlGeometry.computeBoundingBox();
        const stlBox = stlGeometry.boundingBox ?? new Box3();
        if (mounted.isEmpty()) {
          near('stl width', stlBox.max.x - stlBox.min.x, W);
          near('stl depth', stlBox.max.y - stlBox.min.y, D);
          near('stl height', stlBox.max.z - stlBox.min.z, H);
        } else near('stl height', stlBox.max.z - stlBox.min.z, (all.max.y - all.min.y) * 1000);
        // DXF (dxf-parser) and SVG (xmllint): the dimension texts are the catalogue's width, height and depth
        const dxf = new DxfParser().parseSync(fileOf(files, '.dxf').body.toString('latin1'));
        const dimensions = (dxf?.entities ?? []).filter((e) => e.type === 'TEXT' && e.layer === 'DIMENSIONS').map((e) => (e as { text?: string }).text ?? '');
        const svgPath = onDisk(`${model}-dims.svg`, fileOf(files, '.svg').body);
        xmllint(svgPath);
        const svgTexts = [...readFileSync(svgPath, 'utf8').matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? '');
        for (const [what, value] of [['width', W], ['height', H], ['depth', D]] as const) {
          if (!dimensions.slice(0, 3).includes(String(Math.round(value)))) wrong.push(`${model} dxf ${what}: ${dimensions.slice(0, 3).join(', ')} has no ${Math.round(value)}`);
          if (!svgTexts.includes(String(Math.round(value)))) wrong.push(`${model} svg ${what}: no ${Math.round(value)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  describe('HD images', () => {
    it('renders the product alone and in a room at 2,400 px in the chosen finish', async () => {
      for (const subType of ['product', 'ambient'] as const) {
        const [file] = await make({ type: 'imagesHD', subType }, { catalogId: 16, language: 'en', product: { model: '5520', attributes: { finish: '23' } } });
        expect(file?.fileName).toBe(`552023-02_10-${subType}.png`);
        const png = PNG.sync.read(file?.body ?? Buffer.alloc(0));
        expect(png.width).toBeGreaterThanOrEqual(2000);
        // the terracotta finish (#c6846d) shows in the picture
        let near = 0;
        for (let i = 0; i < png.data.length; i += 4) {
          if (Math.abs((png.data[i] ?? 0) - 0xc6) < 28 && Math.abs((png.data[i + 1] ?? 0) - 0x84) < 28 && Math.abs((png.data[i + 2] ?? 0) - 0x6d) < 28) near++;
        }
        expect(near, subType).toBeGreaterThan(500);
      }
      const python = execFileSync('python3', ['-c', 'import struct,sys; d=open(sys.argv[1],"rb").read(); assert d[:8]==b"\\x89PNG\\r\\n\\x1a\\n"; print(*struct.unpack(">II", d[16:24]))', onDisk('p.png', (await make({ type: 'imagesHD', subType: 'product' }, { catalogId: 16, language: 'en', product: { model: '5520', attributes: { finish: '23' } } }))[0]?.body ?? Buffer.alloc(0))], { encoding: 'utf8' });
      expect(Number(python.split(' ')[0])).toBe(2400);
    });
  });

});
