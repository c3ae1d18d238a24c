import type { RuntimeConfig } from '@lumen/contracts';
import { startChecks } from './start-checks';

/** Where the runtime configuration lives (spec platform-core §7: `GET /config.json` at start). */
export const RUNTIME_CONFIG_PATH = '/config.json';
/**
 * How long the start waits for it. The configured timeouts are not known yet, so this is the
 * ordinary call timeout of DESIGN.md.
 */
export const RUNTIME_CONFIG_TIMEOUT_MS = 15_000;

/** The message of platform-core §8 for a missing configuration (its English text, key `noConfig.title`). */
export const NO_CONFIG_AVAILABLE = 'NO CONFIG AVAILABLE';

/** The configuration could not be loaded or is not one: the web shows 'NO CONFIG AVAILABLE' (spec §8). */
export class ConfigUnavailableError extends Error {
  constructor(reason: string) {
    super(`${NO_CONFIG_AVAILABLE}: ${reason}`);
    this.name = 'ConfigUnavailableError';
  }
}

export interface LoadRuntimeConfigOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Loads and checks `/config.json`: environment, service base paths, socket path, timeouts and the
 * caller's evaluated flags. The session cookies go with it, so the flags are evaluated for the
 * caller; it is never taken from a cache. Any failure (no answer, not 2xx, not the contract's shape)
 * rejects with ConfigUnavailableError.
 */
export async function loadRuntimeConfig(options: LoadRuntimeConfigOptions = {}): Promise<RuntimeConfig> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? RUNTIME_CONFIG_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await doFetch(RUNTIME_CONFIG_PATH, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' }, signal: controller.signal });
    } catch (cause) {
      throw new ConfigUnavailableError(cause instanceof Error ? cause.message : 'no answer');
    }
    if (!response.ok) throw new ConfigUnavailableError(`HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ConfigUnavailableError('not JSON');
    }
    const parsed = startChecks.RuntimeConfig.safeParse(body);
    if (!parsed.success) throw new ConfigUnavailableError(parsed.paths.join(', '));
    return parsed.data;
  } finally {
    clearTimeout(timer);
  }
}
