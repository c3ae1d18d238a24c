import css from './tokens.css?raw';
import fonts from './fonts.css?raw';
import styles from '../styles.css?raw';
import { BREAKPOINTS, breakpointOf, PALETTE, SIZES, space, SPACING, TIMINGS, Z_INDEX } from './tokens';

function customProperty(name: string, block = css): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
}

describe('design tokens', () => {
  it('has the palette of the spec, in CSS and TS alike', () => {
    expect(PALETTE).toMatchObject({
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
      success: '#7ed67a',
      error: '#f56e6e',
      warning: '#ffc108',
    });
    for (const [name, hex] of Object.entries(PALETTE)) expect(customProperty(`lm-${name}`), name).toBe(hex);
  });

  it('has the spacing scale 0–15', () => {
    expect(SPACING).toEqual([0, 0.125, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6.25, 7.5, 9]);
    SPACING.forEach((rem, step) => expect(customProperty(`lm-space-${step}`)).toBe(step === 0 ? '0' : `${rem}rem`));
    expect(space(13)).toBe('6.25rem');
  });

  it('has the 12-column grid, the breakpoints, the layers and the timings', () => {
    expect(customProperty('lm-grid-columns')).toBe('12');
    expect(BREAKPOINTS.sm).toEqual({ min: 0, max: 767 });
    expect(BREAKPOINTS.md).toEqual({ min: 768, max: 1199 });
    expect(BREAKPOINTS.lg.min).toBe(1200);
    expect([breakpointOf(0), breakpointOf(767), breakpointOf(768), breakpointOf(1199), breakpointOf(1200)]).toEqual(['sm', 'sm', 'md', 'md', 'lg']);
    expect(Z_INDEX.modal).toBe(13000);
    expect(Z_INDEX.dropdown).toBe(9999);
    expect(customProperty('lm-z-modal')).toBe('13000');
    expect(customProperty('lm-z-dropdown')).toBe('9999');
    expect(TIMINGS).toMatchObject({ modalTransition: 150, tooltipDelay: 100, autocompletePopupDelay: 21, loadingButtonAnimation: 1250, skeletonAnimation: 1200, quantityDebounce: 500 });
    expect(customProperty('lm-modal-transition')).toBe('150ms');
    expect(customProperty('lm-loading-button-animation')).toBe('1.25s');
    expect(customProperty('lm-skeleton-animation')).toBe('1200ms');
    expect(customProperty('lm-modal-width')).toBe(SIZES.modalWidth);
    expect(customProperty('lm-modal-large-width')).toBe('95%');
    expect(customProperty('lm-modal-body-padding')).toBe('3.75rem');
    expect(customProperty('lm-modal-body-padding-small')).toBe('1.5rem');
    expect(customProperty('lm-tooltip-max-width')).toBe('350px');
    expect(customProperty('lm-tooltip-offset')).toBe('25px');
  });

  it('sets the type in the self-hosted Manrope, Latin subset only, swapped in over a metric-matched fallback, with a type scale', () => {
    expect(customProperty('lm-font-family')).toMatch(/^'Manrope Variable', 'Manrope Fallback', system-ui,/);
    expect(styles.indexOf("@import './tokens/fonts.css';")).toBeGreaterThanOrEqual(0);
    expect(styles.indexOf("@import './tokens/fonts.css';")).toBeLessThan(styles.indexOf("@import './tokens/tokens.css';"));
    const faces = fonts.match(/@font-face \{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(4);
    const [manrope = '', fallback = '', semiboldFallback = '', boldFallback = ''] = faces;
    expect(manrope).toContain('font-display: swap;');
    expect(manrope).toContain('font-weight: 200 800;');
    // One file: the npm package's Latin subset (the six languages), not its Cyrillic, Greek or Vietnamese ones.
    expect(manrope.match(/url\('([^']+)'\)/g)?.every((url) => url.includes('@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2'))).toBe(true);
    expect(manrope).toMatch(/unicode-range: U\+0000-00FF,[^;]*U\+0152-0153[^;]*U\+20AC/);
    expect(fallback).toContain("font-family: 'Manrope Fallback';");
    expect(fallback).toMatch(/src: local\('Arial'\)/);
    for (const descriptor of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) expect(fallback).toMatch(new RegExp(`${descriptor}: [\\d.]+%;`));
    // The bold weights on a bold face of its own (a regular face made bold keeps the regular widths).
    expect(fallback).toContain('font-weight: 100 549;');
    for (const [face, weights] of [
      [semiboldFallback, '550 649'],
      [boldFallback, '650 900'],
    ] as const) {
      expect(face).toContain("font-family: 'Manrope Fallback';");
      expect(face).toContain(`font-weight: ${weights};`);
      expect(face).toMatch(/src: local\('Arial Bold'\)/);
      for (const descriptor of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) expect(face).toMatch(new RegExp(`${descriptor}: [\\d.]+%;`));
    }
    const sizes = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl'].map((step) => Number.parseFloat(customProperty(`lm-font-size-${step}`) ?? 'NaN'));
    expect(sizes[2]).toBe(1);
    sizes.slice(1).forEach((size, i) => expect(size, 'the scale grows').toBeGreaterThan(sizes[i] ?? Infinity));
  });

  it('defines the dark theme only for data-theme="dark" on the html element, light otherwise', () => {
    expect(css).toContain(":root[data-theme='dark'] {");
    const dark = css.slice(css.indexOf(":root[data-theme='dark']"));
    expect(customProperty('lm-color-bg', dark)).toBeDefined();
    expect(css).toMatch(/@media \(max-width: 575px\)[^}]*--lm-modal-body-padding: var\(--lm-modal-body-padding-small\)/);
  });
});
