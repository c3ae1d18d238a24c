import type { Project, ProjectListItem, ProjectListPage, ProjectSummary, ProjectVersion } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projects as projectsTable } from '../../db/schema';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type ErrorAnswer, P1, V2 } from './projects.test-support';

/**
 * Issue 10 §5: versions read as versions. The list answers one item per version family (its newest
 * version, with every version under it), a name is the family's (a rename reaches every version), and
 * deleting the project deletes every version while deleting a version leaves the others together.
 */
describeWithDb('projects: version families', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    owner = t.agent();
    await owner.login('distributor2@demo.example');
    other = t.agent();
    await other.login('webuser@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  async function version(id: number, title?: string): Promise<ProjectSummary> {
    const response = await owner.post(`${V2}/project/${id}/version`, title ? { title } : {});
    expect(response.statusCode).toBe(201);
    return response.json<ProjectSummary>();
  }

  async function list(query: string): Promise<ProjectListPage> {
    const response = await owner.get(`${P1}/filter?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<ProjectListPage>();
  }

  it('lists a family once, as its version changed last with every version (number and title) under it', async () => {
    const first = await createProject(owner, { name: 'Family list one' });
    const second = await version(first.id, 'Lobby lit warmer');
    const third = await version(second.id);
    await createProject(owner, { name: 'Family list two' });
    const page = await list('search=family%20list&sortBy=NAME_ASC');
    expect(page.meta.totalItems).toBe(2);
    expect(page.items.map((item) => item.name)).toEqual(['Family list one', 'Family list two']);
    const family = page.items[0] as ProjectListItem;
    expect(family).toMatchObject({ id: third.id, versionOf: first.id, versionNumber: 3 });
    expect(family.versions?.map((v) => [v.id, v.versionNumber, v.versionTitle, v.current])).toEqual([
      [first.id, 1, null, false],
      [second.id, 2, 'Lobby lit warmer', false],
      [third.id, 3, null, true],
    ]);
    expect(page.items[1]?.versions).toHaveLength(1);
    // the item is the version changed last: where the user left off
    t.clock.advance(60_000);
    await owner.put(`${P1}/${second.id}`, { config: { note: 'worked on' } });
    const after = (await list('search=family%20list&sortBy=NAME_ASC')).items[0] as ProjectListItem;
    expect([after.id, after.versions?.find((v) => v.current)?.id]).toEqual([second.id, second.id]);
    // a version's title finds its family; paging counts families
    expect((await list('search=lobby%20LIT')).items.map((item) => item.versionOf)).toEqual([first.id]);
    const paged = await list('search=family%20list&sortBy=NAME_ASC&itemsPerPage=1&page=2');
    expect(paged.meta).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect(paged.items.map((item) => item.name)).toEqual(['Family list two']);
    // v3 keeps its 5 per page, of families
    const v3 = (await owner.get('/api/projects/v3/projects?limit=50')).json<ProjectListPage>();
    expect(v3.meta.itemsPerPage).toBe(5);
    expect(new Set(v3.items.map((item) => item.versionOf)).size).toBe(v3.items.length);
  });

  it('renaming any version renames the project: every version in progress takes the name', async () => {
    const first = await createProject(owner, { name: 'Rename family' });
    const second = await version(first.id, 'Second');
    const third = await version(second.id, 'Ordered one');
    await t.database.db.update(projectsTable).set({ status: 2 }).where(eq(projectsTable.id, third.id));
    const renamed = await owner.put(`${P1}/${second.id}`, { name: 'Hotel St. Regis, lobby' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ProjectSummary>()).toMatchObject({ name: 'Hotel St. Regis, lobby', revision: second.revision + 1 });
    const names = (await owner.get(`${V2}/project/${first.id}/versions`)).json<ProjectVersion[]>().map((v) => [v.versionNumber, v.name, v.versionTitle]);
    // the ordered version keeps the name it was ordered under
    expect(names).toEqual([
      [1, 'Hotel St. Regis, lobby', null],
      [2, 'Hotel St. Regis, lobby', 'Second'],
      [3, 'Rename family', 'Ordered one'],
    ]);
    expect((await owner.get(`${P1}/${first.id}`)).json<Project>().revision).toBe(first.revision + 1);
    // apiv2's rename is the same operation; an ordered version cannot be renamed
    expect((await owner.put(`${V2}/project/${first.id}/projectName`, { name: 'Renamed again' })).statusCode).toBe(200);
    expect((await owner.get(`${P1}/${second.id}`)).json<Project>().name).toBe('Renamed again');
    expect((await owner.put(`${P1}/${third.id}`, { name: 'Nope' })).statusCode).toBe(409);
  });

  it('a new version takes the family name and the next number, also when saved from an older version', async () => {
    const first = await createProject(owner, { name: 'Numbering' });
    const second = await version(first.id);
    await owner.put(`${P1}/${second.id}`, { name: 'Numbering renamed' });
    const fromFirst = await version(first.id, 'From the first');
    expect(fromFirst).toMatchObject({ name: 'Numbering renamed', versionOf: first.id, versionNumber: 3 });
    // saved at once from two versions: two numbers
    const both = await Promise.all([owner.post(`${V2}/project/${first.id}/version`, {}), owner.post(`${V2}/project/${second.id}/version`, {})]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both.map((r) => r.json<ProjectSummary>().versionNumber).sort()).toEqual([4, 5]);
  });

  it('deleting the project deletes every version; nothing is left orphaned', async () => {
    const first = await createProject(owner, { name: 'Delete family' });
    const second = await version(first.id, 'Two');
    const third = await version(second.id, 'Three');
    const deleted = await owner.request('DELETE', `${P1}/${first.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: first.id, status: 0, deleted: [first.id, second.id, third.id] });
    for (const id of [first.id, second.id, third.id]) expect((await owner.get(`${P1}/${id}`)).statusCode).toBe(404);
    expect((await list('search=delete%20family')).items).toEqual([]);
  });

  it('deleting one version leaves the others together, numbers kept and never reused', async () => {
    const first = await createProject(owner, { name: 'Delete one version' });
    const second = await version(first.id, 'Two');
    const third = await version(second.id, 'Three');
    const deleted = await owner.request('DELETE', `${V2}/project/${first.id}/version`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: first.id, status: 0, deleted: [first.id] });
    const page = await list('search=delete%20one%20version');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.versions?.map((v) => v.versionNumber)).toEqual([2, 3]);
    expect((await owner.get(`${V2}/project/${second.id}/versions`)).json<ProjectVersion[]>().map((v) => v.id)).toEqual([second.id, third.id]);
    expect((await version(second.id)).versionNumber).toBe(4);
    // deleting the project from any remaining version takes the rest
    expect((await owner.request('DELETE', `${P1}/${third.id}`)).json<{ deleted: number[] }>().deleted).toHaveLength(3);
  });

  it('a family with an ordered version is not deleted whole (409); its versions in progress one by one are', async () => {
    const first = await createProject(owner, { name: 'Ordered family' });
    const second = await version(first.id);
    await t.database.db.update(projectsTable).set({ status: 2 }).where(eq(projectsTable.id, first.id));
    const whole = await owner.request('DELETE', `${P1}/${second.id}`);
    expect(whole.statusCode).toBe(409);
    expect(whole.json<ErrorAnswer>().ErrorDescription).toContain('Version 1');
    expect((await owner.get(`${P1}/${second.id}`)).statusCode).toBe(200);
    expect((await owner.request('DELETE', `${V2}/project/${second.id}/version`)).statusCode).toBe(200);
    expect((await owner.request('DELETE', `${V2}/project/${first.id}/version`)).statusCode).toBe(409);
  });

  it('who may not: another user gets 404 for the family, the privilege is checked first', async () => {
    const first = await createProject(owner, { name: 'Not yours' });
    expect((await other.request('DELETE', `${V2}/project/${first.id}/version`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `${P1}/${first.id}`)).statusCode).toBe(404);
    expect((await other.put(`${P1}/${first.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await t.agent().request('DELETE', `${V2}/project/${first.id}/version`)).statusCode).toBe(401);
    expect((await owner.request('DELETE', `${V2}/project/0/version`)).statusCode).toBe(400);
  });

  it('the picker tells versions apart', async () => {
    const first = await createProject(owner, { name: 'Picker family' });
    await version(first.id, 'Picked');
    const names = (await owner.get(`${P1}?type=LIST`)).json<Array<{ name: string; versionNumber: number; versionTitle: string | null }>>();
    expect(names.filter((n) => n.name === 'Picker family').map((n) => [n.versionNumber, n.versionTitle])).toEqual([
      [2, 'Picked'],
      [1, null],
    ]);
  });
});
