import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from './browser-storage';

const isColour = (value: unknown): value is 'red' | 'blue' => value === 'red' || value === 'blue';

describe('a choice kept in the browser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('reads back what was kept, and the fallback for nothing or a value it does not take', () => {
    expect(readStored('colour', isColour, 'red')).toBe('red');
    writeStored('colour', 'blue');
    expect(readStored('colour', isColour, 'red')).toBe('blue');
    localStorage.setItem('colour', 'neon');
    expect(readStored('colour', isColour, 'red')).toBe('red');
  });

  it('loses only the choice when the browser refuses its storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeStored('colour', 'blue')).not.toThrow();
    expect(readStored('colour', isColour, 'red')).toBe('red');
  });
});
