import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface StatListProps {
  /** `Stat`s. */
  children: ReactNode;
  className?: string;
}

/** Facts or figures side by side (a description list), as many per line as fit. */
export function StatList({ children, className }: StatListProps) {
  return <dl className={clsx('lm-stat-list', className)}>{children}</dl>;
}

export interface StatProps {
  /** What is counted or told ("Lead time", "Open quotes"). */
  label: ReactNode;
  /** The figure or the fact ("3", "4 weeks"). */
  value: ReactNode;
  /** `lg` for a count that is the point of the panel (a dashboard's figure); default `md`. */
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A label and its value (issue 35 §1), one entry of a `StatList`: the label muted and small over
 * the value in bold. Read as a term and its description.
 */
export function Stat({ label, value, size = 'md', className }: StatProps) {
  return (
    <div className={clsx('lm-stat', size === 'lg' && 'lm-stat--lg', className)}>
      <dt className="lm-stat__label">{label}</dt>
      <dd className="lm-stat__value">{value}</dd>
    </div>
  );
}
