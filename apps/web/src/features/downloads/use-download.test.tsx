import type { Download, DownloadDelivery } from '@lumen/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { startTestEnvironment } from '../../../test/render-app';
import { FlagsProvider } from '../../shared/flags';
import { downloadDeps, mergeProgress, overallProgress, useDownload } from './use-download';

// Issue 30 §6: a single-file "separate files" download ends at 17 of 17 once the browser has the
// file (not at 8, "47 % Ready"), and a download ready at once (cached) still saves its file or zip.

type Handler = (...args: unknown[]) => void;
const sockets: FakeSocket[] = [];
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: Array<{ event: string; payload: unknown; ack: Handler }> = [];
  io = { on: vi.fn() };
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  once(event: string, handler: Handler) {
    return this.on(event, handler);
  }
  connect() {
    for (const handler of this.handlers.get('connect') ?? []) handler();
  }
  disconnect() {}
  emit(event: string, payload: unknown, ack: Handler) {
    this.emitted.push({ event, payload, ack });
  }
  serverSends(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}
const saved: string[] = [];
const realDeps = { ...downloadDeps };

function makeDownload(delivery: DownloadDelivery, status: Download['status'], progress: number): Download {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Casa Prieto',
    projectId: 5,
    catalogId: 16,
    lang: 'en',
    delivery,
    status,
    zipName: '3VB_20260102100000.zip',
    zipUrl: delivery === 'zip' && status === 'ready' ? '/sr-documents/v1/docs-web/download?id=1' : null,
    createdAt: '2026-01-02T10:00:00Z',
    finishedAt: status === 'ready' ? '2026-01-02T10:00:01Z' : null,
    items: [
      {
        position: 0,
        name: '001-7460-specSheet-model',
        type: 'specSheet',
        subType: 'model',
        model: '7460',
        status: status === 'ready' ? 'ready' : 'running',
        progress: { currentProgress: progress, totalProgress: 17 },
        error: null,
        files: status === 'ready' ? [{ fileName: '7460-spec-sheet.pdf', contentType: 'application/pdf', size: 1000, url: '/sr-documents/v1/docs-web/download?id=1&item=0&file=0' }] : [],
      },
    ],
  } as Download;
}

async function hook(flags: Record<string, boolean> = {}) {
  const api = createFakeApi({ account: makeAccount({ role: 'specifier' }), flags: () => flags });
  api.handle((call) => (call.path === '/api/documents/v1/downloads' ? json(200, { items: [] }) : undefined));
  api.handle((call) => (call.method === 'POST' && call.path === '/api/documents/docs-web/global-generate' ? json(202, makeDownload('zip', 'running', 1)) : undefined));
  hooked.api = api;
  const environment = await startTestEnvironment(api);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <FlagsProvider flags={environment.flags}>{children}</FlagsProvider>
      </I18nextProvider>
    </Provider>
  );
  return renderHook(() => useDownload(), { wrapper });
}

const NAME = '001-7460-specSheet-model';
const hooked: { api?: ReturnType<typeof createFakeApi> } = {};
const TWO_DOCS = [
  { type: 'specSheet', subType: 'model', params: { model: '7460' } },
  { type: 'photometry', params: { model: '7460' } },
] as never;

beforeEach(() => {
  sockets.length = 0;
  saved.length = 0;
  downloadDeps.io = (() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  }) as unknown as typeof downloadDeps.io;
  downloadDeps.saveFile = (_source, name) => void saved.push(name);
});

afterEach(() => {
  Object.assign(downloadDeps, realDeps);
});

describe('a download’s progress and files', () => {
  it('a single file delivered separately reaches 17 of 17 once the browser has it', async () => {
    const { result } = await hook();
    await act(() => result.current.start({ docs: [{ type: 'specSheet', subType: 'model', params: { model: '7460' } }] as never, delivery: 'files', catalogId: 16 }));
    const socket = sockets.at(-1)!;
    act(() => socket.emitted[0]!.ack({ ok: true, download: makeDownload('files', 'running', 1) }));
    act(() => socket.serverSends('progressV2', { downloadId: makeDownload('files', 'running', 1).id, status: 'running', files: { [NAME]: { currentProgress: 8, totalProgress: 17 } } }));
    expect(overallProgress(result.current.state)).toEqual({ current: 8, total: 17 });
    act(() =>
      socket.serverSends('download-binary', { downloadId: makeDownload('files', 'running', 1).id, name: NAME, fileName: '7460-spec-sheet.pdf', contentType: 'application/pdf', data: new ArrayBuffer(4) }),
    );
    act(() => socket.serverSends('progressV2', { downloadId: makeDownload('files', 'running', 1).id, status: 'ready', files: { [NAME]: { currentProgress: 8, totalProgress: 17 } } }));
    act(() => socket.serverSends('download-ready', { downloadId: makeDownload('files', 'running', 1).id, status: 'ready', zipName: 'x.zip', zipUrl: null, failed: [] }));
    expect(saved).toEqual(['7460-spec-sheet.pdf']);
    expect(result.current.state.phase).toBe('ready');
    expect(overallProgress(result.current.state)).toEqual({ current: 17, total: 17 });
  });

  it.each(['files', 'zip'] as const)('a download ready at once (cached), delivered as %s, saves its file once', async (delivery) => {
    const { result } = await hook();
    await act(() => result.current.start({ docs: [{ type: 'specSheet', subType: 'model', params: { model: '7460' } }] as never, delivery, catalogId: 16 }));
    const socket = sockets.at(-1)!;
    const download = makeDownload(delivery, 'ready', 8);
    act(() => socket.emitted[0]!.ack({ ok: true, download }));
    // The socket's events that follow announce the same file(s).
    if (delivery === 'files') act(() => socket.serverSends('download-url', { downloadId: download.id, name: NAME, fileName: '7460-spec-sheet.pdf', url: download.items[0]!.files[0]!.url }));
    act(() => socket.serverSends('download-ready', { downloadId: download.id, status: 'ready', zipName: download.zipName, zipUrl: download.zipUrl, failed: [] }));
    await waitFor(() => expect(saved).toEqual([delivery === 'zip' ? download.zipName : '7460-spec-sheet.pdf']));
    expect(result.current.state.phase).toBe('ready');
  });
});

describe('the multi-download flag (spec §7)', () => {
  it('starts a zip of several documents with POST global-generate, then follows it over the socket', async () => {
    const { result } = await hook({ multiDownload: true });
    await act(() => result.current.start({ docs: TWO_DOCS, delivery: 'zip', catalogId: 16 }));
    const calls = hooked.api!.callsTo('POST', '/api/documents/docs-web/global-generate');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual(TWO_DOCS);
    expect(calls[0]?.query.get('catalogId')).toBe('16');
    expect(calls[0]?.query.get('lang')).toBe('en');
    const socket = sockets.at(-1)!;
    expect(socket.emitted.map((entry) => entry.event)).toEqual(['resume']);
    expect(socket.emitted[0]?.payload).toEqual({ downloadId: makeDownload('zip', 'running', 1).id });
    act(() => socket.emitted[0]!.ack({ ok: true, download: makeDownload('zip', 'running', 1) }));
    expect(result.current.state.phase).toBe('running');
  });

  it('keeps the socket without the flag', async () => {
    const { result } = await hook();
    await act(() => result.current.start({ docs: TWO_DOCS, delivery: 'zip', catalogId: 16 }));
    expect(hooked.api!.callsTo('POST', '/api/documents/docs-web/global-generate')).toHaveLength(0);
    expect(sockets.at(-1)!.emitted.map((entry) => entry.event)).toEqual(['download']);
  });
});

describe('mergeProgress', () => {
  it('never takes a document back, except to the failure code', () => {
    const known = { a: { currentProgress: 17, totalProgress: 17 as const }, b: { currentProgress: 4, totalProgress: 17 as const } };
    expect(mergeProgress(known, { a: { currentProgress: 8, totalProgress: 17 as const }, b: { currentProgress: 3, totalProgress: 17 as const }, c: { currentProgress: 1, totalProgress: 17 as const } })).toEqual({
      a: { currentProgress: 17, totalProgress: 17 },
      b: { currentProgress: 3, totalProgress: 17 },
      c: { currentProgress: 1, totalProgress: 17 },
    });
  });
});
