/**
 * The drawing configurators' screen (issue 16 §1, §2): the page's header, the family's catalogue
 * loaded, a saved space read back into a drawing (`spaceFromJSON` then `spaceToDrawing`), and the
 * editor. The pages in app/pages/drawing-pages.tsx choose the mode and the actions (add to project,
 * save, validate).
 */
import { DEFAULT_DRAWING_DROP, DEFAULT_ROOM_SIZE, hasAnyPrivilege, roomOf, spaceFromJSON, spaceToDrawing, type Drawing, type DrawingFamily, type RoomSize } from '@lumen/domain';
import { Button, Skeleton } from '@lumen/ui';
import type { JsonObject } from '@lumen/contracts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DraftKeeping, DraftOffer, useConfiguratorDraft, type DraftData } from '../../shared/configurator-draft';
import { useAppSelector } from '../../shared/store';
import { useDrawingCatalogue } from './drawing-catalogue';
import { DrawingEditor, type DrawingEditorResult } from './drawing-editor';
import { emptyDrawing } from './drawing-state';
import './drawing.css';

/** The drawing configurators' modes (spec §2): sticks CREATE, EDIT, VALIDATE, EXPORT; plusminus also VIEW. */
export type DrawingMode = 'CREATE' | 'EDIT' | 'VALIDATE' | 'EXPORT' | 'VIEW';
export const DRAWING_MODES: Readonly<Record<DrawingFamily, readonly DrawingMode[]>> = {
  sticks: ['CREATE', 'EDIT', 'VALIDATE', 'EXPORT'],
  plusminus: ['CREATE', 'EDIT', 'VALIDATE', 'EXPORT', 'VIEW'],
};

/** A mode of a route's `{mode}` (any case), when the family has it. */
export function parseDrawingMode(family: DrawingFamily, value: string | undefined): DrawingMode | null {
  const mode = (value ?? 'EDIT').toUpperCase();
  return (DRAWING_MODES[family] as readonly string[]).includes(mode) ? (mode as DrawingMode) : null;
}

/** A new drawing's room: the engine's default room, wider, so that a structure fits (metres). */
export const NEW_DRAWING_ROOM: RoomSize = { ...DEFAULT_ROOM_SIZE, width: 6, depth: 6, height: 3 };

export interface DrawingScreenProps {
  family: DrawingFamily;
  mode: DrawingMode;
  /** A saved space (a CREATION line's, a preconfiguration's), any schema version. */
  savedSpace?: unknown;
  /** A drawing to start from instead (a layout); with its room. */
  initial?: { drawing: Drawing; room: RoomSize };
  initialQuantity?: number;
  /** The catalogue to work in (a project's); default the user's. */
  catalogId?: number;
  readOnly?: boolean;
  intro?: ReactNode;
  backPath: string;
  backLabel: string;
  /** `saved` tells the draft the work is saved (added to a project, the line saved): it goes, and leaving no longer asks. */
  renderActions?: (result: DrawingEditorResult, saved: () => void) => ReactNode;
  /** Where the work in progress is kept (issue 27 §3): `sticks-drawing`, `plusminus-drawing.line.{productId}`…; offered to resume when the screen opens. */
  draftKey?: string;
}

const isPoint = (value: unknown): boolean => typeof value === 'object' && value !== null && Number.isFinite((value as { x?: unknown }).x) && Number.isFinite((value as { z?: unknown }).z);

/** A drawing of this family read back from a draft (any JSON), or null when it is not one (another version, another family). */
export function draftDrawing(value: unknown, family: DrawingFamily): Drawing | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Partial<Drawing>;
  if (d.family !== family || !Number.isFinite(d.height) || !Array.isArray(d.segments) || !Array.isArray(d.items)) return null;
  if (!d.segments.every((s) => typeof s?.id === 'string' && isPoint(s.from) && isPoint(s.to))) return null;
  if (!d.items.every((i) => typeof i?.id === 'string' && typeof i.segmentId === 'string' && Number.isFinite(i.offset))) return null;
  return d as Drawing;
}

/** A drawing and its room read back from a draft of this family, or null when the draft is not one (another version, another family). */
export function drawingFromDraft(draft: DraftData | null, family: DrawingFamily): { drawing: Drawing; room: RoomSize } | null {
  const drawing = draftDrawing(draft?.content.drawing, family);
  const room = draft?.content.room as unknown;
  if (drawing === null || typeof room !== 'object' || room === null) return null;
  const r = room as Partial<RoomSize>;
  if (![r.width, r.depth, r.height].every((v) => typeof v === 'number' && v > 0)) return null;
  return { drawing, room: { ...DEFAULT_ROOM_SIZE, ...r } as RoomSize };
}

export function DrawingScreen({ family, mode, savedSpace, initial: initialOfCaller, initialQuantity: quantityOfCaller, catalogId: catalogOfCaller, readOnly, intro, backPath, backLabel, renderActions, draftKey }: DrawingScreenProps) {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  const lang = useAppSelector((state) => state.preferences.lang);
  const catalogId = catalogOfCaller ?? account?.catalogId ?? 16;
  const seesPrices = account ? hasAnyPrivilege(account.privileges, ['price.view']) : false;
  const [catalogue, reload] = useDrawingCatalogue(family, catalogId, lang);
  const ready = catalogue.status === 'ready' ? catalogue.data : null;
  const editorReadOnly = readOnly || mode === 'VIEW' || mode === 'EXPORT' || (mode === 'VALIDATE' && renderActions === undefined);
  const draft = useConfiguratorDraft(!editorReadOnly && draftKey ? draftKey : null);
  const [resumed, setResumed] = useState<{ drawing: Drawing; room: RoomSize; quantity: number; at: string } | null>(null);
  const offered = drawingFromDraft(draft.offer, family) ? draft.offer : null;
  const initial = resumed ?? initialOfCaller;
  const initialQuantity = resumed ? resumed.quantity : quantityOfCaller;
  const { saved, write } = draft;
  const actions = useMemo(() => (renderActions ? (result: DrawingEditorResult) => renderActions(result, saved) : undefined), [renderActions, saved]);
  const onChange = useCallback((drawing: Drawing, room: RoomSize, quantity: number) => write({ drawing, room } as unknown as JsonObject, quantity), [write]);

  const start = useMemo<{ drawing: Drawing; room: RoomSize; spaceId?: string } | { error: string } | null>(() => {
    if (!ready) return null;
    if (resumed) return resumed;
    if (savedSpace === undefined || savedSpace === null) {
      return initial ?? { drawing: emptyDrawing(family, NEW_DRAWING_ROOM.height - DEFAULT_DRAWING_DROP), room: NEW_DRAWING_ROOM };
    }
    try {
      const { tree } = spaceFromJSON(savedSpace, ready.familyData);
      return { drawing: spaceToDrawing(tree, family), room: roomOf(tree), spaceId: tree.rootId };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [ready, savedSpace, initial, family, resumed]);

  return (
    <section className="page drawing-page" aria-labelledby="drawing-title">
      <header className="drawing-page__header">
        <p className="page-eyebrow">{t(`drawing.mode.${mode}`)}</p>
        <h1 id="drawing-title">{t(`drawing.title.${family}`)}</h1>
        {intro}
        <Link className="text-link" to={backPath}>
          {backLabel}
        </Link>
      </header>
      {offered && (
        <DraftOffer
          draft={offered}
          onResume={() => {
            const taken = draft.resume();
            const read = drawingFromDraft(taken, family);
            if (taken && read) setResumed({ ...read, quantity: taken.quantity, at: taken.updatedAt });
          }}
          onDiscard={draft.discard}
        />
      )}
      <DraftKeeping draft={draft} />
      {catalogue.status === 'failed' ? (
        <div className="card" role="alert">
          <p>{t('drawing.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('configurator.retry')}
          </Button>
        </div>
      ) : catalogue.status === 'ready' && catalogue.data === null ? (
        <div className="card" role="alert">
          <p>{t(`drawing.notInCatalogue.${family}`)}</p>
        </div>
      ) : start && 'error' in start ? (
        <div className="card" role="alert">
          <p>{t('drawing.savedUnreadable', { message: start.error })}</p>
        </div>
      ) : !ready || !start ? (
        <div role="status" aria-live="polite" className="drawing-page__loading">
          <span className="lm-visually-hidden">{t('common.loading')}</span>
          <div className="card">
            <Skeleton lines={8} />
          </div>
        </div>
      ) : (
        <DrawingEditor
          key={`${family}/${catalogId}/${resumed?.at ?? ''}`}
          catalogue={ready}
          catalogId={catalogId}
          lang={lang}
          initialDrawing={start.drawing}
          initialRoom={start.room}
          initialQuantity={initialQuantity}
          {...(start.spaceId ? { spaceId: start.spaceId } : {})}
          seesPrices={seesPrices}
          readOnly={editorReadOnly}
          renderActions={actions}
          {...(!editorReadOnly && draftKey ? { onChange } : {})}
        />
      )}
    </section>
  );
}
