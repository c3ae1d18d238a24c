import { render, screen } from '@testing-library/react';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('is a progressbar named by its label, with its value in words', () => {
    render(<ProgressBar label="Uploading plan.pdf" value={45} valueLabel="45 % · 1 MB of 2 MB" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading plan.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuetext', '45 % · 1 MB of 2 MB');
    expect(screen.getByText('45 % · 1 MB of 2 MB')).toBeInTheDocument();
    expect(bar.querySelector<HTMLElement>('.lm-progress__fill')?.style.width).toBe('45%');
  });

  it('scales to its maximum and keeps the fill inside the track', () => {
    const { rerender } = render(<ProgressBar label="Sent" value={512} maxValue={2048} />);
    const fill = () => screen.getByRole('progressbar').querySelector<HTMLElement>('.lm-progress__fill')?.style.width;
    expect(fill()).toBe('25%');
    rerender(<ProgressBar label="Sent" value={4096} maxValue={2048} />);
    expect(fill()).toBe('100%');
  });

  it('can keep its label for assistive technology only', () => {
    render(<ProgressBar label="Uploading plan.pdf" value={10} hideLabel />);
    expect(screen.getByRole('progressbar', { name: 'Uploading plan.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Uploading plan.pdf').closest('.lm-progress__header')).toHaveClass('lm-visually-hidden');
  });
});
