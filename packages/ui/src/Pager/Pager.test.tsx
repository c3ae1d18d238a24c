import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './Pager';

describe('Pager', () => {
  it('says where the user is and moves one page either way', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} pageCount={5} onPageChange={onPageChange} aria-label="Pages of orders" />);
    const nav = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(nav).toHaveTextContent('Page 2 of 5');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot go before the first page nor past the last', () => {
    const { rerender } = render(<Pager page={1} pageCount={3} onPageChange={() => {}} aria-label="Pages" />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pager page={3} pageCount={3} onPageChange={() => {}} aria-label="Pages" />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows nothing when everything fits on one page', () => {
    render(<Pager page={1} pageCount={1} onPageChange={() => {}} aria-label="Pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
