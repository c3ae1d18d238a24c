import type { Project, ProjectProduct } from '@lumen/contracts';
import type { DownloadType } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import { projectRequests } from './project-downloads-screen';

const line = { _id: '00000000-0000-4000-8000-000000000001', type: 'REGULAR', model: '5520', familyId: 3, subFamily: { id: 225, description: 'plusminus' }, applicationLocation: null, creationCode: null, validation: { status: 'NONE' } } as unknown as ProjectProduct;
const projectIn = (catalogId: 16 | 21) => ({ id: 7, catalogId, products: [line] }) as unknown as Project;
const all = new Map<string, ReadonlySet<DownloadType>>([[line._id, new Set<DownloadType>(['all'])]]);

describe("a project's 'download all' (issue 28 §5)", () => {
  it('leaves the EU energy label out in the US catalogue 21, keeps it in the international one', () => {
    expect(projectRequests(projectIn(21), all, 'en-US').map((request) => request.type)).not.toContain('energyLabel');
    expect(projectRequests(projectIn(16), all, 'en').map((request) => request.type)).toContain('energyLabel');
    expect(projectRequests(projectIn(21), new Map([[line._id, new Set<DownloadType>(['energy'])]]), 'en-US')).toEqual([]);
  });
});
