import type { Country, Region, RequestDetail, RequestSummary } from '@lumen/contracts';
import { json, type FakeApi, type FakeCall } from '../../../test/fake-api';

/** Test data for the screens that read requests (the requester's, the desk's) and fill in a site. */

export function makeRequestSummary(id: number, overrides: Partial<RequestSummary> = {}): RequestSummary {
  return {
    id,
    kind: 'project-budget',
    status: 'received',
    catalogId: 16,
    subject: 'Budget request',
    contactName: 'Diego Norte',
    contactEmail: 'diego@example.com',
    projectId: 5,
    projectName: 'Lobby',
    files: 1,
    replies: 0,
    createdAt: '2026-05-04T09:30:00.000Z',
    updatedAt: '2026-05-04T09:30:00.000Z',
    ...overrides,
  };
}

export const ATTACHMENT_ID = '6f1c2a8e-7d5b-4c3a-9e1f-0a2b3c4d5e6f';

export function makeRequestDetail(id: number, overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    ...makeRequestSummary(id),
    lang: 'es',
    message: 'Necesitamos precio para 30 unidades antes del viernes.',
    contactPhone: '+34 600 000 000',
    contactCompany: 'Luminotecnia Norte S.L.',
    siteLocation: { country: 'ES', region: '60', city: 'Valencia' },
    project: { id: 5, name: 'Lobby', catalogId: 16, lines: [{ id: 'line-1', model: '0270', referenceCode: '027001/03_10', description: 'North wall', quantity: 30, pendantHeightCm: null }] },
    attachments: [{ id: ATTACHMENT_ID, name: 'plan.pdf', contentType: 'application/pdf', size: 204_800 }],
    messages: [],
    ...overrides,
  };
}

export const COUNTRIES: Country[] = [
  { geonameId: 2510769, isoCode: 'ES', name: 'Spain', level2Typology: 'autonomous-communities', level3Typology: 'provinces' },
  { geonameId: 3017382, isoCode: 'FR', name: 'France', level2Typology: 'regions', level3Typology: 'departments' },
  { geonameId: 6252001, isoCode: 'US', name: 'United States', level2Typology: 'states', level3Typology: 'counties' },
  { geonameId: 3042362, isoCode: 'GG', name: 'Guernsey', level2Typology: null, level3Typology: null },
];

/** GeoNames ids of the two states below (the masters carry them for the United States' states). */
const STATE_IDS: Readonly<Record<string, number>> = { 'US.CA': 5332921, 'US.NY': 5128638 };
const region = (id: string, name: string, country: string, typology: string): Region => ({ id, code: `${country}.${id}`, geonameId: STATE_IDS[`${country}.${id}`] ?? null, name, level: 2, typology, childTypology: null });

export const REGIONS: Readonly<Record<string, Region[]>> = {
  '2510769/autonomous-communities': [region('60', 'Valencia', 'ES', 'autonomous-communities'), region('29', 'Madrid', 'ES', 'autonomous-communities')],
  '3017382/regions': [region('11', 'Île-de-France', 'FR', 'regions')],
  '6252001/states': [region('CA', 'California', 'US', 'states'), region('NY', 'New York', 'US', 'states')],
};

/** Answers the masters geography: the four countries above and their regions. */
export function answerGeography(call: FakeCall): Response | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/api/masters/v1/countries') return json(200, COUNTRIES);
  const regions = /^\/api\/masters\/v1\/countries\/(\d+)\/([a-z-]+)$/.exec(call.path);
  if (regions) return json(200, REGIONS[`${regions[1]}/${regions[2]}`] ?? []);
  return undefined;
}

export function withGeography<T extends FakeApi>(api: T): T {
  api.handle(answerGeography);
  return api;
}

/**
 * Catches the files the app hands to the browser to save (jsdom has no object URLs and no
 * downloads): the names given to the links clicked. `restore` puts everything back.
 */
export function catchDownloads() {
  const saved: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:download';
  URL.revokeObjectURL = () => undefined;
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  return {
    saved,
    restore() {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}
