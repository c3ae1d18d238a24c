import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeProject, projectsApi } from './projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), en[key] ?? key);

const INFO = { projectId: 3, name: 'Lobby', productsCount: 4, unitsCount: 37, personalizedCount: 3, versionsCount: 2, updatedAt: '2026-11-02T10:00:00.000Z' };
const ACTIONS = (download: boolean) => ({
  projectId: 3,
  download,
  actions: [
    { code: 'specSheet', enabled: download },
    { code: 'manual', enabled: download },
    { code: 'energyLabel', enabled: false },
    { code: '2D_3D', enabled: download },
    { code: 'imagesHD', enabled: download },
    { code: 'photometry', enabled: false },
  ],
});

function factsApi(download = true, fail = false) {
  const api = projectsApi({ projects: [makeProject(3, { name: 'Lobby' })] });
  api.handle((call) => {
    if (call.path === '/api/projects/v1/projects/3/tooltip-info') return fail ? failure(500, 'INTERNAL') : json(200, INFO);
    if (call.path === '/api/projects/v1/projects/3/tech-info-actions') return json(200, ACTIONS(download));
    return undefined;
  });
  return api;
}

describe('a project line’s details in the list (spec §7 tooltip-info and tech-info-actions)', () => {
  it('asks for the facts and the technical actions when opened, and leads to the technical downloads', async () => {
    const api = factsApi();
    await renderApp('/projects', api);
    const toggle = await screen.findByRole('button', { name: tx('projects.facts.toggleNamed', { name: 'Lobby' }) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing asked for before the user opens the details.
    expect(api.callsTo('GET', '/api/projects/v1/projects/3/tooltip-info')).toHaveLength(0);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const units = await screen.findByText(tx('projects.facts.units'));
    const facts = units.closest('dl') as HTMLElement;
    expect(within(facts).getByText('37')).toBeInTheDocument();
    expect(within(facts).getByText(tx('projects.facts.personalizedOf', { personalized: 3, total: 4 }))).toBeInTheDocument();
    expect(within(facts).getByText([en['downloads.doc.specSheet'], en['downloads.doc.manual'], en['downloads.doc.2D_3D'], en['downloads.doc.imagesHD']].join(', '))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tx('projects.facts.technicalDownloads') })).toHaveAttribute('href', '/project/3/technical-downloads');
    expect(api.callsTo('GET', '/api/projects/v1/projects/3/tech-info-actions')).toHaveLength(1);
  });

  it('offers no downloads without the right', async () => {
    await renderApp('/projects', factsApi(false));
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.facts.toggleNamed', { name: 'Lobby' }) }));
    expect(await screen.findByText(tx('projects.facts.noDocuments'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: tx('projects.facts.technicalDownloads') })).not.toBeInTheDocument();
  });

  it('says in place when the facts cannot be loaded (no error dialog, spec §4)', async () => {
    await renderApp('/projects', factsApi(true, true));
    await userEvent.click(await screen.findByRole('button', { name: tx('projects.facts.toggleNamed', { name: 'Lobby' }) }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(tx('projects.facts.failed')));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
