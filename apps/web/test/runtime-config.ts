import { SERVICE_NAMES, type RuntimeConfig } from '@lumen/contracts';

/** The configuration the api serves by default (`/api/<service>`, 15 s and 60 s), for the web's tests. */
export function makeRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    environment: 'test',
    flagsEnvironment: 'DEV',
    services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, `/api/${name}`])) as RuntimeConfig['services'],
    documentsDownloadPath: '/sr-documents/v1/docs-web/download',
    socketPath: '/v2/socketio/docs/download',
    timeouts: { clientMs: 15_000, uploadMs: 60_000 },
    flags: {},
    socialProviders: [],
    frameAncestors: [],
    ...overrides,
  };
}
