import { render, screen, within } from '@testing-library/react';
import { Stat, StatList } from './Stat';

describe('Stat', () => {
  it('reads as terms and their values in a description list', () => {
    render(
      <StatList>
        <Stat label="Lead time" value="4 weeks" />
        <Stat label="Open quotes" value={3} size="lg" />
      </StatList>,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Lead time', 'Open quotes']);
    expect(values.map((value) => value.textContent)).toEqual(['4 weeks', '3']);
    expect(terms[0]?.closest('dl')).toHaveClass('lm-stat-list');
    expect(within(terms[1]?.parentElement as HTMLElement).getByText('3').parentElement).toHaveClass('lm-stat--lg');
  });
});
