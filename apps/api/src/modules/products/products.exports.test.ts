import { parse as parseDisposition } from 'content-disposition';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreationShareCreated, ProductsAdded } from '@lumen/contracts';
import DxfParser from 'dxf-parser';
import { Box3, type Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@lumen/domain';
import { userRoles, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { type Agent, createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, P1 } from '../projects/projects.test-support';
import { brokenSpace, drawnSpace, EXPORT, plusminusV, SHARE, sticksSquare } from './products.drawings.test-support';

/**
 * Issue 16 §4: a drawn product downloads as glTF binary, OBJ and STL (its 3D model) and as DXF and SVG
 * (its plan) — from a shared link, from the configurator's unsaved space, and from a project line in
 * the project's read scope — and every file opens in an independent reader: three's GLTFLoader,
 * OBJLoader and STLLoader, dxf-parser, xmllint.
 */
describeWithDb('products: exports of drawn products', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let visitor: Agent;
  let hash = '';
  const work = mkdtempSync(join(tmpdir(), 'drawing-exports-'));

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    visitor = t.agent();
    const shared = await visitor.post(SHARE, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
    expect(shared.statusCode, shared.body).toBe(201);
    hash = shared.json<CreationShareCreated>().hash;
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  const bytes = (body: Buffer): ArrayBuffer => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  function meshesOf(root: Object3D): Mesh[] {
    const found: Mesh[] = [];
    root.traverse((node) => {
      if ((node as Mesh).isMesh) found.push(node as Mesh);
    });
    return found;
  }

  describe('a shared plusminus drawing, by a visitor', () => {
    const url = (format: string) => `${SHARE}/${hash}/export/${format}`;

    it('glb: one node per element of the drawing, its extent the drawing’s', async () => {
      const response = await visitor.get(url('glb'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('model/gltf-binary');
      expect(parseDisposition(String(response.headers['content-disposition']))).toMatchObject({ type: 'attachment', parameters: { filename: `plusminus-${hash}.glb` } });
      const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) => new GLTFLoader().parse(bytes(response.rawPayload), '', resolve, reject));
      const names = new Set<string>();
      gltf.scene.traverse((node) => names.add(node.name));
      for (const id of ['s1', 's2', 'l1', 'l2', 'r1', 'w1', 'k1']) expect(names.has(id), id).toBe(true);
      const box = new Box3().setFromObject(gltf.scene);
      // The V runs from x −1 to 1 and z −0.5 to 1 at 3 m; the power canopy reaches the 4 m ceiling, the lights hang below.
      // (a part's radius — a reflector, a canopy — may reach past a strap's end, never by more than 15 cm).
      const near = (value: number, end: number) => expect(Math.abs(value - end), `${value} vs ${end}`).toBeLessThanOrEqual(0.15);
      near(box.min.x, -1);
      near(box.max.x, 1);
      near(box.min.z, -0.5);
      near(box.max.z, 1);
      expect(box.max.y).toBeLessThanOrEqual(4.001);
      expect(box.min.y).toBeLessThan(3);
    });

    it('obj and stl: the same triangles as the glb', async () => {
      const glb = await visitor.get(url('glb'));
      const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) => new GLTFLoader().parse(bytes(glb.rawPayload), '', resolve, reject));
      const triangles = meshesOf(gltf.scene).reduce((sum, mesh) => sum + (mesh.geometry.getIndex()?.count ?? 0) / 3, 0);
      // the OBJ comes with its MTL (issue 28 §4): the pair in one zip, read by unzip
      const obj = await visitor.get(url('obj'));
      expect(obj.headers['content-type']).toBe('application/zip');
      expect(parseDisposition(String(obj.headers['content-disposition']))).toMatchObject({ parameters: { filename: `plusminus-${hash}.zip` } });
      const zipPath = join(work, 'obj.zip');
      writeFileSync(zipPath, obj.rawPayload);
      expect(execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([`plusminus-${hash}.mtl`, `plusminus-${hash}.obj`]);
      const objText = execFileSync('unzip', ['-p', zipPath, `plusminus-${hash}.obj`], { encoding: 'utf8' });
      expect(objText).toContain(`mtllib plusminus-${hash}.mtl`);
      expect(execFileSync('unzip', ['-p', zipPath, `plusminus-${hash}.mtl`], { encoding: 'utf8' })).toMatch(/^newmtl /m);
      const object = new OBJLoader().parse(objText);
      expect(meshesOf(object).reduce((sum, mesh) => sum + mesh.geometry.getAttribute('position').count / 3, 0)).toBe(triangles);
      const stl = await visitor.get(url('stl'));
      expect(stl.headers['content-type']).toBe('model/stl');
      const geometry = new STLLoader().parse(bytes(stl.rawPayload));
      expect(geometry.getAttribute('position').count / 3).toBe(triangles);
    });

    it('dxf: the straps on STRUCTURE, the items on ITEMS, the lengths on DIMENSIONS; svg well-formed with the lengths', async () => {
      const dxfAnswer = await visitor.get(url('dxf'));
      expect(dxfAnswer.headers['content-type']).toBe('image/vnd.dxf');
      const dxf = new DxfParser().parseSync(dxfAnswer.body);
      const entities = (dxf?.entities ?? []) as unknown as Array<{ type: string; layer: string; text?: string }>;
      expect(entities.filter((entity) => entity.type === 'LINE' && entity.layer === 'STRUCTURE')).toHaveLength(2);
      expect(entities.filter((entity) => entity.type === 'CIRCLE' && entity.layer === 'ITEMS')).toHaveLength(5);
      expect(entities.filter((entity) => entity.type === 'TEXT').map((entity) => entity.text)).toEqual(['200 cm', '180.3 cm']);
      const svg = await visitor.get(url('svg'));
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const path = join(work, 'plan.svg');
      writeFileSync(path, svg.rawPayload);
      execFileSync('xmllint', ['--noout', path]);
      expect(svg.body).toContain(`<title>Plusminus ${hash}</title>`);
      expect(svg.body).toContain('>200 cm</text>');
    });

    it('an unknown format is a 400, an unknown hash a 404', async () => {
      expect((await visitor.get(url('pdf'))).statusCode).toBe(400);
      expect((await visitor.get(`${SHARE}/AAAAAAAAAAAAAAAAAAAAAA/export/glb`)).statusCode).toBe(404);
    });
  });

  describe('the configurator’s unsaved drawing', () => {
    it('a sticks square as a DXF in feet and inches for the United States catalogue', async () => {
      const response = await as.importer.post(`${EXPORT}/dxf`, { space: drawnSpace(sticksSquare()), subFamilyId: 219, catalogId: 21 });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(parseDisposition(String(response.headers['content-disposition']))).toMatchObject({ type: 'attachment', parameters: { filename: 'sticks-drawing.dxf' } });
      const dxf = new DxfParser().parseSync(response.body);
      const texts = ((dxf?.entities ?? []) as unknown as Array<{ type: string; text?: string }>).filter((entity) => entity.type === 'TEXT').map((entity) => entity.text);
      expect(texts).toEqual([`2' 11 7/16"`, `2' 11 7/16"`, `2' 11 7/16"`, `2' 11 7/16"`]);
    });

    it('refuses a drawing the engine refuses, with its code', async () => {
      const drawing = plusminusV();
      const answer = await visitor.post(`${EXPORT}/glb`, { space: brokenSpace({ ...drawing, items: [] }), subFamilyId: 225 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ErrorAnswer>().code).toBe('NO_CONNECTION');
      const other = await visitor.post(`${EXPORT}/glb`, { space: drawnSpace(plusminusV()), subFamilyId: 302 });
      expect(other.json<ErrorAnswer>().fields?.[0]?.path).toBe('body.subFamilyId');
    });
  });

  describe('a project line', () => {
    it('downloads in the project’s read scope: a 404 for another company, for a line that is no drawing, for an unknown line', async () => {
      const project = await createProject(as.distributor, { name: 'Drawn lobby' });
      const added = await as.distributor.post(`${P1}/${project.id}/products`, [
        { type: 'CREATION', subFamily: { id: 225 }, configuratorType: { id: 2 }, model: '5520', quantity: 1, space: drawnSpace(plusminusV()) },
        { referenceCode: '552010/02_10' },
      ]);
      expect(added.statusCode, added.body.slice(0, 300)).toBe(201);
      const [drawn, regular] = added.json<ProductsAdded>().products;
      const url = (productId: string, format: string) => `${P1}/${project.id}/products/${productId}/export/${format}`;
      const file = await as.distributor.get(url(drawn!._id, 'stl'));
      expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
      expect(parseDisposition(String(file.headers['content-disposition'])).parameters.filename).toMatch(/^plusminus-[A-Za-z0-9._-]+\.stl$/);
      expect(new STLLoader().parse(bytes(file.rawPayload)).getAttribute('position').count).toBeGreaterThan(0);
      expect((await as.distributor2.get(url(drawn!._id, 'stl'))).statusCode).toBe(404);
      expect((await visitor.get(url(drawn!._id, 'stl'))).statusCode).toBe(401);
      expect((await as.distributor.get(url(regular!._id, 'stl'))).statusCode).toBe(404);
      expect((await as.distributor.get(url('00000000-0000-4000-8000-000000000000', 'stl'))).statusCode).toBe(404);
      expect((await as.distributor.get(url(drawn!._id, 'step'))).statusCode).toBe(400);
    });

    it('needs project.download, as the spec’s other download routes (issue 27 §1): an api user who may view and edit the project is refused', async () => {
      const email = `api-user-${Date.now().toString(36)}@test.example`;
      const [user] = await t.database.db
        .insert(users)
        .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), name: 'Api user', status: 4, userType: 2 })
        .returning({ id: users.id });
      await t.database.db.insert(userRoles).values({ userId: user!.id, roleId: ROLES.apiUser });
      const apiUser = t.agent();
      await apiUser.login(email);
      const project = await createProject(apiUser, { name: 'No downloads' });
      const added = await apiUser.post(`${P1}/${project.id}/products`, [{ type: 'CREATION', subFamily: { id: 225 }, configuratorType: { id: 2 }, model: '5520', quantity: 1, space: drawnSpace(plusminusV()) }]);
      expect(added.statusCode, added.body.slice(0, 300)).toBe(201);
      const [drawn] = added.json<ProductsAdded>().products;
      const refused = await apiUser.get(`${P1}/${project.id}/products/${drawn!._id}/export/stl`);
      expect(refused.statusCode).toBe(403);
    });
  });
});
