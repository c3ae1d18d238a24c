import { createContext, useContext } from 'react';

/**
 * Popovers are portalled to the end of <body>. The dropdown layer (z-index 9999) sits under the
 * modal layer (13000), so a popover opened from inside a modal must climb above it: the modal
 * provides this context and the kit's popovers read it.
 */
export const InModalContext = createContext(false);

export function usePopoverLayerClass(): string | undefined {
  return useContext(InModalContext) ? 'lm-popover--in-modal' : undefined;
}
