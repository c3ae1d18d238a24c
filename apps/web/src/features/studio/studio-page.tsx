import { DEFAULT_STUDIO_CAMERA, type Lang, STUDIO_MAX_SIZE, STUDIO_MIN_SIZE, STUDIO_SHOTS, type StudioBatch, type StudioCamera, type StudioImage, type StudioModel, type StudioShot } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Badge, type BadgeTone, Button, ProgressBar, Select } from '@lumen/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadCollections } from '../../shared/catalogue-calls';
import { saveFile } from '../../shared/save-file';
import { LazyLuminaireStage, type StageCamera } from '../../shared/stage/luminaire-stage-lazy';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { cancelStudioBatch, loadStudioBatch, loadStudioBatches, loadStudioDraft, loadStudioImage, loadStudioModels, publishStudioDraft, reviewStudioImage, startStudioBatch } from './studio-calls';
import './studio.css';

/** How often a running batch's progress is asked for (stored on the job's row: any node answers). */
export const STUDIO_POLL_MS = 1000;
const SIZES = [STUDIO_MIN_SIZE, 3200, STUDIO_MAX_SIZE] as const;
const TONES: Record<StudioBatch['status'], BadgeTone> = { pending: 'muted', running: 'neutral', done: 'success', failed: 'danger', cancelled: 'warning' };
const settled = (batch: StudioBatch) => batch.status === 'done' || batch.status === 'failed' || batch.status === 'cancelled';
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function useLang(): Lang {
  const { i18n } = useTranslation();
  return (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : 'en';
}

/** The api's reason: its studio.error.* field message in the user's words, else its description. */
function reasonOf(failure: unknown, t: (key: string, values?: Record<string, string>) => string): string {
  const error = (failure as { error?: { ErrorDescription?: unknown; fields?: Array<{ message?: unknown }> } } | undefined)?.error;
  const field = error?.fields?.find((item) => typeof item.message === 'string' && item.message.startsWith('studio.error.'))?.message;
  if (typeof field === 'string') {
    const [key = '', max = ''] = field.split('|');
    return t(key, { max });
  }
  return typeof error?.ErrorDescription === 'string' ? error.ErrorDescription : '';
}

/** The stage's framing (azimuth 0–360) as the studio's (−180–180, the renderer's ranges). */
function studioCameraOf(stage: StageCamera, current: StudioCamera): StudioCamera {
  const azimuth = stage.azimuth > 180 ? stage.azimuth - 360 : stage.azimuth;
  return { ...current, azimuth: Math.round(clamp(azimuth, -180, 180)), elevation: Math.round(clamp(stage.elevation, -10, 80)), zoom: Math.round(clamp(stage.zoom, 0.5, 2.5) * 100) / 100 };
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="studio__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function Slider({ label, value, min, max, step, onChange, unit = '' }: { label: string; value: number; min: number; max: number; step: number; onChange: (value: number) => void; unit?: string }) {
  return (
    <label className="studio__slider">
      <span>{label}</span>
      <input type="range" aria-label={label} aria-valuetext={`${value}${unit}`} min={min} max={max} step={step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
      <output>
        {value}
        {unit}
      </output>
    </label>
  );
}

/**
 * /studio (issue 32 §1): the image studio. Pick a collection, its models and finishes and the shots;
 * see the luminaire on the lit 3D stage (shared/stage: the product shot's seamless sweep or the room),
 * frame the camera (by dragging on the stage or with the sliders; the framing goes with the job);
 * render the HD images as one job with progress and cancel; review each image (approve: it goes into
 * the catalogue's draft as its image; reject); publish the catalogue (product administration's
 * publication) to make the approved images the catalogue's pictures.
 */
export function StudioPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const catalogId: 16 | 21 = params.get('catalog') === '21' ? 21 : 16;
  const [subFamilyId, setSubFamilyId] = useState<string | null>(null);
  const [collections] = useRemote(`${catalogId}|${lang}`, () => dispatch(loadCollections({ catalogId, lang })).unwrap());
  const [models] = useRemote(subFamilyId ? `${catalogId}|${subFamilyId}|${lang}` : null, () => dispatch(loadStudioModels({ catalogId, subFamilyId: Number(subFamilyId), lang })).unwrap());
  const list = useMemo<StudioModel[]>(() => (models.status === 'ready' ? models.data : []), [models]);
  const [unpicked, setUnpicked] = useState<ReadonlySet<string>>(new Set());
  const [unfinished, setUnfinished] = useState<ReadonlySet<string>>(new Set());
  const [shots, setShots] = useState<ReadonlySet<StudioShot>>(new Set(STUDIO_SHOTS));
  const [size, setSize] = useState<number>(STUDIO_MIN_SIZE);
  const [camera, setCamera] = useState<StudioCamera>(DEFAULT_STUDIO_CAMERA);
  const [stageShot, setStageShot] = useState<StudioShot>('product');
  const [stageModel, setStageModel] = useState<string | null>(null);
  const [batch, setBatch] = useState<StudioBatch | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const picked = list.filter((model) => !unpicked.has(model.model));
  const finishes = useMemo(() => {
    const all = new Map<string, string>();
    for (const model of list) for (const finish of model.finishes) if (!all.has(finish.code)) all.set(finish.code, finish.name);
    return [...all].map(([code, name]) => ({ code, name }));
  }, [list]);
  const pickedFinishes = finishes.filter((finish) => !unfinished.has(finish.code));
  const count = picked.reduce((sum, model) => sum + model.finishes.filter((finish) => !unfinished.has(finish.code)).length, 0) * shots.size;
  const shown = list.find((model) => model.model === stageModel) ?? picked[0] ?? list[0];
  const shownFinish = shown?.finishes.find((finish) => !unfinished.has(finish.code)) ?? shown?.finishes[0];

  // Follows the running batch until it settles.
  useEffect(() => {
    if (!batch || settled(batch)) return;
    const timer = setTimeout(() => {
      dispatch(loadStudioBatch({ id: batch.id }))
        .unwrap()
        .then(setBatch)
        .catch(() => setBatch({ ...batch }));
    }, STUDIO_POLL_MS);
    return () => clearTimeout(timer);
  }, [batch, dispatch]);

  const chooseCollection = (id: string) => {
    setSubFamilyId(id);
    setUnpicked(new Set());
    setUnfinished(new Set());
    setStageModel(null);
  };

  const start = async () => {
    if (!subFamilyId) return;
    setStarting(true);
    setProblem(null);
    try {
      const body = {
        catalogId,
        subFamilyId: Number(subFamilyId),
        shots: STUDIO_SHOTS.filter((shot) => shots.has(shot)),
        size,
        camera,
        ...(unpicked.size > 0 ? { models: picked.map((model) => model.model) } : {}),
        ...(unfinished.size > 0 ? { finishes: pickedFinishes.map((finish) => finish.code) } : {}),
      };
      setBatch(await dispatch(startStudioBatch(body)).unwrap());
    } catch (failure) {
      setProblem(t('studio.startFailed', { reason: reasonOf(failure, t) }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="page studio" aria-labelledby="studio-title">
      <h1 id="studio-title">{t('studio.title')}</h1>
      <p className="studio__intro">{t('studio.intro')}</p>
      <div className="studio__bar">
        <Select<string>
          label={t('studio.catalogue')}
          name="catalogue"
          options={[16, 21].map((id) => ({ value: String(id), label: t(`projects.catalog.${id}`) }))}
          value={String(catalogId)}
          onChange={(id) => {
            chooseCollection('');
            setSubFamilyId(null);
            setBatch(null);
            setParams({ catalog: id }, { replace: true });
          }}
        />
        <Select<string>
          label={t('studio.collection')}
          name="collection"
          isDisabled={collections.status !== 'ready'}
          placeholder={t('studio.chooseCollection')}
          options={collections.status === 'ready' ? collections.data.map((collection) => ({ value: String(collection.subFamilyId), label: collection.name })) : []}
          value={subFamilyId}
          onChange={chooseCollection}
        />
      </div>

      {models.status === 'failed' && <p role="alert">{t('studio.modelsFailed')}</p>}
      {list.length > 0 && (
        <div className="studio__layout">
          <div className="studio__choices">
            <fieldset className="studio__group">
              <legend>{t('studio.models')}</legend>
              {list.map((model) => (
                <Toggle
                  key={model.model}
                  label={`${model.model} · ${model.name}`}
                  checked={!unpicked.has(model.model)}
                  onChange={(checked) => {
                    const next = new Set(unpicked);
                    if (checked) next.delete(model.model);
                    else next.add(model.model);
                    setUnpicked(next);
                  }}
                />
              ))}
            </fieldset>
            <fieldset className="studio__group">
              <legend>{t('studio.finishes')}</legend>
              {finishes.map((finish) => (
                <Toggle
                  key={finish.code}
                  label={`${finish.code} · ${finish.name}`}
                  checked={!unfinished.has(finish.code)}
                  onChange={(checked) => {
                    const next = new Set(unfinished);
                    if (checked) next.delete(finish.code);
                    else next.add(finish.code);
                    setUnfinished(next);
                  }}
                />
              ))}
            </fieldset>
            <fieldset className="studio__group">
              <legend>{t('studio.shots')}</legend>
              {STUDIO_SHOTS.map((shot) => (
                <Toggle
                  key={shot}
                  label={t(`studio.shot.${shot}`)}
                  checked={shots.has(shot)}
                  onChange={(checked) => {
                    const next = new Set(shots);
                    if (checked) next.add(shot);
                    else next.delete(shot);
                    setShots(next);
                  }}
                />
              ))}
            </fieldset>
            <Select<string> label={t('studio.size')} name="size" options={SIZES.map((value) => ({ value: String(value), label: t('studio.pixels', { size: value.toLocaleString(lang) }) }))} value={String(size)} onChange={(value) => setSize(Number(value))} />
          </div>

          <div className="studio__stage-column">
            <div className="studio__bar">
              <Select<string> label={t('studio.stageModel')} name="stageModel" options={list.map((model) => ({ value: model.model, label: `${model.model} · ${model.name}` }))} value={shown?.model ?? null} onChange={setStageModel} />
              <fieldset className="studio__group studio__group--inline">
                <legend>{t('studio.stageShot')}</legend>
                {STUDIO_SHOTS.map((shot) => (
                  <label key={shot} className="studio__check">
                    <input type="radio" name="stage-shot" checked={stageShot === shot} onChange={() => setStageShot(shot)} />
                    <span>{t(`studio.shot.${shot}`)}</span>
                  </label>
                ))}
              </fieldset>
            </div>
            {shown && (
              <div className="studio__stage">
                <LazyLuminaireStage
                  luminaire={shown.luminaire}
                  {...(shownFinish ? { finish: shownFinish.code } : {})}
                  background={stageShot === 'product' ? 'studio' : 'room'}
                  camera={{ azimuth: camera.azimuth < 0 ? camera.azimuth + 360 : camera.azimuth, elevation: camera.elevation, zoom: camera.zoom }}
                  onCameraChange={(stage) => setCamera((current) => studioCameraOf(stage, current))}
                  label={t('studio.stageLabel', { model: shown.model, finish: shownFinish?.name ?? '', shot: t(`studio.shot.${stageShot}`) })}
                  fallback={<p className="studio__stage-wait">{t('studio.stageLoading')}</p>}
                  noWebgl={<img className="studio__stage-picture" src={`/api/images/v1/catalogue/model/${shown.model}.svg${shownFinish ? `?finish=${shownFinish.code}` : ''}`} alt={t('studio.stageLabel', { model: shown.model, finish: shownFinish?.name ?? '', shot: t(`studio.shot.${stageShot}`) })} />}
                />
              </div>
            )}
            <fieldset className="studio__group studio__framing">
              <legend>{t('studio.framing')}</legend>
              <Slider label={t('studio.azimuth')} value={camera.azimuth} min={-180} max={180} step={1} unit="°" onChange={(azimuth) => setCamera({ ...camera, azimuth })} />
              <Slider label={t('studio.elevation')} value={camera.elevation} min={-10} max={80} step={1} unit="°" onChange={(elevation) => setCamera({ ...camera, elevation })} />
              <Slider label={t('studio.zoom')} value={camera.zoom} min={0.5} max={2.5} step={0.05} unit="×" onChange={(zoom) => setCamera({ ...camera, zoom })} />
              <Slider label={t('studio.offsetX')} value={camera.offsetX} min={-0.4} max={0.4} step={0.05} onChange={(offsetX) => setCamera({ ...camera, offsetX })} />
              <Slider label={t('studio.offsetY')} value={camera.offsetY} min={-0.4} max={0.4} step={0.05} onChange={(offsetY) => setCamera({ ...camera, offsetY })} />
              <Button variant="secondary" size="sm" onPress={() => setCamera(DEFAULT_STUDIO_CAMERA)}>
                {t('studio.resetFraming')}
              </Button>
            </fieldset>
          </div>
        </div>
      )}

      {list.length > 0 && (
        <div className="studio__render">
          <Button onPress={() => void start()} isLoading={starting} isDisabled={count === 0 || (batch !== null && !settled(batch))}>
            {t('studio.render', { count })}
          </Button>
          {problem && <p role="alert">{problem}</p>}
        </div>
      )}
      {batch && <BatchReview batch={batch} onChange={setBatch} />}
      <RecentBatches catalogId={catalogId} current={batch} onOpen={setBatch} />
    </section>
  );
}

function RecentBatches({ catalogId, current, onOpen }: { catalogId: number; current: StudioBatch | null; onOpen: (batch: StudioBatch) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [recent] = useRemote(`${catalogId}|${current?.id ?? 0}|${current?.status ?? ''}`, () => dispatch(loadStudioBatches({ catalogId })).unwrap());
  const others = recent.status === 'ready' ? recent.data.filter((item) => item.id !== current?.id) : [];
  if (others.length === 0) return null;
  return (
    <details className="studio__recent">
      <summary>{t('studio.recent')}</summary>
      <ul>
        {others.map((item) => (
          <li key={item.id}>
            <Button variant="link" onPress={() => void dispatch(loadStudioBatch({ id: item.id })).unwrap().then(onOpen)}>
              {t('studio.openBatch', { id: item.id, status: t(`studio.status.${item.status}`), done: item.done, total: item.total })}
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

function BatchReview({ batch, onChange }: { batch: StudioBatch; onChange: (batch: StudioBatch) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failed = batch.items.filter((item) => item.status === 'failed');
  const approved = batch.images.filter((image) => image.drafted).length;
  const update = (image: StudioImage) => onChange({ ...batch, images: batch.images.map((item) => (item.id === image.id ? image : item.drafted && image.drafted && item.model === image.model && item.finish === image.finish ? { ...item, drafted: false } : item)) });
  return (
    <section className="studio__batch" aria-labelledby="studio-batch-title">
      <h2 id="studio-batch-title">{t('studio.batchTitle', { id: batch.id })}</h2>
      <div className="studio__batch-head">
        <Badge tone={TONES[batch.status]}>{t(`studio.status.${batch.status}`)}</Badge>
        {failed.length > 0 && <Badge tone="danger">{t('studio.failures', { count: failed.length })}</Badge>}
        {!settled(batch) && (
          <Button variant="secondary" size="sm" onPress={() => void dispatch(cancelStudioBatch({ id: batch.id })).unwrap().then(onChange)}>
            {t('studio.cancel')}
          </Button>
        )}
      </div>
      <ProgressBar label={t('studio.progressLabel')} value={batch.done} maxValue={Math.max(batch.total, 1)} valueLabel={t('studio.progress', { done: batch.done, total: batch.total })} />
      <p role="status" className="studio__status">
        {t('studio.progress', { done: batch.done, total: batch.total })}
      </p>
      {batch.error && <p role="alert">{batch.error}</p>}
      {failed.length > 0 && (
        <ul className="studio__failures">
          {failed.map((item) => (
            <li key={item.label}>{t('studio.itemFailed', { label: item.label, reason: item.reason ?? '' })}</li>
          ))}
        </ul>
      )}
      {batch.images.length > 0 && (
        <ul className="studio__grid" aria-label={t('studio.review')}>
          {batch.images.map((image) => (
            <ReviewCard key={image.id} image={image} onReviewed={update} />
          ))}
        </ul>
      )}
      {settled(batch) && batch.images.length > 0 && <PublishPanel catalogId={batch.catalogId} approved={approved} onPublished={() => void dispatch(loadStudioBatch({ id: batch.id })).unwrap().then(onChange)} />}
    </section>
  );
}

function ReviewCard({ image, onReviewed }: { image: StudioImage; onReviewed: (image: StudioImage) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    dispatch(loadStudioImage({ id: image.id, preview: true }))
      .unwrap()
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [dispatch, image.id]);
  const name = `${image.model} · ${image.finish} · ${t(`studio.shot.${image.shot}`)}`;
  const review = async (decision: 'approved' | 'rejected') => {
    setBusy(true);
    setFailure(false);
    try {
      onReviewed(await dispatch(reviewStudioImage({ id: image.id, review: decision })).unwrap());
    } catch {
      setFailure(true);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => saveFile(await dispatch(loadStudioImage({ id: image.id, preview: false })).unwrap(), `${image.model}-${image.finish}-${image.shot}-${image.width}px.png`);
  return (
    <li className={`studio__card studio__card--${image.review}`} aria-label={name}>
      <div className="studio__thumb">{url ? <img src={url} alt={name} /> : <span className="studio__thumb-wait">{t('studio.imageLoading')}</span>}</div>
      <p className="studio__card-name">{name}</p>
      <p className="studio__card-size">{t('studio.dimensions', { width: image.width, height: image.height })}</p>
      <div className="studio__card-badges">
        {image.review !== 'pending' && <Badge tone={image.review === 'approved' ? 'success' : 'danger'}>{t(`studio.review.${image.review}`)}</Badge>}
        {image.drafted && <Badge tone="neutral">{t('studio.inDraft')}</Badge>}
        {image.published && <Badge tone="success">{t('studio.published')}</Badge>}
      </div>
      <div className="studio__card-actions">
        <Button size="sm" variant={image.review === 'approved' ? 'primary' : 'secondary'} aria-pressed={image.review === 'approved'} isDisabled={busy} onPress={() => void review('approved')} aria-label={t('studio.approveImage', { name })}>
          {t('studio.approve')}
        </Button>
        <Button size="sm" variant={image.review === 'rejected' ? 'primary' : 'secondary'} aria-pressed={image.review === 'rejected'} isDisabled={busy} onPress={() => void review('rejected')} aria-label={t('studio.rejectImage', { name })}>
          {t('studio.reject')}
        </Button>
        <Button size="sm" variant="link" onPress={() => void download()} aria-label={t('studio.downloadImage', { name })}>
          {t('studio.download')}
        </Button>
      </div>
      {failure && <p role="alert">{t('studio.reviewFailed')}</p>}
    </li>
  );
}

/** Publishing is product administration's publication of the catalogue's whole draft: the panel says how much that holds. */
function PublishPanel({ catalogId, approved, onPublished }: { catalogId: 16 | 21; approved: number; onPublished: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [draft, refresh] = useRemote(`${catalogId}|${approved}`, () => dispatch(loadStudioDraft({ catalogId })).unwrap());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const changes = draft.status === 'ready' ? draft.data.changes.length : 0;
  const images = draft.status === 'ready' ? draft.data.changes.filter((change) => change.kind === 'image').length : 0;
  const publish = async () => {
    if (draft.status !== 'ready') return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await dispatch(publishStudioDraft({ catalogId, expectedVersion: draft.data.version })).unwrap();
      setOutcome({ ok: true, text: t('studio.publishedVersion', { version: result.version, count: images }) });
      onPublished();
      refresh();
    } catch (failure) {
      setOutcome({ ok: false, text: t('studio.publishFailed', { reason: reasonOf(failure, t) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="studio__publish" aria-labelledby="studio-publish-title">
      <h2 id="studio-publish-title">{t('studio.publishTitle')}</h2>
      <p>{t('studio.publishDraft', { count: images, changes })}</p>
      <Button onPress={() => void publish()} isLoading={busy} isDisabled={draft.status !== 'ready' || images === 0}>
        {t('studio.publish')}
      </Button>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'studio__published' : undefined}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
