import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { Button, type ButtonVariant } from '../Button/Button';
import { Icon, type IconName } from '../Icon/Icon';
import { usePopoverLayerClass } from '../overlay/layer-context';

export interface DropdownItem<K extends string = string> {
  id: K;
  label: string;
  icon?: IconName;
  isDisabled?: boolean;
}

export interface DropdownProps<K extends string = string> {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  'aria-label'?: string;
  items: readonly DropdownItem<K>[];
  onAction: (id: K) => void;
  variant?: ButtonVariant;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  className?: string;
}

/**
 * Menu button: opens a list of actions (z-index 9999). Closes after an action, on Escape and on
 * an outside click. Keyboard: Enter/Space/ArrowDown open, arrows move, Enter acts, typeahead.
 */
export function Dropdown<K extends string = string>({
  trigger,
  'aria-label': ariaLabel,
  items,
  onAction,
  variant = 'ghost',
  placement = 'bottom start',
  isOpen,
  onOpenChange,
  className,
}: DropdownProps<K>) {
  const layerClass = usePopoverLayerClass();
  const ids = new Map<Key, K>(items.map((item) => [item.id, item.id]));
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button variant={variant} aria-label={ariaLabel} className={clsx('lm-dropdown__trigger', className)}>
        {trigger}
        <Icon name="chevronDown" size={16} />
      </Button>
      <Popover placement={placement} offset={4} className={clsx('lm-popover', 'lm-dropdown__popover', layerClass)}>
        <Menu
          className="lm-listbox lm-dropdown__menu"
          items={items}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
          onAction={(key) => {
            const id = ids.get(key);
            if (id !== undefined) onAction(id);
          }}
        >
          {(item) => (
            <MenuItem id={item.id} textValue={item.label} className="lm-listbox__item lm-dropdown__item">
              <span className="lm-dropdown__label">
                {item.icon && <Icon name={item.icon} size={18} />}
                {item.label}
              </span>
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
