import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

describe('a version’s title (spec §7 POST apiv2 project/{id}/version/update)', () => {
  it('changes the title of the version on screen, checked before it is sent; the versions list takes it', async () => {
    const first = makeProject(5, { name: 'Lobby' });
    const second = makeProject(6, { name: 'Lobby', versionOf: 5, versionNumber: 2, versionTitle: 'Cheaper' });
    const api = projectsApi({ projects: [first, second] });
    let refusals = 1;
    api.handle((call) => {
      if (call.method !== 'POST' || call.path !== '/api/apiv2/project/6/version/update') return undefined;
      if (refusals-- > 0) return failure(500, 'INTERNAL');
      const { title } = call.body as { title: string };
      return json(200, { ...second, versionTitle: title, revision: second.revision + 1 });
    });
    await renderApp('/project/6', api);
    const versions = await screen.findByRole('list', { name: tx('projects.versions.listLabel') });
    await userEvent.click(within(versions).getByRole('button', { name: tx('projects.versions.retitle') }));
    const dialog = await screen.findByRole('dialog', { name: tx('projects.versions.retitleTitle') });
    const field = within(dialog).getByRole('textbox', { name: tx('projects.versions.titleLabel') });
    expect(field).toHaveValue('Cheaper');
    // Too long for a version title (30): refused here, nothing sent.
    await userEvent.clear(field);
    await fill(field, 'A title far longer than thirty characters');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.retitleSubmit') }));
    expect(api.callsTo('POST', '/api/apiv2/project/6/version/update')).toHaveLength(0);
    await userEvent.clear(field);
    await fill(field, 'Final offer');
    // A failed call is said in the dialog, which stays open.
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.retitleSubmit') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tx('projects.versions.retitleFailed'));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('projects.versions.retitleSubmit') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/apiv2/project/6/version/update').at(-1)?.body).toEqual({ title: 'Final offer' });
    expect(await within(versions).findByText(tx('projects.versions.itemTitled', { number: 2, title: 'Final offer' }))).toBeInTheDocument();
  });
});
