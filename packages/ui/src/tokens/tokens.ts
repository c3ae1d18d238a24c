/**
 * Design tokens of the interface kit (configuration-domain §9, platform-core §9), as TypeScript
 * constants for code that needs them (canvas drawing, media queries in JS, timers). The same values
 * are the CSS custom properties of `tokens.css`; a test keeps the two in step.
 */

export const PALETTE = {
  'primary-lima': '#dceb00',
  'primary-pink': '#dba89b',
  'secondary-lima': '#cdd72b',
  'secondary-pink': '#ddd9d2',
  'gray-1': '#424b5a',
  'gray-2': '#8994a5',
  'gray-3': '#bec9da',
  'gray-4': '#eeeeee',
  'gray-5': '#f7f7f7',
  'gray-6': '#d8d8d8',
  white: '#ffffff',
  black: '#000000',
  success: '#7ed67a',
  error: '#f56e6e',
  warning: '#ffc108',
} as const;
export type PaletteColor = keyof typeof PALETTE;

/** Spacing scale 0–15, in rem. `space(n)` gives the CSS length. */
export const SPACING = [0, 0.125, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6.25, 7.5, 9] as const;
export type SpacingStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
export function space(step: SpacingStep): string {
  return `${SPACING[step]}rem`;
}

export const GRID_COLUMNS = 12;

/** Breakpoints in px: sm 0–767, md 768–1199, lg 1200 and up. The modal goes full-screen at ≤ 575 px. */
export const BREAKPOINTS = {
  sm: { min: 0, max: 767 },
  md: { min: 768, max: 1199 },
  lg: { min: 1200, max: Number.POSITIVE_INFINITY },
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export const MODAL_SMALL_SCREEN_MAX = 575;
export const MEDIA = {
  sm: '(max-width: 767px)',
  md: '(min-width: 768px) and (max-width: 1199px)',
  lg: '(min-width: 1200px)',
  modalSmall: '(max-width: 575px)',
} as const;

export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.lg.min) return 'lg';
  if (width >= BREAKPOINTS.md.min) return 'md';
  return 'sm';
}

export const Z_INDEX = { dropdown: 9999, tooltip: 12000, modal: 13000, popoverInModal: 13100 } as const;

/** Timings in milliseconds. */
export const TIMINGS = {
  modalTransition: 150,
  tooltipDelay: 100,
  autocompletePopupDelay: 21,
  datePickerOpenDelay: 100,
  loadingButtonAnimation: 1250,
  skeletonAnimation: 1200,
  quantityDebounce: 500,
} as const;

export const SIZES = {
  modalWidth: '36rem',
  modalLargeWidth: '95%',
  modalBodyPadding: '3.75rem',
  modalBodyPaddingSmall: '1.5rem',
  tooltipMaxWidth: 350,
  tooltipOffset: 25,
} as const;

export const TEXTAREA_MAX_LENGTH = 4000;
export const QUANTITY_DEFAULT_STEP = 1;
