import { hasAnyPrivilege, type Privilege } from '@lumen/domain';

/** The catalogue's first step (spec §2 /create-project): open to everyone (issue 10 §1). */
export const CATALOGUE_PATH = '/create-project';

export interface Capability {
  key: string;
  /** Any one of these unlocks it (spec §6); none: everyone. */
  privileges: readonly Privilege[];
  /** The screen where the user does it, when the app has one (issue 10 §1: the home's cards lead somewhere). */
  to?: string;
}

/** What a user can do, in display order. Budgets and registrations start on a project's page. */
export const CAPABILITIES: readonly Capability[] = [
  { key: 'home.can.catalogue', privileges: [], to: CATALOGUE_PATH },
  { key: 'home.can.projects', privileges: ['project.add', 'project.view'], to: '/projects' },
  { key: 'home.can.prices', privileges: ['price.view'], to: CATALOGUE_PATH },
  { key: 'home.can.budgets', privileges: ['budget', 'budget.add', 'budget.request'], to: '/projects' },
  { key: 'home.can.orders', privileges: ['order.add', 'order.view'] },
  { key: 'home.can.registration', privileges: ['project.registration'], to: '/projects' },
  { key: 'home.can.downloads', privileges: ['downloads.view', 'project.download'] },
  { key: 'home.can.support', privileges: ['support.request'], to: '/support' },
  { key: 'home.can.company', privileges: ['company.manage.user'] },
  { key: 'home.can.backoffice', privileges: ['backoffice'], to: '/backoffice/flags' },
];

export function capabilitiesOf(privileges: readonly string[]): Capability[] {
  return CAPABILITIES.filter((capability) => hasAnyPrivilege(privileges, capability.privileges));
}
