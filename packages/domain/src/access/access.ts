/**
 * Roles and privileges of spec platform-core §6. The spec does not show the per-role matrix; the one
 * below is our decision (see packages/domain/README.md) and is seeded into the database from here.
 */
export const ROLES = {
  webUser: 1,
  specifier: 2,
  distributor: 3,
  sales: 4,
  importer: 8,
  admin: 9,
  apiUser: 10,
  /** The brand's product managers (issue 31): the product administration tools, for internal users only. */
  productManager: 11,
} as const;

export type RoleName = keyof typeof ROLES;
export type RoleId = (typeof ROLES)[RoleName];

export const ROLE_NAMES: readonly RoleName[] = Object.keys(ROLES) as RoleName[];

export function roleName(id: number): RoleName | undefined {
  return ROLE_NAMES.find((name) => ROLES[name] === id);
}

export const PRIVILEGES = [
  'order.add',
  'order.view',
  'price.view',
  'project.add',
  'project.view',
  'project.view.company',
  'project.view.assigned.company',
  'project.edit',
  'project.download',
  'project.clone',
  'project.delete',
  'project.registration',
  'project.asigment.thirdparty',
  'product.add.reference',
  'support.request',
  'budget',
  'budget.request',
  'budget.add',
  'downloads.view',
  'backoffice',
  'company.manage.user',
  /** Product administration (issue 31): catalogue drafts, prices, rules, preconfigurations, publishing. Internal users only. */
  'product.admin',
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

const PROJECT_BASICS: readonly Privilege[] = [
  'project.add',
  'project.view',
  'project.edit',
  'project.delete',
  'project.clone',
  'project.download',
  'downloads.view',
  'support.request',
];

/** Which privileges each role grants. A user's privileges are the union over their roles. */
export const ROLE_PRIVILEGES: Readonly<Record<RoleName, readonly Privilege[]>> = {
  webUser: PROJECT_BASICS,
  specifier: [...PROJECT_BASICS, 'product.add.reference', 'budget.request', 'project.asigment.thirdparty', 'project.registration'],
  distributor: [
    ...PROJECT_BASICS,
    'project.view.company',
    'product.add.reference',
    'price.view',
    'budget',
    'budget.add',
    'budget.request',
    'order.add',
    'order.view',
    'company.manage.user',
  ],
  sales: [
    ...PROJECT_BASICS,
    'project.view.assigned.company',
    'product.add.reference',
    'price.view',
    'budget',
    'budget.add',
    'budget.request',
    'project.registration',
    'project.asigment.thirdparty',
    'order.view',
  ],
  importer: [
    ...PROJECT_BASICS,
    'project.view.company',
    'product.add.reference',
    'price.view',
    'budget',
    'budget.add',
    'budget.request',
    'project.registration',
    'order.add',
    'order.view',
  ],
  admin: PRIVILEGES,
  apiUser: ['project.add', 'project.view', 'project.edit', 'project.delete', 'product.add.reference', 'price.view', 'order.view'],
  productManager: [...PROJECT_BASICS, 'product.add.reference', 'price.view', 'product.admin'],
};

export function privilegesOfRoles(roles: readonly RoleName[]): Privilege[] {
  const granted = new Set<Privilege>();
  for (const role of roles) for (const privilege of ROLE_PRIVILEGES[role]) granted.add(privilege);
  return PRIVILEGES.filter((privilege) => granted.has(privilege));
}

/** A route or call that names several privileges needs any one of them (spec §2, §6). */
export function hasAnyPrivilege(held: readonly string[], required: readonly Privilege[]): boolean {
  if (required.length === 0) return true;
  return required.some((privilege) => held.includes(privilege));
}

export function hasAnyRole(held: readonly RoleName[], wanted: readonly RoleName[]): boolean {
  return wanted.some((role) => held.includes(role));
}

/** User status codes (spec §3). A route may require at least QUALIFIED. */
export const USER_STATUS = { DELETED: 0, REGISTER_NOT_COMPLETED: 1, WEB_USER: 2, TRADE_LEAD: 3, QUALIFIED: 4 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const USER_TYPE = { none: 0, particular: 1, professional: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const REGISTER_TYPE = { Email: 1, Facebook: 2, Linkedin: 3 } as const;
export type RegisterType = (typeof REGISTER_TYPE)[keyof typeof REGISTER_TYPE];

export function isQualified(status: number): boolean {
  return status >= USER_STATUS.QUALIFIED;
}
