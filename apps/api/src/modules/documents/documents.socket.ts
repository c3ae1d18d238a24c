import type { Server as HttpServer } from 'node:http';
import {
  type Download,
  type DocsClientToServer,
  type DocsServerToClient,
  type ProgressV2Event,
  type SocketAck,
  SocketDownloadPayload,
  SocketDownloadRef,
} from '@lumen/contracts';
import { DOWNLOAD_PROGRESS, DOWNLOAD_PROGRESS_THROTTLE_MS, fetchProgress } from '@lumen/domain';
import { Server, type Socket } from 'socket.io';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ZodError } from 'zod';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { isOwnOrigin } from '../../http/origin-guard';
import type { Revocations } from '../../http/revocations';
import { type AccessTokens, COOKIE, type Principal } from '../../http/sessions';
import type { Tracing } from '../../lib/observability/tracing';
import { DOCUMENTS_CHANNEL } from './documents.repository';
import type { DocumentsService } from './documents.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents socket of this app (its session check is called by tests). */
    documentsSocket: DocumentsSocket;
  }
}

export const DOCUMENTS_SOCKET_PATH = '/v2/socketio/docs/download';
/** A single file up to this size goes whole over the socket (download-binary) instead of a URL. */
const BINARY_LIMIT_BYTES = 1024 * 1024;
/** Fetch progress is announced to other processes at most this often per download. */
const FETCH_ANNOUNCE_MS = 250;

/** What a socket knows of its login: the handshake's principal and when its access token runs out. */
interface SocketLogin {
  principal: Principal | null;
  /** Epoch ms; past it the session is read again (the row in `sessions`) on each event and on the schedule. */
  expiresAt: number;
  /** The login ended after the handshake (revoked, or its session over): the check disconnects the socket. */
  ended?: boolean;
}

type DocsSocket = Socket<DocsClientToServer, DocsServerToClient, Record<string, never>, SocketLogin>;

/** How often every connected socket's session is checked (revoked: disconnected). */
export const SOCKET_RECHECK_MS = 30_000;

interface Announcement {
  id: string;
  event: 'progress' | 'item' | 'settled' | 'fetch';
  position?: number;
  /** fetch: progress by document name while a zip or file streams. */
  fetch?: Record<string, number>;
}

export interface DocumentsSocketOptions {
  server: HttpServer;
  database: Pick<Database, 'db' | 'listen'>;
  tokens: AccessTokens;
  revocations: Revocations;
  documents: DocumentsService;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** PUBLIC_URL: with the host a handshake was sent to, the origins a browser may connect from. */
  publicUrl?: string | undefined;
  /** The time (tests move it). */
  clock?: () => Date;
  /** Traces: a span per socket event (`socket download`), the parent of its queries. */
  tracing?: Pick<Tracing, 'inSpan'>;
}

export interface DocumentsSocket {
  start(): Promise<void>;
  close(): Promise<void>;
  /** Called while a delivery streams: the bytes of each document so far (8 → 16), announced to every process. */
  fetchProgress(downloadId: string, progress: Record<string, { loaded: number; total: number }>, final?: boolean): void;
  /** Sockets connected to this process now (the operator's metrics). */
  connections(): number;
  /** Checks every socket's session now (the schedule does it every SOCKET_RECHECK_MS); returns how many were disconnected. */
  recheck(): Promise<number>;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function refusal(error: unknown): SocketAck {
  if (isAppError(error)) {
    return { ok: false, error: { ErrorCode: error.status, code: error.code, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  return { ok: false, error: { ErrorCode: 500, code: 'INTERNAL' } };
}

function invalid(error: ZodError): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'The request is not valid',
    error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

/**
 * socket.io for document downloads (spec §7: path /v2/socketio/docs/download, events progressV2,
 * download-url, download-binary, download-ready). The caller is who the session cookie (or the
 * access token in the handshake or the payload) says — the payload's `user` is never read.
 *
 * Several processes: the state of a download is in the database; every move is announced on the
 * lumen_documents channel (pg_notify, at commit), and each process tells the sockets of its own rooms.
 * So a job made in one process reaches a browser connected to another, and a reconnecting browser
 * asks `resume` to get the state again. progressV2 goes out at most once a second per download
 * (trailing: the last state is never lost); download-ready goes at once with the final progress.
 */
export function createDocumentsSocket(options: DocumentsSocketOptions): DocumentsSocket {
  const clock = options.clock ?? (() => new Date());
  const io = new Server<DocsClientToServer, DocsServerToClient, Record<string, never>, SocketLogin>(options.server, {
    path: DOCUMENTS_SOCKET_PATH,
    serveClient: false,
    // Same origin only (the SPA is served by this process): no CORS headers.
    maxHttpBufferSize: 1_000_000,
    // A browser says where the page comes from: only the platform's own origins may drive a user's
    // downloads with their cookie (issue 29 §8: a same-site page of another subdomain included).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || isOwnOrigin(origin, request.headers.host, { publicUrl: options.publicUrl }));
    },
  });
  const room = (id: string): string => `download:${id}`;
  const throttles = new Map<string, { last: number; timer?: NodeJS.Timeout; reading?: boolean; again?: boolean }>();
  /** Fetch progress (8…16) by download and document name, as announced by the delivering process. */
  const fetching = new Map<string, Map<string, number>>();
  const fetchAnnounces = new Map<string, { last: number; timer?: NodeJS.Timeout; pending: Record<string, number> }>();
  let unlisten: (() => Promise<void>) | undefined;

  /** Whether the session behind a principal still lives (not revoked, not expired): the database's word. */
  async function sessionAlive(principal: Principal): Promise<boolean> {
    const rows = await options.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, principal.sessionId), eq(sessions.userId, principal.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock())))
      .limit(1);
    return rows.length === 1;
  }

  /**
   * The handshake's login, checked again (issue 29 §7): refused when revoked; past its access
   * token's expiry, the session is read again and a revoked or ended one ends the socket's login.
   */
  async function handshakePrincipal(socket: DocsSocket): Promise<Principal | null> {
    const principal = socket.data.principal;
    if (!principal) return null;
    if (options.revocations.isRevoked(principal) || (clock().getTime() >= socket.data.expiresAt && !(await sessionAlive(principal)))) {
      socket.data.principal = null;
      socket.data.ended = true;
      return null;
    }
    return principal;
  }

  async function principalOf(socket: DocsSocket, token: string | undefined): Promise<Principal | null> {
    const fresh = token ? await options.tokens.verify(token) : undefined;
    if (fresh) return options.revocations.isRevoked(fresh) ? null : fresh;
    return handshakePrincipal(socket);
  }

  const hasListeners = (id: string): boolean => (io.sockets.adapter.rooms.get(room(id))?.size ?? 0) > 0;

  function progressEvent(download: Download): ProgressV2Event {
    const overlay = fetching.get(download.id);
    const files: ProgressV2Event['files'] = {};
    let current = 0;
    for (const item of download.items) {
      let value = item.progress.currentProgress;
      const fetched = overlay?.get(item.name);
      if (item.status === 'ready' && fetched !== undefined) value = Math.max(value, fetched);
      files[item.name] = { currentProgress: value, totalProgress: DOWNLOAD_PROGRESS.MAX };
      current += value;
    }
    return { downloadId: download.id, status: download.status, files, overall: { current, total: download.items.length * DOWNLOAD_PROGRESS.MAX } };
  }

  async function emitProgress(id: string): Promise<Download | undefined> {
    const download = await options.documents.read(id);
    if (download) io.to(room(id)).emit('progressV2', progressEvent(download));
    return download;
  }

  /**
   * At most one progressV2 a second per download, measured when it goes out (after the read, which is
   * slow under load), and never one that a settled download's final event would overtake.
   */
  function throttledProgress(id: string): void {
    const state = throttles.get(id) ?? { last: 0 };
    throttles.set(id, state);
    if (state.reading) state.again = true;
    if (state.timer || state.reading) return;
    const wait = Math.max(0, state.last + DOWNLOAD_PROGRESS_THROTTLE_MS - Date.now());
    state.timer = setTimeout(() => {
      state.timer = undefined;
      state.reading = true;
      options.documents
        .read(id)
        .then((download) => {
          // Settled meanwhile: emitSettled sent (or is sending) the final state.
          if (!download || throttles.get(id) !== state) return;
          io.to(room(id)).emit('progressV2', progressEvent(download));
          state.last = Date.now();
        })
        .catch((error: unknown) => options.log.error({ err: error, download: id }, 'progress emit failed'))
        .finally(() => {
          state.reading = false;
          if (state.again && throttles.get(id) === state) {
            state.again = false;
            throttledProgress(id);
          }
        });
    }, wait);
    state.timer.unref();
  }

  /**
   * The file events and download-ready of one download go out in the order they were announced, one
   * after the other (issue 28 §5): a file is announced before the download is said to be ready, never
   * after (reading a stored file for download-binary takes longer than reading the row for ready).
   */
  const queues = new Map<string, Promise<void>>();
  function inOrder(id: string, task: () => Promise<void>, fail: (error: unknown) => void): void {
    const next = (queues.get(id) ?? Promise.resolve()).then(task).catch(fail);
    queues.set(id, next);
    void next.finally(() => {
      if (queues.get(id) === next) queues.delete(id);
    });
  }

  async function emitItemFiles(id: string, position: number): Promise<void> {
    const download = await options.documents.read(id);
    if (!download || download.delivery !== 'files') return;
    const item = download.items.find((entry) => entry.position === position);
    if (!item) return;
    const only = download.items.length === 1 && item.files.length === 1 ? item.files[0] : undefined;
    if (only && only.size <= BINARY_LIMIT_BYTES) {
      const row = (await options.documents.deliverablesOf(id, { item: position, file: 0 }))[0];
      if (row) {
        const chunks: Buffer[] = [];
        for await (const chunk of await options.documents.openStored(row.file)) chunks.push(chunk as Buffer);
        io.to(room(id)).emit('download-binary', { downloadId: id, name: item.name, fileName: only.fileName, contentType: only.contentType, data: Buffer.concat(chunks) });
        return;
      }
    }
    for (const file of item.files) io.to(room(id)).emit('download-url', { downloadId: id, name: item.name, fileName: file.fileName, url: file.url });
  }

  async function emitSettled(id: string): Promise<void> {
    const state = throttles.get(id);
    if (state?.timer) clearTimeout(state.timer);
    throttles.delete(id);
    // The final progress keeps the throttle too (spec §4): a second after the last one sent at the
    // earliest (a read in flight no longer emits: its state has left the map).
    const wait = state ? state.last + DOWNLOAD_PROGRESS_THROTTLE_MS - Date.now() : 0;
    if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait).unref());
    const download = await emitProgress(id);
    if (!download) return;
    io.to(room(id)).emit('download-ready', {
      downloadId: id,
      status: download.status,
      zipName: download.zipName,
      zipUrl: download.zipUrl,
      failed: download.items.filter((item) => item.status === 'failed').map((item) => item.name),
    });
  }

  function onAnnouncement(payload: string): void {
    let message: Announcement;
    try {
      message = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    if (typeof message.id !== 'string' || !hasListeners(message.id)) return;
    const id = message.id;
    const fail = (error: unknown) => options.log.error({ err: error, download: id }, 'telling a download’s sockets failed');
    switch (message.event) {
      case 'fetch': {
        const overlay = fetching.get(id) ?? new Map<string, number>();
        fetching.set(id, overlay);
        for (const [name, value] of Object.entries(message.fetch ?? {})) overlay.set(name, value);
        throttledProgress(id);
        break;
      }
      case 'item': {
        throttledProgress(id);
        const position = message.position;
        if (position !== undefined) inOrder(id, () => emitItemFiles(id, position), fail);
        break;
      }
      case 'settled':
        inOrder(id, () => emitSettled(id), fail);
        break;
      default:
        throttledProgress(id);
    }
  }

  io.use((socket: DocsSocket, next) => {
    const handshakeToken = typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : undefined;
    const token = cookieValue(socket.handshake.headers.cookie, COOKIE.access) ?? handshakeToken;
    socket.data.principal = null;
    socket.data.expiresAt = 0;
    if (!token) return next();
    options.tokens.verify(token).then(
      (principal) => {
        socket.data.principal = principal && !options.revocations.isRevoked(principal) ? principal : null;
        socket.data.expiresAt = options.tokens.expiresAt(token) ?? 0;
        next();
      },
      () => next(),
    );
  });

  io.on('connection', (socket: DocsSocket) => {
    const guard = (event: string, handler: (principal: Principal, payload: unknown) => Promise<SocketAck>) => async (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: SocketAck) => void) : () => {};
      const inSpan = options.tracing?.inSpan ?? ((_name, _attributes, fn) => fn());
      await inSpan(`socket ${event}`, { 'socket.event': event }, () => answer(handler, payload, reply));
    };
    const answer = async (handler: (principal: Principal, payload: unknown) => Promise<SocketAck>, payload: unknown, reply: (answer: SocketAck) => void): Promise<void> => {
      try {
        const token = payload && typeof payload === 'object' && typeof (payload as { token?: unknown }).token === 'string' ? (payload as { token: string }).token : undefined;
        const principal = await principalOf(socket, token);
        if (!principal) throw new AppError('UNAUTHENTICATED');
        reply(await handler(principal, payload));
      } catch (error) {
        if (!isAppError(error)) options.log.error({ err: error }, 'documents socket event failed');
        reply(refusal(error));
      }
    };

    socket.on(
      'download',
      guard('download', async (principal, payload) => {
        const parsed = SocketDownloadPayload.safeParse(payload);
        if (!parsed.success) throw invalid(parsed.error);
        const { docsParams, lang, catalogId, delivery, projectId, title } = parsed.data;
        const download = await options.documents.start(principal, { docs: docsParams, lang, catalogId, delivery, projectId, title });
        await socket.join(room(download.id));
        // What was ready at once (from the cache) was announced before this socket joined: tell it now, after the answer.
        setTimeout(() => {
          const fail = (error: unknown) => options.log.error({ err: error, download: download.id }, 'telling a download’s sockets failed');
          for (const item of download.items) if (item.status === 'ready') inOrder(download.id, () => emitItemFiles(download.id, item.position), fail);
          if (download.status !== 'running') inOrder(download.id, () => emitSettled(download.id), fail);
          else throttledProgress(download.id);
        }, 0);
        return { ok: true, download };
      }),
    );

    socket.on(
      'resume',
      guard('resume', async (principal, payload) => {
        const parsed = SocketDownloadRef.safeParse(payload);
        if (!parsed.success) throw invalid(parsed.error);
        const allowed = await options.documents.get(principal, parsed.data.downloadId);
        await socket.join(room(allowed.id));
        // Read again once in the room: a download that settled while the first read ran was announced
        // to no one here (the room was empty), so its final state is sent now.
        const download = (await options.documents.read(allowed.id)) ?? allowed;
        if (download.status !== 'running') inOrder(download.id, () => emitSettled(download.id), (error: unknown) => options.log.error({ err: error, download: download.id }, 'telling a download’s sockets failed'));
        return { ok: true, download };
      }),
    );

    socket.on(
      'cancel',
      guard('cancel', async (principal, payload) => {
        const parsed = SocketDownloadRef.safeParse(payload);
        if (!parsed.success) throw invalid(parsed.error);
        return { ok: true, download: await options.documents.cancel(principal, parsed.data.downloadId) };
      }),
    );
  });

  async function recheck(): Promise<number> {
    let ended = 0;
    for (const socket of io.sockets.sockets.values()) {
      if (!socket.data.principal && !socket.data.ended) continue;
      if (!(await handshakePrincipal(socket))) {
        socket.disconnect(true);
        ended += 1;
      }
    }
    return ended;
  }
  let recheckTimer: NodeJS.Timeout | undefined;

  return {
    connections: () => io.engine.clientsCount,
    recheck,
    async start() {
      recheckTimer = setInterval(() => {
        recheck().catch((error: unknown) => options.log.warn({ err: error }, 'checking the sockets’ sessions failed'));
      }, SOCKET_RECHECK_MS);
      recheckTimer.unref();
      unlisten = await options.database.listen(DOCUMENTS_CHANNEL, onAnnouncement, () => {
        // Announcements may have been lost while the listener was away: tell every room afresh, and
        // send the final state of a download that settled meanwhile (its 'settled' was among them).
        for (const name of io.sockets.adapter.rooms.keys()) {
          if (!name.startsWith('download:')) continue;
          const id = name.slice('download:'.length);
          throttledProgress(id);
          options.documents
            .read(id)
            .then((download) => {
              if (download && download.status !== 'running') inOrder(id, () => emitSettled(id), (error: unknown) => options.log.error({ err: error, download: id }, 'telling a download’s sockets failed'));
            })
            .catch((error: unknown) => options.log.error({ err: error, download: id }, 'reading a download after the listener came back failed'));
        }
      });
    },
    async close() {
      if (recheckTimer) clearInterval(recheckTimer);
      await unlisten?.();
      for (const state of throttles.values()) if (state.timer) clearTimeout(state.timer);
      for (const state of fetchAnnounces.values()) if (state.timer) clearTimeout(state.timer);
      io.disconnectSockets(true);
      // Not io.close(): it would close the HTTP server, which Fastify closes itself.
      io.engine.close();
    },
    fetchProgress(downloadId, progress, final = false) {
      const state = fetchAnnounces.get(downloadId) ?? { last: 0, pending: {} };
      fetchAnnounces.set(downloadId, state);
      for (const [name, { loaded, total }] of Object.entries(progress)) {
        state.pending[name] = final ? DOWNLOAD_PROGRESS.MAX : fetchProgress(loaded, total).currentProgress;
      }
      const send = () => {
        state.timer = undefined;
        state.last = Date.now();
        const fetch = state.pending;
        state.pending = {};
        if (Object.keys(fetch).length === 0) return;
        options.documents.announceFetch(downloadId, fetch).catch((error: unknown) => options.log.warn({ err: error }, 'announcing fetch progress failed'));
      };
      if (final) {
        if (state.timer) clearTimeout(state.timer);
        send();
        fetchAnnounces.delete(downloadId);
        return;
      }
      if (state.timer) return;
      state.timer = setTimeout(send, Math.max(0, state.last + FETCH_ANNOUNCE_MS - Date.now()));
      state.timer.unref();
    },
  };
}
