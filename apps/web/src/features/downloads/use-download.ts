import type { DocsClientToServer, DocsServerToClient, Download, DocumentRequestItem, DownloadDelivery, FileProgress, SocketAck } from '@lumen/contracts';
import { DOCS_SOCKET_PATH } from '@lumen/contracts/constants';
import { DOWNLOAD_PROGRESS } from '@lumen/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { selectAccount } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadDownloads, startGlobalGenerate } from './downloads-calls';
import { useFlag } from '../../shared/flags';
import { saveFile } from '../../shared/save-file';

type DocsSocket = Socket<DocsServerToClient, DocsClientToServer>;

/**
 * What the hook reaches outside React: the socket's constructor and the file saver. One object, so
 * that a test puts fakes in place (the web's test files share their modules: module mocks would not
 * reach a module another file loaded first).
 */
export const downloadDeps: { io: typeof io; saveFile: typeof saveFile } = { io, saveFile };

export type DownloadPhase = 'idle' | 'starting' | 'running' | 'ready' | 'cancelled' | 'failed';

export interface DownloadState {
  phase: DownloadPhase;
  download: Download | null;
  /** progressV2 by document name (spec §3: currentProgress of 17). */
  files: Record<string, FileProgress>;
  /** A refusal's code (VALIDATION_FAILED, FORBIDDEN…), 'LOST' when the connection could not come back. */
  error: string | null;
  failed: string[];
}

export interface StartDownload {
  docs: DocumentRequestItem[];
  delivery: DownloadDelivery;
  catalogId: number;
  projectId?: number;
  title?: string;
}

const IDLE: DownloadState = { phase: 'idle', download: null, files: {}, error: null, failed: [] };

/** Sum of the documents' progress over their total (documents × 17). */
export function overallProgress(state: Pick<DownloadState, 'files'>): { current: number; total: number } {
  const values = Object.values(state.files);
  return { current: values.reduce((sum, file) => sum + file.currentProgress, 0), total: values.length * DOWNLOAD_PROGRESS.MAX };
}

function filesOf(download: Download): Record<string, FileProgress> {
  return Object.fromEntries(download.items.map((item) => [item.name, item.progress]));
}

const SAVED: FileProgress = { currentProgress: DOWNLOAD_PROGRESS.MAX, totalProgress: DOWNLOAD_PROGRESS.MAX };

/**
 * The server's progressV2 over what this browser knows: a document's progress never goes back,
 * except to the failure code (3 of 17); a file this browser has saved stays at 17 of 17 (the
 * server's events stop at 8 for the files it hands over one by one).
 */
export function mergeProgress(known: Record<string, FileProgress>, incoming: Record<string, FileProgress>): Record<string, FileProgress> {
  const merged: Record<string, FileProgress> = { ...known };
  for (const [name, next] of Object.entries(incoming)) {
    const previous = known[name];
    merged[name] = !previous || next.currentProgress === DOWNLOAD_PROGRESS.ERROR || next.currentProgress >= previous.currentProgress ? next : previous;
  }
  return merged;
}

/**
 * One download over the documents socket (spec §4, §7): connects with autoConnect off, emits the
 * request, follows progressV2 per document, saves the zip (or each file) when the server says so,
 * cancels on demand. A lost connection reconnects and resumes the same download; when it cannot come
 * back the state says so (never a spinner for ever). The download goes on on the server meanwhile:
 * /services/download lists it.
 */
export function useDownload(): { state: DownloadState; start: (input: StartDownload) => Promise<void>; cancel: () => void; resume: (id: string) => Promise<void>; reset: () => void } {
  const dispatch = useAppDispatch();
  const account = useAppSelector(selectAccount);
  const { i18n } = useTranslation();
  // Spec §7: with the multi-download flag a zip of several documents starts with POST
  // documents/docs-web/global-generate; the socket then follows it (resume), as it follows its own.
  const multiDownload = useFlag('multiDownload');
  const [state, setState] = useState<DownloadState>(IDLE);
  const socketRef = useRef<DocsSocket | null>(null);
  const idRef = useRef<string | null>(null);
  /** What this browser has been handed to save, by download and file: each once, however it arrives. */
  const savedRef = useRef(new Set<string>());
  /** How the current download is delivered (from the answer to `download` or `resume`). */
  const deliveryRef = useRef<DownloadDelivery | null>(null);

  /** Saves a file of the current download once, and counts its document as saved (17 of 17). */
  const saveOnce = useCallback((downloadId: string, key: string, save: () => void, name?: string) => {
    const id = `${downloadId} ${key}`;
    if (savedRef.current.has(id)) return;
    savedRef.current.add(id);
    save();
    if (name !== undefined) setState((previous) => ({ ...previous, files: { ...previous.files, [name]: SAVED } }));
  }, []);

  useEffect(
    () => () => {
      socketRef.current?.disconnect();
      socketRef.current = null;
    },
    [],
  );

  const onAck = useCallback(
    (answer: SocketAck) => {
      if (answer.ok) {
        const { download } = answer;
        idRef.current = download.id;
        deliveryRef.current = download.delivery;
        const settled = download.status !== 'running';
        setState((previous) => ({
          ...previous,
          phase: settled ? (download.status === 'cancelled' ? 'cancelled' : download.status === 'failed' ? 'failed' : 'ready') : 'running',
          download,
          files: mergeProgress(filesOf(download), previous.files),
          error: null,
        }));
        // Ready at once (the documents came from the cache): the answer holds what to save; the
        // socket's events that follow are the same files, saved once.
        if (download.status === 'ready' && download.delivery === 'zip' && download.zipUrl) {
          const zipUrl = download.zipUrl;
          saveOnce(download.id, 'zip', () => downloadDeps.saveFile({ url: zipUrl }, download.zipName));
        }
        if (download.delivery === 'files') {
          for (const item of download.items) {
            if (item.status !== 'ready') continue;
            for (const file of item.files) saveOnce(download.id, file.fileName, () => downloadDeps.saveFile({ url: file.url }, file.fileName), item.name);
          }
        }
      } else {
        setState((previous) => ({ ...previous, phase: 'failed', error: answer.error.code }));
      }
    },
    [saveOnce],
  );

  const connect = useCallback(async (): Promise<DocsSocket> => {
    // An authenticated call first: it refreshes an expired session cookie, which the socket's handshake then carries.
    await dispatch(loadDownloads()).unwrap();
    socketRef.current?.disconnect();
    const socket: DocsSocket = downloadDeps.io({ path: DOCS_SOCKET_PATH, autoConnect: false, reconnectionAttempts: 5, withCredentials: true });
    socketRef.current = socket;
    socket.on('progressV2', (event) => {
      if (event.downloadId !== idRef.current) return;
      setState((previous) => ({ ...previous, files: mergeProgress(previous.files, event.files) }));
    });
    socket.on('download-url', (event) => {
      if (event.downloadId === idRef.current) saveOnce(event.downloadId, event.fileName, () => downloadDeps.saveFile({ url: event.url }, event.fileName), event.name);
    });
    socket.on('download-binary', (event) => {
      if (event.downloadId === idRef.current)
        saveOnce(event.downloadId, event.fileName, () => downloadDeps.saveFile(new Blob([event.data as ArrayBuffer], { type: event.contentType }), event.fileName), event.name);
    });
    socket.on('download-ready', (event) => {
      if (event.downloadId !== idRef.current) return;
      const zipUrl = event.zipUrl;
      // The zip is saved once, whether the download settled while this page followed it or was ready at once (cached).
      if (event.status === 'ready' && zipUrl && deliveryRef.current === 'zip') saveOnce(event.downloadId, 'zip', () => downloadDeps.saveFile({ url: zipUrl }, event.zipName));
      setState((previous) => {
        return {
          ...previous,
          phase: event.status === 'cancelled' ? 'cancelled' : event.status === 'failed' ? 'failed' : 'ready',
          failed: event.failed,
          download: previous.download ? { ...previous.download, status: event.status, zipUrl: event.zipUrl } : previous.download,
        };
      });
    });
    // Back after a drop: ask for the same download again (its state, and the room's events).
    socket.io.on('reconnect', () => {
      const id = idRef.current;
      if (id) socket.emit('resume', { downloadId: id }, onAck);
    });
    socket.io.on('reconnect_failed', () => {
      setState((previous) => (previous.phase === 'running' || previous.phase === 'starting' ? { ...previous, phase: 'failed', error: 'LOST' } : previous));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
      socket.connect();
    });
    return socket;
  }, [dispatch, onAck, saveOnce]);

  const start = useCallback(
    async (input: StartDownload) => {
      setState({ ...IDLE, phase: 'starting' });
      idRef.current = null;
      try {
        const lang = i18n.language === 'en-US' ? 'us' : i18n.language;
        if (multiDownload && input.delivery === 'zip' && input.docs.length > 1) {
          const made = await dispatch(startGlobalGenerate({ docs: input.docs, catalogId: input.catalogId, lang })).unwrap();
          idRef.current = made.id;
          const socket = await connect();
          socket.emit('resume', { downloadId: made.id }, onAck);
          return;
        }
        const socket = await connect();
        socket.emit(
          'download',
          {
            docsParams: input.docs,
            lang: lang as 'en',
            catalogId: input.catalogId as 16,
            // The spec's payload carries the user; the server reads the session, never this.
            user: account ? { crm: account.crm ?? null, rolId: account.roles?.[0]?.id ?? null, email: account.email, id: account.id } : undefined,
            delivery: input.delivery,
            ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
            ...(input.title ? { title: input.title } : {}),
          },
          onAck,
        );
      } catch {
        setState((previous) => ({ ...previous, phase: 'failed', error: 'LOST' }));
      }
    },
    [account, connect, dispatch, i18n.language, multiDownload, onAck],
  );

  const resume = useCallback(
    async (id: string) => {
      idRef.current = id;
      try {
        const socket = await connect();
        socket.emit('resume', { downloadId: id }, onAck);
      } catch {
        setState((previous) => ({ ...previous, phase: 'failed', error: 'LOST' }));
      }
    },
    [connect, onAck],
  );

  const cancel = useCallback(() => {
    const id = idRef.current;
    const socket = socketRef.current;
    if (!id || !socket) return;
    socket.emit('cancel', { downloadId: id }, onAck);
  }, [onAck]);

  const reset = useCallback(() => {
    socketRef.current?.disconnect();
    socketRef.current = null;
    idRef.current = null;
    setState(IDLE);
  }, []);

  return { state, start, cancel, resume, reset };
}
