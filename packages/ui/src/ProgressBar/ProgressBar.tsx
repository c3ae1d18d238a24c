import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';

export interface ProgressBarProps {
  /** Names the bar for everyone (e.g. "Uploading plan.pdf"); shown above it unless `hideLabel`. */
  label: ReactNode;
  /** Between 0 and `maxValue`. */
  value: number;
  /** Default 100. */
  maxValue?: number;
  /** What the value means in words (e.g. "45 % · 1.2 MB of 2.6 MB"): shown beside the label and read as aria-valuetext. */
  valueLabel?: string;
  /** Keeps the label for assistive technology only (when the text beside the bar already says what it is). */
  hideLabel?: boolean;
  className?: string;
}

/** A determinate progress bar (role progressbar) with its label and, when given, its value in words. */
export function ProgressBar({ label, value, maxValue = 100, valueLabel, hideLabel = false, className }: ProgressBarProps) {
  return (
    <AriaProgressBar value={value} maxValue={maxValue} valueLabel={valueLabel} className={clsx('lm-progress', className)}>
      {({ percentage = 0, valueText }) => (
        <>
          <div className={clsx('lm-progress__header', hideLabel && 'lm-visually-hidden')}>
            <Label className="lm-progress__label">{label}</Label>
            <span className="lm-progress__value" aria-hidden="true">
              {valueText}
            </span>
          </div>
          <div className="lm-progress__track" aria-hidden="true">
            <div className="lm-progress__fill" style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
