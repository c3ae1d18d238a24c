import type { Virtualizer } from '@tanstack/react-virtual';
import { observeWindowRectAfterLayout, scrollWindowButTheMountWrite } from './window-virtualizer';

/** A window whose size reads are counted, with its frame and timer queues run by hand. */
function countingWindow() {
  const frames: FrameRequestCallback[] = [];
  const timers: (() => void)[] = [];
  const listeners = new Map<string, EventListener>();
  let reads = 0;
  const target = {
    get innerWidth() {
      reads += 1;
      return 390;
    },
    get innerHeight() {
      return 844;
    },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    cancelAnimationFrame: (id: number) => frames.splice(id - 1, 1, () => undefined),
    setTimeout: (callback: () => void) => timers.push(callback),
    clearTimeout: (id: number) => timers.splice(id - 1, 1, () => undefined),
    addEventListener: (type: string, listener: EventListener) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  return {
    instance: { scrollElement: target } as unknown as Virtualizer<Window, Element>,
    reads: () => reads,
    runFrame: () => frames.splice(0).forEach((callback) => callback(0)),
    runTimers: () => timers.splice(0).forEach((callback) => callback()),
    listeners,
  };
}

describe('the window size of the project lines’ virtualiser', () => {
  it('is not read as it subscribes (inside the commit), but after the next frame’s layout, then on each resize', () => {
    const window = countingWindow();
    const onRect = vi.fn();
    const unsubscribe = observeWindowRectAfterLayout(window.instance, onRect);
    expect(window.reads()).toBe(0);
    window.runFrame();
    expect(window.reads()).toBe(0);
    window.runTimers();
    expect(onRect).toHaveBeenCalledWith({ width: 390, height: 844 });
    window.listeners.get('resize')?.(new Event('resize'));
    expect(onRect).toHaveBeenCalledTimes(2);
    unsubscribe?.();
    expect(window.listeners.has('resize')).toBe(false);
  });

  it('reads nothing once unsubscribed before its frame came', () => {
    const window = countingWindow();
    const onRect = vi.fn();
    observeWindowRectAfterLayout(window.instance, onRect)?.();
    window.runFrame();
    window.runTimers();
    expect(onRect).not.toHaveBeenCalled();
    expect(window.reads()).toBe(0);
  });
});

describe('the window scrolls of the project lines’ virtualiser', () => {
  const windowWith = (scrollTo: (options: ScrollToOptions) => void) => ({ scrollElement: { scrollTo }, options: { horizontal: false, isRtl: false } }) as unknown as Virtualizer<Window, Element>;

  it('skips the write back of the offset it mounted with, and makes every later one', () => {
    const scrollTo = vi.fn();
    const scroll = scrollWindowButTheMountWrite();
    scroll(120, {}, windowWith(scrollTo));
    expect(scrollTo).not.toHaveBeenCalled();
    scroll(180, { adjustments: 24 }, windowWith(scrollTo));
    scroll(120, {}, windowWith(scrollTo));
    expect(scrollTo.mock.calls).toEqual([[{ top: 204, behavior: undefined }], [{ top: 120, behavior: undefined }]]);
  });

  it('makes a first write that moves (an adjustment or a smooth scroll)', () => {
    const scrollTo = vi.fn();
    scrollWindowButTheMountWrite()(300, { behavior: 'smooth' }, windowWith(scrollTo));
    expect(scrollTo).toHaveBeenCalledWith({ top: 300, behavior: 'smooth' });
  });
});
