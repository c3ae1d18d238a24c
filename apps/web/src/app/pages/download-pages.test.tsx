import type { Download } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeProduct, makeProject, projectsApi } from '../../features/projects/projects.fixtures';

const en = (key: string) => TRANSLATIONS['fr-eproject'].en[key] ?? key;

function download(id: number, title: string, createdAt: string, overrides: Partial<Download> = {}): Download {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    title,
    projectId: 40 + id,
    catalogId: 16,
    lang: 'en',
    delivery: 'zip',
    status: 'ready',
    zipName: `3VB_${id}.zip`,
    zipUrl: `/sr-documents/v1/docs-web/download?id=${id}`,
    createdAt,
    finishedAt: createdAt,
    items: [],
    ...overrides,
  } as Download;
}

const item = (position: number, status: 'ready' | 'failed') => ({
  position,
  name: `doc-${position}`,
  type: 'specSheet',
  subType: null,
  model: '5520',
  status,
  progress: { currentProgress: status === 'failed' ? -1 : 17, totalProgress: 17 },
  error: status === 'failed' ? 'NOT_FOUND' : null,
  files: [],
});

const rowNames = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);

async function myDownloads(answer: () => Response) {
  const api = createFakeApi({ account: makeAccount({ role: 'specifier' }) });
  api.handle((call) => (call.path === '/api/documents/v1/downloads' ? answer() : undefined));
  await renderApp('/services/download', api);
  expect(await screen.findByRole('heading', { level: 1, name: en('downloads.title.services') })).toBeVisible();
  return screen.getByRole('table', { name: en('downloads.title.services') });
}

describe('My downloads in the kit’s DataTable (issue 35 §1)', () => {
  it('lists the downloads newest first, sortable by name, with their status, documents and zip', async () => {
    const table = await myDownloads(() =>
      json(200, {
        items: [
          download(1, 'Casa Prieto', '2026-10-01T09:00:00Z', { items: [item(0, 'ready'), item(1, 'failed')] as Download['items'] }),
          download(2, 'Atelier Nord', '2026-10-03T09:00:00Z', { status: 'cancelled', zipUrl: null }),
          download(3, 'Bodega Sur', '2026-10-02T09:00:00Z'),
        ],
      }),
    );
    await within(table).findByRole('rowheader', { name: 'Casa Prieto' });
    expect(rowNames(table)).toEqual(['Atelier Nord', 'Bodega Sur', 'Casa Prieto']);
    const createdAt = within(table).getByRole('columnheader', { name: en('downloads.column.date') });
    expect(createdAt).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: en('downloads.column.name') }));
    expect(rowNames(table)).toEqual(['Atelier Nord', 'Bodega Sur', 'Casa Prieto']);
    await userEvent.click(within(table).getByRole('button', { name: en('downloads.column.name') }));
    expect(rowNames(table)).toEqual(['Casa Prieto', 'Bodega Sur', 'Atelier Nord']);

    const prieto = within(table).getByRole('rowheader', { name: 'Casa Prieto' }).closest('tr') as HTMLElement;
    expect(within(prieto).getByRole('link', { name: 'Casa Prieto' })).toHaveAttribute('href', '/project/41');
    expect(within(prieto).getByText(en('downloads.status.ready'))).toHaveClass('lm-badge--success');
    expect(within(prieto).getByRole('link', { name: en('downloads.zipLink').replace('{{name}}', '3VB_1.zip') })).toHaveAttribute('download', '3VB_1.zip');
    expect(prieto).toHaveTextContent(`5520 · ${en('downloads.doc.specSheet')}: ${en('downloads.reason.NOT_FOUND')}`);
    expect(within(prieto).getAllByRole('cell')[1]).toHaveTextContent('2');
    const nord = within(table).getByRole('rowheader', { name: 'Atelier Nord' }).closest('tr') as HTMLElement;
    expect(within(nord).getByText(en('downloads.status.cancelled'))).toHaveClass('lm-badge--muted');
    expect(within(nord).queryByRole('link', { name: /\.zip/ })).toBeNull();
  });

  it('says so in its empty row when there is nothing yet', async () => {
    const empty = await myDownloads(() => json(200, { items: [] }));
    expect(await within(empty).findByRole('cell', { name: en('downloads.services.empty') })).toBeVisible();
  });

  it('shows its error row with a retry that loads the list again', async () => {
    let fail = true;
    const table = await myDownloads(() => (fail ? failure(500, 'INTERNAL') : json(200, { items: [download(1, 'Casa Prieto', '2026-10-01T09:00:00Z')] })));
    expect(await within(table).findByRole('alert')).toHaveTextContent(en('downloads.services.loadFailed'));
    fail = false;
    await userEvent.click(within(table).getByRole('button', { name: 'Try again' }));
    expect(await within(table).findByRole('rowheader', { name: 'Casa Prieto' })).toBeVisible();
  });
});

describe('a project’s technical downloads in the kit’s DataTable (issue 35 §1)', () => {
  const lines = () => [
    makeProduct({ model: '7460', referenceCode: '746001/03_10', description: 'Sticks L 60' }),
    makeProduct({ model: '0270', referenceCode: '027001/03_10', description: 'Algorithm' }),
  ];

  it('lists the products by the names people use (their model under), sortable, each a row of check boxes, the whole project’s choices above', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'distributor' }), projects: [makeProject(5, { name: 'Lobby', products: lines() })] });
    await renderApp('/project/5/downloads', api);
    expect(await screen.findByRole('heading', { level: 1, name: en('downloads.title.project') })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/project/5');
    const table = await screen.findByRole('table', { name: en('downloads.chooseCaption') });
    await within(table).findByRole('rowheader', { name: 'Sticks L 60 7460' });
    expect(rowNames(table)).toEqual(['Sticks L 60 7460', 'Algorithm 0270']);
    await userEvent.click(within(table).getByRole('button', { name: en('downloads.column.product') }));
    expect(rowNames(table)).toEqual(['Algorithm 0270', 'Sticks L 60 7460']);
    await userEvent.click(within(table).getByRole('button', { name: en('downloads.column.reference') }));
    expect(within(table).getByRole('columnheader', { name: en('downloads.column.reference') })).toHaveAttribute('aria-sort', 'ascending');

    // The whole project's spec sheets: every line's box is checked, and one line's unchecked unchecks the whole project's.
    const sheet = en('downloads.type.info');
    const whole = screen.getByRole('group', { name: en('downloads.wholeProject') });
    await userEvent.click(within(whole).getByRole('checkbox', { name: `${en('downloads.wholeProject')}: ${sheet}` }));
    expect(within(table).getByRole('checkbox', { name: `7460 746001/03_10: ${sheet}` })).toBeChecked();
    await userEvent.click(within(table).getByRole('checkbox', { name: `0270 027001/03_10: ${sheet}` }));
    expect(within(whole).getByRole('checkbox', { name: `${en('downloads.wholeProject')}: ${sheet}` })).not.toBeChecked();
  });

  it('says in its empty row that a project without products has nothing to download', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'distributor' }), projects: [makeProject(6, { name: 'Empty', products: [] })] });
    await renderApp('/project/6/downloads', api);
    const table = await screen.findByRole('table', { name: en('downloads.chooseCaption') });
    expect(await within(table).findByRole('cell', { name: en('downloads.emptyProject') })).toBeVisible();
    expect(screen.queryByRole('group', { name: en('downloads.wholeProject') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('downloads.start') })).toBeNull();
  });
});
