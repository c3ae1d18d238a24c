import clsx from 'clsx';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { QUANTITY_DEFAULT_STEP, TIMINGS } from '../tokens/tokens';
import { clampQuantity, formatQuantity, parseQuantity, roundToStep, sanitizeQuantityInput, type QuantityError } from './quantity';

export type QuantityVariant = 'default' | 'numeric';

export interface QuantitySelectorProps {
  /** Controlled value; omit it to let the selector keep its own (starting at defaultValue). */
  value?: number;
  defaultValue?: number;
  onChange?: (value: number) => void;
  /** default: min 0; numeric: min 1. */
  min?: number;
  max?: number;
  /** Default 1; its decimals are the precision allowed. */
  step?: number;
  /** Milliseconds after the last keystroke before the typed value is capped/raised and reported. Default 500. */
  debounceMs?: number;
  /** numeric: defaults to min 1 and value 1, and reports max-value / min-value errors. */
  variant?: QuantityVariant;
  /** Called with the bound the numeric variant hit, or null when the value is in range again. */
  onError?: (error: QuantityError | null) => void;
  /** Accessible label; default "Quantity". */
  label?: string;
  /** Show the label above the field (default: visually hidden). */
  showLabel?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** The decimal separator of a locale (a comma in es-ES, de-DE…, a point in en-GB, en-US). */
function decimalSeparatorOf(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * Quantity with − and + buttons and a typed entry. Decimals show with the decimal separator of the
 * kit's locale (KitLocale: "1,50" in Spanish); typing: a comma or a point is the decimal point,
 * one separator, decimals limited to the step's precision; after the debounce the value is capped
 * at max / raised to min and reported. ArrowUp/ArrowDown step, Enter or leaving the field commits at once.
 */
export function QuantitySelector({
  value,
  defaultValue,
  onChange,
  variant = 'default',
  min = variant === 'numeric' ? 1 : 0,
  max = Number.MAX_SAFE_INTEGER,
  step = QUANTITY_DEFAULT_STEP,
  debounceMs = TIMINGS.quantityDebounce,
  onError,
  label,
  showLabel = false,
  isDisabled = false,
  className,
}: QuantitySelectorProps) {
  const { t } = useWidgetsTranslation();
  const { locale } = useLocale();
  const decimal = useMemo(() => decimalSeparatorOf(locale), [locale]);
  const id = useId();
  const [ownValue, setOwnValue] = useState(() => defaultValue ?? (variant === 'numeric' ? 1 : min));
  const current = value ?? ownValue;
  const [text, setText] = useState(() => formatQuantity(current, step));
  const [error, setError] = useState<QuantityError | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);

  // Follow a controlled value that changes from outside while the user is not typing.
  useEffect(() => {
    if (!pending.current) setText(formatQuantity(current, step));
  }, [current, step]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const report = useCallback(
    (next: QuantityError | null) => {
      if (variant !== 'numeric') return;
      setError((previous) => {
        if (previous !== next) onError?.(next);
        return next;
      });
    },
    [variant, onError],
  );

  const commit = useCallback(
    (raw: number | null) => {
      clearTimeout(timer.current);
      pending.current = false;
      const clamped = clampQuantity(raw === null ? null : roundToStep(raw, step), min, max);
      setText(formatQuantity(clamped.value, step));
      report(clamped.error);
      if (value === undefined) setOwnValue(clamped.value);
      if (clamped.value !== current) onChange?.(clamped.value);
    },
    [step, min, max, report, value, current, onChange],
  );

  const stepBy = (direction: 1 | -1) => commit(current + direction * step);

  const onType = (raw: string) => {
    const clean = sanitizeQuantityInput(raw, step);
    setText(clean);
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(parseQuantity(clean)), debounceMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      stepBy(1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(-1);
    } else if (event.key === 'Enter' && pending.current) {
      commit(parseQuantity(text));
    }
  };

  const message = error === 'max-value' ? t('quantity.maxValue', { max }) : error === 'min-value' ? t('quantity.minValue', { min }) : null;
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;

  return (
    <div className={clsx('lm-field', 'lm-quantity', className)} data-invalid={message ? true : undefined}>
      <label htmlFor={inputId} className={showLabel ? 'lm-field__label' : 'lm-visually-hidden'}>
        {label ?? t('quantity.label')}
      </label>
      <div className="lm-field__control lm-quantity__control" data-invalid={message ? true : undefined}>
        <AriaButton
          className="lm-field__icon-button lm-quantity__button"
          aria-label={t('quantity.decrease')}
          onPress={() => stepBy(-1)}
          isDisabled={isDisabled || current <= min}
          excludeFromTabOrder
          aria-controls={inputId}
        >
          <Icon name="minus" size={16} />
        </AriaButton>
        <input
          id={inputId}
          className="lm-field__input lm-quantity__input"
          type="text"
          inputMode={step % 1 === 0 ? 'numeric' : 'decimal'}
          role="spinbutton"
          aria-valuenow={current}
          aria-valuemin={min}
          aria-valuemax={max === Number.MAX_SAFE_INTEGER ? undefined : max}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          autoComplete="off"
          value={decimal === '.' ? text : text.replace('.', decimal)}
          disabled={isDisabled}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (pending.current) commit(parseQuantity(text));
          }}
        />
        <AriaButton
          className="lm-field__icon-button lm-quantity__button"
          aria-label={t('quantity.increase')}
          onPress={() => stepBy(1)}
          isDisabled={isDisabled || current >= max}
          excludeFromTabOrder
          aria-controls={inputId}
        >
          <Icon name="plus" size={16} />
        </AriaButton>
      </div>
      <div id={errorId} className="lm-field__error" role="status">
        {message}
      </div>
    </div>
  );
}
