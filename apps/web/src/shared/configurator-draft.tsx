/**
 * Work kept in the configurators (issue 27 §3): a composition survives a reload, a lost connection and
 * a login in the middle. Each change is written as a draft (per user and configurator: `key`), in this
 * browser at once and, for a logged-in user, on the server a second later (products
 * /v1/configurator-drafts/{key}); a visitor's stays in the browser. When a configurator opens, the
 * newest of the user's server draft, the user's browser copy and a visitor's browser copy (the work of
 * someone who has just logged in) is offered to resume. A server write that fails is tried again,
 * sooner then later (`draftTiming.retryDelaysMs`), and the user is told while the change stays unsaved
 * there. Leaving with unsaved changes asks first: the browser's own question on a reload or close, and
 * the app's dialog on any navigation inside the app (a link, Cancel, the browser's back and forward:
 * shared/navigation-guard.ts).
 */
import type { ConfiguratorDraft, JsonObject } from '@lumen/contracts';
import { Button, Modal } from '@lumen/ui';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router';
import { useFormat } from '../i18n/use-format';
import { createAsyncAction } from './async-action';
import { isGuardedHistory, type HeldNavigation } from './navigation-guard';
import { useAppDispatch, useAppSelector } from './store';
import './configurator-draft.css';

/** A draft as a configurator reads it back. */
export interface DraftData {
  readonly content: JsonObject;
  readonly quantity: number;
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

/**
 * When the server hears of a change (ms): a second after the last one (the browser copy is written at
 * once); a failed write again after each of `retryDelaysMs` in turn, then every last one, while the
 * screen is open (and at once when the browser comes back online). After `unsavedAfter` failed
 * attempts in a row the user is told. Tests shorten these.
 */
export const draftTiming = { serverDelayMs: 1000, retryDelaysMs: [2000, 5000, 15000, 30000] as readonly number[], unsavedAfter: 2 };
/** The wait before retry number `attempt` (1, 2…) of a failed server write. */
export const draftRetryDelay = (attempt: number): number => {
  const delays = draftTiming.retryDelaysMs;
  return delays[Math.min(attempt, delays.length) - 1] ?? draftTiming.serverDelayMs;
};
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

function stopTimer(timer: { current: ReturnType<typeof setTimeout> | null }): void {
  if (timer.current) clearTimeout(timer.current);
  timer.current = null;
}

const newest = (drafts: readonly (DraftData | null)[]): DraftData | null =>
  drafts.reduce<DraftData | null>((best, d) => (d && (!best || Date.parse(d.updatedAt) > Date.parse(best.updatedAt)) ? d : best), null);

export interface ConfiguratorDraftState {
  /** A draft found when the configurator opened, offered until it is resumed or discarded. */
  readonly offer: DraftData | null;
  /** The drafts have been looked for (the configurator may open). */
  readonly checked: boolean;
  /** Changes since the configurator opened (or was saved) that are not saved in a project. */
  readonly dirty: boolean;
  /** The last change could not be written on the server (still kept in this browser); it is being tried again. */
  readonly unsaved: boolean;
  /** Tries the server write again now. */
  retryNow(): void;
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
  const [unsaved, setUnsaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ content: JsonObject; quantity: number } | null>(null);
  /** Failed server writes in a row. */
  const failures = useRef(0);
  /** Bumped when the draft is dropped: a write in flight then must not bring it back. */
  const generation = useRef(0);
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

  /** Sends the latest change to the server; a failure keeps it and tries again later. `live`: the screen is still open. */
  const send = useCallback(
    (live: boolean) => {
      stopTimer(timer);
      const next = pending.current;
      pending.current = null;
      if (!next || key === null || ownerRef.current === 'visitor') return;
      const sentIn = generation.current;
      void dispatch(saveServerDraft({ key, ...next })).then((result) => {
        if (saveServerDraft.fulfilled.match(result)) {
          // Dropped meanwhile (added to a project, discarded): the write that landed after goes too.
          if (generation.current !== sentIn) void dispatch(dropServerDraft({ key }));
          else if (live) {
            failures.current = 0;
            setUnsaved(false);
          }
          return;
        }
        if (!live || generation.current !== sentIn) return;
        // Kept for the next try, unless a newer change is waiting already.
        pending.current ??= next;
        failures.current += 1;
        if (failures.current >= draftTiming.unsavedAfter) setUnsaved(true);
        if (!timer.current) timer.current = setTimeout(() => sendRef.current(true), draftRetryDelay(failures.current));
      });
    },
    [dispatch, key],
  );
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => () => sendRef.current(false), [key]);
  // Back online: the waiting change goes now rather than at its next try.
  useEffect(() => {
    const online = () => {
      if (pending.current) sendRef.current(true);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const write = useCallback(
    (content: JsonObject, quantity: number) => {
      if (key === null) return;
      setDirty(true);
      writeLocalDraft(ownerRef.current, key, { content, quantity, updatedAt: new Date().toISOString() });
      if (ownerRef.current !== 'visitor') removeLocalDraft('visitor', key);
      pending.current = { content, quantity };
      stopTimer(timer);
      timer.current = setTimeout(() => sendRef.current(true), draftTiming.serverDelayMs);
    },
    [key],
  );
  const drop = useCallback(() => {
    if (key === null) return;
    stopTimer(timer);
    pending.current = null;
    generation.current += 1;
    failures.current = 0;
    setUnsaved(false);
    removeLocalDraft(ownerRef.current, key);
    removeLocalDraft('visitor', key);
    if (ownerRef.current !== 'visitor') void dispatch(dropServerDraft({ key }));
  }, [dispatch, key]);
  const retryNow = useCallback(() => sendRef.current(true), []);
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
  return { offer, checked, dirty, unsaved, retryNow, write, resume, discard, saved };
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

/** Said while the last change could not be written on the server (it is kept in this browser and tried again). */
export function DraftUnsavedNotice({ draft }: { draft: Pick<ConfiguratorDraftState, 'unsaved' | 'retryNow'> }) {
  const { t } = useTranslation();
  if (!draft.unsaved) return null;
  return (
    <div role="alert" className="card draft-unsaved">
      <p>{t('configurator.draft.unsaved')}</p>
      <Button variant="secondary" onPress={draft.retryNow}>
        {t('configurator.draft.retryNow')}
      </Button>
    </div>
  );
}

/**
 * Asks before leaving while `dirty`: the browser's question on a reload, a close or an address typed
 * (beforeunload), the app's dialog on any navigation inside the app — a link, a button that navigates
 * (Cancel), the browser's back and forward — held by the app's history (shared/navigation-guard.ts)
 * until the user says leave.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unblock = isGuardedHistory(navigator) ? navigator.block(setHeld) : null;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unblock?.();
    };
  }, [dirty, navigator]);
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
              const leaving = held;
              setHeld(null);
              leaving?.proceed();
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

/** What keeps the work on a configurator's screen besides the offer: the leave question and the unsaved-on-the-server notice. */
export function DraftKeeping({ draft }: { draft: ConfiguratorDraftState }) {
  return (
    <>
      <DraftUnsavedNotice draft={draft} />
      <LeaveGuard dirty={draft.dirty} />
    </>
  );
}
