import type { Account, Project } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { createFakeXhr } from '../../../test/fake-xhr';
import { fill, findReadyCombobox } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';
import { ATTACHMENT_ID, catchDownloads, makeRequestDetail, makeRequestSummary, withGeography } from '../../shared/requests/requests.fixtures';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its label (a required one adds its marker). */
const label = (key: string) => new RegExp(`^${escape(tx(key))}`);

const BUDGET_V1 = '/api/support/v1/support-request/project-budget';
const BUDGET_V2 = '/api/apiv2/support-request/project-budget';
const BUDGET_USA = '/api/support/v1/support-request/project-budget-usa';
const REGISTRATION = '/api/support/v1/support-request/project-registration-usa';
const REGISTRATION_OF_5 = '/api/support/v1/support-request/project-registration/5';
const UPLOAD = '/api/images/v1/files/temp';
const UPLOAD_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const CREATED = { id: 41, status: 'received', createdAt: '2026-05-04T09:30:00.000Z' };

type Before = (call: FakeCall) => Response | undefined | Promise<Response | undefined>;

/** The projects service with project 5 “Lobby”, the geography, uploads numbered in order, and the support calls answered by `support`. */
function requestsApi({ account = makeAccount({ role: 'distributor' }), project = makeProject(5, { name: 'Lobby' }), support }: { account?: Account | null; project?: Project; support?: Before } = {}) {
  let uploads = 0;
  const api = withGeography(
    projectsApi({
      account,
      projects: [project],
      before: async (call) => {
        const answer = await support?.(call);
        if (answer) return answer;
        if (call.method === 'POST' && call.path === UPLOAD) {
          const file = (call.body as FormData).get('file') as File;
          const id = UPLOAD_IDS[uploads] ?? UPLOAD_IDS[0];
          uploads += 1;
          return json(201, { id, name: file.name, extension: 'pdf', contentType: 'application/pdf', size: file.size, expiresAt: '2026-05-05T09:30:00.000Z' });
        }
        if (call.method === 'GET' && call.path === '/api/support/v1/my-requests') return json(200, []);
        return undefined;
      },
    }),
  );
  return api;
}
type RequestsApi = ReturnType<typeof requestsApi>;

async function open(path: string, api: RequestsApi) {
  vi.stubGlobal('XMLHttpRequest', createFakeXhr(api.fetch).XMLHttpRequest);
  const app = await renderApp(path, api);
  const main = await screen.findByRole('main');
  return { ...app, main };
}

/**
 * Pastes the start of a name into a site field (an autocomplete) once its list has been answered, and
 * picks the option. (Typed key by key, each key filtered and drew the list of a whole
 * country again; the United States tests below still type into the states' autocomplete.)
 */
async function pick(scope: HTMLElement, fieldKey: string, name: string) {
  const field = await findReadyCombobox(scope, label(fieldKey));
  await fill(field, name.slice(0, 3));
  await userEvent.click(await screen.findByRole('option', { name }));
}

async function waitForCountries(api: RequestsApi) {
  await waitFor(() => expect(api.callsTo('GET', '/api/masters/v1/countries')).not.toHaveLength(0));
  // The list's answer reaches the field, which is mounted again with it.
  await act(async () => {});
}

const bodies = (api: RequestsApi, path: string) => api.callsTo('POST', path).map((call) => call.body);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/project/{id}/request-budget: the budget request', () => {
  it('checks the site and the description before sending anything', async () => {
    const api = requestsApi();
    const { main } = await open('/project/5/request-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgetRequest.title') });
    await waitForCountries(api);
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));
    // Country and description are required; the city is not.
    expect(within(main).getAllByText(tx('formError.required'))).toHaveLength(2);
    await waitFor(() => expect(within(main).getByRole('combobox', { name: label('siteLocation.country') })).toHaveFocus());

    // A country with regions asks for one of them too.
    await pick(main, 'siteLocation.country', 'Spain');
    await within(main).findByRole('combobox', { name: label('siteLocation.region.autonomous-communities') });
    await fill(within(main).getByRole('textbox', { name: label('budgetRequest.description') }), 'Price for <b>30</b> units');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));
    expect(within(main).getByText(tx('formError.required'))).toBeInTheDocument();
    expect(within(main).getByText(tx('formError.pattern'))).toBeInTheDocument();
    expect(bodies(api, BUDGET_V1)).toHaveLength(0);
  });

  it('counts the description against 4,000 characters', async () => {
    const { main } = await open('/project/5/request-budget', requestsApi());
    const description = await within(main).findByRole('textbox', { name: label('budgetRequest.description') });
    expect(description).toHaveAttribute('maxlength', '4000');
    await userEvent.type(description, 'Hello');
    expect(within(main).getByText(tx('textarea.counter', { count: 5, max: 4000 }))).toBeInTheDocument();
  });

  it('sends the site, the description, two files and the new name, then names the request and shows what was received', async () => {
    const api = requestsApi({
      support: (call) => {
        if (call.method === 'POST' && call.path === BUDGET_V1) return json(201, CREATED);
        if (call.method === 'GET' && call.path === '/api/support/v1/support-request/info-project-budget/41')
          return json(200, {
            id: 41,
            kind: 'project-budget',
            status: 'received',
            createdAt: CREATED.createdAt,
            siteLocation: { country: 'ES', region: '60' },
            description: 'x',
            project: { id: 5, name: 'Lobby B', catalogId: 16, lines: [{ id: 'l1', model: '0270', referenceCode: '027001/03_10', description: 'North wall', quantity: 2, pendantHeightCm: null }] },
            files: [
              { id: UPLOAD_IDS[0], name: 'plan.pdf', contentType: 'application/pdf', size: 8 },
              { id: UPLOAD_IDS[1], name: 'photo.pdf', contentType: 'application/pdf', size: 8 },
            ],
          });
        return undefined;
      },
    });
    const { main, container } = await open('/project/5/request-budget', api);
    await waitForCountries(api);
    await pick(main, 'siteLocation.country', 'Spain');
    await pick(main, 'siteLocation.region.autonomous-communities', 'Valencia');
    await fill(within(main).getByRole('textbox', { name: label('siteLocation.city') }), 'Valencia');
    await fill(within(main).getByRole('textbox', { name: label('budgetRequest.description') }), 'Price for 30 units, delivery in June.');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, [new File(['%PDF-1.4'], 'plan.pdf'), new File(['%PDF-1.4'], 'photo.pdf')]);
    await waitFor(() => expect(within(main).getAllByText(tx('upload.attached', { size: '8 bytes' }))).toHaveLength(2));
    const name = within(main).getByRole('textbox', { name: label('projects.form.name') });
    expect(name).toHaveValue('Lobby');
    await userEvent.clear(name);
    await fill(name, 'Lobby B');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));

    expect(await within(main).findByRole('heading', { level: 2, name: tx('projectRequests.sent.project-budget', { number: 41 }) })).toHaveFocus();
    expect(bodies(api, BUDGET_V1)).toEqual([
      {
        siteLocation: { country: 'ES', region: '60', city: 'Valencia' },
        catalogId: 16,
        lang: 'en',
        description: 'Price for 30 units, delivery in June.',
        files: UPLOAD_IDS,
        project: 5,
        changeProjectName: 'Lobby B',
      },
    ]);
    expect(api.callsTo('POST', UPLOAD).map((call) => [call.query.get('domain'), call.query.get('entity')])).toEqual([
      ['support', 'project-budget'],
      ['support', 'project-budget'],
    ]);
    // What the api captured: the project as it was sent, and the files.
    expect(await within(main).findByRole('table', { name: tx('requests.snapshot.caption_one', { name: 'Lobby B', count: 1 }) })).toBeInTheDocument();
    expect(within(main).getByText(tx('projectRequests.receivedFiles_other', { count: 2, names: 'plan.pdf, photo.pdf' }))).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: tx('projectRequests.sent.back') })).toHaveAttribute('href', '/project/5');
  });

  it('sends to the apiv2 path when projectRequestBudgetV2 is on, without a rename when the name is kept', async () => {
    const api = requestsApi({ support: (call) => (call.method === 'POST' && call.path === BUDGET_V2 ? json(201, CREATED) : undefined) });
    api.state.flagsFor = () => ({ projectRequestBudgetV2: true });
    const { main } = await open('/project/5/request-budget', api);
    await waitForCountries(api);
    await pick(main, 'siteLocation.country', 'Spain');
    await pick(main, 'siteLocation.region.autonomous-communities', 'Madrid');
    await fill(within(main).getByRole('textbox', { name: label('budgetRequest.description') }), 'Offices, second floor.');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));
    await within(main).findByText(tx('projectRequests.sent.project-budget', { number: 41 }));
    expect(bodies(api, BUDGET_V2)).toEqual([{ siteLocation: { country: 'ES', region: '29' }, catalogId: 16, lang: 'en', description: 'Offices, second floor.', files: [], project: 5 }]);
    expect(bodies(api, BUDGET_V1)).toHaveLength(0);
  });

  it('shows each field the api refuses beside it, and what it says of the project above the form', async () => {
    const api = requestsApi({
      support: (call) =>
        call.method === 'POST' && call.path === BUDGET_V1
          ? json(400, {
              ErrorCode: 400,
              ErrorDescription: 'Bad Request',
              code: 'VALIDATION_FAILED',
              fields: [
                { path: 'body.siteLocation.city', message: 'formError.invalidCharacters' },
                { path: 'body.changeProjectName', message: 'formError.maxLength' },
                { path: 'body.project', message: 'formError.projectEmpty' },
              ],
            })
          : undefined,
    });
    const { main } = await open('/project/5/request-budget', api);
    await waitForCountries(api);
    await pick(main, 'siteLocation.country', 'Guernsey');
    // A country without regions asks for none.
    expect(within(main).queryByRole('combobox', { name: label('siteLocation.region') })).not.toBeInTheDocument();
    await fill(within(main).getByRole('textbox', { name: label('budgetRequest.description') }), 'Harbour lights.');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));

    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(tx('error.projectBudgetRequest.400'));
    expect(alert).toHaveTextContent(tx('formError.projectEmpty'));
    expect(within(main).getByRole('textbox', { name: label('siteLocation.city') })).toHaveAccessibleDescription(expect.stringContaining(tx('formError.invalidCharacters')));
    expect(within(main).getByRole('textbox', { name: label('projects.form.name') })).toHaveAccessibleDescription(expect.stringContaining(tx('formError.maxLength')));
    expect(within(main).getByRole('button', { name: tx('budgetRequest.submit') })).toBeEnabled();
  });

  it('says a project without products cannot be asked about yet', async () => {
    const { main } = await open('/project/5/request-budget', requestsApi({ project: makeProject(5, { name: 'Lobby', products: [] }) }));
    expect(await within(main).findByText(tx('projectRequests.empty'))).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: tx('budgetRequest.submit') })).not.toBeInTheDocument();
  });

  it('keeps the name of a project that may not be renamed, and sends no rename', async () => {
    const api = requestsApi({ project: makeProject(5, { name: 'Lobby', status: 2 }), support: (call) => (call.path === BUDGET_V1 ? json(201, CREATED) : undefined) });
    const { main } = await open('/project/5/request-budget', api);
    await waitForCountries(api);
    expect(within(main).getByRole('textbox', { name: label('projects.form.name') })).toHaveAttribute('readonly');
    await pick(main, 'siteLocation.country', 'Guernsey');
    await fill(within(main).getByRole('textbox', { name: label('budgetRequest.description') }), 'Ordered project, spare parts.');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgetRequest.submit') }));
    await within(main).findByText(tx('projectRequests.sent.project-budget', { number: 41 }));
    expect(bodies(api, BUDGET_V1)[0]).not.toHaveProperty('changeProjectName');
  });

  it('sends a United States project to its own page', async () => {
    const api = requestsApi({ project: makeProject(5, { name: 'Loft', catalogId: 21, currency: 'USD' }) });
    const { history } = await open('/project/5/request-budget', api);
    await waitFor(() => expect(history.location.pathname).toBe('/project/5/usa-request-budget'));
  });
});

describe('the budget request of a visitor or a web user (spec §4 project-budget)', () => {
  it('a visitor is asked to log in; a web user then qualifies; the account is reloaded and the request page opens', async () => {
    const webUser = makeAccount({ role: 'webUser', email: 'wendy@example.com' });
    const api = requestsApi({ account: null, project: makeProject(5, { name: 'Lobby' }) });
    api.state.users.set(webUser.email, webUser);
    api.handle((call) => {
      if (call.method === 'POST' && call.path === '/api/users/v1/auth/qualification') {
        // Qualified, the web user becomes a specifier, who may ask for budgets.
        api.state.account = makeAccount({ role: 'specifier', email: webUser.email });
        return json(200, api.state.account);
      }
      return undefined;
    });
    // Not open(): the login view may open before the page's main is found, and hides it from
    // assistive technology (findByRole('main') then waited in vain on a loaded machine).
    const { history } = await renderApp('/project/5/request-budget', api);
    expect(history.location.pathname).toBe('/');

    const login = await screen.findByRole('dialog', { name: tx('auth.login.title') });
    await fill(within(login).getByRole('textbox', { name: label('auth.field.email') }), webUser.email);
    await fill(within(login).getByLabelText(label('auth.field.password')), 'demo-password');
    await userEvent.click(within(login).getByRole('button', { name: tx('auth.login.submit') }));

    // A web user may not ask for budgets: the qualification view follows.
    const qualification = await screen.findByRole('dialog', { name: tx('auth.qualification.title') });
    // The profession from the professions list (apiv2 options/professions).
    await userEvent.click(await within(qualification).findByRole('button', { name: new RegExp(escape(tx('auth.field.profession'))) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Architect' }));
    await fill(within(qualification).getByRole('textbox', { name: label('auth.field.companyName') }), 'Studio Webb');
    await userEvent.click(within(qualification).getByRole('button', { name: new RegExp(escape(tx('auth.field.companyType'))) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Architecture studio' }));
    await userEvent.click(within(qualification).getByRole('button', { name: new RegExp(escape(tx('auth.field.country'))) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spain' }));
    const accountCalls = api.callsTo('GET', '/api/users/v1/account').length;
    await userEvent.click(within(qualification).getByRole('button', { name: tx('auth.qualification.submit') }));

    await waitFor(() => expect(history.location.pathname).toBe('/project/5/request-budget'));
    expect(await screen.findByRole('heading', { level: 1, name: tx('budgetRequest.title') })).toBeInTheDocument();
    // The account was read again after the qualification.
    expect(api.callsTo('GET', '/api/users/v1/account').length).toBeGreaterThan(accountCalls);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a logged-in web user is sent to the project and asked to qualify', async () => {
    // The dialog opens at once (the page behind it is hidden from assistive technology).
    const { history } = await renderApp('/project/5/request-budget', requestsApi({ account: makeAccount({ role: 'webUser' }) }));
    await waitFor(() => expect(history.location.pathname).toBe('/project/5'));
    expect(await screen.findByRole('dialog', { name: tx('auth.qualification.title') })).toBeInTheDocument();
  });

  it('a qualified user without budget.request is not allowed', async () => {
    const { history } = await open('/project/5/request-budget', requestsApi({ account: makeAccount({ role: 'apiUser' }) }));
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});

describe('/project/{id}/usa-request-budget: the United States quote request', () => {
  const loft = () => makeProject(5, { name: 'Loft', catalogId: 21, currency: 'USD', products: [makeProduct({ referenceCode: '7460-05/M3_10' }), makeProduct({ referenceCode: '5520-10/03_10' })] });
  const importer = () => makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA', lang: 'us', language: { isoCode: 'us' } });

  it('starts in the United States, asks to confirm, then sends and names the request', async () => {
    const api = requestsApi({ account: importer(), project: loft(), support: (call) => (call.method === 'POST' && call.path === BUDGET_USA ? json(201, { ...CREATED, id: 42 }) : undefined) });
    const { main } = await open('/project/5/usa-request-budget', api);
    const us = { ...TRANSLATIONS['fr-widgets'].us, ...TRANSLATIONS['common-front'].us, ...TRANSLATIONS['fr-eproject'].us };
    await within(main).findByRole('heading', { level: 1, name: us['usaBudgetRequest.title'] });
    await waitForCountries(api);
    await waitFor(() => expect(within(main).getByRole('combobox', { name: new RegExp(`^${us['siteLocation.country']}`) })).toHaveValue('United States'));
    expect(api.callsTo('GET', '/api/masters/v1/countries')[0]?.query.get('catalogId')).toBe('21');
    await userEvent.type(await findReadyCombobox(main, new RegExp(`^${us['siteLocation.region.states']}`)), 'New');
    await userEvent.click(await screen.findByRole('option', { name: 'New York' }));
    await userEvent.click(within(main).getByRole('button', { name: us['usaBudgetRequest.submit'] }));

    const confirm = await screen.findByRole('alertdialog', { name: us['usaBudgetRequest.confirm.title'] });
    expect(confirm).toHaveTextContent((us['usaBudgetRequest.confirm.body_other'] ?? '').replace('{{name}}', 'Loft').replace('{{count}}', '2'));
    expect(bodies(api, BUDGET_USA)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: us['usaBudgetRequest.confirm.send'] }));

    expect(await within(main).findByText((us['projectRequests.sent.project-budget-usa'] ?? '').replace('{{number}}', '42'))).toBeInTheDocument();
    expect(bodies(api, BUDGET_USA)).toEqual([{ siteLocation: { country: 'US', region: 'NY' }, catalogId: 21, lang: 'us', project: 5 }]);
  });

  it('cancelling the confirmation sends nothing; a refusal closes it and says why', async () => {
    const api = requestsApi({ account: importer(), project: loft(), support: (call) => (call.method === 'POST' && call.path === BUDGET_USA ? failure(429, 'RATE_LIMITED') : undefined) });
    const { main } = await open('/project/5/usa-request-budget', api);
    const us = { ...TRANSLATIONS['common-front'].us, ...TRANSLATIONS['fr-eproject'].us };
    await waitForCountries(api);
    await userEvent.type(await findReadyCombobox(main, new RegExp(`^${us['siteLocation.region.states']}`)), 'Cal');
    await userEvent.click(await screen.findByRole('option', { name: 'California' }));
    await userEvent.click(within(main).getByRole('button', { name: us['usaBudgetRequest.submit'] }));
    let confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: us['projectRequests.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodies(api, BUDGET_USA)).toHaveLength(0);

    await userEvent.click(within(main).getByRole('button', { name: us['usaBudgetRequest.submit'] }));
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: us['usaBudgetRequest.confirm.send'] }));
    expect(await within(main).findByRole('alert')).toHaveTextContent(us['error.projectBudgetUsaRequest.429'] ?? '');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('/project/{id}/registration-usa: the United States registration', () => {
  const loft = () => makeProject(5, { name: 'Loft', catalogId: 21, currency: 'USD' });
  const importer = () => makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA' });
  const registration = {
    id: 43,
    status: 'received',
    createdAt: '2026-05-04T09:30:00.000Z',
    siteLocation: { country: 'US', region: 'NY', city: 'Brooklyn' },
    specifier: { name: 'Nora Lee', email: 'nora@studio.example', company: 'Lee Studio' },
    stage: 'bidding',
    expectedBidDate: null,
    expectedOrderDate: '2026-09-01',
    expectedInstallationDate: '2026-11-15',
    competitors: 'Brand X',
    notes: null,
    project: { id: 5, name: 'Loft', catalogId: 21, lines: [] },
  };

  /** The registration service: none until one is posted (the latest is answered after that). */
  function registrationApi(initial: typeof registration | null) {
    let latest = initial;
    return requestsApi({
      account: importer(),
      project: loft(),
      support: (call) => {
        if (call.method === 'GET' && call.path === REGISTRATION_OF_5) return latest ? json(200, latest) : failure(404, 'NOT_FOUND');
        if (call.method === 'POST' && call.path === REGISTRATION) {
          const body = call.body as typeof registration;
          latest = { ...registration, ...body, id: (latest?.id ?? 42) + 1, expectedBidDate: body.expectedBidDate ?? null, notes: body.notes ?? null };
          return json(201, { ...CREATED, id: latest.id });
        }
        return undefined;
      },
    });
  }

  const chooseDate = async (scope: HTMLElement, key: string, iso: string) => {
    // The kit's date picker: the segments of its group, typed in the en-GB order (dd/mm/yyyy).
    const group = within(scope).getByRole('group', { name: label(key) });
    const [year, month, day] = iso.split('-');
    await userEvent.click(within(group).getAllByRole('spinbutton')[0] as HTMLElement);
    await userEvent.keyboard(`${day}${month}${year}`);
  };

  it('an unregistered project shows the form, checks it, and sends what a representative needs', async () => {
    const api = registrationApi(null);
    const { main } = await open('/project/5/registration-usa', api);
    await within(main).findByText(tx('registration.intro', { name: 'Loft' }));
    await waitForCountries(api);
    await userEvent.click(within(main).getByRole('button', { name: tx('registration.submit') }));
    // Name, e-mail, company, region (the United States has states), stage, order date.
    expect(within(main).getAllByText(tx('formError.required')).length).toBeGreaterThanOrEqual(5);
    expect(bodies(api, REGISTRATION)).toHaveLength(0);

    await fill(within(main).getByRole('textbox', { name: label('registration.specifier.name') }), 'Nora Lee');
    await fill(within(main).getByRole('textbox', { name: label('registration.specifier.email') }), 'nora@studio.example');
    await fill(within(main).getByRole('textbox', { name: label('registration.specifier.company') }), 'Lee Studio');
    await pick(main, 'siteLocation.region.states', 'New York');
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(escape(tx('registration.field.stage'))) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('registration.stage.bidding') }));
    await chooseDate(main, 'registration.field.orderDate', '2026-09-01');
    await chooseDate(main, 'registration.field.installationDate', '2026-08-15');
    await fill(within(main).getByRole('textbox', { name: label('registration.field.competitors') }), 'Brand X');
    await userEvent.click(within(main).getByRole('button', { name: tx('registration.submit') }));
    // The installation cannot come before the order.
    expect(await within(main).findByText(tx('formError.dateOrder'))).toBeInTheDocument();
    expect(bodies(api, REGISTRATION)).toHaveLength(0);

    await chooseDate(main, 'registration.field.installationDate', '2026-11-15');
    await userEvent.click(within(main).getByRole('button', { name: tx('registration.submit') }));
    expect(await within(main).findByText(tx('projectRequests.sent.project-registration-usa', { number: 43 }))).toBeInTheDocument();
    expect(bodies(api, REGISTRATION)).toEqual([
      {
        catalogId: 21,
        lang: 'en',
        project: 5,
        siteLocation: { country: 'US', region: 'NY' },
        specifier: { name: 'Nora Lee', email: 'nora@studio.example', company: 'Lee Studio' },
        stage: 'bidding',
        expectedOrderDate: '2026-09-01',
        expectedInstallationDate: '2026-11-15',
        competitors: 'Brand X',
      },
    ]);
    // Completed: the registration as the api keeps it.
    expect(within(main).getByRole('heading', { level: 2, name: tx('registration.completed.title') })).toBeInTheDocument();
  });

  it('a registered project shows it as completed; "Register again" resets the flag and sends a new registration from the last answers', async () => {
    const api = registrationApi(registration);
    const { main, store } = await open('/project/5/registration-usa', api);
    const completed = await within(main).findByRole('region', { name: tx('registration.completed.title') });
    expect(completed).toHaveTextContent('Nora Lee · nora@studio.example · Lee Studio');
    expect(completed).toHaveTextContent(tx('registration.stage.bidding'));
    expect(await within(completed).findByText('Brooklyn, New York, United States')).toBeInTheDocument();
    expect(store.getState().projectRequests?.registrationCompleted[5]).toBe(true);

    await userEvent.click(within(completed).getByRole('button', { name: tx('registration.completed.again') }));
    expect(store.getState().projectRequests?.registrationCompleted[5]).toBe(false);
    expect(await within(main).findByText(tx('registration.introAgain', { name: 'Loft' }))).toBeInTheDocument();
    expect(within(main).getByRole('textbox', { name: label('registration.specifier.name') })).toHaveValue('Nora Lee');
    await waitForCountries(api);
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(escape(tx('registration.field.stage'))) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('registration.stage.awarded') }));
    await userEvent.click(within(main).getByRole('button', { name: tx('registration.submit') }));

    expect(await within(main).findByText(tx('projectRequests.sent.project-registration-usa', { number: 44 }))).toBeInTheDocument();
    expect(bodies(api, REGISTRATION)).toEqual([
      expect.objectContaining({ stage: 'awarded', siteLocation: { country: 'US', region: 'NY', city: 'Brooklyn' }, expectedOrderDate: '2026-09-01', expectedInstallationDate: '2026-11-15' }),
    ]);
    expect(store.getState().projectRequests?.registrationCompleted[5]).toBe(true);
  });

  it('an international project is not registered', async () => {
    const { main } = await open('/project/5/registration-usa', requestsApi({ account: importer() }));
    expect(await within(main).findByText(tx('registration.onlyUsa'))).toBeInTheDocument();
  });

  it('needs project.registration', async () => {
    const { history } = await open('/project/5/registration-usa', requestsApi({ account: makeAccount({ role: 'distributor' }), project: loft() }));
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});

describe('the project page and the profile: ways in and the requests sent', () => {
  it('offers the budget request of an international project to those who may ask, and to a web user who would qualify', async () => {
    const { main, unmount } = await open('/project/5', requestsApi());
    await within(main).findByRole('heading', { level: 1, name: 'Lobby' });
    expect(within(main).getByRole('link', { name: tx('budgetRequest.action') })).toHaveAttribute('href', '/project/5/request-budget');
    expect(within(main).queryByRole('link', { name: tx('registration.action') })).not.toBeInTheDocument();
    unmount();

    const webUser = await open('/project/5', requestsApi({ account: makeAccount({ role: 'webUser' }) }));
    await within(webUser.main).findByRole('heading', { level: 1, name: 'Lobby' });
    await userEvent.click(within(webUser.main).getByRole('button', { name: tx('budgetRequest.action') }));
    expect(await screen.findByRole('dialog', { name: tx('auth.qualification.title') })).toBeInTheDocument();
    expect(webUser.store.getState().ui.authModal).toEqual({ view: 'qualification', next: '/project/5/request-budget', flow: 'project-budget' });
  });

  it('offers the quote request and the registration of a United States project by privilege', async () => {
    const loft = makeProject(5, { name: 'Loft', catalogId: 21, currency: 'USD' });
    const { main, unmount } = await open('/project/5', requestsApi({ account: makeAccount({ role: 'importer', catalogId: 21 }), project: loft }));
    await within(main).findByRole('heading', { level: 1, name: 'Loft' });
    expect(within(main).getByRole('link', { name: tx('usaBudgetRequest.action') })).toHaveAttribute('href', '/project/5/usa-request-budget');
    expect(within(main).getByRole('link', { name: tx('registration.action') })).toHaveAttribute('href', '/project/5/registration-usa');
    expect(within(main).queryByRole('link', { name: tx('budgetRequest.action') })).not.toBeInTheDocument();
    unmount();

    // A distributor may ask for budgets but not register.
    const distributor = await open('/project/5', requestsApi({ project: makeProject(5, { name: 'Loft', catalogId: 21, currency: 'USD' }) }));
    await within(distributor.main).findByRole('heading', { level: 1, name: 'Loft' });
    expect(within(distributor.main).getByRole('link', { name: tx('usaBudgetRequest.action') })).toBeInTheDocument();
    expect(within(distributor.main).queryByRole('link', { name: tx('registration.action') })).not.toBeInTheDocument();
  });

  it('lists the requests sent about the project with their status, and opens one with the desk’s reply and its files', async () => {
    const api = requestsApi({
      support: (call) => {
        if (call.method === 'GET' && call.path === '/api/support/v1/my-requests') {
          expect(call.query.get('projectId')).toBe('5');
          return json(200, [makeRequestSummary(41, { status: 'answered', replies: 1 })]);
        }
        if (call.method === 'GET' && call.path === '/api/support/v1/my-requests/41')
          return json(200, makeRequestDetail(41, { status: 'answered', messages: [{ id: 1, authorName: 'Samuel Ventas', body: 'Price attached: 4,120 EUR.', createdAt: '2026-05-05T10:00:00.000Z' }] }));
        if (call.method === 'GET' && call.path.startsWith('/api/support/v1/requests/41/files/')) return new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } });
        return undefined;
      },
    });
    const downloads = catchDownloads();
    onTestFinished(downloads.restore);
    const { main } = await open('/project/5', api);
    const section = await within(main).findByRole('region', { name: tx('myRequests.projectTitle') });
    expect(section).toHaveTextContent('Budget request');
    expect(section).toHaveTextContent(tx('requests.status.answered'));
    expect(section).toHaveTextContent(tx('requests.replies.count_one', { count: 1 }));

    const toggle = within(section).getByRole('button', { name: tx('myRequests.showFor', { number: 41 }) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(await within(section).findByText('Price attached: 4,120 EUR.')).toBeInTheDocument();
    expect(within(section).getByText('Samuel Ventas')).toBeInTheDocument();
    expect(await within(section).findByText('Valencia, Valencia, Spain')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: tx('requests.files.downloadFile', { name: 'plan.pdf' }) }));
    await waitFor(() => expect(downloads.saved).toEqual(['plan.pdf']));
    expect(api.callsTo('GET', `/api/support/v1/requests/41/files/${ATTACHMENT_ID}`)).toHaveLength(1);
  });

  it('the profile lists every request the user sent, with a link to its project', async () => {
    const api = requestsApi({
      support: (call) =>
        call.method === 'GET' && call.path === '/api/support/v1/my-requests'
          ? json(200, [makeRequestSummary(41), makeRequestSummary(40, { kind: 'support', subject: 'Technical question', projectId: null, projectName: null, status: 'closed' })])
          : undefined,
    });
    const { main } = await open('/my-profile', api);
    const section = await within(main).findByRole('region', { name: tx('myRequests.title') });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/project/5');
    expect(section).toHaveTextContent('Technical question');
    expect(section).toHaveTextContent(tx('requests.status.closed'));
    expect(api.callsTo('GET', '/api/support/v1/my-requests')[0]?.query.has('projectId')).toBe(false);
  });
});
