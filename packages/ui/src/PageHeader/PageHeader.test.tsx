import { render, screen } from '@testing-library/react';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('gives the page its level-1 title with eyebrow, lead and actions, and names the page by its id', () => {
    render(
      <section aria-labelledby="orders-title">
        <PageHeader titleId="orders-title" eyebrow="Backoffice" title="Orders" lead="Every order of the company." actions={<button type="button">New order</button>} />
      </section>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toHaveAttribute('id', 'orders-title');
    expect(screen.getByRole('region', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Backoffice')).toHaveClass('lm-page-header__eyebrow');
    expect(screen.getByText('Every order of the company.')).toHaveClass('lm-page-header__lead');
    expect(screen.getByRole('button', { name: 'New order' }).parentElement).toHaveClass('lm-page-header__actions');
    // Never a banner: the site's header is the page's only one.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('draws only what it is given', () => {
    const { container } = render(<PageHeader title="Profile" />);
    expect(container.querySelector('.lm-page-header__eyebrow, .lm-page-header__lead, .lm-page-header__actions')).toBeNull();
  });
});
