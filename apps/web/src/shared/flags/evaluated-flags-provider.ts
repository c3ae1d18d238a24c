import type { EvaluatedFlags } from '@lumen/contracts';
import { FLAG_KEYS } from '@lumen/contracts/constants';
import {
  FlagNotFoundError,
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  TypeMismatchError,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import { readFlagOverrides, writeFlagOverrides, type FlagOverrides } from './local-overrides';

/** The reason given for an answer that comes from a local override. */
export const LOCAL_OVERRIDE_REASON = 'LOCAL_OVERRIDE';

/** One flag as the flags panel shows it. */
export interface FlagStatus {
  key: string;
  /** What the server evaluated for this user; undefined when it did not answer for this key. */
  served: boolean | undefined;
  /** This browser's override, if any. */
  override: boolean | undefined;
}

export interface EvaluatedFlagsProviderOptions {
  /** The answers the configuration brought (GET /config.json). */
  flags: EvaluatedFlags;
  /** Asks the server again for the current user's answers (the session changed). */
  fetchFlags: () => Promise<EvaluatedFlags>;
  /** Where a failed refetch is reported (the provider keeps the answers it had). */
  warn?: (message: string) => void;
}

/**
 * Our OpenFeature provider in the browser: it serves the answers the api evaluated for the current
 * user (so that both sides decide alike), asks for them again when the evaluation context changes
 * (login, logout, another account), and lets a developer's local override win, in this browser only,
 * while the context says the user is a backoffice user (the only ones who can see or clear them).
 */
export class EvaluatedFlagsProvider implements Provider {
  readonly metadata = { name: 'lumen-evaluated-flags' } as const;
  readonly runsOn = 'client';
  readonly events = new OpenFeatureEventEmitter();

  private served: EvaluatedFlags;
  private overrides: FlagOverrides = readFlagOverrides();
  /** No initialize(): the answers are here from the start, so the provider is ready at once (a visitor's context). */
  private overridesApply = false;
  private readonly listeners = new Set<() => void>();
  private statuses: readonly FlagStatus[] = [];

  constructor(private readonly options: EvaluatedFlagsProviderOptions) {
    this.served = { ...options.flags };
    this.statuses = this.computeStatuses();
  }

  async onContextChange(_previous: EvaluationContext, next: EvaluationContext): Promise<void> {
    this.overridesApply = next.backoffice === true;
    try {
      this.served = { ...(await this.options.fetchFlags()) };
    } catch (error) {
      // The answers stay as they were: the server still enforces its own, the web only hides.
      this.options.warn?.(`[flags] could not refresh the evaluated flags: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.changed();
  }

  resolveBooleanEvaluation(flagKey: string): ResolutionDetails<boolean> {
    const override = this.overridesApply ? this.overrides[flagKey] : undefined;
    if (override !== undefined) return { value: override, variant: override ? 'on' : 'off', reason: LOCAL_OVERRIDE_REASON };
    const served = this.served[flagKey];
    if (served === undefined) throw new FlagNotFoundError(`the server evaluated no flag ${flagKey}`);
    return { value: served, variant: served ? 'on' : 'off', reason: StandardResolutionReasons.CACHED };
  }

  // Every flag of the platform is on or off (a rollout share of users gets it on).
  resolveStringEvaluation(): ResolutionDetails<string> {
    throw new TypeMismatchError('flags are boolean');
  }
  resolveNumberEvaluation(): ResolutionDetails<number> {
    throw new TypeMismatchError('flags are boolean');
  }
  resolveObjectEvaluation<T extends JsonValue>(): ResolutionDetails<T> {
    throw new TypeMismatchError('flags are boolean');
  }

  /** Sets (true / false) or clears (null) this browser's override of one flag. */
  setOverride(flagKey: string, value: boolean | null): void {
    const next = { ...this.overrides };
    if (value === null) delete next[flagKey];
    else next[flagKey] = value;
    this.overrides = next;
    writeFlagOverrides(next);
    this.changed([flagKey]);
  }

  clearOverrides(): void {
    const keys = Object.keys(this.overrides);
    this.overrides = {};
    writeFlagOverrides({});
    this.changed(keys);
  }

  /** Every flag the platform knows or the server answered, with its served value and override, by key. */
  getStatuses = (): readonly FlagStatus[] => this.statuses;

  /** For useSyncExternalStore: called after the answers or the overrides change. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private computeStatuses(): FlagStatus[] {
    const keys = new Set<string>([...FLAG_KEYS, ...Object.keys(this.served), ...Object.keys(this.overrides)]);
    return [...keys].sort((a, b) => a.localeCompare(b)).map((key) => ({ key, served: this.served[key], override: this.overrides[key] }));
  }

  private changed(flagsChanged?: string[]): void {
    this.statuses = this.computeStatuses();
    // After a context change the SDK itself tells the hooks (ContextChanged); an override needs this event.
    if (flagsChanged) this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged });
    for (const listener of this.listeners) listener();
  }
}
