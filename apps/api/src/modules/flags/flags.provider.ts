import type { FeatureEnvironment, FlagRollouts } from '@lumen/contracts';
import { OFREPProvider } from '@openfeature/ofrep-provider';
import {
  type EvaluationContext,
  FirstMatchStrategy,
  FlagNotFoundError,
  type JsonValue,
  MultiProvider,
  type Provider,
  type ResolutionDetails,
  StandardResolutionReasons,
  TypeMismatchError,
} from '@openfeature/server-sdk';
import { inRollout } from './flags.bucketing';

/** One flag as this process holds it in memory (loaded from the database, replaced on every change). */
export interface FlagRecord {
  key: string;
  description: string;
  defaultValue: boolean;
  rollout: FlagRollouts;
  /** Lower-case e-mail → forced answer. */
  emailToggles: ReadonlyMap<string, boolean>;
  updatedAt: Date;
  updatedByEmail: string | null;
}

export type FlagTable = ReadonlyMap<string, FlagRecord>;

const ENVIRONMENTS: readonly FeatureEnvironment[] = ['DEV', 'NEWPRO', 'PRO'];

function environmentOf(context: EvaluationContext, fallback: FeatureEnvironment): FeatureEnvironment {
  const asked = context.environment;
  return typeof asked === 'string' && (ENVIRONMENTS as readonly string[]).includes(asked) ? (asked as FeatureEnvironment) : fallback;
}

/**
 * The OpenFeature provider over the flag table (our one provider). Order of decision for a caller:
 * 1. an e-mail toggle of the caller's address (context `email`) forces the answer, in every environment;
 * 2. the rollout of the environment's table (context `environment`), bucketed on `targetingKey`
 *    (the user id; see flags.bucketing.ts);
 * 3. a flag missing from that table is FLAG_NOT_FOUND, so the next provider (the remote OFREP
 *    service) is asked, and the caller's default applies when nobody knows it.
 * Reads only memory: no database access per evaluation.
 */
export class FlagTableProvider implements Provider {
  readonly metadata = { name: 'lumen-flag-table' } as const;
  readonly runsOn = 'server' as const;

  constructor(
    private table: () => FlagTable,
    private readonly environment: FeatureEnvironment,
  ) {}

  /**
   * OpenFeature closes a provider when another replaces it (the flags service's close). Its API is a
   * process-wide singleton that keeps closed providers reachable through its event handlers, so the
   * provider lets go of the table reader, and with it of the app that reads the table: a process
   * that builds many apps (the api's tests) would otherwise keep every one of them.
   */
  async onClose(): Promise<void> {
    const empty: FlagTable = new Map();
    this.table = () => empty;
  }

  async resolveBooleanEvaluation(flagKey: string, _defaultValue: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    const flag = this.table().get(flagKey);
    if (!flag) throw new FlagNotFoundError(`Flag ${flagKey} is not in the flag table`);
    const email = typeof context.email === 'string' ? context.email.toLowerCase() : undefined;
    const forced = email === undefined ? undefined : flag.emailToggles.get(email);
    if (forced !== undefined) return { value: forced, variant: forced ? 'on' : 'off', reason: StandardResolutionReasons.TARGETING_MATCH };
    const environment = environmentOf(context, this.environment);
    const rollout = flag.rollout[environment];
    if (rollout === null) throw new FlagNotFoundError(`Flag ${flagKey} is not in the ${environment} table`);
    const value = inRollout(flagKey, context.targetingKey, rollout);
    const reason = rollout === 0 || rollout === 1 ? StandardResolutionReasons.STATIC : StandardResolutionReasons.SPLIT;
    return { value, variant: value ? 'on' : 'off', reason };
  }

  async resolveStringEvaluation(flagKey: string): Promise<ResolutionDetails<string>> {
    throw new TypeMismatchError(`Flag ${flagKey} is a boolean flag`);
  }

  async resolveNumberEvaluation(flagKey: string): Promise<ResolutionDetails<number>> {
    throw new TypeMismatchError(`Flag ${flagKey} is a boolean flag`);
  }

  async resolveObjectEvaluation<T extends JsonValue>(flagKey: string): Promise<ResolutionDetails<T>> {
    throw new TypeMismatchError(`Flag ${flagKey} is a boolean flag`);
  }
}

/**
 * The OFREP provider of the remote flag service, each request bounded by `timeoutMs` (an unanswered
 * evaluation fails, so the caller's default applies).
 */
export function remoteOfrepProvider(baseUrl: string, timeoutMs: number): Provider {
  return new OFREPProvider({
    baseUrl,
    fetchImplementation: (input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
}

const MAX_CACHED_ANSWERS = 10_000;

/**
 * Reuses the remote service's boolean answers (and failures) for `ttlMs` per flag and caller, so a
 * busy api does not ask the remote service on every request, nor wait for its timeout again and again
 * when it is down. Other flag types pass through.
 */
export class CachedBooleanProvider implements Provider {
  readonly runsOn = 'server' as const;
  readonly metadata: { name: string };
  private readonly answers = new Map<string, { expires: number; outcome: Promise<ResolutionDetails<boolean>> }>();

  constructor(
    private readonly inner: Provider,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.metadata = { name: `cached ${inner.metadata.name}` };
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean, context: EvaluationContext, logger: Parameters<Provider['resolveBooleanEvaluation']>[3]): Promise<ResolutionDetails<boolean>> {
    if (this.ttlMs === 0) return this.inner.resolveBooleanEvaluation(flagKey, defaultValue, context, logger);
    const key = JSON.stringify([flagKey, context.targetingKey ?? null, context.email ?? null, context.environment ?? null]);
    const now = this.now();
    const hit = this.answers.get(key);
    if (hit && hit.expires > now) return hit.outcome;
    if (this.answers.size >= MAX_CACHED_ANSWERS) this.answers.clear();
    const outcome = this.inner.resolveBooleanEvaluation(flagKey, defaultValue, context, logger);
    // A rejected outcome is cached too (the service is down or does not know the flag); mark it handled here.
    outcome.catch(() => undefined);
    this.answers.set(key, { expires: now + this.ttlMs, outcome });
    return outcome;
  }

  resolveStringEvaluation: Provider['resolveStringEvaluation'] = (...args) => this.inner.resolveStringEvaluation(...args);
  resolveNumberEvaluation: Provider['resolveNumberEvaluation'] = (...args) => this.inner.resolveNumberEvaluation(...args);
  resolveObjectEvaluation: Provider['resolveObjectEvaluation'] = (...args) => this.inner.resolveObjectEvaluation(...args);

  async onClose(): Promise<void> {
    this.answers.clear();
    await this.inner.onClose?.();
  }
}

/** The table first, then (when configured) the remote OFREP service for the flags the table lacks. */
export function flagsProvider(table: FlagTableProvider, remote: Provider | undefined): Provider {
  if (!remote) return table;
  return new MultiProvider([{ provider: table }, { provider: remote }], new FirstMatchStrategy());
}
