import { z } from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from './drawing-share-calls';

/**
 * The drawing frames (issue 16 §6: /iframe/plusminus-drawing-configurator, /iframe/plusminus-export3d)
 * talk to the partner page that embeds them with postMessage, at the host's verified origin only
 * (shared/frame-host.ts), and take commands from that origin and the parent window only.
 *
 * Frame → host:
 * - `{ type: 'lumen:ready', frame }` once the frame shows its screen;
 * - `{ type: 'lumen:configuration-changed', snapshotId }` after the configuration changed (debounced):
 *   the configuration shared as an immutable snapshot, whose id opens the shared view
 *   (/plusminus-drawing-configurator/product/{snapshotId}) and the export frame (?snapshot=);
 * - `{ type: 'lumen:export-ready', format, url }` when an export is ready: the file's address (a GET
 *   the host may open or fetch).
 * Host → frame: `{ type: 'lumen:export', format }` (export frame): the file's address, without a click.
 */

export type DrawingFrameName = 'configurator' | 'export3d' | 'minicompositor';

export type DrawingFrameMessage =
  | { type: 'lumen:ready'; frame: DrawingFrameName }
  | { type: 'lumen:configuration-changed'; snapshotId: string }
  | { type: 'lumen:export-ready'; format: ExportFormat; url: string };

export const DrawingFrameCommand = z.object({ type: z.literal('lumen:export'), format: z.enum(EXPORT_FORMATS) }).strict();
export type DrawingFrameCommand = z.infer<typeof DrawingFrameCommand>;

export interface DrawingFrameWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface RejectedFrameMessage {
  origin: string;
  reason: 'origin' | 'source' | 'malformed';
}

export interface DrawingFrameMessenger {
  post(message: DrawingFrameMessage): void;
  dispose(): void;
}

/** Posts to the host's origin only (never "*"); listens to that origin and the parent window only. */
export function createDrawingFrameMessenger(options: {
  self: DrawingFrameWindow;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  hostOrigin: string;
  onCommand: (command: DrawingFrameCommand) => void;
  onRejected: (rejected: RejectedFrameMessage) => void;
}): DrawingFrameMessenger {
  const { self, parent, hostOrigin } = options;
  const listener = (event: MessageEvent) => {
    if (event.origin !== hostOrigin) return options.onRejected({ origin: event.origin, reason: 'origin' });
    if (event.source !== parent) return options.onRejected({ origin: event.origin, reason: 'source' });
    const parsed = DrawingFrameCommand.safeParse(event.data);
    if (!parsed.success) return options.onRejected({ origin: event.origin, reason: 'malformed' });
    options.onCommand(parsed.data);
  };
  self.addEventListener('message', listener);
  return {
    post(message) {
      parent.postMessage(message, hostOrigin);
    },
    dispose() {
      self.removeEventListener('message', listener);
    },
  };
}

/** Reports a message from a stranger: ignored, and written to the console for the partner's developers. */
export function reportRejectedFrameMessage(rejected: RejectedFrameMessage): void {
  console.warn(`[drawing frame] message ignored (${rejected.reason}) from ${rejected.origin}`);
}

/** How long the configuration must rest before it is shared as a snapshot (each share is a stored row). */
export const SNAPSHOT_DEBOUNCE_MS = 800;

/**
 * Shares the configuration as a snapshot once it has rested for `delayMs`, and tells the host its id:
 * a burst of changes makes one snapshot, a configuration equal to the last one shared makes none, and
 * the answer of an older share that arrives after a newer change is dropped (the host only ever hears
 * of the latest configuration). A failed share is reported and tried again with the next change.
 */
export function createSnapshotPublisher<T>(options: {
  share: (configuration: T) => Promise<string>;
  publish: (snapshotId: string) => void;
  onFailure?: (error: unknown) => void;
  delayMs?: number;
  /** Keys a configuration to compare it with the last one shared (default JSON). */
  keyOf?: (configuration: T) => string;
}) {
  const delay = options.delayMs ?? SNAPSHOT_DEBOUNCE_MS;
  const keyOf = options.keyOf ?? ((configuration: T) => JSON.stringify(configuration));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastShared: string | null = null;
  let generation = 0;
  let disposed = false;

  async function run(configuration: T, key: string, mine: number) {
    try {
      const snapshotId = await options.share(configuration);
      if (disposed || mine !== generation) return;
      lastShared = key;
      options.publish(snapshotId);
    } catch (error) {
      if (!disposed && mine === generation) options.onFailure?.(error);
    }
  }

  return {
    changed(configuration: T) {
      if (disposed) return;
      generation += 1;
      const mine = generation;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const key = keyOf(configuration);
        if (key === lastShared) return;
        void run(configuration, key, mine);
      }, delay);
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
