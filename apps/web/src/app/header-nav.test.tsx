import { TRANSLATIONS } from '@lumen/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api';
import { AppRoot } from './app-root';
import { createAppEnvironment, startApp } from './environment';

const en = (key: string) => TRANSLATIONS['fr-eproject'].en[key] ?? key;

describe("the header's phone menu (issue 35 §4)", () => {
  it('opens and closes the navigation with its button, closes it on Escape (focus back on the button) and on a navigation', async () => {
    const api = createFakeApi({ account: null });
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
    const started = startApp(environment);
    await started.texts;
    render(<AppRoot environment={environment} />);
    await act(async () => {
      await started.session;
    });
    const user = userEvent.setup();
    const banner = screen.getByRole('banner');
    const toggle = within(banner).getByRole('button', { name: en('header.menu') });
    const nav = within(banner).getByRole('navigation', { name: en('header.navigation') });
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveAttribute('data-open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    within(nav).getAllByRole('link')[0]!.focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: en('header.support') }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(nav).not.toHaveAttribute('data-open');
  });
});
