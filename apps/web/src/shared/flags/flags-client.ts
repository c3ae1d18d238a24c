import type { Account, EvaluatedFlags, FlagKey } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import { OpenFeature, type Client, type EvaluationContext } from '@openfeature/web-sdk';
import { EvaluatedFlagsProvider } from './evaluated-flags-provider';

/**
 * The web's flags: an OpenFeature client bound to our provider. Screens use `useFlag` (React); calls
 * and other code outside React ask `isEnabled`. A flag the server did not answer is off.
 */
export interface FlagsClient {
  /** The OpenFeature domain this app's provider is registered under. */
  readonly domain: string;
  readonly client: Client;
  readonly provider: EvaluatedFlagsProvider;
  isEnabled(key: FlagKey): boolean;
  /**
   * Who uses the app now (null: a visitor). When that changes (login, logout, another account, other
   * privileges) the evaluation context changes and the provider asks the server for the new answers.
   */
  identify(account: Account | null): Promise<void>;
  /** Settles once the answers for the last identified user are in (or failed: the flags keep their answers). */
  settled(): Promise<void>;
}

export interface FlagsClientOptions {
  /** The answers of the runtime configuration, evaluated for whoever loaded it. */
  flags: EvaluatedFlags;
  fetchFlags: () => Promise<EvaluatedFlags>;
  warn?: (message: string) => void;
}

/** The evaluation context of a user: their id as the targeting key, their e-mail, and whether they are backoffice. */
export function flagsContextOf(account: Account | null): EvaluationContext {
  if (!account) return { backoffice: false };
  return { targetingKey: String(account.id), email: account.email, backoffice: hasAnyPrivilege(account.privileges, ['backoffice']) };
}

let domains = 0;

/**
 * Registers a provider of ours under a domain of its own (each app instance, and each test, gets a
 * fresh one: OpenFeature's API object is global). The starting context is a visitor's: the
 * configuration's answers are a visitor's, or a user's whose account is not known yet, and the first
 * `identify` of a user asks again.
 */
export function createFlagsClient(options: FlagsClientOptions): FlagsClient {
  domains += 1;
  const domain = `lumen-web-${domains}`;
  const provider = new EvaluatedFlagsProvider(options);
  const initial = flagsContextOf(null);
  let current = JSON.stringify(initial);
  let asking: Promise<void> = Promise.resolve();
  OpenFeature.setProvider(domain, provider, initial);
  const client = OpenFeature.getClient(domain);
  return {
    domain,
    client,
    provider,
    isEnabled: (key) => client.getBooleanValue(key, false),
    identify(account) {
      const context = flagsContextOf(account);
      const serialized = JSON.stringify(context);
      if (serialized === current) return Promise.resolve();
      current = serialized;
      asking = OpenFeature.setContext(domain, context);
      return asking;
    },
    settled: () => asking.catch(() => undefined),
  };
}
