import { computeAccessibleDescription } from 'dom-accessibility-api';
import { expect } from 'vitest';

/**
 * jest-dom's toHaveAccessibleDescription, with the description's white space collapsed and trimmed as
 * Chromium does. Every kit field keeps its description and error elements in the page, hidden when empty:
 * otherwise react-aria resolves their ids in a layout effect whose synchronous second render makes the
 * page's first commit one long task (packages/ui README, "Fields"). Chromium reads a field with no
 * description and an error "Taken" as described by "Taken"; dom-accessibility-api joins the empty one
 * with a space, " Taken". Same arguments as jest-dom's: none (any description), a string, a RegExp or an
 * asymmetric matcher.
 */
expect.extend({
  toHaveAccessibleDescription(element: Element, expected?: unknown) {
    const description = computeAccessibleDescription(element).replace(/\s+/g, ' ').trim();
    const pass = expected === undefined ? description !== '' : expected instanceof RegExp ? expected.test(description) : this.equals(description, expected);
    return {
      pass,
      message: () =>
        `expected element ${pass ? 'not ' : ''}to have accessible description${expected === undefined ? '' : ` ${this.utils.printExpected(expected)}`}, received ${this.utils.printReceived(description)}`,
    };
  },
});
