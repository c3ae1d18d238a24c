import { describe, expect, it } from 'vitest';
import { hasAnyPrivilege, hasAnyRole, isQualified, privilegesOfRoles, roleName, ROLES, USER_STATUS } from './access';

describe('roles and privileges', () => {
  it('maps role ids of spec §6 both ways', () => {
    expect(ROLES).toEqual({ webUser: 1, specifier: 2, distributor: 3, sales: 4, importer: 8, admin: 9, apiUser: 10, productManager: 11 });
    expect(roleName(8)).toBe('importer');
    expect(roleName(5)).toBeUndefined();
  });

  it('a route with several privileges needs any one of them', () => {
    expect(hasAnyPrivilege(['order.view'], ['order.add', 'order.view'])).toBe(true);
    expect(hasAnyPrivilege(['project.view'], ['order.add', 'order.view'])).toBe(false);
    expect(hasAnyPrivilege([], [])).toBe(true);
  });

  it('checks whether a user has any of the given roles', () => {
    expect(hasAnyRole(['sales'], ['admin', 'sales'])).toBe(true);
    expect(hasAnyRole(['webUser'], ['admin'])).toBe(false);
  });

  it('grants the union of the privileges of every role, without duplicates', () => {
    const privileges = privilegesOfRoles(['webUser', 'distributor']);
    expect(new Set(privileges).size).toBe(privileges.length);
    expect(privileges).toContain('price.view');
    expect(privileges).toContain('project.view');
  });

  it('keeps prices, budgets and orders away from web users', () => {
    const web = privilegesOfRoles(['webUser']);
    for (const p of ['price.view', 'order.add', 'order.view', 'budget', 'backoffice'] as const) expect(web).not.toContain(p);
    expect(privilegesOfRoles(['admin'])).toContain('backoffice');
  });

  it('a qualified user has status QUALIFIED', () => {
    expect(isQualified(USER_STATUS.QUALIFIED)).toBe(true);
    expect(isQualified(USER_STATUS.WEB_USER)).toBe(false);
  });
});
