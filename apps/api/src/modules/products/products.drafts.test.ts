import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { MAX_DRAFTS_PER_USER } from './products.drafts';

const DRAFTS = '/api/products/v1/configurator-drafts';
const space = { schemaVersion: 3, type: 'Space', id: 'space-1', props: { room: { width: 3, depth: 3, height: 4 } }, children: [] };

/** Issue 27 §3: a composition survives a reload and a login — the user's draft per configurator, on the server. */
describeWithDb('configurator drafts (issue 27 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a user writes, reads back, writes over and drops a draft; another user never sees it', async () => {
    const owner = t.agent();
    await owner.login('specifier@demo.example');
    expect((await owner.get(`${DRAFTS}/crea`)).statusCode).toBe(404);
    const written = await owner.put(`${DRAFTS}/crea`, { content: { space }, quantity: 3 });
    expect(written.statusCode, written.body).toBe(200);
    const read = await owner.get(`${DRAFTS}/crea`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ key: 'crea', content: { space }, quantity: 3 });
    expect(read.headers['cache-control']).toContain('no-store');
    t.clock.advance(5000);
    const over = await owner.put(`${DRAFTS}/crea`, { content: { space: { ...space, id: 'space-2' } } });
    expect(over.json()).toMatchObject({ quantity: 1, content: { space: { id: 'space-2' } } });
    expect(Date.parse(over.json<{ updatedAt: string }>().updatedAt)).toBeGreaterThan(Date.parse(written.json<{ updatedAt: string }>().updatedAt));
    // One per configurator (and per project line).
    expect((await owner.put(`${DRAFTS}/sticks-drawing.line.abc-123`, { content: { drawing: { segments: [] } } })).statusCode).toBe(200);
    expect((await owner.get(`${DRAFTS}/crea`)).json()).toMatchObject({ content: { space: { id: 'space-2' } } });

    const other = t.agent();
    await other.login('distributor@demo.example');
    expect((await other.get(`${DRAFTS}/crea`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `${DRAFTS}/crea`)).statusCode).toBe(204);
    expect((await owner.get(`${DRAFTS}/crea`)).statusCode).toBe(200);

    expect((await owner.request('DELETE', `${DRAFTS}/crea`)).statusCode).toBe(204);
    expect((await owner.get(`${DRAFTS}/crea`)).statusCode).toBe(404);
  });

  describe('refusals', () => {
    it('a visitor is refused (401): a visitor keeps the draft in the browser', async () => {
      const visitor = t.agent();
      expect((await visitor.get(`${DRAFTS}/crea`)).statusCode).toBe(401);
      expect((await visitor.put(`${DRAFTS}/crea`, { content: { space } })).statusCode).toBe(401);
    });

    it('a malformed key, content that is not an object, unsafe text or a bad quantity is a 400', async () => {
      const user = t.agent();
      await user.login('specifier@demo.example');
      for (const key of ['CREA', '../etc', 'crea..x', `${'a'.repeat(41)}`, 'crea.a.b.c.d']) expect((await user.put(`${DRAFTS}/${encodeURIComponent(key)}`, { content: { space } })).statusCode, key).toBe(400);
      expect((await user.put(`${DRAFTS}/crea`, { content: [1, 2] })).statusCode).toBe(400);
      expect((await user.put(`${DRAFTS}/crea`, {})).statusCode).toBe(400);
      expect((await user.put(`${DRAFTS}/crea`, { content: { name: 'a\u0000b' } })).statusCode).toBe(400);
      expect((await user.put(`${DRAFTS}/crea`, { content: { space }, quantity: 0 })).statusCode).toBe(400);
      expect((await user.put(`${DRAFTS}/crea`, { content: { space }, quantity: 1.5 })).statusCode).toBe(400);
    });

    it(`a user keeps at most ${MAX_DRAFTS_PER_USER} drafts: the oldest goes`, async () => {
      const user = t.agent();
      await user.login('sales@demo.example');
      for (let index = 0; index <= MAX_DRAFTS_PER_USER; index += 1) {
        t.clock.advance(1000);
        expect((await user.put(`${DRAFTS}/crea.line.n${index}`, { content: { n: index } })).statusCode).toBe(200);
      }
      expect((await user.get(`${DRAFTS}/crea.line.n0`)).statusCode).toBe(404);
      expect((await user.get(`${DRAFTS}/crea.line.n1`)).statusCode).toBe(200);
      expect((await user.get(`${DRAFTS}/crea.line.n${MAX_DRAFTS_PER_USER}`)).statusCode).toBe(200);
    });
  });
});
