/**
 * The base services of spec platform-core §7. Every call lives at `/api/<service><spec path>`
 * (DESIGN.md); the server serves them all from one origin.
 */
export const SERVICES = {
  products: '/api/products',
  masters: '/api/masters',
  orders: '/api/orders',
  projects: '/api/projects',
  support: '/api/support',
  images: '/api/images',
  'sr-erp': '/api/sr-erp',
  apiv2: '/api/apiv2',
  users: '/api/users',
  documents: '/api/documents',
} as const;

export type ServiceName = keyof typeof SERVICES;

export const SERVICE_NOT_FOUND = "This service name hasn't been found";

export function serviceBase(name: string): string {
  if (!Object.hasOwn(SERVICES, name)) throw new Error(SERVICE_NOT_FOUND);
  return SERVICES[name as ServiceName];
}
