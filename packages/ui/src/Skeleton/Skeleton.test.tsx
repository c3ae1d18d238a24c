import { render, screen } from '@testing-library/react';
import { Skeleton, SkeletonGroup } from './Skeleton';

describe('Skeleton', () => {
  it('draws hidden placeholder shapes', () => {
    const { container } = render(
      <>
        <Skeleton lines={3} />
        <Skeleton variant="circle" height="3rem" />
      </>,
    );
    expect(container.querySelectorAll('.lm-skeleton--text')).toHaveLength(3);
    const circle = container.querySelector('.lm-skeleton--circle') as HTMLElement;
    expect(circle.style.width).toBe('3rem');
    container.querySelectorAll('.lm-skeleton-stack').forEach((stack) => expect(stack).toHaveAttribute('aria-hidden', 'true'));
  });

  it('announces loading, then shows the content', () => {
    const { rerender } = render(
      <SkeletonGroup isLoading skeleton={<Skeleton />}>
        Ready
      </SkeletonGroup>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading content');
    expect(screen.queryByText('Ready')).not.toBeInTheDocument();
    rerender(
      <SkeletonGroup isLoading={false} skeleton={<Skeleton />}>
        Ready
      </SkeletonGroup>,
    );
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
