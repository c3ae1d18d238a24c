import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { deferred, makeProject, makeSummary, projectsApi } from './projects.fixtures';

// Issue 30 §1: a specifier assigns a project to a distributor from the project's actions; the
// distributor finds it among the projects assigned to them (the list's origin filters come from
// GET v1/projects/types) and imports it, with the placeholder on top meanwhile and the spec's
// non-success answers said.

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), en[key] ?? key);

const TYPES = [
  { code: 'ALL', description: 'All' },
  { code: 'OWN', description: 'Own' },
  { code: 'COMPANY', description: 'Company' },
  { code: 'IMPORTER', description: 'Importer' },
  { code: 'THIRDPARTY', description: 'Third party' },
  { code: 'ASSIGNED', description: 'Assigned' },
];

describe('assigning a project to a distributor', () => {
  const specifier = makeAccount({ role: 'specifier' });
  const owned = () => makeProject(5, { name: 'Casa Prieto', permissions: { view: true, edit: true, delete: true, clone: true, download: true, addByReference: true, assignThirdparty: true } });

  it('sends the distributor’s e-mail from the project’s actions and says who has it now', async () => {
    const api = projectsApi({
      account: specifier,
      projects: [owned()],
      before: (call) =>
        call.method === 'POST' && call.path === '/api/projects/v1/projects/5/assign-thirdparty'
          ? json(200, { projectId: 5, isAssignedThirdparty: true, assignee: { email: 'diego@example.com', name: 'Diego Norte' } })
          : undefined,
    });
    await renderApp('/project/5', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.assign.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.assign.title') });
    const field = within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.assign.email')) });
    // The address is checked before it is sent.
    await fill(field, 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.assign.submit') }));
    expect(await within(dialog).findByText(TRANSLATIONS['fr-widgets'].en['formError.email'] ?? 'formError.email')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/assign-thirdparty')).toHaveLength(0);

    await userEvent.clear(field);
    await fill(field, 'diego@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.assign.submit') }));
    expect(await within(dialog).findByText(tx('projects.assign.done', { project: 'Casa Prieto', name: 'Diego Norte', email: 'diego@example.com' }))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects/5/assign-thirdparty')[0]?.body).toEqual({ email: 'diego@example.com' });
  });

  it('says on the field when no account uses the address', async () => {
    const api = projectsApi({
      account: specifier,
      projects: [owned()],
      before: (call) =>
        call.method === 'POST' && call.path.endsWith('/assign-thirdparty')
          ? json(400, { ErrorCode: 400, ErrorDescription: 'Bad Request', code: 'VALIDATION_FAILED', fields: [{ path: 'body.email', message: 'projects.assign.unknown' }] })
          : undefined,
    });
    await renderApp('/project/5', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.assign.action') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.assign.title') });
    await fill(within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.assign.email')) }), 'nobody@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.assign.submit') }));
    expect(await within(dialog).findByText(tx('projects.assign.unknown'))).toBeInTheDocument();
  });

  it('is not offered when the api says the caller may not assign the project', async () => {
    const api = projectsApi({ account: specifier, projects: [makeProject(5, { name: 'Casa Prieto' })] });
    await renderApp('/project/5', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa Prieto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.assign.action') })).not.toBeInTheDocument();
  });
});

describe('importing an assigned project', () => {
  const assigned = () =>
    makeProject(40, { name: 'Casa Prieto', origin: 'ASSIGNED', isAssignedThirdparty: true, owner: { id: 3, name: 'Sofía Prieto', email: 'specifier@example.com' } });

  it('offers the origin filters the api gives this user', async () => {
    const api = projectsApi({ projects: [assigned()], before: (call) => (call.method === 'GET' && call.path === '/api/projects/v1/projects/types' ? json(200, TYPES.slice(0, 2).concat(TYPES.slice(5))) : undefined) });
    await renderApp('/projects', api);
    await screen.findByRole('list', { name: tx('projects.list.label') });
    await waitFor(() => expect(api.callsTo('GET', '/api/projects/v1/projects/types')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('projects.list.origin')) }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([tx('projects.origin.ALL'), tx('projects.origin.OWN'), tx('projects.origin.ASSIGNED')]);
    await userEvent.click(screen.getByRole('option', { name: tx('projects.origin.ASSIGNED') }));
    await waitFor(() => expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('projectType')).toBe('ASSIGNED'));
  });

  it('shows the placeholder on top while it imports, then the copy with a link to it', async () => {
    const answer = deferred<Response>();
    const api = projectsApi({
      projects: [assigned(), makeProject(2, { name: 'Hotel Ritz' })],
      before: (call) => (call.method === 'PUT' && call.path === '/api/projects/v1/projects/40/import' ? answer.promise : undefined),
    });
    await renderApp('/projects', api);
    const list = await screen.findByRole('list', { name: tx('projects.list.label') });
    // Only the assigned project offers an import.
    await waitFor(() => expect(within(list).getAllByRole('button', { name: new RegExp(tx('projects.import.action')) })).toHaveLength(1));
    await userEvent.click(within(list).getByRole('button', { name: tx('projects.import.actionNamed', { name: 'Casa Prieto' }) }));
    const placeholder = await screen.findByTestId('project-placeholder');
    expect(placeholder).toHaveTextContent(tx('projects.placeholder.import', { name: 'Casa Prieto' }));
    expect(within(list).getAllByRole('listitem')[0]).toBe(placeholder);

    answer.resolve(json(200, { success: true, status: 200, project: makeSummary(77, { name: 'Casa Prieto', origin: 'THIRDPARTY' }) }));
    await waitFor(() => expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument());
    expect(within(list).getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Casa Prieto');
    expect(within(list).getAllByRole('link', { name: 'Casa Prieto' })[0]).toHaveAttribute('href', '/project/77');
    expect(screen.getByText(tx('projects.import.done', { name: 'Casa Prieto' }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tx('projects.import.open') })).toHaveAttribute('href', '/project/77');
  });

  it.each([
    [404, 'projects.import.gone'],
    [400, 'projects.import.already'],
  ])('says why an import answered %i (a non-success, spec §4) and removes the placeholder', async (status, key) => {
    const api = projectsApi({
      projects: [assigned()],
      before: (call) => (call.method === 'PUT' && call.path === '/api/projects/v1/projects/40/import' ? json(200, { success: false, status }) : undefined),
    });
    await renderApp('/projects', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.import.actionNamed', { name: 'Casa Prieto' }) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx(key, { name: 'Casa Prieto' }));
    expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: tx('projects.import.dismiss') }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the import call fails', async () => {
    const api = projectsApi({ projects: [assigned()], before: (call) => (call.method === 'PUT' && call.path.endsWith('/import') ? failure(500, 'INTERNAL') : undefined) });
    await renderApp('/projects', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.import.actionNamed', { name: 'Casa Prieto' }) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('projects.import.failed', { name: 'Casa Prieto' }));
  });
});
