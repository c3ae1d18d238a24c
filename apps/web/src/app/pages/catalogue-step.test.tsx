import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { COLLECTIONS, MODELS } from '../../features/catalogue/catalogue.fixtures';
import { makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

function api() {
  return projectsApi({
    projects: [makeProject(5, { name: 'Lobby' })],
    before: (call) => {
      if (call.path === '/api/products/v1/categories/collections') {
        const sub = call.query.get('subFamilyId');
        return json(200, sub ? COLLECTIONS.filter((item) => String(item.subFamilyId) === sub) : COLLECTIONS);
      }
      if (call.path === '/api/products/v1/articles/models') return json(200, MODELS);
      if (call.path === '/api/products/v1/preconfigs/list') return json(200, []);
      return undefined;
    },
  });
}

const backToProject = () => screen.queryByRole('link', { name: tx('projects.add.backToProject') });

describe('choosing a product for a project (issue 10 §9)', () => {
  it('keeps the project’s note and “Back to the project” on every step: collection, models, preconfigurations', async () => {
    const app = await renderApp('/project/5/add-product', api());
    await waitFor(() => expect(app.history.location.pathname).toBe('/project/5/add-product/select-collection'));
    expect(await screen.findByRole('link', { name: tx('projects.add.backToProject') })).toHaveAttribute('href', '/project/5');

    const collections = await screen.findByRole('list', { name: tx('catalogue.collections.listLabel') });
    await userEvent.click(within(collections).getByRole('link', { name: /Silo/ }));
    await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(app.history.location.pathname).toBe('/add-product/301/1');
    expect(backToProject()).toHaveAttribute('href', '/project/5');
    expect(screen.getAllByRole('note')).toHaveLength(1);

    await userEvent.click(screen.getByRole('link', { name: tx('catalogue.models.preconfigs') }));
    await screen.findByRole('heading', { level: 1, name: tx('catalogue.preconfigs.title') });
    expect(backToProject()).toHaveAttribute('href', '/project/5');
  });

  it('drops the project when the user starts browsing afresh from the header’s “Catalogue”', async () => {
    const app = await renderApp('/project/5/add-product', api());
    expect(await screen.findByRole('link', { name: tx('projects.add.backToProject') })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: tx('header.catalogue') }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/create-project/select-collection'));
    await screen.findByRole('list', { name: tx('catalogue.collections.listLabel') });
    await waitFor(() => expect(backToProject()).not.toBeInTheDocument());
  });

  it('shows no note to a user browsing for no project', async () => {
    await renderApp('/add-product/301/1', api());
    await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(backToProject()).not.toBeInTheDocument();
  });
});
