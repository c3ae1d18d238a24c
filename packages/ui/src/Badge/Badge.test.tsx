import { render, screen } from '@testing-library/react';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its words in the colour of its tone', () => {
    render(
      <>
        <Badge tone="danger">Overdue</Badge>
        <Badge>Issued</Badge>
      </>,
    );
    expect(screen.getByText('Overdue')).toHaveClass('lm-badge', 'lm-badge--danger');
    expect(screen.getByText('Issued')).toHaveClass('lm-badge', 'lm-badge--neutral');
  });
});
