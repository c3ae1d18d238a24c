import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { verifyHostOrigin, type HostCheck } from '../../shared/frame-host';
import { usePlatformConfig } from '../../shared/platform-config';
import {
  createDrawingFrameMessenger,
  reportRejectedFrameMessage,
  type DrawingFrameCommand,
  type DrawingFrameMessage,
  type DrawingFrameMessenger,
  type DrawingFrameName,
} from './drawing-frame-messenger';

export interface DrawingFrame {
  host: HostCheck;
  /** Posts to the verified host (nothing when the host is not verified). */
  post: (message: DrawingFrameMessage) => void;
}

/**
 * A drawing frame's link with its host page (issue 16 §6): the host named by `?host=`, checked as the
 * auth frames check it (a partner origin of FRAME_ANCESTORS, and the page that really embeds the
 * frame), messages posted to that origin only, and the host's commands taken from it only. Tells the
 * host `lumen:ready` once `ready` is true.
 */
export function useDrawingFrame(frame: DrawingFrameName, ready: boolean, onCommand: (command: DrawingFrameCommand) => void = () => undefined): DrawingFrame {
  const [search] = useSearchParams();
  const { frameAncestors } = usePlatformConfig();
  const requested = search.get('host');
  const host = useMemo(
    () =>
      verifyHostOrigin({
        framed: window.parent !== window,
        requested,
        allowed: frameAncestors,
        ancestorOrigins: window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : undefined,
        referrer: document.referrer,
      }),
    [requested, frameAncestors],
  );
  const messenger = useRef<DrawingFrameMessenger | null>(null);
  const commandRef = useRef(onCommand);
  commandRef.current = onCommand;

  useEffect(() => {
    if (!host.ok) return undefined;
    const created = createDrawingFrameMessenger({
      self: window,
      parent: window.parent,
      hostOrigin: host.origin,
      onCommand: (command) => commandRef.current(command),
      onRejected: reportRejectedFrameMessage,
    });
    messenger.current = created;
    return () => {
      created.dispose();
      messenger.current = null;
    };
  }, [host]);

  useEffect(() => {
    if (ready && host.ok) messenger.current?.post({ type: 'lumen:ready', frame });
  }, [ready, host, frame]);

  return useMemo(() => ({ host, post: (message: DrawingFrameMessage) => messenger.current?.post(message) }), [host]);
}

/** What a drawing frame shows when it may not talk to its host: opened outside a frame, or by a page that is not a partner's. */
export function FrameRefused({ check }: { check: Exclude<HostCheck, { ok: true }> }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow drawing-frame">
      <div className="card" role="alert">
        <p>{t(check.reason === 'not-framed' ? 'drawingShare.frame.notFramed' : 'drawingShare.frame.notAllowed')}</p>
      </div>
    </section>
  );
}
