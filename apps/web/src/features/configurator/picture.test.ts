import { describe, expect, it } from 'vitest';
import { pictureAtSize } from './picture';

describe('the configurator’s large view (issue 35 §2)', () => {
  it('asks the renderer for the size it shows, keeping the finish; a drawn picture stays as it is', () => {
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp?finish=05', 960)).toBe('/api/images/v1/render/model/7460.webp?finish=05&size=960');
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp', 640)).toBe('/api/images/v1/render/model/7460.webp?size=640');
    expect(pictureAtSize('/api/images/v1/render/model/7460.webp?size=480&finish=58', 960)).toBe('/api/images/v1/render/model/7460.webp?size=960&finish=58');
    expect(pictureAtSize('/api/images/models/0270.svg?finish=05', 960)).toBe('/api/images/models/0270.svg?finish=05');
  });
});
