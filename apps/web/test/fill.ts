import { waitFor, within } from '@testing-library/react';
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

/**
 * The autocomplete named `name` once its list has been answered. A list still loading shows its field
 * disabled, and the field is mounted again with the answer: text typed before that would be lost with
 * it (on a loaded machine the answer comes after the field).
 */
export async function findReadyCombobox(scope: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const control = within(scope).getByRole('combobox', { name });
    expect(control).toBeEnabled();
    return control;
  });
}
