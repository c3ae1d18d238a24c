import { Button, Icon } from '@lumen/ui';

/**
 * The header menus' triggers as they look before their widgets load (header-menus.tsx): the same
 * classes and content, so nothing moves when the real ones replace them. A press is remembered
 * and opens the menu once it is in; a focus moves to the real trigger (header.tsx).
 *
 * The press counts from its start (pointer down, or the key going down): when the widget arrives
 * between pointer down and up, the up lands on the new trigger, which never saw the down, so a
 * press counted at its end would be lost and the click would do nothing.
 */

export function UserMenuLabel({ name }: { name: string }) {
  return (
    <span className="app-header__name">
      <Icon name="user" aria-hidden="true" />
      <span className="app-header__name-text">{name}</span>
    </span>
  );
}

interface PlaceholderIntents {
  onFocus: () => void;
  onPress: () => void;
}

export function LanguageTriggerPlaceholder({ label, languageName, onFocus, onPress }: { label: string; languageName: string } & PlaceholderIntents) {
  return (
    <div className="lm-field lm-select app-header__language">
      <button
        type="button"
        className="lm-field__control lm-select__trigger"
        aria-label={`${languageName} ${label}`}
        onFocus={onFocus}
        onPointerDown={onPress}
        onClick={onPress}
      >
        <span className="lm-select__value">{languageName}</span>
        <Icon name="chevronDown" className="lm-select__chevron" />
      </button>
    </div>
  );
}

export function UserMenuPlaceholder({ name, label, onFocus, onPress }: { name: string; label: string } & PlaceholderIntents) {
  return (
    <Button variant="ghost" aria-label={label} aria-haspopup="menu" className="lm-dropdown__trigger app-header__user-trigger" onFocus={onFocus} onPressStart={onPress}>
      <UserMenuLabel name={name} />
      <Icon name="chevronDown" size={16} />
    </Button>
  );
}
