// Public entry of @lumen/ui, the interface kit. Styles: import '@lumen/ui/styles.css' once in the app.
export * from './tokens/tokens';
export * from './theme/theme';
export { WIDGETS_NAMESPACE, useWidgetsTranslation } from './i18n/use-widgets-translation';
export { KitLocale } from './i18n/kit-locale';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './Icon/Icon';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button/Button';
export { Modal, type ModalProps, type ModalSize } from './Modal/Modal';
export { TextField, type TextFieldProps, type TextFieldType } from './TextField/TextField';
export { PasswordField, type PasswordFieldProps } from './PasswordField/PasswordField';
export { TextArea, type TextAreaProps } from './TextArea/TextArea';
export { Select, type SelectProps, type SelectOption } from './Select/Select';
export { Autocomplete, containsText, type AutocompleteProps, type AutocompleteOption } from './Autocomplete/Autocomplete';
export { DatePicker, type DatePickerProps } from './DatePicker/DatePicker';
export { DATE_PICKER_LOCALES, dateMask, toLang } from './DatePicker/date-locale';
export { QuantitySelector, type QuantitySelectorProps, type QuantityVariant } from './QuantitySelector/QuantitySelector';
export {
  clampQuantity,
  parseQuantity,
  roundToStep,
  sanitizeQuantityInput,
  stepPrecision,
  type QuantityError,
} from './QuantitySelector/quantity';
export { Dropdown, type DropdownProps, type DropdownItem } from './Dropdown/Dropdown';
export { Tooltip, type TooltipProps } from './Tooltip/Tooltip';
export { Badge, type BadgeProps, type BadgeTone } from './Badge/Badge';
export { Pager, type PagerProps } from './Pager/Pager';
export { DataTable, type DataTableColumn, type DataTableProps, type SortDirection, type TableSort } from './DataTable/DataTable';
export { PageHeader, type PageHeaderProps } from './PageHeader/PageHeader';
export { Card, type CardProps, type CardHeadingLevel } from './Card/Card';
export { Toolbar, type ToolbarProps } from './Toolbar/Toolbar';
export { Stat, StatList, type StatProps, type StatListProps } from './Stat/Stat';
export { EmptyState, type EmptyStateProps } from './EmptyState/EmptyState';
export { Stepper, type StepperProps, type StepperStep } from './Stepper/Stepper';
export { stepStates, type StepState } from './Stepper/stepper-states';
export { TabsGroup, TabList, Tab, TabPanel, type TabsGroupProps, type TabListProps, type TabProps, type TabPanelProps } from './Tabs/Tabs';
export { Skeleton, SkeletonGroup, type SkeletonProps, type SkeletonGroupProps, type SkeletonVariant } from './Skeleton/Skeleton';
export { ProgressBar, type ProgressBarProps } from './ProgressBar/ProgressBar';
export { FileDropZone, type FileDropZoneProps } from './FileDropZone/FileDropZone';
export { Grid, GridItem, type GridProps, type GridItemProps, type ColumnSpan } from './Grid/Grid';
export { ThemeToggle, type ThemeToggleProps } from './ThemeToggle/ThemeToggle';
export { EMAIL_PATTERN, FORM_ERRORS, validateEmail, fieldError, type FieldValidator } from './Field/field-validation';
export { WidgetGallery, type WidgetGalleryProps } from './WidgetGallery/WidgetGallery';
