import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DocsClientToServer, DocsServerToClient, SocketAck } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp, testClock } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { sessions } from '../../db/schema';
import { DOCUMENTS_SOCKET_PATH } from './documents.socket';

type Client = Socket<DocsServerToClient, DocsClientToServer>;

/** Issue 29 §7: the documents socket checks Origin and keeps checking the session after the handshake. */
describeWithDb('documents socket: origin and session (issue 29 §7)', () => {
  let t: TestApp;
  let base: string;
  let host: string;
  const clients: Client[] = [];

  async function login(email: string): Promise<{ cookie: string; sessionId: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const rows = await t.database.db.select({ id: sessions.id, createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.userId, response.json<{ userId: number }>().userId));
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return { cookie, sessionId: newest?.id ?? '' };
  }

  function connect(headers: Record<string, string>): Promise<Client> {
    const client: Client = io(base, { path: DOCUMENTS_SOCKET_PATH, transports: ['websocket'], autoConnect: false, extraHeaders: headers, reconnection: false });
    clients.push(client);
    return new Promise((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('connect_error', reject);
      client.connect();
    });
  }

  const resume = (client: Client): Promise<SocketAck> => new Promise((resolve) => client.emit('resume', { downloadId: randomUUID() }, resolve));
  const disconnected = (client: Client): Promise<string> => new Promise((resolve) => client.once('disconnect', resolve));

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    host = `127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await t?.close();
  });

  it('refuses a handshake from another origin (another site or a sibling subdomain); the platform’s own origin connects', async () => {
    const { cookie } = await login('specifier@demo.example');
    await expect(connect({ cookie, origin: 'https://evil.example' })).rejects.toThrow();
    await expect(connect({ cookie, origin: 'http://docs.127.0.0.1.nip.io' })).rejects.toThrow();
    const own = await connect({ cookie, origin: base });
    expect(own.connected).toBe(true);
    expect(await resume(own)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('a revoked session loses the socket at once: events refused, disconnected by the check', async () => {
    const { cookie } = await login('distributor@demo.example');
    const client = await connect({ cookie, origin: base });
    expect(await resume(client)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/v1/auth/logout', headers: { cookie, host } });
    expect(logout.statusCode).toBe(204);
    expect(await resume(client)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    const gone = disconnected(client);
    expect(await t.app.documentsSocket.recheck()).toBeGreaterThanOrEqual(1);
    expect(await gone).toBe('io server disconnect');
  });

  it('past the access token’s expiry, each event reads the session again: a live one goes on, an ended one is refused', async () => {
    const { cookie, sessionId } = await login('distributor2@demo.example');
    const client = await connect({ cookie, origin: base });
    t.clock.advance(16 * 60 * 1000);
    // The access token ran out, the session lives (30 days): the socket goes on.
    expect(await resume(client)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // The session ends where this process's revocation list cannot see it any more (an old revocation).
    await t.database.db.update(sessions).set({ revokedAt: t.clock(), revokedReason: 'test' }).where(eq(sessions.id, sessionId));
    expect(await resume(client)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
  });
});
