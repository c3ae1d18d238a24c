import type { ProjectOrigin, ProjectPermissions } from '@lumen/contracts';
import type { Privilege } from '@lumen/domain';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { ProjectRow, ProjectScope } from './projects.repository';

/**
 * Who sees and who changes a project (spec §6; decisions in apps/api/README.md § Projects).
 * - Seeing: project.view → own projects and projects assigned to oneself as a third party;
 *   project.view.company → every project of one's company; project.view.assigned.company → the
 *   projects of the companies one is assigned to (sales); backoffice → every project.
 * - Changing (rename, delete, products, versions, assignment): the owner (or backoffice) holding the
 *   privilege, and only while the project is in EDITION. Company and assigned viewers read only.
 * A project outside the caller's scope answers 404 (its id is not confirmed); inside the scope but
 * not the caller's to change, 403; ORDER (read only) answers 409.
 */

export const VIEW_PRIVILEGES: readonly Privilege[] = ['project.view', 'project.view.company', 'project.view.assigned.company', 'backoffice'];

export function has(principal: Principal, privilege: Privilege): boolean {
  return principal.privileges.includes(privilege);
}

export function scopeOf(principal: Principal): ProjectScope {
  return {
    userId: principal.userId,
    companyId: principal.companyId,
    all: has(principal, 'backoffice'),
    own: has(principal, 'project.view'),
    company: has(principal, 'project.view.company'),
    assignedCompanies: has(principal, 'project.view.assigned.company'),
  };
}

/** Owner or backoffice: who may change a project (with the privilege of the action). */
export function isManager(principal: Principal, project: Pick<ProjectRow, 'ownerId'>): boolean {
  return project.ownerId === principal.userId || has(principal, 'backoffice');
}

export function permissionsOf(principal: Principal, project: Pick<ProjectRow, 'ownerId' | 'status'>): ProjectPermissions {
  const manager = isManager(principal, project);
  const editable = project.status === 1;
  const edit = manager && editable && has(principal, 'project.edit');
  return {
    view: true,
    edit,
    delete: manager && editable && has(principal, 'project.delete'),
    clone: has(principal, 'project.clone'),
    download: has(principal, 'project.download'),
    addByReference: edit && has(principal, 'product.add.reference'),
    assignThirdparty: manager && editable && has(principal, 'project.asigment.thirdparty'),
  };
}

/** Where a visible project comes from, seen by this caller. */
export function originFor(principal: Principal, project: Pick<ProjectRow, 'ownerId' | 'origin' | 'assigneeUserId' | 'companyId'>): ProjectOrigin {
  if (project.ownerId === principal.userId) return project.origin === 'THIRDPARTY' ? 'THIRDPARTY' : project.origin === 'IMPORTER' ? 'IMPORTER' : 'OWN';
  if (project.assigneeUserId === principal.userId) return 'ASSIGNED';
  if (project.origin === 'IMPORTER') return 'IMPORTER';
  if (principal.companyId !== null && project.companyId === principal.companyId) return 'COMPANY';
  // Backoffice sees every project; anyone else reaches this one through an assigned company.
  return has(principal, 'backoffice') ? 'COMPANY' : 'ASSIGNED';
}

export function projectNotFound(id: number): AppError {
  return new AppError('NOT_FOUND', `No project ${id}`);
}

export function notYours(): AppError {
  return new AppError('FORBIDDEN', 'Only the owner of this project may change it');
}

export function readOnly(status: number): AppError {
  return new AppError('CONFLICT', status === 2 ? 'The project has been ordered and is read only' : 'The project cannot be changed');
}
