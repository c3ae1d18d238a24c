import type { RuntimeConfig, ServiceName } from '@lumen/contracts';
import { SERVICE_NAMES } from '@lumen/contracts/constants';

export { SERVICE_NAMES, type ServiceName };

/**
 * The base path of each service of spec platform-core §7, as `/config.json` gives them (DESIGN.md:
 * `/api/<service>` on one origin today; a deployment may move a service elsewhere).
 */
export type ServiceMap = RuntimeConfig['services'];

export const SERVICE_NOT_FOUND = "This service name hasn't been found";

export function serviceBase(services: ServiceMap, name: string): string {
  const base = Object.hasOwn(services, name) ? services[name as ServiceName] : undefined;
  if (base === undefined) throw new Error(SERVICE_NOT_FOUND);
  return base.endsWith('/') ? base.slice(0, -1) : base;
}
