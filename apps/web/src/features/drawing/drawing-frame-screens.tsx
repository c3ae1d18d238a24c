import type { JsonObject, SharedCreation } from '@lumen/contracts';
import { DRAWING_SUBFAMILY, hasAnyPrivilege, type Drawing, type RoomSize } from '@lumen/domain';
import { Button } from '@lumen/ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../shared/loading-state';
import { usePlatformConfig } from '../../shared/platform-config';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { useDrawingCatalogue } from './drawing-catalogue';
import { DrawingEditor } from './drawing-editor';
import { ExportPanel } from './drawing-export';
import { FrameRefused, useDrawingFrame } from './drawing-frame';
import { createSnapshotPublisher, type DrawingFrameCommand } from './drawing-frame-messenger';
import { exportPath, isShareHash, loadSharedCreation, shareCreation, type ExportFormat } from './drawing-share-calls';
import { DrawingPlanView } from './drawing-share-plan';
import { readSharedDrawing } from './drawing-share-view';
import { NEW_DRAWING_ROOM } from './drawing-screen';
import { emptyDrawing } from './drawing-state';

/** The absolute address of a snapshot's export (what the export frame hands its host). */
export function sharedExportUrl(productsBase: string, hash: string, format: ExportFormat): string {
  return new URL(`${productsBase}${exportPath({ kind: 'shared', hash }, format).path}`, window.location.origin).toString();
}

/**
 * /iframe/plusminus-export3d?host=<origin>&snapshot=<id> (issue 16 §6): the export of a configuration a
 * partner's page holds the snapshot id of (from the configurator frame's `lumen:configuration-changed`):
 * its plan, its 3D model and the export buttons. A download in the frame, or the host's
 * `{ type: 'lumen:export', format }`, tells the host `lumen:export-ready` with the file's address.
 */
export function Export3dFrame({ renderPreview }: { renderPreview?: (drawing: Drawing, room: RoomSize) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const lang = useAppSelector((state) => state.preferences.lang);
  const { services } = usePlatformConfig();
  const productsBase = services.products ?? '/api/products';
  const snapshot = search.get('snapshot');
  const hash = isShareHash(snapshot) ? snapshot : null;
  const loggedKey = useAppSelector((state) => (state.session.status === 'ready' ? String(state.session.account?.id ?? 'visitor') : null));
  const [shared] = useRemote<SharedCreation>(hash && loggedKey ? `${hash}/${lang}/${loggedKey}` : null, () => dispatch(loadSharedCreation({ hash: hash ?? '', lang })).unwrap());
  const ready = shared.status === 'ready' || hash === null || shared.status === 'failed';
  const frame = useDrawingFrame('export3d', ready, (command: DrawingFrameCommand) => exportReady(command.format));
  function exportReady(format: ExportFormat) {
    if (hash && shared.status === 'ready') frame.post({ type: 'lumen:export-ready', format, url: sharedExportUrl(productsBase, hash, format) });
  }
  const read = useMemo(() => (shared.status === 'ready' ? readSharedDrawing(shared.data) : null), [shared]);

  if (!frame.host.ok) return <FrameRefused check={frame.host} />;
  if (hash === null || (shared.status === 'failed' && shared.httpStatus === 404)) {
    return (
      <section className="page page--narrow drawing-frame">
        <div className="card" role="alert">
          <p>{t('drawingShare.frame.noSnapshot')}</p>
        </div>
      </section>
    );
  }
  if (shared.status === 'failed') {
    return (
      <section className="page page--narrow drawing-frame">
        <div className="card" role="alert">
          <p>{t('drawingShare.view.loadFailed')}</p>
        </div>
      </section>
    );
  }
  if (shared.status === 'loading' || !read) return <LoadingState />;
  return (
    <section className="page drawing-frame drawing-frame--export" aria-labelledby="drawing-frame-title">
      <h1 id="drawing-frame-title">{t('drawingShare.frame.exportTitle', { collection: shared.data.evaluation.subFamily.description })}</h1>
      {read.ok ? (
        <div className="drawing-share-view__pictures">
          {renderPreview?.(read.drawing, read.room)}
          <DrawingPlanView drawing={read.drawing} catalogId={shared.data.catalogId} />
        </div>
      ) : (
        <p role="alert">{t('drawingShare.view.unreadable', { message: read.message })}</p>
      )}
      <ExportPanel source={{ kind: 'shared', hash: shared.data.hash }} name={`${read.ok ? read.family : 'drawing'}-${shared.data.hash}`} onExported={exportReady} />
    </section>
  );
}

/**
 * /iframe/plusminus-drawing-configurator?host=<origin> (issue 16 §6): the configurator without the
 * platform's header and footer. `children` draws it and reports each configuration (its space, while
 * the drawing is valid); the frame shares it as a snapshot once it rests and tells the host
 * `lumen:configuration-changed` with the snapshot's id.
 */
export function ConfiguratorFrame({ subFamilyId, children }: { subFamilyId: number; children: (report: (space: JsonObject) => void) => ReactNode }) {
  const dispatch = useAppDispatch();
  const frame = useDrawingFrame('configurator', true);
  const { post } = frame;
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation();
  const publisher = useMemo(
    () =>
      createSnapshotPublisher<JsonObject>({
        share: async (space) => (await dispatch(shareCreation({ space, subFamilyId })).unwrap()).hash,
        publish: (snapshotId) => {
          setFailed(false);
          post({ type: 'lumen:configuration-changed', snapshotId });
        },
        onFailure: () => setFailed(true),
      }),
    [dispatch, post, subFamilyId],
  );
  useEffect(() => () => publisher.dispose(), [publisher]);
  const report = useCallback((space: JsonObject) => publisher.changed(space), [publisher]);
  if (!frame.host.ok) return <FrameRefused check={frame.host} />;
  return (
    <div className="drawing-frame drawing-frame--configurator">
      {children(report)}
      <p role="status" className="drawing-frame__status">
        {failed ? t('drawingShare.frame.snapshotFailed') : ''}
      </p>
    </div>
  );
}

/**
 * The plusminus drawing configurator in its frame: the drawing editor on a new drawing (no header, no
 * way out to the platform), each valid configuration reported to the host as a snapshot.
 */
export function PlusminusConfiguratorFrame() {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = account?.catalogId ?? 16;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const [catalogue, reload] = useDrawingCatalogue('plusminus', catalogId, lang);
  const initialDrawing = useMemo(() => emptyDrawing('plusminus', 2.6), []);
  return (
    <ConfiguratorFrame subFamilyId={DRAWING_SUBFAMILY.plusminus}>
      {(report) => (
        <section className="page drawing-page drawing-frame__configurator" aria-labelledby="drawing-frame-configurator-title">
          <h1 id="drawing-frame-configurator-title">{t('drawingShare.frame.configuratorTitle')}</h1>
          {catalogue.status === 'failed' ? (
            <div className="card" role="alert">
              <p>{t('drawing.nodrawing.loadFailed')}</p>
              <Button variant="secondary" onPress={reload}>
                {t('configurator.retry')}
              </Button>
            </div>
          ) : catalogue.status === 'loading' ? (
            <LoadingState />
          ) : catalogue.data === null ? (
            <p role="alert">{t('drawing.nodrawing.notInCatalogue')}</p>
          ) : (
            <DrawingEditor
              catalogue={catalogue.data}
              catalogId={catalogId}
              lang={lang}
              initialDrawing={initialDrawing}
              initialRoom={NEW_DRAWING_ROOM}
              seesPrices={seesPrices}
              renderActions={(result) => <ReportConfiguration space={result.space} valid={result.valid} report={report} />}
            />
          )}
        </section>
      )}
    </ConfiguratorFrame>
  );
}

/** Reports a configuration to its frame whenever it changes (mounted in the configurator's actions slot). */
export function ReportConfiguration({ space, valid, report }: { space: JsonObject | null; valid: boolean; report: (space: JsonObject) => void }) {
  const last = useRef<JsonObject | null>(null);
  useEffect(() => {
    if (!valid || space === null || last.current === space) return;
    last.current = space;
    report(space);
  }, [space, valid, report]);
  return null;
}
