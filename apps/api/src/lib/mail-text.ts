/** Making text that someone else chose safe for the part of an e-mail it goes into. */

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML character data or attribute value: the five markup characters become entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Text for a header such as Subject: every control character (CR and LF above all: header injection)
 * and the Unicode line separators become a space, runs of spaces one, and it is cut at `max` characters.
 */
export function headerText(text: string, max = 150): string {
  const oneLine = text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** Fills `{{name}}` placeholders of a template of ours; `escape` is applied to each value, never to the template. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>, escape: (text: string) => string = (text) => text): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => escape(String(values[name] ?? '')));
}
