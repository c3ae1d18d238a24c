import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { deferred, makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}, file: Record<string, string> = en) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), file[key] ?? key);

/** Twelve projects: "Project 1"… with origins spread over the filters. */
function twelve() {
  return Array.from({ length: 12 }, (_, index) =>
    makeProject(index + 1, { name: `Project ${String(index + 1).padStart(2, '0')}`, origin: index % 4 === 0 ? 'ASSIGNED' : index % 4 === 1 ? 'IMPORTER' : 'OWN' }),
  );
}

async function projectList() {
  return screen.findByRole('list', { name: tx('projects.list.label') });
}

const names = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the project list', () => {
  it('shows the first page, most recently updated first, with the count and paging', async () => {
    const api = projectsApi({ projects: twelve() });
    await renderApp('/projects', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('projects.list.title') })).toBeInTheDocument();
    const list = await projectList();
    await waitFor(() => expect(names(list)).toHaveLength(5));
    expect(screen.getByText(tx('projects.list.count_other', { count: 12 }))).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Project 08' })).toHaveAttribute('href', '/project/8');
    const call = api.callsTo('GET', '/api/projects/v1/projects/filter')[0];
    expect(call?.query.get('itemsPerPage')).toBe('5');
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('sortBy')).toBe('UPDATED_RECENT');
    expect(call?.query.get('projectType')).toBeNull();
    expect(call?.query.get('language')).toBe('en');

    const paging = screen.getByRole('navigation', { name: tx('projects.paging.label') });
    expect(within(paging).getByText(tx('projects.paging.position', { page: 1, total: 3 }))).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: tx('projects.paging.previous') })).toBeDisabled();
    await userEvent.click(within(paging).getByRole('button', { name: tx('projects.paging.next') }));
    await waitFor(() => expect(within(paging).getByText(tx('projects.paging.position', { page: 2, total: 3 }))).toBeInTheDocument());
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('page')).toBe('2');
  });

  it('searches once the user pauses typing, and says when nothing matches', async () => {
    const api = projectsApi({ projects: twelve() });
    await renderApp('/projects', api);
    const list = await projectList();
    await userEvent.type(screen.getByRole('searchbox', { name: tx('projects.list.search') }), '11');
    await waitFor(() => expect(names(list)).toEqual(['Project 11']));
    const searches = api.callsTo('GET', '/api/projects/v1/projects/filter').filter((call) => call.query.get('search'));
    // One call for the whole word, not one per keystroke.
    expect(searches.map((call) => call.query.get('search'))).toEqual(['11']);
    await userEvent.type(screen.getByRole('searchbox', { name: tx('projects.list.search') }), '9');
    expect(await screen.findByText(tx('projects.list.noMatch'))).toBeInTheDocument();
  });

  it('sorts by name and filters by origin, going back to the first page', async () => {
    const api = projectsApi({ projects: twelve() });
    await renderApp('/projects', api);
    const list = await projectList();
    await choose(tx('projects.list.sort'), tx('projects.sort.NAME_DESC'));
    await waitFor(() => expect(names(screen.getByRole('list', { name: tx('projects.list.label') }))[0]).toBe('Project 12'));
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('sortBy')).toBe('NAME_DESC');

    await choose(tx('projects.list.origin'), tx('projects.origin.ASSIGNED'));
    await waitFor(() => expect(names(screen.getByRole('list', { name: tx('projects.list.label') }))).toEqual(['Project 09', 'Project 05', 'Project 01']));
    const last = api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1);
    expect(last?.query.get('projectType')).toBe('ASSIGNED');
    expect(last?.query.get('page')).toBe('1');
    // Another's project says where it comes from.
    expect(within(screen.getByRole('list', { name: tx('projects.list.label') })).getAllByText(tx('projects.origin.ASSIGNED')).length).toBeGreaterThan(0);
    void list;
  });

  it('puts a placeholder on top while a project is duplicated, then the copy in its place and the first 4 reloaded under it', async () => {
    const hold = deferred();
    const api = projectsApi({
      projects: twelve(),
      before: async (call) => {
        if (call.method === 'POST' && call.path.endsWith('/clone')) await hold.promise;
        return undefined;
      },
    });
    await renderApp('/projects', api);
    const list = await projectList();
    await waitFor(() => expect(names(list)).toHaveLength(5));
    await userEvent.click(within(list).getByRole('button', { name: tx('projects.duplicate.actionNamed', { name: 'Project 08' }) }));
    const placeholder = await screen.findByTestId('project-placeholder');
    expect(placeholder).toHaveTextContent(tx('projects.placeholder.clone', { name: 'Project 08' }));
    expect(list.firstElementChild).toBe(placeholder);

    hold.resolve();
    await waitFor(() => expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument());
    await waitFor(() => expect(names(screen.getByRole('list', { name: tx('projects.list.label') }))[0]).toBe('Project 08 (copy)'));
    const reload = api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1);
    expect(reload?.query.get('itemsPerPage')).toBe('4');
    expect(reload?.query.get('page')).toBe('1');
    // The copy is the most recent project: it is also among the 4 reloaded, and shown once.
    expect(names(screen.getByRole('list', { name: tx('projects.list.label') }))).toEqual(['Project 08 (copy)', 'Project 12', 'Project 11', 'Project 10']);
    expect(screen.getByText(tx('projects.list.count_other', { count: 13 }))).toBeInTheDocument();
  });

  it('removes the placeholder when the duplicate fails', async () => {
    const hold = deferred();
    const api = projectsApi({
      projects: twelve(),
      before: async (call) => {
        if (call.method === 'POST' && call.path.endsWith('/clone')) {
          await hold.promise;
          return failure(500, 'INTERNAL');
        }
        return undefined;
      },
    });
    await renderApp('/projects', api);
    const list = await projectList();
    await waitFor(() => expect(names(list)).toHaveLength(5));
    await userEvent.click(within(list).getByRole('button', { name: tx('projects.duplicate.actionNamed', { name: 'Project 08' }) }));
    expect(await screen.findByTestId('project-placeholder')).toBeInTheDocument();
    hold.resolve();
    // The failure is told in the error dialog.
    const dialog = await screen.findByRole('alertdialog');
    expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: tx('error.close', {}, TRANSLATIONS['common-front'].en) })[0] as HTMLElement);
    await waitFor(() => expect(names(list)).toHaveLength(5));
    expect(names(list)).not.toContain('Project 08 (copy)');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const api = projectsApi({ projects: twelve(), before: (call) => (fail && call.path === '/api/projects/v1/projects/filter' ? failure(500, 'INTERNAL') : undefined) });
    await renderApp('/projects', api);
    expect(await screen.findByText(tx('projects.list.loadFailed'))).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: tx('projects.retry') }));
    expect(await projectList()).toBeInTheDocument();
  });

  it('creates a project with a valid name in the user’s catalogue and opens it', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA' }), projects: [] });
    await renderApp('/projects', api);
    expect(await screen.findByText(tx('projects.list.empty'))).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: tx('projects.create.action') })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: tx('projects.create.title') });
    const name = within(dialog).getByRole('textbox', { name: new RegExp(tx('projects.form.name')) });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.required'))).toBeInTheDocument();
    await userEvent.type(name, 'Hotel <lobby>');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.pattern'))).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'x'.repeat(51));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.nameTooLong'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'Hôtel Lobby (phase 2)');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hôtel Lobby (phase 2)' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')[0]?.body).toEqual({ name: 'Hôtel Lobby (phase 2)', catalogId: 21, products: [] });
  });

  it('needs a project-view privilege: a visitor goes home', async () => {
    const app = await renderApp('/projects', projectsApi({ account: null }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.fakeApi.callsTo('GET', '/api/projects/v1/projects/filter')).toHaveLength(0);
  });
});
