/**
 * The compositor family (issue 32 §2; apps/web README "The compositor"): the crea room of the crea feature
 * joined with the tools feature's collection choice and save form.
 * - /compositor: the internal composing tool (the room under the choice; the save form under the room).
 * - /compositor/v2: the same tool in the new layout (the choice and the save form in a side column
 *   beside a larger room).
 * - /compositor/_demo: the demo composition (Multiple, catalogue 16), for training; nothing is saved.
 * - /minicompositor: the compact tool for embedding (frame-only: the host named by ?host= must be a
 *   FRAME_ANCESTORS origin; `lumen:ready` is posted to it like the drawing frames do).
 * The /compositor route with `validating=true` is the validation of a composing-pendants line
 * (crea-pages.tsx); app/routes.tsx picks.
 */
import type { JsonObject } from '@lumen/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreaScreen } from '../../features/crea/crea-screen';
import { FrameRefused, useDrawingFrame } from '../../features/drawing/drawing-frame';
import { type CompositorChoice, CompositorPicker, CompositorSaveForm } from '../../features/tools/compositor';
import { DEMO_COMPOSITION, loadDemoComposition } from '../../features/tools/tools-calls';
import { useCatalogueParam, useToolLang } from '../../features/tools/tools-shared';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { RemotePage } from './remote-page';
import '../../features/tools/tools.css';

export type CompositorVariant = 'classic' | 'v2' | 'mini';

function CompositorRoom({ choice, variant }: { choice: CompositorChoice; variant: CompositorVariant }) {
  const { t } = useTranslation();
  return (
    <CreaScreen
      key={`${choice.catalogId}/${choice.collection.subFamilyId}`}
      mode="crea"
      subFamilyId={choice.collection.subFamilyId}
      model={choice.collection.models[0]}
      catalogId={choice.catalogId}
      backPath="/"
      backLabel={t('tools.compositor.back')}
      intro={variant === 'mini' ? undefined : <p className="crea-page__intro">{t('tools.compositor.roomIntro')}</p>}
      renderActions={(state) => <CompositorSaveForm choice={choice} space={state.space as JsonObject} valid={state.valid} />}
    />
  );
}

/** /compositor and /compositor/v2 (and the frame's compact tool): choose, compose, save. */
export function CompositorPage({ variant = 'classic' }: { variant?: CompositorVariant }) {
  const { t } = useTranslation();
  const lang = useToolLang();
  const [catalogId, setCatalogId] = useCatalogueParam();
  const [subFamilyId, setSubFamilyId] = useState<number | null>(null);
  const [applicationLocationId, setApplicationLocationId] = useState<number | null>(null);
  return (
    <section className={`page tools compositor compositor--${variant}`} aria-labelledby="compositor-title">
      <h1 id="compositor-title" className={variant === 'mini' ? 'lm-visually-hidden' : undefined}>
        {t(variant === 'v2' ? 'tools.compositor.titleV2' : 'tools.compositor.title')}
      </h1>
      {variant !== 'mini' && <p className="tools__intro">{t('tools.compositor.intro')}</p>}
      <CompositorPicker
        catalogId={catalogId}
        onCatalogue={(id) => {
          setCatalogId(id);
          setSubFamilyId(null);
        }}
        lang={lang}
        subFamilyId={subFamilyId}
        onCollection={(id) => {
          setSubFamilyId(id);
          setApplicationLocationId(null);
        }}
        applicationLocationId={applicationLocationId}
        onApplication={setApplicationLocationId}
        compact={variant !== 'classic'}
      >
        {(choice) => (choice ? <CompositorRoom choice={choice} variant={variant} /> : <p className="tools__note">{t('tools.compositor.choose')}</p>)}
      </CompositorPicker>
    </section>
  );
}

/** /compositor/_demo: the fixed demo composition in the room, for training; the save form is replaced by a note. */
export function CompositorDemoPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useToolLang();
  const [demo, reload] = useRemote(`compositor-demo/${lang}`, () => dispatch(loadDemoComposition({ lang })).unwrap());
  return (
    <RemotePage remote={demo} reload={reload} failed={{ message: t('tools.compositor.demoFailed'), retry: t('configurator.retry') }}>
      {(detail) => (
        <CreaScreen
          mode="crea"
          subFamilyId={DEMO_COMPOSITION.subFamilyId}
          catalogId={DEMO_COMPOSITION.catalogId}
          savedSpace={detail.domainJSON ?? undefined}
          intro={<p className="crea-page__intro">{t('tools.compositor.demoIntro', { name: detail.name })}</p>}
          backPath="/compositor"
          backLabel={t('tools.compositor.toTool')}
          renderActions={() => <p className="card tools__note">{t('tools.compositor.demoNote')}</p>}
        />
      )}
    </RemotePage>
  );
}

/** /minicompositor: the compact tool in a partner's frame (its host verified as the drawing frames verify theirs). */
export function MiniCompositorPage() {
  const frame = useDrawingFrame('minicompositor', true);
  if (!frame.host.ok) return <FrameRefused check={frame.host} />;
  return <CompositorPage variant="mini" />;
}

/** The router's one lazy entry for the compositor pages. */
export default function CompositorPages({ page }: { page: 'tool' | 'v2' | 'demo' | 'mini' }) {
  if (page === 'demo') return <CompositorDemoPage />;
  if (page === 'mini') return <MiniCompositorPage />;
  return <CompositorPage variant={page === 'v2' ? 'v2' : 'classic'} />;
}
