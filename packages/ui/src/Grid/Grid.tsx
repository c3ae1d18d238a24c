import clsx from 'clsx';
import type { ElementType, ReactNode } from 'react';
import type { Breakpoint } from '../tokens/tokens';

export type ColumnSpan = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface GridProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
}

/** The 12-column grid. */
export function Grid({ children, as: Component = 'div', className }: GridProps) {
  return <Component className={clsx('lm-grid', className)}>{children}</Component>;
}

export interface GridItemProps {
  /** Columns spanned: one number for every width, or per breakpoint (sm 0–767, md 768–1199, lg 1200+), each inheriting the smaller one. */
  span?: ColumnSpan | Partial<Record<Breakpoint, ColumnSpan>>;
  children: ReactNode;
  as?: ElementType;
  className?: string;
}

export function GridItem({ span = 12, children, as: Component = 'div', className }: GridItemProps) {
  const spans = typeof span === 'number' ? { sm: span } : span;
  return (
    <Component
      className={clsx(
        'lm-grid__item',
        spans.sm && `lm-col-sm-${spans.sm}`,
        spans.md && `lm-col-md-${spans.md}`,
        spans.lg && `lm-col-lg-${spans.lg}`,
        className,
      )}
    >
      {children}
    </Component>
  );
}
