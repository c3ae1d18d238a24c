import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './Dropdown';

const ITEMS = [
  { id: 'profile', label: 'Profile', icon: 'user' },
  { id: 'logout', label: 'Log out', icon: 'logout' },
  { id: 'admin', label: 'Admin', isDisabled: true },
] as const;

function renderDropdown(onAction = vi.fn()) {
  render(
    <>
      <p>Outside</p>
      <Dropdown trigger="Account" items={ITEMS} onAction={onAction} />
    </>,
  );
  return onAction;
}

describe('Dropdown', () => {
  it('is closed, opens on press and runs the chosen action, then closes', async () => {
    const onAction = renderDropdown();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onAction).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on an outside click without acting', async () => {
    const onAction = renderDropdown();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('works from the keyboard and closes on Escape', async () => {
    const onAction = renderDropdown();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('logout');
  });

  it('does not run disabled items', async () => {
    const onAction = renderDropdown();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const admin = await screen.findByRole('menuitem', { name: 'Admin' });
    expect(admin).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(admin);
    expect(onAction).not.toHaveBeenCalled();
  });
});
