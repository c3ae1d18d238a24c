import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's title: always the page's one level-1 heading. */
  title: ReactNode;
  /** The heading's id, for the page's `aria-labelledby`. */
  titleId?: string;
  /** The small capitals over the title (the section or the kind of thing the page shows). */
  eyebrow?: ReactNode;
  /** One sentence under the title saying what the page is for, in muted text. */
  lead?: ReactNode;
  /** Buttons or links beside the title (under it on a narrow screen). */
  actions?: ReactNode;
  /** More of the header under the lead (facts, a link back). */
  children?: ReactNode;
  className?: string;
}

/**
 * The top of a page (issue 35 §1): eyebrow, level-1 title, lead and actions, the same on every
 * screen. A plain `div`, not a `header` element, so that it is never taken for the site's banner.
 */
export function PageHeader({ title, titleId, eyebrow, lead, actions, children, className }: PageHeaderProps) {
  return (
    <div className={clsx('lm-page-header', className)}>
      <div className="lm-page-header__text">
        {eyebrow !== undefined && <p className="lm-page-header__eyebrow">{eyebrow}</p>}
        <h1 id={titleId} className="lm-page-header__title">
          {title}
        </h1>
        {lead !== undefined && <p className="lm-page-header__lead">{lead}</p>}
        {children}
      </div>
      {actions !== undefined && <div className="lm-page-header__actions">{actions}</div>}
    </div>
  );
}
