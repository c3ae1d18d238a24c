import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeProduct, makeProject, projectsApi } from './projects.fixtures';

/** A project's pendant line at 150 cm, in a project of `catalogId`. */
async function openPendantProject(catalogId: 16 | 21) {
  const pendant = makeProduct({ description: 'Plusminus pendant Ø 15', attributes: { ...makeProduct().attributes, pendantHeight: { code: '150', description: 'Pendant height' } } });
  const account = makeAccount({ role: 'distributor', catalogId, catalog: catalogId === 21 ? 'USA' : 'INT', lang: catalogId === 21 ? 'us' : 'en', language: { isoCode: catalogId === 21 ? 'us' : 'en' } });
  const api = projectsApi({ account, projects: [makeProject(5, { name: 'Loft', catalogId, currency: catalogId === 21 ? 'USD' : 'EUR', products: [pendant] })] });
  await renderApp('/project/5', api);
  return (await screen.findByRole('rowheader')).closest('tr');
}

describe('pendant heights in the project grid (issue 10 §10)', () => {
  it('reads feet and inches in a United States project', async () => {
    const row = await openPendantProject(21);
    expect(row?.textContent).toContain(`4'\u00a011\u00a01/16"`);
    expect(row?.textContent).not.toMatch(/1\.50\s?m/);
  });

  it('reads metres in an international project', async () => {
    const row = await openPendantProject(16);
    expect(row?.textContent).toContain('1.50\u00a0m');
  });
});
