import clsx from 'clsx';
import type { CSSProperties, ReactNode } from 'react';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export type SkeletonVariant = 'text' | 'rect' | 'circle';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** CSS length; default 100% (text, rect) or the height (circle). */
  width?: string;
  /** CSS length; default 1em (text), 8rem (rect), 2.5rem (circle). */
  height?: string;
  /** Number of text lines. */
  lines?: number;
  className?: string;
}

/** A placeholder shape that pulses (1200 ms) while content loads. Hidden from assistive technology. */
export function Skeleton({ variant = 'text', width, height, lines = 1, className }: SkeletonProps) {
  const defaultHeight = variant === 'text' ? '1em' : variant === 'rect' ? '8rem' : '2.5rem';
  const style: CSSProperties = {
    width: width ?? (variant === 'circle' ? (height ?? defaultHeight) : '100%'),
    height: height ?? defaultHeight,
  };
  const count = variant === 'text' ? Math.max(1, lines) : 1;
  return (
    <span className={clsx('lm-skeleton-stack', className)} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span
          key={index}
          className={clsx('lm-skeleton', `lm-skeleton--${variant}`)}
          style={count > 1 && index === count - 1 ? { ...style, width: '60%' } : style}
        />
      ))}
    </span>
  );
}

export interface SkeletonGroupProps {
  /** While true the skeletons are shown and the region is announced as loading; then the children. */
  isLoading: boolean;
  skeleton: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Loading region: announces "Loading content" to screen readers while the skeletons show. */
export function SkeletonGroup({ isLoading, skeleton, children, className }: SkeletonGroupProps) {
  const { t } = useWidgetsTranslation();
  return (
    <div className={clsx('lm-skeleton-group', className)} aria-busy={isLoading}>
      <span role="status" className="lm-visually-hidden">
        {isLoading ? t('skeleton.loading') : ''}
      </span>
      {isLoading ? skeleton : children}
    </div>
  );
}
