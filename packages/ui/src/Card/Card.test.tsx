import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('with a title is a region named by its heading, at the level asked', () => {
    render(
      <Card title="Recent projects" headingLevel={3} actions={<a href="/projects">See all</a>} aria-busy>
        <p>Kitchen</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Recent projects' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveClass('lm-card');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 3, name: 'Recent projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all' }).parentElement).toHaveClass('lm-card__actions');
  });

  it('takes the id given to its heading and defaults to level 2', () => {
    render(<Card title="Account" titleId="account-title" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Account' })).toHaveAttribute('id', 'account-title');
    expect(screen.getByRole('region', { name: 'Account' })).toHaveAttribute('aria-labelledby', 'account-title');
  });

  it('without a title is a plain surface, no landmark', () => {
    render(
      <Card role="alert">
        <p>Could not load.</p>
      </Card>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('lm-card');
  });
});
