import { describe, expect, it } from 'vitest';
import { largeViewPicture, pictureAtSize } from './large-view-picture';

describe('the configurator’s large view (issue 35 §2)', () => {
  it('asks the renderer for the size it shows, keeping the finish; a drawn picture stays as it is', () => {
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp?finish=05', 960)).toBe('/api/images/v1/render/model/7460.webp?finish=05&size=960');
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp', 640)).toBe('/api/images/v1/render/model/7460.webp?size=640');
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp?size=480&finish=58', 960)).toBe('/api/images/v1/render/model/7460.webp?size=960&finish=58');
    expect(pictureAtSize('/api/images/models/0270.svg?finish=05', 960)).toBe('/api/images/models/0270.svg?finish=05');
  });

  it('offers a rendered image at three widths for the page to choose from, and a drawn picture alone', () => {
    expect(largeViewPicture('/api/images/v1/render/model/5520.webp?finish=10')).toEqual({
      src: '/api/images/v1/render/model/5520.webp?finish=10',
      srcSet: '/api/images/v1/render/model/5520.webp?finish=10&size=480 480w, /api/images/v1/render/model/5520.webp?finish=10&size=960 960w, /api/images/v1/render/model/5520.webp?finish=10&size=1440 1440w',
      sizes: '(max-width: 575px) calc(100vw - 2rem), 20rem',
    });
    expect(largeViewPicture('/api/images/models/0270.svg')).toEqual({ src: '/api/images/models/0270.svg' });
  });
});
