import type { DocsClientToServer, DocsServerToClient, Download, DocumentRequestItem, DownloadDelivery, FileProgress, SocketAck } from '@lumen/contracts';
import { DOCS_SOCKET_PATH } from '@lumen/contracts/constants';
import { DOWNLOAD_PROGRESS } from '@lumen/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { selectAccount } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { loadDownloads } from './downloads-calls';
import { saveFile } from '../../shared/save-file';

type DocsSocket = Socket<DocsServerToClient, DocsClientToServer>;

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
  const [state, setState] = useState<DownloadState>(IDLE);
  const socketRef = useRef<DocsSocket | null>(null);
  const idRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      socketRef.current?.disconnect();
      socketRef.current = null;
    },
    [],
  );

  const onAck = useCallback((answer: SocketAck) => {
    if (answer.ok) {
      idRef.current = answer.download.id;
      const settled = answer.download.status !== 'running';
      setState((previous) => ({
        ...previous,
        phase: settled ? (answer.download.status === 'cancelled' ? 'cancelled' : answer.download.status === 'failed' ? 'failed' : 'ready') : 'running',
        download: answer.download,
        files: { ...filesOf(answer.download), ...previous.files },
        error: null,
      }));
    } else {
      setState((previous) => ({ ...previous, phase: 'failed', error: answer.error.code }));
    }
  }, []);

  const connect = useCallback(async (): Promise<DocsSocket> => {
    // An authenticated call first: it refreshes an expired session cookie, which the socket's handshake then carries.
    await dispatch(loadDownloads()).unwrap();
    socketRef.current?.disconnect();
    const socket: DocsSocket = io({ path: DOCS_SOCKET_PATH, autoConnect: false, reconnectionAttempts: 5, withCredentials: true });
    socketRef.current = socket;
    socket.on('progressV2', (event) => {
      if (event.downloadId !== idRef.current) return;
      setState((previous) => ({ ...previous, files: event.files }));
    });
    socket.on('download-url', (event) => {
      if (event.downloadId === idRef.current) saveFile({ url: event.url }, event.fileName);
    });
    socket.on('download-binary', (event) => {
      if (event.downloadId === idRef.current) saveFile(new Blob([event.data as ArrayBuffer], { type: event.contentType }), event.fileName);
    });
    socket.on('download-ready', (event) => {
      if (event.downloadId !== idRef.current) return;
      setState((previous) => {
        if (previous.download?.delivery === 'zip' && event.zipUrl && previous.phase === 'running') saveFile({ url: event.zipUrl }, event.zipName);
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
  }, [dispatch, onAck]);

  const start = useCallback(
    async (input: StartDownload) => {
      setState({ ...IDLE, phase: 'starting' });
      idRef.current = null;
      try {
        const socket = await connect();
        const lang = i18n.language === 'en-US' ? 'us' : i18n.language;
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
    [account, connect, i18n.language, onAck],
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
