import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { projectListCall, projectListVariant } from './project-call';
import { makeProject, makeSummary, projectsApi } from './projects.fixtures';

// Issue 30 §4: the project list's variant is chosen by its flags (spec §7): v3 (5 a page), v3
// withOutCRM, apiv2 projects/filter or v1 projects/filter.

const en = TRANSLATIONS['fr-eproject'].en;
const flagsOf = (on: string[]) => ({ isEnabled: (key: string) => on.includes(key) });
const arg = { page: 2, itemsPerPage: 25, search: ' salón ', sortBy: 'NAME_ASC', projectType: 'ASSIGNED' } as const;

describe('the project list’s variant', () => {
  it('is v1 by default, apiv2 with projectListFromApiv2, v3 with projectListV3 (withOutCRM with projectListWithoutCrm)', () => {
    expect(projectListVariant(flagsOf([]))).toBe('v1');
    expect(projectListVariant(flagsOf(['projectListFromApiv2']))).toBe('apiv2');
    expect(projectListVariant(flagsOf(['projectListV3', 'projectListFromApiv2']))).toBe('v3');
    expect(projectListVariant(flagsOf(['projectListV3', 'projectListWithoutCrm']))).toBe('v3WithoutCrm');
    // withOutCRM alone does not switch to v3.
    expect(projectListVariant(flagsOf(['projectListWithoutCrm']))).toBe('v1');
  });

  it('asks each variant’s path, v3 with a limit of 5', () => {
    expect(projectListCall(arg, 'v1')).toEqual({ service: 'projects', path: '/v1/projects/filter', query: { page: 2, itemsPerPage: 25, search: 'salón', sortBy: 'NAME_ASC', projectType: 'ASSIGNED' } });
    expect(projectListCall(arg, 'apiv2')).toMatchObject({ service: 'apiv2', path: '/projects/filter', query: { itemsPerPage: 25 } });
    expect(projectListCall(arg, 'v3')).toEqual({ service: 'projects', path: '/v3/projects', query: { page: 2, limit: 5, search: 'salón', sortBy: 'NAME_ASC', projectType: 'ASSIGNED' } });
    expect(projectListCall(arg, 'v3WithoutCrm')).toMatchObject({ service: 'projects', path: '/v3/projects/withOutCRM', query: { limit: 5 } });
  });

  it('is what the list screen asks when the server serves projectListV3, with no page size to choose', async () => {
    const items = Array.from({ length: 5 }, (_, index) => makeSummary(index + 1, { name: `Project ${index + 1}` }));
    const api = projectsApi({
      projects: [makeProject(1)],
      before: (call) =>
        call.path === '/api/projects/v3/projects'
          ? json(200, { items, meta: { page: 1, itemsPerPage: 5, totalItems: 12, totalPages: 3, sortBy: 'UPDATED_RECENT', projectType: 'ALL' } })
          : undefined,
    });
    api.state.flagsFor = () => ({ projectListV3: true });
    await renderApp('/projects', api);
    expect(await screen.findByRole('heading', { level: 2, name: 'Project 5' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/projects/v3/projects').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/api/projects/v3/projects')[0]?.query.get('limit')).toBe('5');
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: en['projects.paging.label'] })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(en['projects.paging.size'] ?? 'missing') })).not.toBeInTheDocument();
  });
});
