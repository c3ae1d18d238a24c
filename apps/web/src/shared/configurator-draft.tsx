/**
 * Work kept in the configurators (issue 27 §3): a composition survives a reload, a lost connection and
 * a login in the middle. Each change is written as a draft (per user and configurator: `key`), in this
 * browser at once and, for a logged-in user, on the server a second later (products
 * /v1/configurator-drafts/{key}); a visitor's stays in the browser. When a configurator opens, the
 * newest of the user's server draft, the user's browser copy and a visitor's browser copy (the work of
 * someone who has just logged in) is offered to resume. Leaving with unsaved changes asks first: the
 * browser's own question on a reload or close, and the app's dialog on a link inside the app.
 */
import type { ConfiguratorDraft, JsonObject } from '@lumen/contracts';
import { Button, Modal } from '@lumen/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../i18n/use-format';
import { createAsyncAction } from './async-action';
import { useAppDispatch, useAppSelector } from './store';
import './configurator-draft.css';

/** A draft as a configurator reads it back. */
export interface DraftData {
  readonly content: JsonObject;
  readonly quantity: number;
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

/** A change is written to the server this long after the last one (ms); the browser copy at once. */
export const DRAFT_SERVER_DELAY_MS = 1000;
const LOCAL_PREFIX = 'lumen.draft.';
export const localDraftKey = (owner: number | 'visitor', key: string) => `${LOCAL_PREFIX}${owner}.${key}`;

function isDraftData(value: unknown): value is DraftData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.content === 'object' && v.content !== null && !Array.isArray(v.content) && typeof v.quantity === 'number' && typeof v.updatedAt === 'string' && !Number.isNaN(Date.parse(v.updatedAt));
}

export function readLocalDraft(owner: number | 'visitor', key: string): DraftData | null {
  try {
    const raw = globalThis.localStorage?.getItem(localDraftKey(owner, key));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraftData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeLocalDraft(owner: number | 'visitor', key: string, data: DraftData): void {
  try {
    globalThis.localStorage?.setItem(localDraftKey(owner, key), JSON.stringify(data));
  } catch {
    // No storage (private mode, full): the server copy, when there is one, is all that is kept.
  }
}

function removeLocalDraft(owner: number | 'visitor', key: string): void {
  try {
    globalThis.localStorage?.removeItem(localDraftKey(owner, key));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

const path = (key: string) => `/v1/configurator-drafts/${encodeURIComponent(key)}`;

export const loadServerDraft = createAsyncAction<ConfiguratorDraft, { key: string }>('configuratorDraftLoad', ({ key }, { extra }) => extra.api.get<ConfiguratorDraft>('products', path(key)), { showError: false });
export const saveServerDraft = createAsyncAction<ConfiguratorDraft, { key: string; content: JsonObject; quantity: number }>(
  'configuratorDraftSave',
  ({ key, content, quantity }, { extra }) => extra.api.put<ConfiguratorDraft>('products', path(key), { content, quantity }),
  { showError: false },
);
export const dropServerDraft = createAsyncAction<void, { key: string }>('configuratorDraftDrop', ({ key }, { extra }) => extra.api.delete<void>('products', path(key)), { showError: false });

const newest = (drafts: readonly (DraftData | null)[]): DraftData | null =>
  drafts.reduce<DraftData | null>((best, d) => (d && (!best || Date.parse(d.updatedAt) > Date.parse(best.updatedAt)) ? d : best), null);

export interface ConfiguratorDraftState {
  /** A draft found when the configurator opened, offered until it is resumed or discarded. */
  readonly offer: DraftData | null;
  /** The drafts have been looked for (the configurator may open). */
  readonly checked: boolean;
  /** Changes since the configurator opened (or was saved) that are not saved in a project. */
  readonly dirty: boolean;
  /** A change: kept in the browser at once, on the server a second later. */
  write(content: JsonObject, quantity: number): void;
  /** The offered draft taken: the configurator opens it; it stays the draft until saved. */
  resume(): DraftData | null;
  /** The offered draft dropped. */
  discard(): void;
  /** The work was saved (added to a project, a line saved): the draft goes and leaving no longer asks. */
  saved(): void;
}

/** The draft of one configurator (`key`: the configurator, and the line when it edits one); null keeps nothing. */
export function useConfiguratorDraft(key: string | null): ConfiguratorDraftState {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.account?.id ?? null);
  const sessionKnown = useAppSelector((state) => state.session.status !== 'unknown');
  const [offer, setOffer] = useState<DraftData | null>(null);
  const [checked, setChecked] = useState(key === null);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ content: JsonObject; quantity: number } | null>(null);
  const owner: number | 'visitor' = userId ?? 'visitor';
  const ownerRef = useRef(owner);
  ownerRef.current = owner;

  // Looked for once the session is known, and again after a login (a visitor's draft is then the user's).
  useEffect(() => {
    if (key === null || !sessionKnown) return;
    let live = true;
    void (async () => {
      const local = [readLocalDraft(owner, key), owner === 'visitor' ? null : readLocalDraft('visitor', key)];
      let server: DraftData | null = null;
      if (owner !== 'visitor') {
        const found = await dispatch(loadServerDraft({ key }));
        if (loadServerDraft.fulfilled.match(found)) server = { content: found.payload.content as JsonObject, quantity: found.payload.quantity, updatedAt: found.payload.updatedAt };
      }
      if (!live) return;
      setOffer((current) => current ?? newest([server, ...local]));
      setChecked(true);
    })();
    return () => {
      live = false;
    };
  }, [key, owner, sessionKnown, dispatch]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next || key === null || ownerRef.current === 'visitor') return;
    void dispatch(saveServerDraft({ key, ...next }));
  }, [dispatch, key]);
  useEffect(() => () => flush(), [flush]);

  const write = useCallback(
    (content: JsonObject, quantity: number) => {
      if (key === null) return;
      setDirty(true);
      writeLocalDraft(ownerRef.current, key, { content, quantity, updatedAt: new Date().toISOString() });
      if (ownerRef.current !== 'visitor') removeLocalDraft('visitor', key);
      pending.current = { content, quantity };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SERVER_DELAY_MS);
    },
    [key, flush],
  );
  const drop = useCallback(() => {
    if (key === null) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    removeLocalDraft(ownerRef.current, key);
    removeLocalDraft('visitor', key);
    if (ownerRef.current !== 'visitor') void dispatch(dropServerDraft({ key }));
  }, [dispatch, key]);
  const resume = useCallback(() => {
    const taken = offer;
    setOffer(null);
    return taken;
  }, [offer]);
  const discard = useCallback(() => {
    setOffer(null);
    drop();
  }, [drop]);
  const saved = useCallback(() => {
    setDirty(false);
    setOffer(null);
    drop();
  }, [drop]);
  return { offer, checked, dirty, write, resume, discard, saved };
}

/** The offer to resume a kept draft, above the configurator. */
export function DraftOffer({ draft, onResume, onDiscard }: { draft: DraftData; onResume: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="card draft-offer" role="region" aria-label={t('configurator.draft.title')}>
      <p>{t('configurator.draft.found', { when: format.date(draft.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
      <div className="draft-offer__actions">
        <Button onPress={onResume}>{t('configurator.draft.resume')}</Button>
        <Button variant="secondary" onPress={onDiscard}>
          {t('configurator.draft.discard')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Asks before leaving while `dirty`: the browser's question on a reload, a close or an address typed
 * (beforeunload), the app's dialog on a link of the app (the click is held, then followed or not).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
      event.preventDefault();
      event.stopPropagation();
      setHeld(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
  return (
    <Modal
      isOpen={held !== null}
      onClose={() => setHeld(null)}
      role="alertdialog"
      title={t('configurator.leave.title')}
      footer={
        <>
          <Button variant="secondary" onPress={() => setHeld(null)}>
            {t('configurator.leave.stay')}
          </Button>
          <Button
            onPress={() => {
              const to = held;
              setHeld(null);
              if (to) void navigate(to);
            }}
          >
            {t('configurator.leave.go')}
          </Button>
        </>
      }
    >
      <p>{t('configurator.leave.body')}</p>
    </Modal>
  );
}
