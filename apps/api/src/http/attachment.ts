import { create } from 'content-disposition';

/**
 * The Content-Disposition of a file sent as an attachment (every download of the api): the name in
 * UTF-8 (RFC 6266, `filename*` of RFC 8187) with an ASCII fallback for old clients, where each
 * non-ASCII character becomes "_"; quoting and escaping are jshttp's content-disposition's.
 */
export function attachmentDisposition(fileName: string): string {
  return create(fileName, { fallback: fileName.replace(/[^\x20-\x7e]/g, '_') });
}
