import { render, screen } from '@testing-library/react';
import { Icon, ICON_NAMES } from './Icon';

const SPEC_ICONS = ['lock', 'menu', 'minus', 'plus', 'search', 'seat', 'send', 'share', 'shutdown', 'success', 'support', 'user', 'visibility', 'warning', 'zip', 'postbox', 'tridimensional', 'toolAdd', 'toolSubtract'];

describe('Icon', () => {
  it('has every icon of the spec and those the screens need', () => {
    expect(ICON_NAMES).toEqual(expect.arrayContaining([...SPEC_ICONS, 'close', 'chevronDown', 'check', 'globe', 'sun', 'moon', 'logout', 'visibilityOff']));
  });

  it.each(ICON_NAMES)('%s renders as an inline svg', (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('data-icon', name);
    expect(svg?.childElementCount).toBeGreaterThan(0);
  });

  it('is decorative without a label and an image with one', () => {
    const { container } = render(
      <>
        <Icon name="lock" />
        <Icon name="user" label="Account" />
      </>,
    );
    expect(container.querySelector('[data-icon="lock"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Account' })).toHaveAttribute('data-icon', 'user');
  });
});
