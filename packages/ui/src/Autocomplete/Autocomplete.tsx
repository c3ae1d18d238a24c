import clsx from 'clsx';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { FieldLabel, FieldMessages, fieldRootProps, type FieldBaseProps } from '../Field/field-chrome';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { usePopoverLayerClass } from '../overlay/layer-context';

export interface AutocompleteOption<V extends string = string> {
  value: V;
  label: string;
}

export interface AutocompleteProps<V extends string = string> extends FieldBaseProps {
  options: readonly AutocompleteOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  /**
   * Remote search: called with the typed text; `options` are then shown as given (not filtered
   * here). Without it the options are filtered locally by "contains", ignoring case and accents.
   */
  onInputChange?: (text: string) => void;
  /** While true the list shows 'Loading…'. */
  isLoading?: boolean;
  placeholder?: string;
}

const collator = new Intl.Collator(undefined, { usage: 'search', sensitivity: 'base' });

/** Case- and accent-insensitive "contains". */
export function containsText(text: string, query: string): boolean {
  const q = query.trim();
  if (q === '') return true;
  for (let start = 0; start + q.length <= text.length; start += 1) {
    if (collator.compare(text.slice(start, start + q.length), q) === 0) return true;
  }
  return false;
}

/**
 * Text input with suggestions (combobox). The list opens as you type (after 21 ms) or with
 * ArrowDown / the button; arrows move, Enter picks, Escape closes. Shows 'Loading…' while loading
 * and 'No options' when nothing matches.
 */
export function Autocomplete<V extends string = string>({
  options,
  value,
  onChange,
  onInputChange,
  isLoading = false,
  placeholder,
  ...field
}: AutocompleteProps<V>) {
  const { t } = useWidgetsTranslation();
  const layerClass = usePopoverLayerClass();
  const values = new Map<Key, V>(options.map((option) => [option.value, option.value]));
  const items = isLoading ? [] : options.map((option) => ({ ...option, id: option.value }));
  const remote = onInputChange !== undefined;
  return (
    <ComboBox
      {...fieldRootProps(field, 'lm-autocomplete')}
      {...(remote ? { items, onInputChange } : { defaultItems: items, defaultFilter: containsText })}
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === null ? null : (values.get(key) ?? null))}
      allowsEmptyCollection
      menuTrigger="input"
    >
      <FieldLabel isRequired={field.isRequired}>{field.label}</FieldLabel>
      <div className="lm-field__control">
        <Input className="lm-field__input" placeholder={placeholder} />
        <AriaButton className="lm-field__icon-button" aria-label={t('autocomplete.showOptions')}>
          <Icon name="chevronDown" />
        </AriaButton>
      </div>
      <FieldMessages description={field.description} error={field.isInvalid ? field.errorMessage : undefined} />
      <Popover offset={4} className={clsx('lm-popover', 'lm-autocomplete__popover', layerClass)}>
        <ListBox
          className="lm-listbox"
          renderEmptyState={() => (
            <div className="lm-listbox__empty" role="status">
              {isLoading ? t('autocomplete.loading') : t('autocomplete.noOptions')}
            </div>
          )}
        >
          {(option: { id: V; label: string }) => (
            <ListBoxItem id={option.id} textValue={option.label} className="lm-listbox__item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
