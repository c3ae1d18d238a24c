import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { makeProject, projectsApi } from '../features/projects/projects.fixtures';
import { FLAG_OVERRIDES_STORAGE_KEY } from '../shared/flags';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), en[key] ?? key);

const admin = makeAccount({ id: 1, role: 'admin', name: 'Ada Admin', email: 'admin@demo.example' });

async function openUserMenu(name: string) {
  // Wait for the real menu button: until the header's menus chunk arrives a look-alike stands in, and
  // a click on it can land on a node that has just been replaced (the click is then lost).
  const trigger = await waitFor(
    () => {
      const button = screen.getByRole('button', { name: tx('header.userMenuFor', { name }) });
      expect(button).toHaveAttribute('aria-expanded');
      return button;
    },
    { timeout: 8_000 },
  );
  await userEvent.click(trigger);
  const profile = await screen.findByRole('menuitem', { name: tx('header.profile') });
  return profile.closest<HTMLElement>('[role="menu"]') ?? document.body;
}

async function openPanel() {
  await userEvent.click(within(await openUserMenu('Ada Admin')).getByRole('menuitem', { name: tx('header.flagsPanel') }));
  return screen.findByRole('dialog', { name: tx('flags.panel.title') }, { timeout: 5_000 });
}

async function closePanel(panel: HTMLElement) {
  const buttons = within(panel).getAllByRole('button', { name: TRANSLATIONS['common-front'].en['common.close'] });
  await userEvent.click(buttons.at(-1)!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('flags in the frame', () => {
  it('offers the flags screen and the flags panel to backoffice users only', async () => {
    const first = await renderApp('/', projectsApi({ account: makeAccount({ role: 'distributor', name: 'Dan Distributor' }) }));
    const menu = await openUserMenu('Dan Distributor');
    expect(within(menu).getByRole('menuitem', { name: tx('header.profile') })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: tx('header.flagsPanel') })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: tx('header.flagsAdmin') })).not.toBeInTheDocument();
    first.unmount();

    const { history } = await renderApp('/', projectsApi({ account: admin }));
    await userEvent.click(within(await openUserMenu('Ada Admin')).getByRole('menuitem', { name: tx('header.flagsAdmin') }));
    await waitFor(() => expect(history.location.pathname).toBe('/backoffice/flags'));
  });

  it('a local override in the panel changes the screens of this browser: the duplicate button goes', async () => {
    const api = projectsApi({ account: admin, projects: [makeProject(5, { name: 'Atrium' })] });
    await renderApp('/projects', api);
    const duplicate = tx('projects.duplicate.actionNamed', { name: 'Atrium' });
    expect(await screen.findByRole('button', { name: duplicate }, { timeout: 5_000 })).toBeInTheDocument();

    const panel = await openPanel();
    const row = within(panel).getByRole('row', { name: /hideCloneProjectButton/ });
    expect(within(row).getByText(tx('flags.panel.notServed'))).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: new RegExp(tx('flags.panel.overrideOf', { key: 'hideCloneProjectButton' })) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('flags.value.on') }));
    await closePanel(panel);

    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Atrium' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: duplicate })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(FLAG_OVERRIDES_STORAGE_KEY) ?? '{}')).toEqual({ hideCloneProjectButton: true });
    // The server was not told: an override lives in this browser only.
    expect(api.state.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/error-reports'))).toEqual([]);

    const again = await openPanel();
    await userEvent.click(within(again).getByRole('button', { name: tx('flags.panel.clearAll') }));
    await closePanel(again);
    expect(await screen.findByRole('button', { name: duplicate })).toBeInTheDocument();
  });

  it('hides the duplicate button when the server serves hideCloneProjectButton on', async () => {
    const api = projectsApi({ account: makeAccount({ role: 'distributor', name: 'Dan Distributor' }), projects: [makeProject(5, { name: 'Atrium' })] });
    api.state.flagsFor = () => ({ hideCloneProjectButton: true });
    await renderApp('/projects', api);
    expect(await screen.findByRole('heading', { level: 2, name: 'Atrium' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('projects.duplicate.actionNamed', { name: 'Atrium' }) })).not.toBeInTheDocument();
  });
});
