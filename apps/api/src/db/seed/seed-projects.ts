import { createHash } from 'node:crypto';
import { parseReference } from '@lumen/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { catalogueCollections, catalogueDocuments, catalogueModels, companies, projectProducts, projects, salesCompanyAssignments, users } from '../schema';
import type { AttributeDictionaries, CollectionData, ModelData } from './catalogue/catalogue-data.types';

/**
 * Demo projects of the demo accounts (deterministic; only into a database without projects):
 * company A (distributor@) has two, company B (distributor2@) one, the specifier one assigned to
 * distributor@ as a third party, the importer one of catalogue 21, the web user one; sales@ looks
 * after company A (project.view.assigned.company).
 */

interface DemoLine {
  reference: string;
  quantity: number;
}

interface DemoProject {
  owner: string;
  name: string;
  catalogId: 16 | 21;
  origin: 'OWN' | 'IMPORTER';
  assignee?: string;
  lines: DemoLine[];
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    owner: 'distributor@demo.example',
    name: 'Hotel Ritz lobby',
    catalogId: 16,
    origin: 'OWN',
    lines: [
      { reference: '746005/M3_31', quantity: 12 },
      { reference: '552010/02_10', quantity: 4 },
      { reference: '577010/02_10', quantity: 20 },
    ],
  },
  { owner: 'distributor@demo.example', name: 'Oficinas Norte - planta 2', catalogId: 16, origin: 'OWN', lines: [{ reference: '235505/03_10', quantity: 30 }, { reference: '745010/M2_31', quantity: 6 }] },
  { owner: 'distributor2@demo.example', name: 'Brightline showroom', catalogId: 16, origin: 'OWN', lines: [{ reference: '747005/M3_31', quantity: 8 }, { reference: '552510/02_10', quantity: 2 }] },
  {
    owner: 'specifier@demo.example',
    name: 'Casa Prieto (salón)',
    catalogId: 16,
    origin: 'OWN',
    assignee: 'distributor@demo.example',
    lines: [{ reference: '747505/M3_31', quantity: 3 }, { reference: '229910/02_10', quantity: 5 }],
  },
  { owner: 'importer@demo.example', name: 'Manhattan loft', catalogId: 21, origin: 'IMPORTER', lines: [{ reference: '7460-05/M3_31', quantity: 10 }, { reference: '5520-10/03_10', quantity: 4 }] },
  { owner: 'webuser@demo.example', name: 'My living room', catalogId: 16, origin: 'OWN', lines: [{ reference: '577210/02_10', quantity: 2 }] },
  { owner: 'sales@demo.example', name: 'Showroom Madrid', catalogId: 16, origin: 'OWN', lines: [{ reference: '577410/02_10', quantity: 6 }] },
];

/** Sales representatives and the demo companies (by CRM id) they look after. */
export const DEMO_SALES_ASSIGNMENTS: ReadonlyArray<{ email: string; companyCrmId: string }> = [{ email: 'sales@demo.example', companyCrmId: 'CRM-ACC-0001' }];

/** A stable UUID (version 5 layout) from a name, so the demo lines keep their ids across seeds. */
function demoUuid(name: string): string {
  const hex = createHash('sha1').update(`lumen-demo-project-line|${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A fixed instant per project so the demo list has a stable order. */
const BASE_TIME = Date.UTC(2026, 9, 1, 9, 0, 0);

/** The pendant height attribute's name, as the catalogue's articles give it. */
const PENDANT_HEIGHT_TEXTS = { en: 'Pendant height', us: 'Pendant height', fr: 'Hauteur de suspension', de: 'Pendellänge', it: 'Altezza di sospensione', es: 'Altura de suspensión' };

async function lineData(tx: DbOrTx, catalogId: number, reference: string): Promise<{ model: string; data: Record<string, unknown> }> {
  const parts = parseReference(reference);
  const [modelRow] = await tx
    .select({ data: catalogueModels.data })
    .from(catalogueModels)
    .where(and(eq(catalogueModels.catalogId, catalogId), eq(catalogueModels.model, parts.model)));
  const model = modelRow?.data as ModelData | undefined;
  const [collectionRow] = model
    ? await tx
        .select({ data: catalogueCollections.data })
        .from(catalogueCollections)
        .where(and(eq(catalogueCollections.catalogId, catalogId), eq(catalogueCollections.subFamilyId, model.subFamilyId)))
    : [];
  const collection = collectionRow?.data as CollectionData | undefined;
  const [dictionaryRow] = await tx
    .select({ data: catalogueDocuments.data })
    .from(catalogueDocuments)
    .where(and(eq(catalogueDocuments.kind, 'dictionary'), eq(catalogueDocuments.key, 'attributes')));
  const dictionary = dictionaryRow?.data as AttributeDictionaries | undefined;
  const attribute = (key: keyof AttributeDictionaries, code: string | undefined) => {
    if (code === undefined) return undefined;
    const found = dictionary?.[key].find((entry) => entry.code === code);
    return { code, description: found?.description ?? code };
  };
  const attributes = Object.fromEntries(
    (
      [
        ['finish', attribute('finish', parts.colour)],
        ['ledColourTemp', attribute('ledColourTemp', parts.temperature)],
        ['control', attribute('control', parts.control)],
        ['installation', attribute('installation', parts.installation)],
        // A pendant's line holds its height (cm) as the code, the catalogue's standard as a line added without one does (issue 10 §9).
        ['pendantHeight', model?.pendantHeight ? { code: String(model.pendantHeight.standard), description: PENDANT_HEIGHT_TEXTS } : undefined],
      ] as const
    ).filter(([, value]) => value !== undefined),
  );
  return {
    model: parts.model,
    data: {
      schemaVersion: 1,
      familyId: collection?.familyId ?? null,
      subFamily: model ? { id: model.subFamilyId, description: collection?.name ?? '' } : null,
      applicationLocation: model ? { id: model.applicationLocationId } : null,
      creationNumber: null,
      sublevel: model?.articleType.level3.id ?? null,
      configuratorType: collection ? { id: collection.configuratorType.id, description: collection.configuratorType.description } : null,
      configId: null,
      category: model ? { id: model.categoryId } : null,
      compositions: [],
      validation: { status: null },
      preconfigId: null,
      productCode: null,
      context: {
        ...(model ? { description: model.description, lumensLed: model.technical.lumens, watts: model.technical.watts } : {}),
        image: `/api/images/v1/catalogue/model/${parts.model}.svg?finish=${encodeURIComponent(parts.colour)}`,
        attributes,
      },
    },
  };
}

/** Loads the demo projects into a database that has none (idempotent). */
export async function seedDemoProjects(tx: DbOrTx): Promise<{ created: number }> {
  const [existing] = await tx.select({ n: count() }).from(projects);
  if ((existing?.n ?? 0) > 0) return { created: 0 };
  const emails = [...new Set([...DEMO_PROJECTS.flatMap((p) => [p.owner, ...(p.assignee ? [p.assignee] : [])]), ...DEMO_SALES_ASSIGNMENTS.map((a) => a.email)])];
  const userRows = await tx.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users).where(inArray(users.email, emails));
  const userOf = new Map(userRows.map((row) => [row.email, row]));
  let created = 0;
  for (const [index, demo] of DEMO_PROJECTS.entries()) {
    const owner = userOf.get(demo.owner);
    if (!owner) continue;
    const at = new Date(BASE_TIME + index * 3_600_000);
    const [project] = await tx
      .insert(projects)
      .values({
        name: demo.name,
        catalogId: demo.catalogId,
        currency: demo.catalogId === 21 ? 'USD' : 'EUR',
        status: 1,
        ownerId: owner.id,
        companyId: owner.companyId,
        origin: demo.origin,
        assigneeUserId: demo.assignee ? (userOf.get(demo.assignee)?.id ?? null) : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: projects.id });
    if (!project) continue;
    const lines = [];
    for (const [position, line] of demo.lines.entries()) {
      const { model, data } = await lineData(tx, demo.catalogId, line.reference);
      lines.push({ id: demoUuid(`${demo.owner}|${demo.name}|${position}`), projectId: project.id, position, type: 'REGULAR', quantity: line.quantity, isPersonalized: 1, referenceCode: line.reference, model, creationCode: null, data, createdAt: at, updatedAt: at });
    }
    if (lines.length > 0) await tx.insert(projectProducts).values(lines);
    created += 1;
  }
  for (const assignment of DEMO_SALES_ASSIGNMENTS) {
    const user = userOf.get(assignment.email);
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.crmId, assignment.companyCrmId));
    if (user && company) await tx.insert(salesCompanyAssignments).values({ userId: user.id, companyId: company.id }).onConflictDoNothing();
  }
  return { created };
}
