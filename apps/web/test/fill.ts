import userEvent from '@testing-library/user-event';

interface Clicks {
  click: (element: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
}

/**
 * Puts `text` in a field as a user who pastes it does: a click, then one input event. For a test about
 * what a form checks or sends; typing key by key re-renders the screen once a key, which made the long
 * texts (sentences, e-mails, addresses) most of the web suite's time. A test about typing itself
 * (a mask, a counter, an autocomplete's list, a debounce) types.
 */
export async function fill(field: Element, text: string, user: Clicks = userEvent) {
  await user.click(field);
  await user.paste(text);
}
