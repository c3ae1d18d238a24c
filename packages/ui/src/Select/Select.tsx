import clsx from 'clsx';
import type { Key, ReactNode } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { usePopoverLayerClass } from '../overlay/layer-context';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps<V extends string = string> {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  placeholder?: string;
  description?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  errorMessage?: ReactNode;
  name?: string;
  className?: string;
}

/** Single choice from a list; keyboard: arrows, typeahead, Enter/Space to choose, Escape to close. */
export function Select<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder,
  description,
  isRequired,
  isDisabled,
  isInvalid,
  errorMessage,
  name,
  className,
}: SelectProps<V>) {
  const { t } = useWidgetsTranslation();
  const layerClass = usePopoverLayerClass();
  const byKey = new Map<Key, V>(options.map((option) => [option.value, option.value]));
  return (
    <AriaSelect
      className={clsx('lm-field', 'lm-select', className)}
      value={value}
      onChange={(key) => {
        const next = key === null ? undefined : byKey.get(key);
        if (next !== undefined) onChange(next);
      }}
      placeholder={placeholder ?? t('select.placeholder')}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      name={name}
      disabledKeys={options.filter((option) => option.isDisabled).map((option) => option.value)}
      validationBehavior="aria"
    >
      <Label className="lm-field__label">
        {label}
        {isRequired && (
          <span className="lm-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Label>
      <AriaButton className="lm-field__control lm-select__trigger">
        <SelectValue className="lm-select__value" />
        <Icon name="chevronDown" className="lm-select__chevron" />
      </AriaButton>
      {description !== undefined && (
        <Text slot="description" className="lm-field__description">
          {description}
        </Text>
      )}
      {isInvalid && errorMessage !== undefined && (
        <Text slot="errorMessage" className="lm-field__error">
          {errorMessage}
        </Text>
      )}
      <Popover className={clsx('lm-popover', 'lm-select__popover', layerClass)} offset={4}>
        <ListBox className="lm-listbox" items={options.map((option) => ({ ...option, id: option.value }))}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="lm-listbox__item">
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
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
