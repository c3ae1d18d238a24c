import type { ReactElement, ReactNode } from 'react';
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import { SIZES, TIMINGS } from '../tokens/tokens';

export interface TooltipProps {
  /** The tooltip's text: a short description of the trigger. */
  content: ReactNode;
  /**
   * The trigger: a kit Button (or any react-aria pressable; wrap other elements in react-aria's
   * `<Focusable>`). It is described by the tooltip.
   */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  /** Milliseconds of hover before it shows; default 100. Focus shows it at once. */
  delay?: number;
  isDisabled?: boolean;
}

/** Tooltip on hover (after 100 ms) and on keyboard focus; Escape hides it. Max width 350 px, offset 25 px. */
export function Tooltip({ content, children, placement = 'top', delay = TIMINGS.tooltipDelay, isDisabled }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} closeDelay={0} isDisabled={isDisabled}>
      {children}
      <AriaTooltip placement={placement} offset={SIZES.tooltipOffset} className="lm-tooltip">
        <OverlayArrow className="lm-tooltip__arrow">
          <svg width={10} height={6} viewBox="0 0 10 6" aria-hidden="true">
            <path d="M0 0 L5 6 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
