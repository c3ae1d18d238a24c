import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the message, a decorative icon and its action', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { container } = render(
      <EmptyState icon="info" action={<button type="button" onClick={onRetry}>Retry</button>} role="alert">
        <p>Could not load your projects.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load your projects.');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('is silent without a role and draws no icon unless asked', () => {
    const { container } = render(<EmptyState>No orders yet.</EmptyState>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('No orders yet.').closest('.lm-empty-state')).toBeInTheDocument();
  });
});
