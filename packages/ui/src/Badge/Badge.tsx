import clsx from 'clsx';
import type { ReactNode } from 'react';

/** What a status means to the user; the colour follows the meaning, never the screen. */
export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'muted';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/**
 * A short status ("Sent", "In stock", "Overdue") in a pill. Outlined in the tone's text colour, so
 * it keeps its contrast on either theme; the words carry the meaning, the colour only repeats it.
 */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={clsx('lm-badge', `lm-badge--${tone}`, className)}>{children}</span>;
}
