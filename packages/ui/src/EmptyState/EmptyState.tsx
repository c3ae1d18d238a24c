import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../Icon/Icon';

export interface EmptyStateProps {
  /** What is missing or what happened, in a sentence (it may hold a link). */
  children: ReactNode;
  /** A decorative icon over the message. */
  icon?: IconName;
  /** What to do about it: a button or a link. */
  action?: ReactNode;
  /** `alert` when the state is a failure the user must hear about; `status` for a result just shown. */
  role?: 'alert' | 'status';
  className?: string;
}

/**
 * The place of a list or a panel that has nothing to show, or could not load (issue 35 §1): a dashed
 * frame, the message in muted text and a way on. The words carry the meaning; the icon only repeats it.
 */
export function EmptyState({ children, icon, action, role, className }: EmptyStateProps) {
  return (
    <div className={clsx('lm-empty-state', className)} role={role}>
      {icon && <Icon name={icon} size={28} />}
      <div className="lm-empty-state__message">{children}</div>
      {action !== undefined && <div className="lm-empty-state__action">{action}</div>}
    </div>
  );
}
