/**
 * Every GLDF the product makes validates against the official GLDF 1.0-rc.3 schema (issue 28 §6):
 * one container per model of the demo catalogue and per kind of creation (crea, drawing, composing
 * pendants), product.xml read out of the zip by python's zipfile and checked by `xmllint --schema`
 * with the XSD under test/fixtures/gldf (MIT, the GLDF project's). The photometry inside is read too:
 * the LDT's wattage is the luminaire's input with its driver and its symmetry is the optic's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import catalogue from '../../../db/seed/catalogue/data/catalogue.json';
import { createTestDatabase, describeOnOneDb } from '../../../../test/test-db';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/client';
import type { FlagsService } from '../../flags/flags.service';
import { createImagesService } from '../../images/images.service';
import { createProductsService } from '../../products/products.service';
import { type DocumentSubject, type MakerDeps, makeDocuments } from './index';

const XSD = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../test/fixtures/gldf/v1.0-rc3.xsd');

describeOnOneDb('GLDF against the official v1.0-rc.3 schema (issue 28 §6)', () => {
  let database: Database;
  let deps: MakerDeps;
  const work = mkdtempSync(join(tmpdir(), 'lumen-gldf-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const ctx = { db: database.db, database, changes: { version: () => 0 } } as Pick<AppContext, 'db' | 'database'> as AppContext;
    const products = createProductsService(ctx, () => {
      throw new Error('no logging expected');
    }, { flags: {} as FlagsService });
    deps = { products, images: createImagesService({ products }), now: () => new Date('2026-11-24T10:00:00Z') };
  });
  afterAll(async () => {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('validates the GLDF of every model of the demo catalogue and of every kind of creation', async () => {
    const subjects: Array<[string, DocumentSubject]> = [];
    for (const model of catalogue.models) {
      const catalogId = model.options['16'] ? 16 : 21;
      subjects.push([model.model, { catalogId, language: 'de', product: { model: model.model } }]);
    }
    // the US catalogue's form of the reference and language
    subjects.push(['0270-us', { catalogId: 21, language: 'us', product: { model: '0270' } }]);
    const composition = (model: string, reference: string, lights: number) => ({
      compositionNumber: 1,
      attributes: { finish: reference.slice(4, 6) },
      articles: [{ referenceCode: reference, model, quantity: lights }],
      accessories: [],
      electricalGroups: [],
    });
    for (const [kind, model, reference] of [
      ['crea', '2350', '235005/03_10'],
      ['drawing', '7460', '746005/M3_31'],
      ['compositor', '5770', '577005/03_10'],
    ] as const) {
      subjects.push([`creation-${kind}`, { catalogId: 16, language: 'es', creation: { code: `CR-${kind.toUpperCase()}`, model, compositions: [composition(model, reference, 3)] } }]);
    }
    // a creation of two luminaire types: one product with a photometry and light source per type and an emitter per luminaire
    const mixed = { catalogId: 16 as const, language: 'en' as const, creation: { code: 'CR-MIXED', model: '5770', compositions: [composition('5770', '577005/03_10', 3), { ...composition('7460', '746005/M3_31', 4), compositionNumber: 2 }] } };
    subjects.push(['creation-mixed', mixed]);
    const containers: string[] = [];
    const fileNames = new Map<string, string[]>();
    for (const [name, subject] of subjects) {
      const files = await makeDocuments({ type: 'photometry' }, subject, deps);
      fileNames.set(name, files.map((file) => file.fileName));
      const gldf = files.find((file) => file.fileName.endsWith('.gldf'));
      expect(gldf, name).toBeDefined();
      const path = join(work, `${name}.gldf`);
      writeFileSync(path, gldf?.body ?? Buffer.alloc(0));
      containers.push(path);
    }
    // product.xml and the LDT of every container, out of the zip by python's zipfile
    const read = JSON.parse(
      execFileSync(
        'python3',
        [
          '-c',
          `
import json, os, sys, zipfile, xml.etree.ElementTree as ET
out = {}
for path in sys.argv[1:]:
    z = zipfile.ZipFile(path)
    assert z.testzip() is None
    xml = path[:-5] + '.product.xml'
    open(xml, 'wb').write(z.read('product.xml'))
    ldt = [n for n in z.namelist() if n.endswith('.ldt')][0]
    lines = z.read(ldt).decode('latin-1').split('\\r\\n')
    root = ET.fromstring(z.read('product.xml'))
    out[os.path.basename(path)[:-5]] = {'xml': xml, 'isym': int(lines[2]), 'watts': float(lines[31]), 'emitters': len(root.findall('.//FixedLightEmitter')), 'photometries': len(root.findall('.//Photometry')), 'ldts': len([n for n in z.namelist() if n.endswith('.ldt')])}
print(json.dumps(out))
`,
          ...containers,
        ],
        { encoding: 'utf8' },
      ),
    ) as Record<string, { xml: string; isym: number; watts: number; emitters: number; photometries: number; ldts: number }>;
    const xmls = Object.values(read).map((entry) => entry.xml);
    expect(xmls).toHaveLength(subjects.length);
    let report = '';
    try {
      report = execFileSync('xmllint', ['--noout', '--schema', XSD, ...xmls], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const failed = error as { stderr?: string };
      throw new Error(`xmllint refused: ${failed.stderr ?? String(error)}`);
    }
    expect(report).toBe('');
    // the LDT carries the luminaire's input watts (with the driver) and the optic's symmetry
    const technical = (model: string) => catalogue.models.find((candidate) => candidate.model === model)?.technical;
    expect(read['4520']?.watts).toBe(technical('4520')?.consumed_power);
    expect(read['0820']?.watts).toBe(technical('0820')?.consumed_power);
    expect(read['4520']?.isym).toBe(2);
    expect(read['5664']?.isym).toBe(2);
    expect(read['7460']?.isym).toBe(4);
    expect(read['0345']?.isym).toBe(1);
    // issue 28 §3: the creation's photometry is that of each luminaire type it contains
    expect(fileNames.get('creation-mixed')).toEqual(['CR-MIXED-5770.ies', 'CR-MIXED-5770.ldt', 'CR-MIXED-7460.ies', 'CR-MIXED-7460.ldt', 'CR-MIXED.gldf']);
    expect(read['creation-mixed']).toMatchObject({ emitters: 7, photometries: 2, ldts: 2 });
    expect(read['creation-crea']).toMatchObject({ emitters: 3, photometries: 1 });
  });
});
