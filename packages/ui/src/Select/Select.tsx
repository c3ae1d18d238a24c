import clsx from 'clsx';
import { useRef, type Key, type RefObject } from 'react';
import { HiddenSelect, mergeProps, useFocusRing, useHover, useListBox, useOption, useSelect } from 'react-aria';
import {
  Button as AriaButton,
  ButtonContext,
  LabelContext,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  TextContext,
} from 'react-aria-components';
import { Item, useSelectState, type ListState, type Node } from 'react-stately';
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

/**
 * Single choice from a list; keyboard: arrows, typeahead, Enter/Space to choose, Escape to close.
 *
 * Built from react-aria's hooks with react-stately's collection, which is read from the options
 * during the render. react-aria-components' Select builds its collection in a hidden copy of its
 * children: its first commit shows the placeholder, and the store that copy fills then renders the
 * select again, synchronously, in the task that runs the page's effects (issue 35 §5, bench/README).
 * The label, trigger, messages and popover are still react-aria-components' parts, given their props
 * through the same contexts that component uses.
 */
export function Select<V extends string = string>({ options, value, onChange, placeholder, defaultOpen, ...field }: SelectProps<V>) {
  const { t } = useWidgetsTranslation();
  const layerClass = usePopoverLayerClass();
  const byKey = new Map<Key, V>(options.map((option) => [option.value, option.value]));
  const rootProps = fieldRootProps(field, 'lm-select');
  const state = useSelectState<SelectOption<V>>({
    items: options,
    children: (option) => (
      <Item key={option.value} textValue={option.label}>
        {option.label}
      </Item>
    ),
    value,
    onChange: (key) => {
      const next = key === null ? undefined : byKey.get(key);
      if (next !== undefined) onChange(next);
    },
    defaultOpen,
    disabledKeys: options.filter((option) => option.isDisabled).map((option) => option.value),
    isDisabled: rootProps.isDisabled,
    isRequired: rootProps.isRequired,
    isInvalid: rootProps.isInvalid,
    validationBehavior: rootProps.validationBehavior,
  });
  const triggerRef = useRef<HTMLButtonElement>(null);
  const scrollRef = useRef<HTMLUListElement>(null);
  const { labelProps, triggerProps, valueProps, menuProps, descriptionProps, errorMessageProps, hiddenSelectProps, isInvalid } = useSelect(
    { ...rootProps, label: field.label, description: field.description, errorMessage: field.errorMessage, placeholder },
    state,
    triggerRef,
  );
  const { isFocusVisible, focusProps } = useFocusRing({ within: true });
  const placeholderShown = state.selectedItem === null;

  return (
    <Provider
      values={[
        [LabelContext, { ...labelProps, elementType: 'span' }],
        [ButtonContext, { ...triggerProps, ref: triggerRef, isPressed: state.isOpen }],
        [OverlayTriggerStateContext, state],
        [PopoverContext, { trigger: 'Select', triggerRef, scrollRef, placement: 'bottom start', 'aria-labelledby': menuProps['aria-labelledby'], clearContexts: CLEAR_CONTEXTS }],
        [TextContext, { slots: { description: descriptionProps, errorMessage: errorMessageProps } }],
      ]}
    >
      <div
        {...focusProps}
        className={rootProps.className}
        data-focused={state.isFocused || undefined}
        data-focus-visible={isFocusVisible || undefined}
        data-open={state.isOpen || undefined}
        data-disabled={rootProps.isDisabled || undefined}
        data-invalid={isInvalid || undefined}
        data-required={rootProps.isRequired || undefined}
      >
        <FieldLabel isRequired={field.isRequired}>{field.label}</FieldLabel>
        <AriaButton className="lm-field__control lm-select__trigger">
          <span {...valueProps} className="lm-select__value" data-placeholder={placeholderShown || undefined}>
            {placeholderShown ? (placeholder ?? t('select.placeholder')) : state.selectedItem.textValue}
          </span>
          <Icon name="chevronDown" className="lm-select__chevron" />
        </AriaButton>
        <FieldMessages description={field.description} error={field.isInvalid ? field.errorMessage : undefined} />
        <Popover className={clsx('lm-popover', 'lm-select__popover', layerClass)} offset={4}>
          <OptionList menuProps={menuProps} state={state} options={options} listRef={scrollRef} />
        </Popover>
        <HiddenSelect {...hiddenSelectProps} />
      </div>
    </Provider>
  );
}

/** The select's label, trigger and messages contexts stop at its popover (as in react-aria-components' Select). */
const CLEAR_CONTEXTS = [LabelContext, ButtonContext, TextContext];

type MenuProps = ReturnType<typeof useSelect>['menuProps'];

/** The open list: react-aria's listbox over the select's own state (focus, typeahead, selection). */
function OptionList<V extends string>({ menuProps, state, options, listRef }: { menuProps: MenuProps; state: ListState<SelectOption<V>>; options: readonly SelectOption<V>[]; listRef: RefObject<HTMLUListElement | null> }) {
  const { listBoxProps } = useListBox(menuProps, state, listRef);
  const descriptions = new Map(options.map((option) => [option.value as Key, option.description]));
  return (
    <ul {...listBoxProps} ref={listRef} className="lm-listbox">
      {[...state.collection].map((item) => (
        <OptionItem key={item.key} item={item} state={state} description={descriptions.get(item.key)} />
      ))}
    </ul>
  );
}

function OptionItem<V extends string>({ item, state, description }: { item: Node<SelectOption<V>>; state: ListState<SelectOption<V>>; description: string | undefined }) {
  const ref = useRef<HTMLLIElement>(null);
  const { optionProps, labelProps, descriptionProps, isSelected, isFocused, isDisabled } = useOption({ key: item.key }, state, ref);
  const { hoverProps, isHovered } = useHover({ isDisabled });
  return (
    <li
      {...mergeProps(optionProps, hoverProps)}
      ref={ref}
      className="lm-listbox__item"
      data-focused={isFocused || undefined}
      data-hovered={isHovered || undefined}
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
    >
      {description ? (
        <span className="lm-listbox__text">
          <span {...labelProps}>{item.textValue}</span>
          <span {...descriptionProps} className="lm-listbox__description">
            {description}
          </span>
        </span>
      ) : (
        <span>{item.textValue}</span>
      )}
      {isSelected && <Icon name="check" size={16} />}
    </li>
  );
}
