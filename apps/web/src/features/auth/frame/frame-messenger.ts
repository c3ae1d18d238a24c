import { AuthFrameCommand, type AuthFrameMessageType, type AuthFrameView, type AuthFrameMessage, SocialErrorReason, SocialResult } from '@lumen/contracts';
import { AUTH_FRAME_SOURCE } from '@lumen/contracts/constants';
import { z } from 'zod';

/**
 * The auth views in an embedded frame (issue 17 §5) talk to the host page with postMessage. The host's
 * origin is checked both ways: the frame posts only to the verified origin (never "*"), and a message
 * from any other origin or window is ignored and reported.
 */

export { canonicalOrigin, originAllowed, verifyHostOrigin, type HostCheck } from '../../../shared/frame-host';

/** What the social sign-up pop-up (same origin as the frame) tells the frame when it ends. */
export const SocialPopupResult = z.object({
  source: z.literal(AUTH_FRAME_SOURCE),
  type: z.literal('social-result'),
  result: SocialResult,
  reason: SocialErrorReason.optional(),
});
export type SocialPopupResult = z.infer<typeof SocialPopupResult>;

/** The parts of a window the messenger uses (a test passes fakes). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}
export interface MessageSourceWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  location: { origin: string };
}

export interface RejectedMessage {
  origin: string;
  reason: 'origin' | 'source' | 'malformed';
}

/**
 * The same-origin channel the social sign-up pop-up also announces its result on. The pop-up passes
 * through the provider's origin and back to pages sent with Cross-Origin-Opener-Policy: same-origin,
 * so its `window.opener` may be gone when it ends; a BroadcastChannel reaches the frame anyway (same
 * origin only, by the browser's rules, within the same top-level site).
 */
export const SOCIAL_RESULT_CHANNEL = 'lumen-auth-social';

/** The part of a BroadcastChannel the messenger uses (a test passes a fake). */
export interface ResultChannel {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

function defaultChannel(): ResultChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SOCIAL_RESULT_CHANNEL);
}

export interface FrameMessenger {
  /** Posts an event of the current view (or of `view`, the form it happened in) to the host, at the host's verified origin only. */
  post(type: AuthFrameMessageType, reason?: string, view?: AuthFrameView): void;
  /**
   * Listens for the result of a social sign-up pop-up this frame opened: from that window on the
   * platform's origin, or on the same-origin result channel; the first one counts.
   */
  watchPopup(popup: unknown, onResult: (result: SocialPopupResult) => void): void;
  dispose(): void;
}

export function createFrameMessenger(options: {
  self: MessageSourceWindow;
  parent: MessageTarget;
  hostOrigin: string;
  view: () => AuthFrameView;
  onCommand: (command: AuthFrameCommand) => void;
  /** A message from an unknown origin or window, or a malformed one from the host: ignored, and told here. */
  onRejected: (rejected: RejectedMessage) => void;
  /** Opens the result channel (default: a BroadcastChannel when the browser has one). */
  openChannel?: () => ResultChannel | null;
}): FrameMessenger {
  const { self, parent, hostOrigin } = options;
  let popup: { window: unknown; onResult: (result: SocialPopupResult) => void } | null = null;
  let channel: ResultChannel | null = null;
  const stopChannel = () => {
    channel?.close();
    channel = null;
  };
  /** The pop-up's result, once: the first of the two ways ends the watch. */
  const settle = (result: SocialPopupResult) => {
    if (!popup) return;
    const { onResult } = popup;
    popup = null;
    stopChannel();
    onResult(result);
  };

  const listener = (event: MessageEvent) => {
    if (popup && event.source === popup.window) {
      // The pop-up is ours only when it is still on the platform's origin.
      if (event.origin !== self.location.origin) {
        options.onRejected({ origin: event.origin, reason: 'origin' });
        return;
      }
      const parsed = SocialPopupResult.safeParse(event.data);
      if (!parsed.success) {
        options.onRejected({ origin: event.origin, reason: 'malformed' });
        return;
      }
      settle(parsed.data);
      return;
    }
    if (event.origin !== hostOrigin) {
      options.onRejected({ origin: event.origin, reason: 'origin' });
      return;
    }
    if (event.source !== parent) {
      options.onRejected({ origin: event.origin, reason: 'source' });
      return;
    }
    const parsed = AuthFrameCommand.safeParse(event.data);
    if (!parsed.success) {
      options.onRejected({ origin: event.origin, reason: 'malformed' });
      return;
    }
    options.onCommand(parsed.data);
  };
  self.addEventListener('message', listener);

  return {
    post(type, reason, view) {
      const message: AuthFrameMessage = { source: AUTH_FRAME_SOURCE, type, view: view ?? options.view(), ...(reason ? { reason: reason.slice(0, 200) } : {}) };
      parent.postMessage(message, hostOrigin);
    },
    watchPopup(window, onResult) {
      popup = { window, onResult };
      stopChannel();
      channel = (options.openChannel ?? defaultChannel)();
      if (channel) {
        channel.onmessage = (event) => {
          const parsed = SocialPopupResult.safeParse(event.data);
          if (parsed.success) settle(parsed.data);
        };
      }
    },
    dispose() {
      self.removeEventListener('message', listener);
      popup = null;
      stopChannel();
    },
  };
}

/** The message the social sign-up pop-up posts to the frame that opened it (same origin only). */
export function socialPopupMessage(result: SocialResult, reason?: SocialErrorReason): SocialPopupResult {
  return { source: AUTH_FRAME_SOURCE, type: 'social-result', result, ...(reason ? { reason } : {}) };
}

/**
 * The pop-up's end: tells the frame that opened it, through `window.opener` (the platform's origin
 * only) when the browser kept it, and on the same-origin result channel.
 */
export function announceSocialResult(message: SocialPopupResult, target: { opener: unknown; origin: string }, openChannel: () => { postMessage(data: unknown): void; close(): void } | null = () =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SOCIAL_RESULT_CHANNEL)): void {
  const opener = target.opener as { postMessage?: (data: unknown, origin: string) => void } | null;
  opener?.postMessage?.(message, target.origin);
  const channel = openChannel();
  channel?.postMessage(message);
  channel?.close();
}

