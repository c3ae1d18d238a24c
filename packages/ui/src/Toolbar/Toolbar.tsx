import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface ToolbarProps {
  /** What the controls act on ("Filter the orders"): names the group for assistive technology. */
  'aria-label': string;
  /** Where the last controls go: at the end of the line (default: they follow each other). */
  justify?: 'start' | 'between';
  children: ReactNode;
  className?: string;
}

/**
 * A line of controls over a list (filters, a search, a view switch), wrapping on a narrow screen
 * (issue 35 §1). A labelled `group`, not `role="toolbar"`: its controls are reached with Tab like
 * any others, and the ARIA toolbar promises arrow-key movement between them that this does not do.
 */
export function Toolbar({ 'aria-label': label, justify = 'start', children, className }: ToolbarProps) {
  return (
    <div role="group" aria-label={label} className={clsx('lm-toolbar', justify === 'between' && 'lm-toolbar--between', className)}>
      {children}
    </div>
  );
}
