import { randomUUID } from 'node:crypto';
import {
  type EvaluatedFlags,
  FEATURE_ENVIRONMENTS,
  type FeatureEnvironment,
  FLAG_KEYS,
  type FlagDefinition,
  type FlagHistory,
  type FlagKey,
  type FlagList,
  type FlagSettings,
  type FlagState,
} from '@lumen/contracts';
import { type Client, type EvaluationContext, NOOP_PROVIDER, OpenFeature } from '@openfeature/server-sdk';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudit } from '../../lib/audit';
import { FLAGS_CHANNEL, insertFlagChange, listFlagChanges, loadFlags, lockFlagState, notifyFlagChanged, saveFlag } from './flags.repository';
import { CachedBooleanProvider, type FlagRecord, type FlagTable, FlagTableProvider, flagsProvider, remoteOfrepProvider } from './flags.provider';

/** The flags of one caller, evaluated at most once per flag (one object per request). */
export interface CallerFlags {
  isEnabled(key: FlagKey): Promise<boolean>;
  /** Every flag of the table and every known key. */
  all(): Promise<EvaluatedFlags>;
}

/** Who is asking: the logged-in user (by id and e-mail) or an anonymous visitor (null). */
export type FlagCaller = Pick<Principal, 'userId' | 'email'> | null;

export type FlagsService = ReturnType<typeof createFlagsService>;

const MAX_CACHED_CALLERS = 10_000;

function stateOf(flag: FlagRecord): FlagState {
  return {
    description: flag.description,
    defaultValue: flag.defaultValue,
    rollout: { ...flag.rollout },
    emailToggles: [...flag.emailToggles].map(([email, enabled]) => ({ email, enabled })),
  };
}

function definitionOf(flag: FlagRecord): FlagDefinition {
  return { key: flag.key, ...stateOf(flag), updatedAt: flag.updatedAt.toISOString(), updatedBy: flag.updatedByEmail };
}

/**
 * Feature flags: the table held in memory (loaded at start, reloaded when any process changes a flag,
 * through PostgreSQL LISTEN/NOTIFY; in process on PGlite), evaluated through OpenFeature with our table
 * provider and, for flags the table lacks, the remote OFREP service. Evaluating a flag reads no database.
 */
export function createFlagsService(ctx: AppContext) {
  const { environment, remoteUrl, remoteTimeoutMs, remoteCacheMs } = ctx.config.flags;
  let table: FlagTable = new Map();
  // One OpenFeature domain per app instance, so that several apps in one process (tests) stay apart.
  const domain = `lumen-flags-${randomUUID()}`;
  const tableProvider = new FlagTableProvider(() => table, environment);
  const remote = remoteUrl ? new CachedBooleanProvider(remoteOfrepProvider(remoteUrl, remoteTimeoutMs), remoteCacheMs) : undefined;
  let client: Client | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  // The answers of each caller, kept while the table they were computed from is current (and, with a
  // remote service, for FLAGS_REMOTE_CACHE_MS): a request of a known caller costs a map lookup.
  const callers = new Map<string, { table: FlagTable; expires: number; flags: CallerFlags }>();

  // Reloads are serialised: a change notified during a reload triggers one more reload after it.
  let reloading: Promise<void> | undefined;
  let again = false;
  function reload(): Promise<void> {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      try {
        do {
          again = false;
          const flags = await loadFlags(ctx.db);
          table = new Map(flags.map((flag) => [flag.key, flag]));
        } while (again);
      } finally {
        reloading = undefined;
      }
    })();
    return reloading;
  }

  function contextOf(caller: FlagCaller): EvaluationContext {
    return caller ? { targetingKey: String(caller.userId), email: caller.email.toLowerCase(), environment } : { environment };
  }

  function evaluator(caller: FlagCaller): CallerFlags {
    const context = contextOf(caller);
    const answers = new Map<string, Promise<boolean>>();
    const evaluate = (key: string): Promise<boolean> => {
      let answer = answers.get(key);
      if (!answer) {
        const fallback = table.get(key)?.defaultValue ?? false;
        answer = client ? client.getBooleanValue(key, fallback, context) : Promise.resolve(fallback);
        answers.set(key, answer);
      }
      return answer;
    };
    return {
      isEnabled: evaluate,
      async all() {
        const keys = [...new Set<string>([...FLAG_KEYS, ...table.keys()])].sort();
        const values = await Promise.all(keys.map(evaluate));
        return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? false]));
      },
    };
  }

  return {
    environment,
    remoteConfigured: remote !== undefined,

    /** Loads the table, starts listening for changes and registers the OpenFeature provider. */
    async start(log: (error: unknown) => void): Promise<void> {
      await reload();
      stopListening = await ctx.database.listen(
        FLAGS_CHANNEL,
        () => void reload().catch(log),
        // Notifications sent while the connection was down are lost: read everything again.
        () => void reload().catch(log),
      );
      await OpenFeature.setProviderAndWait(domain, flagsProvider(tableProvider, remote));
      client = OpenFeature.getClient(domain);
    },

    async close(): Promise<void> {
      await stopListening?.();
      await OpenFeature.setProviderAndWait(domain, NOOP_PROVIDER);
      client = undefined;
    },

    /**
     * The flags of a caller (a user by id and e-mail, or every anonymous visitor alike). Each flag is
     * evaluated once, lazily, and the answers are reused by every request of that caller until the
     * table changes (or, with a remote service, until FLAGS_REMOTE_CACHE_MS has passed): the answers
     * depend on nothing else, and OpenFeature's evaluation is the costly part.
     */
    forCaller(caller: FlagCaller): CallerFlags {
      const key = caller ? `${caller.userId}\n${caller.email.toLowerCase()}` : '';
      const now = Date.now();
      const known = callers.get(key);
      if (known && known.table === table && known.expires > now) return known.flags;
      const flags = evaluator(caller);
      if (callers.size >= MAX_CACHED_CALLERS) callers.clear();
      callers.set(key, { table, expires: remote ? now + remoteCacheMs : Number.POSITIVE_INFINITY, flags });
      return flags;
    },

    /**
     * The answer of the first of `keys` that a provider knows (the table, then the remote service), for
     * a caller in a wider context (the compositor's subfamily and application, given to the remote
     * service as context attributes too); null when none knows any. Not cached: the table's answers
     * are read from memory.
     */
    async firstKnown(caller: FlagCaller, keys: readonly string[], extra: Readonly<Record<string, string | number>>): Promise<{ key: string; value: boolean } | null> {
      if (!client) return null;
      const context: EvaluationContext = { ...extra, ...contextOf(caller) };
      for (const key of keys) {
        const details = await client.getBooleanDetails(key, false, context);
        if (details.errorCode === undefined) return { key, value: details.value };
      }
      return null;
    },

    /** Keys and rollout tables per environment (the public configuration's `featureFlags`). */
    rolloutTables(): { keys: string[]; environments: Record<FeatureEnvironment, Record<string, number>> } {
      const environments: Record<FeatureEnvironment, Record<string, number>> = { DEV: {}, NEWPRO: {}, PRO: {} };
      for (const flag of table.values()) {
        for (const name of FEATURE_ENVIRONMENTS) {
          const rollout = flag.rollout[name];
          if (rollout !== null) environments[name][flag.key] = rollout;
        }
      }
      return { keys: [...table.keys()], environments };
    },

    list(): FlagList {
      return { environment, remoteConfigured: remote !== undefined, flags: [...table.values()].map(definitionOf) };
    },

    /**
     * Creates or replaces a flag (backoffice). The flag row is locked, the new state and the audit row
     * (who, when, before, after) are written in one transaction, and every process is notified.
     */
    async update(principal: Principal, key: string, settings: FlagSettings): Promise<FlagDefinition> {
      const seen = new Set<string>();
      const duplicates = settings.emailToggles.flatMap((toggle, index) => {
        if (!seen.has(toggle.email)) {
          seen.add(toggle.email);
          return [];
        }
        return [{ path: `body.emailToggles.${index}.email`, message: 'This address already has a toggle' }];
      });
      if (duplicates.length > 0) throw new AppError('VALIDATION_FAILED', 'The request is not valid', duplicates);
      const now = ctx.clock();
      const after: FlagState = {
        description: settings.description,
        defaultValue: settings.defaultValue,
        rollout: { ...settings.rollout },
        emailToggles: [...settings.emailToggles].sort((a, b) => a.email.localeCompare(b.email)),
      };
      await ctx.db.transaction(async (tx) => {
        const before = (await lockFlagState(tx, key)) ?? null;
        await saveFlag(tx, key, after, principal.userId, now);
        await insertFlagChange(tx, { key, changedAt: now, userId: principal.userId, email: principal.email, before, after });
        await recordAudit(tx, { ...auditWho(principal), entity: 'flag', entityId: key, action: before ? 'update' : 'create', before, after, at: now });
        await notifyFlagChanged(tx, key);
      });
      // This process answers with the new state at once, whether or not its notification has arrived.
      await reload();
      const saved = table.get(key);
      if (!saved) throw new AppError('INTERNAL', `Flag ${key} was saved but could not be read back`);
      return definitionOf(saved);
    },

    async history(key: string, query: { limit: number; page: number }): Promise<FlagHistory> {
      const found = await listFlagChanges(ctx.db, key, query.limit, (query.page - 1) * query.limit);
      if (found.total === 0 && !table.has(key)) throw new AppError('NOT_FOUND', `No flag ${key}`);
      return found;
    },
  };
}
