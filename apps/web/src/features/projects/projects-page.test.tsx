import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { deferred, makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const widgets = TRANSLATIONS['fr-widgets'].en;
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
  it('shows the first page of 10, most recently updated first, with the count and paging', async () => {
    const api = projectsApi({ projects: twelve() });
    await renderApp('/projects', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('projects.list.title') })).toBeInTheDocument();
    const list = await projectList();
    await waitFor(() => expect(names(list)).toHaveLength(10));
    expect(screen.getByText(tx('projects.list.count_other', { count: 12 }))).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Project 08' })).toHaveAttribute('href', '/project/8');
    // Asked for once (the first render of a fresh store once asked twice).
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter')).toHaveLength(1);
    const call = api.callsTo('GET', '/api/projects/v1/projects/filter')[0];
    expect(call?.query.get('itemsPerPage')).toBe('10');
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('sortBy')).toBe('UPDATED_RECENT');
    expect(call?.query.get('projectType')).toBeNull();
    expect(call?.query.get('language')).toBe('en');

    const paging = screen.getByRole('navigation', { name: tx('projects.paging.label') });
    expect(within(paging).getByText(tx('pager.position', { page: 1, pages: 2 }, widgets))).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: tx('pager.previous', {}, widgets) })).toBeDisabled();
    await userEvent.click(within(paging).getByRole('button', { name: tx('pager.next', {}, widgets) }));
    await waitFor(() => expect(within(paging).getByText(tx('pager.position', { page: 2, pages: 2 }, widgets))).toBeInTheDocument());
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('page')).toBe('2');
  });

  it('lets the user show 10, 25 or 50 projects a page, back on the first page, and keeps the choice', async () => {
    localStorage.removeItem('lumen.projectsPageSize');
    const many = Array.from({ length: 30 }, (_, index) => makeProject(index + 1, { name: `Project ${String(index + 1).padStart(2, '0')}` }));
    const api = projectsApi({ projects: many });
    await renderApp('/projects', api);
    const list = await projectList();
    await waitFor(() => expect(names(list)).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: tx('pager.next', {}, widgets) }));
    await waitFor(() => expect(api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1)?.query.get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('projects.paging.size')) }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['10', '25', '50']);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(names(screen.getByRole('list', { name: tx('projects.list.label') }))).toHaveLength(25));
    const last = api.callsTo('GET', '/api/projects/v1/projects/filter').at(-1);
    expect([last?.query.get('itemsPerPage'), last?.query.get('page')]).toEqual(['25', '1']);
    expect(screen.getByText(tx('pager.position', { page: 1, pages: 2 }, widgets))).toBeInTheDocument();
    expect(localStorage.getItem('lumen.projectsPageSize')).toBe('25');
    localStorage.removeItem('lumen.projectsPageSize');
  });

  it('shows a project’s versions together under it, each with its number and title', async () => {
    const api = projectsApi({
      projects: [
        makeProject(1, { name: 'Lobby', updatedAt: '2026-01-01T10:00:00Z' }),
        makeProject(2, { name: 'Lobby', versionOf: 1, versionNumber: 2, versionTitle: 'Cheaper', updatedAt: '2026-01-03T10:00:00Z' }),
        makeProject(3, { name: 'Lobby', versionOf: 1, versionNumber: 3, updatedAt: '2026-01-02T10:00:00Z' }),
        makeProject(4, { name: 'Terrace', updatedAt: '2026-01-04T10:00:00Z' }),
      ],
    });
    await renderApp('/projects', api);
    const list = await projectList();
    await waitFor(() => expect(names(list)).toEqual(['Terrace', 'Lobby']));
    // the project's name opens the version changed last
    expect(within(list).getByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/project/2');
    const versions = within(list).getByRole('list', { name: tx('projects.item.versionsOf', { name: 'Lobby' }) });
    expect(within(versions).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [tx('projects.versions.item', { number: 1 }), '/project/1'],
      [tx('projects.versions.itemTitled', { number: 2, title: 'Cheaper' }), '/project/2'],
      [tx('projects.versions.item', { number: 3 }), '/project/3'],
    ]);
    expect(within(list).getByText(tx('projects.item.versions_other', { count: 3 }))).toBeInTheDocument();
    expect(screen.getByText(tx('projects.list.count_other', { count: 2 }))).toBeInTheDocument();
    // a project of one version lists no versions
    expect(within(list).getAllByRole('list')).toHaveLength(1);
  });

  it('says on the search field that a search is too long, and asks nothing of the server', async () => {
    const api = projectsApi({ projects: twelve() });
    await renderApp('/projects', api);
    await projectList();
    const calls = api.callsTo('GET', '/api/projects/v1/projects/filter').length;
    const field = screen.getByRole('searchbox', { name: tx('projects.list.search') });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(101));
    expect(await screen.findByText(tx('projects.list.searchTooLong', { max: 100 }))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.callsTo('GET', '/api/projects/v1/projects/filter')).toHaveLength(calls);
    expect(screen.queryByText(tx('projects.list.loadFailed'))).not.toBeInTheDocument();
    await userEvent.type(field, '{backspace}');
    await waitFor(() => expect(screen.queryByText(tx('projects.list.searchTooLong', { max: 100 }))).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a search as a form error, not as a connection problem', async () => {
    const api = projectsApi({
      projects: twelve(),
      before: (call) =>
        call.path === '/api/projects/v1/projects/filter' && call.query.get('search') === 'refused'
          ? new Response(JSON.stringify({ ErrorCode: 400, ErrorDescription: 'The request is not valid', code: 'VALIDATION_FAILED', fields: [{ path: 'querystring.search', message: 'formError.maxLength' }] }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            })
          : undefined,
    });
    await renderApp('/projects', api);
    const list = await projectList();
    await userEvent.type(screen.getByRole('searchbox', { name: tx('projects.list.search') }), 'refused');
    expect(await screen.findByText(tx('projects.list.searchTooLong', { max: 100 }))).toBeInTheDocument();
    expect(screen.queryByText(tx('projects.list.loadFailed'))).not.toBeInTheDocument();
    expect(names(list)).toHaveLength(10);
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
    await waitFor(() => expect(names(list)).toHaveLength(10));
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
    await waitFor(() => expect(names(list)).toHaveLength(10));
    await userEvent.click(within(list).getByRole('button', { name: tx('projects.duplicate.actionNamed', { name: 'Project 08' }) }));
    expect(await screen.findByTestId('project-placeholder')).toBeInTheDocument();
    hold.resolve();
    // The failure is told in the error dialog.
    const dialog = await screen.findByRole('alertdialog');
    expect(screen.queryByTestId('project-placeholder')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: tx('error.close', {}, TRANSLATIONS['common-front'].en) })[0] as HTMLElement);
    await waitFor(() => expect(names(list)).toHaveLength(10));
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
    await fill(name, 'Hotel <lobby>');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.pattern'))).toBeInTheDocument();
    await userEvent.clear(name);
    await fill(name, 'x'.repeat(51));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await within(dialog).findByText(tx('projects.form.nameTooLong'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')).toHaveLength(0);

    await userEvent.clear(name);
    await fill(name, 'Hôtel Lobby (phase 2)');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.create.submit') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hôtel Lobby (phase 2)' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/projects/v1/projects')[0]?.body).toEqual({ name: 'Hôtel Lobby (phase 2)', catalogId: 21, products: [] });
  });

  it('needs a project-view privilege: a visitor goes home', async () => {
    const app = await renderApp('/projects', projectsApi({ account: null }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/'));
    expect(app.fakeApi.callsTo('GET', '/api/projects/v1/projects/filter')).toHaveLength(0);
  });
});
