import clsx from 'clsx';
import type { Key } from 'react';
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components';
import { FieldLabel, FieldMessages, fieldRootProps, type FieldBaseProps } from '../Field/field-chrome';
import { Icon } from '../Icon/Icon';
import { usePopoverLayerClass } from '../overlay/layer-context';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  isDisabled?: boolean;
  /** A second line under the label (e.g. what choosing it changes); read with the option. */
  description?: string;
}

export interface SelectProps<V extends string = string> extends FieldBaseProps {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  placeholder?: string;
  /** Opens the list on mount (e.g. a trigger pressed before the widget was loaded). */
  defaultOpen?: boolean;
}

/** Single choice from a list; keyboard: arrows, typeahead, Enter/Space to choose, Escape to close. */
export function Select<V extends string = string>({ options, value, onChange, placeholder, defaultOpen, ...field }: SelectProps<V>) {
  const { t } = useWidgetsTranslation();
  const layerClass = usePopoverLayerClass();
  const byKey = new Map<Key, V>(options.map((option) => [option.value, option.value]));
  return (
    <AriaSelect
      {...fieldRootProps(field, 'lm-select')}
      value={value}
      onChange={(key) => {
        const next = key === null ? undefined : byKey.get(key);
        if (next !== undefined) onChange(next);
      }}
      placeholder={placeholder ?? t('select.placeholder')}
      defaultOpen={defaultOpen}
      disabledKeys={options.filter((option) => option.isDisabled).map((option) => option.value)}
    >
      <FieldLabel isRequired={field.isRequired}>{field.label}</FieldLabel>
      <AriaButton className="lm-field__control lm-select__trigger">
        <SelectValue className="lm-select__value" />
        <Icon name="chevronDown" className="lm-select__chevron" />
      </AriaButton>
      <FieldMessages description={field.description} error={field.isInvalid ? field.errorMessage : undefined} />
      <Popover className={clsx('lm-popover', 'lm-select__popover', layerClass)} offset={4}>
        <ListBox className="lm-listbox" items={options.map((option) => ({ ...option, id: option.value }))}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="lm-listbox__item">
              {({ isSelected }) => (
                <>
                  {option.description ? (
                    <span className="lm-listbox__text">
                      <Text slot="label">{option.label}</Text>
                      <Text slot="description" className="lm-listbox__description">
                        {option.description}
                      </Text>
                    </span>
                  ) : (
                    <span>{option.label}</span>
                  )}
                  {isSelected && <Icon name="check" size={16} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
