import type { RuntimeConfig } from '@lumen/contracts';
import { createContext, useContext, type ReactNode } from 'react';

/** What screens read of the runtime configuration (GET /config.json): the social providers, the partner origins, the services. */
export type PlatformConfig = Pick<RuntimeConfig, 'socialProviders' | 'frameAncestors' | 'services'>;

/** Without a provider (a screen rendered alone in a test): no social provider, no partner origin, the default service paths. */
const FALLBACK: PlatformConfig = { socialProviders: [], frameAncestors: [], services: { users: '/api/users' } as RuntimeConfig['services'] };

const PlatformConfigContext = createContext<PlatformConfig>(FALLBACK);

export function PlatformConfigProvider({ config, children }: { config: PlatformConfig; children: ReactNode }) {
  return <PlatformConfigContext.Provider value={config}>{children}</PlatformConfigContext.Provider>;
}

export function usePlatformConfig(): PlatformConfig {
  return useContext(PlatformConfigContext);
}
