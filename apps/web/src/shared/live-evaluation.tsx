/**
 * The live evaluation of a creation (issue 15, and the drawings of issue 16): the server's answer to
 * POST products /v1/creations/evaluate, asked EVALUATE_DEBOUNCE_MS after the last change, and the
 * panel that shows it. The crea room and the drawing configurators use the same hook and panel; the
 * panel's texts are the `crea.live.*` keys.
 */
import type { CreationEvaluation, EvaluateCreationBody, JsonObject, Lang } from '@lumen/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format';
import { createAsyncAction, type ActionFailure } from './async-action';
import { useAppDispatch } from './store';
import './live-evaluation.css';

/** How long a configurator waits after the last change before asking the server (ms). */
export const EVALUATE_DEBOUNCE_MS = 400;

/**
 * What the server makes of a creation (POST products /v1/creations/evaluate): its rule failures, bill
 * of materials, lumens and watts, price (price.view), MOQ, lead time and availability. Shown in place
 * (showError false), like the configurators' other calls.
 */
export const evaluateCreation = createAsyncAction<CreationEvaluation, EvaluateCreationBody>(
  'creaEvaluate',
  (body, { extra }) => extra.api.post<CreationEvaluation>('products', '/v1/creations/evaluate', body),
  { showError: false },
);

export interface LiveEvaluationInput {
  /** What changes when the creation changes (the tree, the drawing): a new value asks again. */
  source: unknown;
  /** The space to send (spaceToJSON), read when the request goes. */
  toSpace: () => JsonObject;
  /** Nothing to evaluate yet (no light, no segment): idle. */
  empty: boolean;
  /** A drag in progress, or problems found in the browser: wait, keep the last answer. */
  paused: boolean;
  catalogId: number;
  subFamilyId: number;
  quantity: number;
  lang: Lang;
}

/** The server's evaluation of a creation, asked once the user pauses (a drag asks once, at its end); an older answer never replaces a newer one. */
export function useLiveEvaluation({ source, toSpace, empty, paused, catalogId, subFamilyId, quantity, lang }: LiveEvaluationInput): Evaluation {
  const appDispatch = useAppDispatch();
  const [evaluation, setEvaluation] = useState<Evaluation>({ status: 'idle' });
  const lastAsked = useRef(0);
  const space = useRef(toSpace);
  space.current = toSpace;
  useEffect(() => {
    if (paused) return;
    if (empty) {
      lastAsked.current += 1;
      setEvaluation({ status: 'idle' });
      return;
    }
    const asked = ++lastAsked.current;
    setEvaluation((previous) => ({ status: 'loading', last: previous.status === 'ready' ? previous.data : previous.status === 'loading' ? previous.last : null }));
    const timer = setTimeout(() => {
      void appDispatch(evaluateCreation({ space: space.current(), catalogId: catalogId === 21 ? 21 : 16, subFamilyId, quantity, lang }))
        .unwrap()
        .then(
          (data) => {
            if (asked === lastAsked.current) setEvaluation({ status: 'ready', data });
          },
          (failure: unknown) => {
            if (asked !== lastAsked.current) return;
            const error = (failure as Partial<ActionFailure> | null)?.error;
            if (error?.ErrorCode === 400) {
              setEvaluation({ status: 'refused', message: error.ErrorDescription, fields: (error.fields ?? []).map((field) => field.message) });
            } else setEvaluation({ status: 'failed' });
          },
        );
    }, EVALUATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, quantity, catalogId, lang, paused, empty, appDispatch, subFamilyId]);
  return evaluation;
}

export type Evaluation = { status: 'idle' } | { status: 'loading'; last: CreationEvaluation | null } | { status: 'ready'; data: CreationEvaluation } | { status: 'refused'; message: string; fields: string[] } | { status: 'failed' };

/**
 * What the server computed for a creation: the bill of materials, drivers, lumens and watts, price
 * (price.view), MOQ, lead time, availability. `emptyText` is shown before there is anything to evaluate.
 */
export function LivePanel({ evaluation, seesPrices, quantity, emptyText }: { evaluation: Evaluation; seesPrices: boolean; quantity: number; emptyText?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (evaluation.status === 'idle') return <p>{emptyText ?? t('crea.live.empty')}</p>;
  if (evaluation.status === 'failed') return <p role="alert">{t('crea.live.failed')}</p>;
  if (evaluation.status === 'refused') {
    return (
      <div role="alert" className="live-evaluation__refused">
        <p>{t('crea.live.refused')}</p>
        <p>{evaluation.message}</p>
        {evaluation.fields.map((field) => (
          <p key={field}>{field}</p>
        ))}
      </div>
    );
  }
  const data = evaluation.status === 'ready' ? evaluation.data : evaluation.last;
  if (!data) return <p role="status">{t('crea.live.computing')}</p>;
  const { articles, accessories, luminaires } = billOf(data);
  const availability = data.availability;
  // Below the MOQ the composition cannot be ordered as it is: said, not "valid" (issue 27 §2).
  const belowMoq = quantity < data.moq;
  return (
    <div className="live-evaluation" aria-busy={evaluation.status === 'loading'}>
      <p className={data.valid && !belowMoq ? 'live-evaluation__valid' : 'live-evaluation__invalid'}>
        {!data.valid ? t('crea.live.invalid', { count: data.failures.length }) : belowMoq ? t('configurator.result.belowMoq', { moq: format.number(data.moq) }) : t('crea.live.valid')}
      </p>
      {data.failures.length > 0 && (
        <ul className="live-evaluation__failures">
          {data.failures.map((failure, index) => (
            <li key={`${failure.code}-${index}`}>{failure.message}</li>
          ))}
        </ul>
      )}
      <dl className="live-evaluation__figures">
        <dt>{t('configurator.result.lumens')}</dt>
        <dd>{t('crea.live.lumens', { value: format.number(data.totals.lumens) })}</dd>
        <dt>{t('configurator.result.watts')}</dt>
        <dd>{t('crea.live.watts', { value: format.number(data.totals.watts) })}</dd>
        <dt>{t('crea.live.lights')}</dt>
        <dd>{format.number(luminaires)}</dd>
        {data.totals.pendants > 0 && (
          <>
            <dt>{t('crea.live.wire')}</dt>
            <dd>{t('crea.live.wireValue', { value: format.number(data.totals.wireLength, { maximumFractionDigits: 2 }) })}</dd>
          </>
        )}
        <dt>{t('configurator.result.moq')}</dt>
        <dd className={belowMoq ? 'live-evaluation__invalid' : undefined}>{format.number(data.moq)}</dd>
        <dt>{t('configurator.result.leadTime')}</dt>
        <dd>{t('crea.live.leadTime', { count: data.leadTimeWeeks, quantity })}</dd>
        <dt>{t('configurator.result.availability')}</dt>
        <dd>
          {availability.status === 'available'
            ? t('configurator.availability.now')
            : availability.status === 'upcoming'
              ? t('crea.live.upcoming', { count: availability.weeks })
              : t('configurator.availability.expired')}
        </dd>
        {seesPrices && data.price && (
          <>
            <dt>{t('configurator.result.unitPrice')}</dt>
            <dd>{format.money(data.price.unitGross, data.price.currency)}</dd>
            {data.price.unitNet !== data.price.unitGross && (
              <>
                <dt>{t('configurator.result.netPrice')}</dt>
                <dd>{format.money(data.price.unitNet, data.price.currency)}</dd>
              </>
            )}
            <dt>{t('configurator.result.total', { quantity: format.number(quantity) })}</dt>
            <dd>{format.money(data.price.totalNet, data.price.currency)}</dd>
          </>
        )}
      </dl>
      {seesPrices && data.price && !data.price.complete && <p className="live-evaluation__note">{t('crea.live.priceIncomplete')}</p>}
      <table className="live-evaluation__bom">
        <caption>{t('crea.live.bom')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('crea.live.reference')}</th>
            <th scope="col">{t('crea.live.description')}</th>
            <th scope="col">{t('crea.live.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((line) => (
            <tr key={`a-${line.referenceCode}`}>
              <td>{line.referenceCode}</td>
              <td>{line.description}</td>
              <td>{format.number(line.quantity)}</td>
            </tr>
          ))}
          {accessories.map((line) => (
            <tr key={`x-${line.accessoryCode}-${line.kind}`}>
              <td>{line.accessoryCode}</td>
              <td>{line.kind === 'driver' ? t('crea.live.driver', { description: line.description }) : line.description}</td>
              <td>{format.number(line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ArticleRow = CreationEvaluation['compositions'][number]['articles'][number];
type AccessoryRow = CreationEvaluation['compositions'][number]['accessories'][number];

/**
 * The bill of materials of one set as the panel shows it (issue 27 §2): one row per reference with
 * the quantities of every composition added up (a structure of three identical segments is ×3, not
 * three rows of ×1), and the luminaires it holds — the engine's lights, or for a structure without
 * lights of its own (sticks, plusminus) its articles that are no accessory — so the figures above
 * the table match the table.
 */
export function billOf(data: CreationEvaluation): { articles: ArticleRow[]; accessories: AccessoryRow[]; luminaires: number } {
  const articles = new Map<string, ArticleRow>();
  for (const line of data.compositions.flatMap((c) => c.articles)) {
    const seen = articles.get(line.referenceCode);
    articles.set(line.referenceCode, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  const accessories = new Map<string, AccessoryRow>();
  for (const line of data.compositions.flatMap((c) => c.accessories)) {
    const key = `${line.accessoryCode}|${line.kind}`;
    const seen = accessories.get(key);
    accessories.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  const rows = [...articles.values()];
  const luminaires = data.totals.lights > 0 ? data.totals.lights : rows.filter((line) => line.accessoryCode === null).reduce((sum, line) => sum + line.quantity, 0);
  return { articles: rows, accessories: [...accessories.values()], luminaires };
}
