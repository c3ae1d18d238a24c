import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button/Button';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows on hover after 100 ms, not before, and hides on leave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <Tooltip content="Download the spec sheet">
        <Button>Spec</Button>
      </Tooltip>,
    );
    await user.hover(document.body); // a pointer is in use (react-aria shows hover tooltips only for pointers)
    await user.hover(screen.getByRole('button', { name: 'Spec' }));
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Download the spec sheet');
    expect(screen.getByRole('button', { name: 'Spec' })).toHaveAccessibleDescription('Download the spec sheet');
    await user.unhover(screen.getByRole('button', { name: 'Spec' }));
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and hides on Escape', async () => {
    render(
      <Tooltip content="Help text">
        <Button>Help</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Help text');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
