import { hasAnyPrivilege, type Privilege } from '@lumen/domain';

/** What a user can do, each unlocked by any one of its privileges (spec §6), in display order. */
export const CAPABILITIES: readonly { key: string; privileges: readonly Privilege[] }[] = [
  { key: 'home.can.projects', privileges: ['project.add', 'project.view'] },
  { key: 'home.can.prices', privileges: ['price.view'] },
  { key: 'home.can.budgets', privileges: ['budget', 'budget.add', 'budget.request'] },
  { key: 'home.can.orders', privileges: ['order.add', 'order.view'] },
  { key: 'home.can.registration', privileges: ['project.registration'] },
  { key: 'home.can.downloads', privileges: ['downloads.view', 'project.download'] },
  { key: 'home.can.support', privileges: ['support.request'] },
  { key: 'home.can.company', privileges: ['company.manage.user'] },
  { key: 'home.can.backoffice', privileges: ['backoffice'] },
];

export function capabilitiesOf(privileges: readonly string[]): string[] {
  return CAPABILITIES.filter((capability) => hasAnyPrivilege(privileges, capability.privileges)).map((capability) => capability.key);
}
