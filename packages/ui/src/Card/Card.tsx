import clsx from 'clsx';
import { useId, type HTMLAttributes, type ReactNode, type Ref } from 'react';

export type CardHeadingLevel = 2 | 3 | 4;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's heading; with it the card is a `section` named by it (`aria-labelledby`), a region. */
  title?: ReactNode;
  /** The heading's level in the page's outline (default 2). */
  headingLevel?: CardHeadingLevel;
  /** The heading's id (made when not given). */
  titleId?: string;
  /** A link or button on the heading's line ("See all"). */
  actions?: ReactNode;
  ref?: Ref<HTMLElement>;
  children?: ReactNode;
}

/**
 * A white surface on the page (issue 35 §1), the look of the `.card` the pages wrote by hand. With
 * a title it is a `section` labelled by its heading; without one a plain `div`, so an unnamed card
 * adds no landmark.
 */
export function Card({ title, headingLevel = 2, titleId, actions, className, children, ref, ...rest }: CardProps) {
  const madeId = useId();
  const id = titleId ?? madeId;
  if (title === undefined)
    return (
      <div ref={ref as Ref<HTMLDivElement> | undefined} className={clsx('lm-card', className)} {...rest}>
        {children}
      </div>
    );
  const Heading = `h${headingLevel}` as const;
  const heading = (
    <Heading id={id} className="lm-card__title">
      {title}
    </Heading>
  );
  return (
    <section ref={ref} className={clsx('lm-card', className)} aria-labelledby={id} {...rest}>
      {actions !== undefined ? (
        <div className="lm-card__head">
          {heading}
          <div className="lm-card__actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
