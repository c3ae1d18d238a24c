import type { Lang } from '@lumen/contracts';
import type { DateValue } from '@internationalized/date';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { FieldLabel, FieldMessages, fieldRootProps, type FieldBaseProps } from '../Field/field-chrome';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { usePopoverLayerClass } from '../overlay/layer-context';
import { TIMINGS } from '../tokens/tokens';
import { DATE_PICKER_LOCALES, toCalendarDate, toLang } from './date-locale';

export interface DatePickerProps extends FieldBaseProps {
  /** The picked day as ISO yyyy-mm-dd, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** de, fr, it, en, es or us; default: the current i18next language. */
  lang?: Lang;
  /** Days that cannot be picked (ISO yyyy-mm-dd). */
  disabledDates?: readonly string[];
  /** Any other rule for days that cannot be picked. */
  isDateDisabled?: (iso: string) => boolean;
  minValue?: string;
  maxValue?: string;
}

/**
 * Day picker: a segmented input in the language's mask (dd.mm.yyyy for de, slashes otherwise) and
 * a calendar that opens about 100 ms after it is asked for and closes after a pick, on Escape or
 * on an outside click. Keyboard: type in the segments, Alt+ArrowDown or the button opens the
 * calendar, arrows move by day/week, Page Up/Down by month, Enter picks.
 */
export function DatePicker({ value, onChange, lang, disabledDates, isDateDisabled, minValue, maxValue, ...field }: DatePickerProps) {
  const { t, i18n } = useWidgetsTranslation();
  const layerClass = usePopoverLayerClass();
  const locale = DATE_PICKER_LOCALES[lang ?? toLang(i18n.language)];
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const disabled = new Set(disabledDates);
  const isUnavailable = (date: DateValue) => {
    const iso = date.toString().slice(0, 10);
    return disabled.has(iso) || (isDateDisabled?.(iso) ?? false);
  };

  return (
    <I18nProvider locale={locale}>
      <AriaDatePicker
        {...fieldRootProps(field, 'lm-datepicker')}
        granularity="day"
        value={toCalendarDate(value)}
        onChange={(next) => onChange(next ? next.toString().slice(0, 10) : null)}
        isDateUnavailable={isUnavailable}
        minValue={toCalendarDate(minValue)}
        maxValue={toCalendarDate(maxValue)}
        isOpen={isOpen}
        onOpenChange={(open) => {
          clearTimeout(timer.current);
          if (open) timer.current = setTimeout(() => setOpen(true), TIMINGS.datePickerOpenDelay);
          else setOpen(false);
        }}
        shouldCloseOnSelect
        data-locale={locale}
      >
        <FieldLabel isRequired={field.isRequired}>{field.label}</FieldLabel>
        <Group className="lm-field__control lm-datepicker__group">
          <DateInput className="lm-datepicker__input">
            {(segment) => <DateSegment segment={segment} className="lm-datepicker__segment" />}
          </DateInput>
          <AriaButton className="lm-field__icon-button" aria-label={t('datePicker.open')}>
            <Icon name="calendar" />
          </AriaButton>
        </Group>
        <FieldMessages description={field.description} error={field.isInvalid ? field.errorMessage : undefined} />
        <Popover className={clsx('lm-popover', 'lm-datepicker__popover', layerClass)} offset={4} placement="bottom start">
          <Dialog className="lm-datepicker__dialog">
            <Calendar className="lm-calendar">
              <div className="lm-calendar__header">
                <AriaButton slot="previous" className="lm-field__icon-button" aria-label={t('datePicker.previousMonth')}>
                  <Icon name="chevronLeft" />
                </AriaButton>
                <Heading className="lm-calendar__heading" />
                <AriaButton slot="next" className="lm-field__icon-button" aria-label={t('datePicker.nextMonth')}>
                  <Icon name="chevronRight" />
                </AriaButton>
              </div>
              <CalendarGrid className="lm-calendar__grid">{(date) => <CalendarCell date={date} className="lm-calendar__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
