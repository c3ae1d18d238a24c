import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toolbar } from './Toolbar';

describe('Toolbar', () => {
  it('is a labelled group whose controls are reached with Tab (no arrow-key toolbar promised)', async () => {
    const user = userEvent.setup();
    render(
      <Toolbar aria-label="Filter the orders" justify="between">
        <input aria-label="Search" />
        <button type="button">Apply</button>
      </Toolbar>,
    );
    const group = screen.getByRole('group', { name: 'Filter the orders' });
    expect(group).toHaveClass('lm-toolbar', 'lm-toolbar--between');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
  });
});
