import type { Lang, VariationsResponse } from '@lumen/contracts';
import {
  baseArticle,
  descriptionIn,
  orderLineValidity,
  type Article,
  type AttributeChange,
  type AttributeKey,
  type CombinationConflict,
  type ElementAttributes,
  type OptionState,
  type RuleSet,
} from '@lumen/domain';
import { Button, QuantitySelector, Select } from '@lumen/ui';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErpAvailabilityText, useErpAvailability, useMayAskAvailability } from '../../shared/erp-availability';
import { useFlag } from '../../shared/flags';
import { useAppDispatch } from '../../shared/store';
import { formatDate, formatLength, formatMoney, formatNumber } from '../../i18n/format';
import { checkReference } from './configurator-calls';
import {
  attributesOf,
  chooseAttribute,
  configuratorContextOf,
  forgetWarmStart,
  labelOf,
  optionStatesOf,
  optionsOf,
  pendantHeights,
  resultOf,
  startConfiguration,
  type ConfigurationResult,
} from './configuration';
import './configurator.css';
import { useRemote } from '../../shared/use-remote';

export type ConfiguratorMode = 'express' | 'attributes';

type ListedKey = Exclude<AttributeKey, 'pendantHeight'>;
const LISTED: readonly ListedKey[] = ['finish', 'ledColourTemp', 'control', 'installation'];

/** What the configurator's caller gets to build its own actions (e.g. saving a project line). */
export interface ConfiguratorActionsState {
  /** The configured reference (catalogue form). */
  reference: string;
  quantity: number;
  attributes: ElementAttributes;
  /** The chosen pendant height in centimetres, for a pendant (else null). */
  pendantHeight: number | null;
  /** The catalogue has no article for this reference (its look-up answered 404). */
  notMade: boolean;
}

export interface ConfiguratorProps {
  mode: ConfiguratorMode;
  model: string;
  data: VariationsResponse;
  rules: readonly RuleSet[];
  lang: Lang;
  /** Whether the user holds price.view. */
  seesPrices: boolean;
  initial?: ElementAttributes;
  initialQuantity?: number;
  /** Overrides "now" (tests). */
  now?: Date;
  /** Shows the configuration without letting it change (choices and quantity disabled, no actions). */
  readOnly?: boolean;
  /** The actions under the quantity (the app composes "Add to project" or a project line's Save); none when absent. */
  renderActions?: (state: ConfiguratorActionsState) => ReactNode;
  /** Told the finish after each choice (the page's picture follows it). */
  onFinishChange?: (finish: string) => void;
}

/**
 * The express and attributes configurators of one model: choose each attribute among the model's
 * valid variations and see, as it changes, the reference in the catalogue's form, the price (with
 * price.view), MOQ, lead time for the quantity, availability, lumens, watts and drivers. Every
 * figure comes from @lumen/domain (see configuration.ts).
 */
export function Configurator({
  mode,
  model,
  data,
  rules,
  lang,
  seesPrices,
  initial,
  initialQuantity = 1,
  now,
  readOnly = false,
  renderActions,
  onFinishChange,
}: ConfiguratorProps) {
  const { t } = useTranslation();
  // RemoteDriverCP as the api evaluated it for this user (configuration-domain §4): with it on, a
  // remote installation switches the light to control M when the model offers it.
  const remoteDriverCP = useFlag('RemoteDriverCP');
  const context = useMemo(() => configuratorContextOf(model, data, rules, { remoteDriverCP }), [model, data, rules, remoteDriverCP]);
  const base = useMemo(() => baseArticle(context.collection, model), [context, model]);
  const [tree, setTree] = useState(() => startConfiguration(context, initial, now));
  useEffect(() => forgetWarmStart(context), [context]);
  const [incompatible, setIncompatible] = useState<AttributeKey | null>(null);
  // What moved with the last choice (said beside the attribute chosen, and to screen readers).
  const [moved, setMoved] = useState<{ key: AttributeKey; changes: readonly AttributeChange[] } | null>(null);
  const [quantity, setQuantity] = useState(Math.max(1, initialQuantity));

  const attributes = attributesOf(tree);
  const options = optionsOf(context);
  const states = useMemo(() => optionStatesOf(tree, context, now), [tree, context, now]);
  // Priced as the api prices this user's lines (catalogue 21's cap follows changePricesCalculation).
  const changePricesCalculation = useFlag('changePricesCalculation');
  const result = useMemo(() => {
    const pricing =
      seesPrices && data.pricing ? { basePrice: data.pricing.basePrices[model], rateId: data.pricing.rateId, discounts: data.pricing.discounts, changePricesCalculation } : null;
    return resultOf(tree, context, quantity, pricing, now);
  }, [tree, context, quantity, seesPrices, data.pricing, model, changePricesCalculation, now]);
  const currency = data.pricing?.currency ?? (data.catalogId === 21 ? 'USD' : 'EUR');

  const choose = (key: AttributeKey, value: string) => {
    if (readOnly) return;
    const outcome = chooseAttribute(tree, key, value, context, now);
    setTree(outcome.tree);
    onFinishChange?.(attributesOf(outcome.tree).finish ?? base.attributes.finish.code);
    setIncompatible(outcome.incompatible ? key : null);
    setMoved(outcome.changes.length > 0 ? { key, changes: outcome.changes } : null);
  };

  const label = (key: ListedKey, code: string) => labelOf(context, base, key, code, lang);
  /** What a conflicting option would change and why, in the user's language. */
  const conflictText = (option: Extract<OptionState, { state: 'conflict' }>) => {
    const reason = reasonOf(option.conflict, lang, t);
    if (option.moves.length === 0) return reason;
    return t('configurator.conflict.changes', { attributes: option.moves.map((key) => t(`configurator.attribute.${key}`)).join(', '), reason });
  };
  /** Shown options: what some valid combination holds (the current value always). */
  const shown = (key: ListedKey) => states[key].filter((option) => option.state !== 'unreachable');
  const movedNote = (key: AttributeKey) =>
    moved?.key === key
      ? t('configurator.moved', {
          changes: moved.changes.map((change) => `${t(`configurator.attribute.${change.key}`)}: ${label(change.key, change.from)} → ${label(change.key, change.to)}`).join('; '),
        })
      : '';

  const codeOf = (key: ListedKey) => attributes[key] ?? base.attributes[key].code;
  const pendant = options.pendantHeight;
  const height = attributes.pendantHeight ?? String(base.attributes.pendantHeight?.value ?? base.attributes.pendantHeight?.standard ?? pendant?.min ?? '');
  // The height the line is added or saved with (cm): what the configurator shows.
  const heightCm = pendant && /^\d+$/.test(height) && Number(height) > 0 ? Number(height) : null;

  return (
    <div className={`configurator configurator--${mode}`}>
      <section className="configurator__choices card" aria-labelledby="configurator-choices-title">
        <h2 id="configurator-choices-title">{t('configurator.choices.title')}</h2>
        {mode === 'express' ? (
          <div className="configurator__fields">
            {LISTED.map((key) => (
              <div key={key} className="configurator__field">
                <Select
                  label={t(`configurator.attribute.${key}`)}
                  options={shown(key).map((option) => ({
                    value: option.code,
                    label: label(key, option.code),
                    isDisabled: option.state === 'unavailable',
                    description: option.state === 'conflict' ? conflictText(option) : option.state === 'unavailable' ? t('configurator.unavailable') : undefined,
                  }))}
                  value={codeOf(key)}
                  onChange={(value) => choose(key, value)}
                  isDisabled={shown(key).length <= 1 || readOnly}
                  description={shown(key).length <= 1 ? t('configurator.onlyOption') : undefined}
                />
                <p className="configurator__moved" role="status">
                  {movedNote(key)}
                </p>
              </div>
            ))}
            {pendant && (
              <Select
                label={t('configurator.attribute.pendantHeight')}
                options={pendantHeights(base, pendant).map((cm) => ({ value: String(cm), label: lengthOf(cm, data.catalogId, lang) }))}
                value={height}
                onChange={(value) => choose('pendantHeight', value)}
                isDisabled={readOnly}
              />
            )}
          </div>
        ) : (
          <div className="configurator__groups">
            {LISTED.map((key) => (
              <OptionGroup
                key={key}
                label={t(`configurator.attribute.${key}`)}
                options={shown(key).map((option) => ({
                  code: option.code,
                  label: label(key, option.code),
                  swatch: key === 'finish' ? swatchOf(data, model, base, option.code) : undefined,
                  disabled: option.state === 'unavailable',
                  note: option.state === 'conflict' ? conflictText(option) : option.state === 'unavailable' ? t('configurator.unavailable') : undefined,
                  conflict: option.state === 'conflict',
                }))}
                value={codeOf(key)}
                onChange={(value) => choose(key, value)}
                isFixed={readOnly}
                moved={movedNote(key)}
              />
            ))}
            {pendant && (
              <OptionGroup
                label={t('configurator.attribute.pendantHeight')}
                options={pendantHeights(base, pendant).map((cm) => ({ code: String(cm), label: lengthOf(cm, data.catalogId, lang), disabled: false, conflict: false }))}
                value={height}
                onChange={(value) => choose('pendantHeight', value)}
                isFixed={readOnly}
              />
            )}
          </div>
        )}
        <div className="configurator__message" role="alert">
          {incompatible && (
            <p className="configurator__incompatible">
              {t('configurator.incompatible')} {t('configurator.incompatibleKept', { attribute: t(`configurator.attribute.${incompatible}`) })}
            </p>
          )}
        </div>
      </section>
      <Results
        result={result}
        catalogId={data.catalogId}
        pendantHeight={pendant ? lengthOf(Number(height), data.catalogId, lang) : null}
        quantity={quantity}
        onQuantity={setQuantity}
        seesPrices={seesPrices}
        currency={currency}
        lang={lang}
        readOnly={readOnly}
        renderActions={renderActions ? (state) => renderActions({ ...state, attributes, pendantHeight: heightCm }) : undefined}
      />
    </div>
  );
}

/** The finish's colour (a CSS colour the catalogue gives as its thumbnail). */
function swatchOf(data: VariationsResponse, model: string, base: Article, code: string): string | undefined {
  if (base.attributes.finish.code === code) return base.attributes.finish.thumbnail;
  return data.variations.find((variation) => variation.model === model && variation.type === 'color' && variation.modifier === code)?.thumbnail;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A pendant height (cm) in the catalogue's units: feet and inches in catalogue 21, metres elsewhere (issue 10 §10). */
const lengthOf = formatLength;

interface GroupOption {
  code: string;
  label: string;
  swatch?: string;
  disabled: boolean;
  /** Choosing it moves other attributes (the note says which and why). */
  conflict: boolean;
  /** Shown beside the option and read with it. */
  note?: string;
}

/** The attributes configurator shows every option of an attribute at once, as toggle buttons. */
function OptionGroup({
  label,
  options,
  value,
  onChange,
  isFixed = false,
  moved = '',
}: {
  label: string;
  options: readonly GroupOption[];
  value: string;
  onChange: (code: string) => void;
  /** Shown, not offered for change (read-only). */
  isFixed?: boolean;
  /** What moved with the last choice made here (a live region, beside the group). */
  moved?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const single = options.length <= 1;
  return (
    <fieldset className="configurator__group">
      <legend>{label}</legend>
      <div className="configurator__options">
        {options.map((option, index) => (
          <div key={option.code} className={`configurator__option${option.note ? ' configurator__option--noted' : ''}`}>
            <Button
              size="sm"
              variant={option.code === value ? 'primary' : 'secondary'}
              className={option.conflict ? 'configurator__conflict' : undefined}
              aria-pressed={option.code === value}
              aria-describedby={option.note ? `${id}-${index}` : undefined}
              isDisabled={option.disabled || single || isFixed}
              onPress={() => onChange(option.code)}
            >
              {option.swatch && <span className="configurator__swatch" style={{ background: option.swatch }} aria-hidden="true" />}
              {option.label}
            </Button>
            {option.note && (
              <span id={`${id}-${index}`} className="configurator__note">
                {option.note}
              </span>
            )}
          </div>
        ))}
      </div>
      {single && <p className="configurator__hint">{t('configurator.onlyOption')}</p>}
      <p className="configurator__moved" role="status">
        {moved}
      </p>
    </fieldset>
  );
}

/** Why an option conflicts with the current choice, in the user's language (a rule's own translation, else its text). */
function reasonOf(conflict: CombinationConflict, lang: Lang, t: Translate): string {
  if (conflict.kind === 'room') return t('configurator.conflict.room');
  if (conflict.kind === 'remoteDriver') return t('configurator.conflict.remoteDriver');
  return descriptionIn(conflict.failure.reasons, lang) || conflict.failure.reason;
}

interface ResultsProps {
  result: ConfigurationResult;
  catalogId: number;
  /** The chosen pendant height, for a pendant. */
  pendantHeight: string | null;
  /** The same height in centimetres (what is added or saved). */
  quantity: number;
  onQuantity: (quantity: number) => void;
  seesPrices: boolean;
  currency: string;
  lang: Lang;
  readOnly: boolean;
  renderActions?: (state: Omit<ConfiguratorActionsState, 'attributes' | 'pendantHeight'>) => ReactNode;
}

/**
 * What the ERP says of the configured reference at the chosen quantity (POST sr-erp /v1/availability),
 * under what the catalogue says, for users who order or see orders (the api answers only them).
 */
function ErpAvailabilityLine({ reference, quantity }: { reference: string; quantity: number }) {
  const mayAsk = useMayAskAvailability();
  const asks = useMemo(() => (mayAsk && quantity >= 1 ? [{ reference, quantity }] : []), [mayAsk, reference, quantity]);
  const remote = useErpAvailability(asks);
  const availability = remote.status === 'ready' ? remote.data.get(reference) : undefined;
  if (!availability) return null;
  return (
    <span className="erp-availability__line" data-testid="erp-availability">
      <ErpAvailabilityText availability={availability} />
    </span>
  );
}

function Results({ result, catalogId, pendantHeight, quantity, onQuantity, seesPrices, currency, lang, readOnly, renderActions }: ResultsProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<{ reference: string; outcome: 'copied' | 'failed' } | null>(null);
  const dispatch = useAppDispatch();
  // The catalogue has the last word on whether the reference is made (a few accepted combinations are not).
  const [made] = useRemote(`${catalogId}/${result.reference}`, () => dispatch(checkReference({ reference: result.reference, catalogId, lang })).unwrap());
  const notMade = made.status === 'ready' && !made.data;
  const validity = orderLineValidity(quantity, [{ reference: result.reference, moq: result.moq }]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.reference);
      setCopied({ reference: result.reference, outcome: 'copied' });
    } catch {
      setCopied({ reference: result.reference, outcome: 'failed' });
    }
  };
  const money = (amount: number) => formatMoney(amount, currency);
  const availability =
    result.availability.state === 'available'
      ? t('configurator.availability.now')
      : result.availability.state === 'expired'
        ? t('configurator.availability.expired')
        : t('configurator.availability.upcoming', { weeks: result.availability.weeks, date: result.availability.date ? formatDate(result.availability.date, lang) : '' });

  return (
    <section className="configurator__result card" aria-labelledby="configurator-result-title">
      <h2 id="configurator-result-title">{t('configurator.result.title')}</h2>
      <div className="configurator__reference">
        <span className="configurator__label" id="configurator-reference-label">
          {t('configurator.result.reference')}
        </span>
        <output
          className={`configurator__reference-value${notMade ? ' configurator__reference-value--not-made' : ''}`}
          aria-labelledby="configurator-reference-label"
          data-testid="configured-reference"
        >
          {result.reference}
        </output>
        <Button variant="secondary" size="sm" onPress={() => void copy()} isDisabled={notMade}>
          {t('configurator.result.copy')}
        </Button>
        <span className="configurator__copied" role="status">
          {copied?.reference !== result.reference ? '' : copied.outcome === 'copied' ? t('configurator.result.copied') : t('configurator.result.copyFailed')}
        </span>
      </div>
      <div className="configurator__message" role="alert">
        {notMade && (
          <p className="configurator__incompatible">
            {t('configurator.incompatible')} {t('configurator.notMade')}
          </p>
        )}
      </div>
      <QuantitySelector
        className="configurator__quantity"
        variant="numeric"
        label={t('configurator.result.quantity')}
        showLabel
        value={quantity}
        min={1}
        max={100_000}
        isDisabled={readOnly}
        onChange={(value) => onQuantity(Math.max(1, Math.round(value)))}
      />
      {/* The caller's actions for the configured product: the app's pages put "Add to project" or a line's Save here. */}
      {renderActions && <div className="configurator__add-to-project">{renderActions({ reference: result.reference, quantity, notMade })}</div>}
      {!validity.valid && (
        <p className="configurator__warning" role="status">
          {t('configurator.result.belowMoq', { moq: formatNumber(result.moq, lang) })}
        </p>
      )}
      <dl className="configurator__facts">
        {seesPrices && result.prices && (
          <>
            <div>
              <dt>{t('configurator.result.unitPrice')}</dt>
              <dd>{money(result.prices.unitGross)}</dd>
            </div>
            {result.prices.unitDiscount > 0 && (
              <div>
                <dt>{t('configurator.result.netPrice')}</dt>
                <dd>{money(result.prices.unitNet)}</dd>
              </div>
            )}
            <div>
              <dt>{t('configurator.result.total', { quantity: formatNumber(quantity, lang) })}</dt>
              <dd className="configurator__total">{money(result.prices.totalNet)}</dd>
            </div>
          </>
        )}
        {pendantHeight && (
          <div>
            <dt>{t('configurator.attribute.pendantHeight')}</dt>
            <dd>{pendantHeight}</dd>
          </div>
        )}
        <div>
          <dt>{t('configurator.result.moq')}</dt>
          <dd>{formatNumber(result.moq, lang)}</dd>
        </div>
        <div>
          <dt>{t('configurator.result.leadTime')}</dt>
          <dd>{t('configurator.result.weeks', { weeks: formatNumber(result.leadTimeWeeks, lang) })}</dd>
        </div>
        <div>
          <dt>{t('configurator.result.availability')}</dt>
          <dd>
            {availability}
            {!notMade && <ErpAvailabilityLine reference={result.reference} quantity={quantity} />}
          </dd>
        </div>
        <div>
          <dt>{t('configurator.result.lumens')}</dt>
          <dd>{`${formatNumber(result.lumens, lang)}\u00a0lm`}</dd>
        </div>
        <div>
          <dt>{t('configurator.result.watts')}</dt>
          <dd>{`${formatNumber(result.watts, lang)}\u00a0W`}</dd>
        </div>
        <div>
          <dt>{t('configurator.result.drivers')}</dt>
          <dd>
            {result.drivers.length === 0 ? (
              t('configurator.result.noDrivers')
            ) : (
              <ul className="configurator__drivers">
                {result.drivers.map((driver) => (
                  <li key={driver.driverCode}>{`${formatNumber(driver.count, lang)} × ${driver.driverCode}`}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
