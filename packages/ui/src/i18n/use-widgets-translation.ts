import { useTranslation } from 'react-i18next';

/** The translation namespace of the interface kit. Keys are flat and dotted (keySeparator: false). */
export const WIDGETS_NAMESPACE = 'fr-widgets';

/** `t` of the kit's namespace; every visible string of the kit goes through it. */
export function useWidgetsTranslation() {
  return useTranslation(WIDGETS_NAMESPACE);
}
