import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/**
 * The analytics events of spec §8: failures of login, registration, qualification, a support
 * request, a new project and adding a product. One small module: the store's middleware turns the
 * failed actions into events and hands them to the provider; a real analytics service replaces the
 * provider (`setAnalyticsProvider`), nothing else changes. The default provider pushes each event
 * onto `window.dataLayer` (the tag-manager convention: a tag manager, when a site adds one, reads it
 * from there) and keeps the last events in memory for whoever asks (`recordedEvents`, tests).
 */
export const ANALYTICS_EVENTS = ['loginFailed', 'registrationFailed', 'qualificationFailed', 'supportRequestFailed', 'newProjectFailed', 'addProductFailed'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The async action that failed (its error-message name), or the auth view the user closed. */
  action: string;
  /** The HTTP status of the failure; 0 without an answer; null when the user closed the view. */
  status: number | null;
  /** `failed`: the call failed; `closed`: the user closed the auth view before it succeeded (spec §4). */
  reason: 'failed' | 'closed';
  /** The screen's path when it happened. */
  path: string;
}

export interface AnalyticsProvider {
  track(event: AnalyticsEvent): void;
}

/** The failed async actions that are events, by action name. */
export const FAILURE_EVENTS: Readonly<Record<string, AnalyticsEventName>> = {
  login: 'loginFailed',
  signup: 'registrationFailed',
  socialLink: 'registrationFailed',
  qualification: 'qualificationFailed',
  supportRequest: 'supportRequestFailed',
  createProject: 'newProjectFailed',
  addProducts: 'addProductFailed',
  addByReference: 'addProductFailed',
};

/** The auth modal's views whose closing, before success, counts as a failure of that view (spec §4). */
const CLOSED_VIEW_EVENTS: Readonly<Record<string, AnalyticsEventName>> = {
  login: 'loginFailed',
  'new-register': 'registrationFailed',
  qualification: 'qualificationFailed',
  support: 'supportRequestFailed',
};
/** What the store holds that the closing reads: whether the view had already succeeded. */
interface ClosingState {
  session?: { logged?: boolean; account?: { status?: number } | false | null };
  ui?: { authModal?: { view?: string | null } };
}

/** Whether the view's purpose was met when the modal closed: logged in, qualified, or the support request sent. */
function viewSucceeded(view: string, state: ClosingState, supportSent: boolean): boolean {
  const account = state.session?.account;
  if (view === 'login' || view === 'new-register') return state.session?.logged === true;
  if (view === 'qualification') return typeof account === 'object' && account !== null && (account.status ?? 0) >= 4;
  return supportSent;
}

const MEMORY = 50;
const recorded: AnalyticsEvent[] = [];

type DataLayerWindow = Window & { dataLayer?: unknown[] };

const defaultProvider: AnalyticsProvider = {
  track(event) {
    recorded.push(event);
    if (recorded.length > MEMORY) recorded.shift();
    if (typeof window === 'undefined') return;
    const target = window as DataLayerWindow;
    target.dataLayer ??= [];
    target.dataLayer.push({ event: event.name, action: event.action, status: event.status, reason: event.reason, path: event.path });
  },
};

let provider: AnalyticsProvider = defaultProvider;

/** Puts a real analytics service in place of the default provider (null: back to the default). */
export function setAnalyticsProvider(next: AnalyticsProvider | null): void {
  provider = next ?? defaultProvider;
}

/** The events the default provider recorded, oldest first (at most the last 50). */
export function recordedEvents(): readonly AnalyticsEvent[] {
  return [...recorded];
}

export function clearRecordedEvents(): void {
  recorded.length = 0;
}

function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

/** Records one event; an analytics provider that throws never breaks the app. */
export function trackEvent(event: Omit<AnalyticsEvent, 'path'> & { path?: string }): void {
  try {
    provider.track({ ...event, path: event.path ?? currentPath() });
  } catch {
    // Analytics is never worth a broken screen.
  }
}

interface RejectedPayload {
  error?: { ErrorCode?: number };
}

/**
 * The store's middleware: `<name>/rejected` of an action in FAILURE_EVENTS is an event; the auth
 * modal closed on a view before that view's call succeeded is one too.
 */
export const analyticsMiddleware: Middleware = (api) => {
  let supportSent = false;
  return (next) => (action) => {
    const { type, payload } = action as UnknownAction & { payload?: unknown };
    if (type.endsWith('/rejected')) {
      const name = type.slice(0, -'/rejected'.length);
      const event = FAILURE_EVENTS[name];
      if (event) trackEvent({ name: event, action: name, status: (payload as RejectedPayload | undefined)?.error?.ErrorCode ?? 0, reason: 'failed' });
    }
    if (type === 'ui/authModalOpened') supportSent = false;
    if (type === 'supportRequest/fulfilled') supportSent = true;
    if (type === 'ui/authModalClosed') {
      const state = api.getState() as ClosingState;
      const view = state.ui?.authModal?.view;
      const event = view ? CLOSED_VIEW_EVENTS[view] : undefined;
      if (view && event && !viewSucceeded(view, state, supportSent)) trackEvent({ name: event, action: view, status: null, reason: 'closed' });
      supportSent = false;
    }
    return next(action);
  };
};
