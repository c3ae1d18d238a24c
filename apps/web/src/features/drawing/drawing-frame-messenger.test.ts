import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrawingFrameMessenger, createSnapshotPublisher, type DrawingFrameWindow } from './drawing-frame-messenger';

const HOST = 'https://partner.example';

function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const self: DrawingFrameWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const send = (data: unknown, origin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { self, send, listeners };
}

describe('drawing frame messenger', () => {
  it('posts to the host origin only, and takes commands from that origin and the parent window only', () => {
    const { self, send, listeners } = fakeWindow();
    const parent = { postMessage: vi.fn() };
    const onCommand = vi.fn();
    const onRejected = vi.fn();
    const messenger = createDrawingFrameMessenger({ self, parent, hostOrigin: HOST, onCommand, onRejected });

    messenger.post({ type: 'lumen:ready', frame: 'export3d' });
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'lumen:ready', frame: 'export3d' }, HOST);

    send({ type: 'lumen:export', format: 'glb' }, 'https://evil.example', parent);
    send({ type: 'lumen:export', format: 'glb' }, HOST, {});
    send({ type: 'lumen:export', format: 'exe' }, HOST, parent);
    send({ type: 'lumen:export', format: 'glb', extra: 1 }, HOST, parent);
    expect(onCommand).not.toHaveBeenCalled();
    expect(onRejected.mock.calls.map(([rejected]) => rejected)).toEqual([
      { origin: 'https://evil.example', reason: 'origin' },
      { origin: HOST, reason: 'source' },
      { origin: HOST, reason: 'malformed' },
      { origin: HOST, reason: 'malformed' },
    ]);

    send({ type: 'lumen:export', format: 'stl' }, HOST, parent);
    expect(onCommand).toHaveBeenCalledWith({ type: 'lumen:export', format: 'stl' });

    messenger.dispose();
    expect(listeners.size).toBe(0);
  });
});

describe('snapshot publisher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares once per pause, never the same configuration twice, and tells the host the id', async () => {
    const share = vi.fn(async (configuration: { n: number }) => `snap-${configuration.n}`);
    const publish = vi.fn();
    const publisher = createSnapshotPublisher({ share, publish, delayMs: 100 });
    publisher.changed({ n: 1 });
    publisher.changed({ n: 2 });
    publisher.changed({ n: 3 });
    await vi.advanceTimersByTimeAsync(99);
    expect(share).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(share).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith('snap-3');
    publisher.changed({ n: 3 });
    await vi.advanceTimersByTimeAsync(200);
    expect(share).toHaveBeenCalledTimes(1);
    publisher.changed({ n: 4 });
    await vi.advanceTimersByTimeAsync(100);
    expect(publish.mock.calls).toEqual([['snap-3'], ['snap-4']]);
  });

  it('drops the answer of an older share once the configuration changed again', async () => {
    const pending: Array<(id: string) => void> = [];
    const share = vi.fn(() => new Promise<string>((resolve) => pending.push(resolve)));
    const publish = vi.fn();
    const publisher = createSnapshotPublisher({ share, publish, delayMs: 10 });
    publisher.changed({ n: 1 });
    await vi.advanceTimersByTimeAsync(10);
    publisher.changed({ n: 2 });
    await vi.advanceTimersByTimeAsync(10);
    pending[1]?.('second');
    pending[0]?.('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(publish.mock.calls).toEqual([['second']]);
  });

  it('reports a failed share and tries again with the next change; nothing after dispose', async () => {
    let fail = true;
    const share = vi.fn(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    const publish = vi.fn();
    const onFailure = vi.fn();
    const publisher = createSnapshotPublisher({ share, publish, onFailure, delayMs: 10 });
    publisher.changed({ n: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(onFailure).toHaveBeenCalledTimes(1);
    fail = false;
    publisher.changed({ n: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(publish).toHaveBeenCalledWith('ok');
    publisher.changed({ n: 2 });
    publisher.dispose();
    await vi.advanceTimersByTimeAsync(50);
    expect(share).toHaveBeenCalledTimes(2);
  });
});
