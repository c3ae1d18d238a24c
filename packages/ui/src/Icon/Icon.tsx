import clsx from 'clsx';
import type { SVGProps } from 'react';
import { ICON_PATHS } from './icon-paths';

export type IconName = keyof typeof ICON_PATHS;
export const ICON_NAMES = Object.keys(ICON_PATHS) as IconName[];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> {
  name: IconName;
  /** Size in px (width and height). Default 20. */
  size?: number;
  /** Accessible name. Without it the icon is decorative (hidden from assistive technology). */
  label?: string;
}

/** An inline SVG icon of the kit's set, drawn in currentColor. */
export function Icon({ name, size = 20, label, className, ...rest }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx('lm-icon', className)}
      data-icon={name}
      {...a11y}
      {...rest}
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
