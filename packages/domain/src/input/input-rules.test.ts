import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailListSchema,
  emailSchema,
  fileExtension,
  isAllowedUploadExtension,
  isValidName,
  isValidTextArea,
  MAX_UPLOAD_BYTES,
  nameSchema,
  projectTitleSchema,
  requiredTextAreaSchema,
  textAreaSchema,
  UPLOAD_EXTENSIONS,
  uploadFileSchema,
  versionTitleSchema,
} from './input-rules';
import { MAX_LENGTH, titleIssue } from './text-rules';

const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("name pattern: letters, digits, whitespace, - _ ' & ( ) + and Latin-1 accents À–ÿ", () => {
  it.each(["Hotel Ritz (lobby) - 2nd_floor & bar's + terrace", 'Àéîõüÿ ÇÑ', 'Projekt Größe', '\tTab'])('accepts %s', (text) => {
    expect(isValidName(text)).toBe(true);
  });
  it.each(['a.b', 'a,b', 'a<script>', 'line\nbreak', 'emoji 😀', 'Ā', 'price: 5', 'a/b', 'a"b'])('rejects %s', (text) => {
    expect(isValidName(text)).toBe(false);
  });
});

describe('text-area pattern adds . , : ; ! ? " / punctuation and newlines', () => {
  it('accepts punctuation and newlines', () => {
    expect(isValidTextArea('Hello, world: fine; really! Why? "quoted" a/b 50% ¿Qué? ¡Sí! 10€ $5 a@b.c #1 *x* =y [z] nº\r\nNext line.')).toBe(true);
  });
  it.each(['<b>bold</b>', '{json}', 'back\\slash', '`code`', 'a|b', '~', '^', '😀'])('rejects %s', (text) => {
    expect(isValidTextArea(text)).toBe(false);
  });
  it('every name is also a valid text area', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'Az09 -_\'&()+Àÿé') }), (text) => {
        expect(isValidName(text)).toBe(true);
        expect(isValidTextArea(text)).toBe(true);
      }),
    );
  });
});

describe('zod schemas with formError.* messages', () => {
  it('formError.required for missing or blank', () => {
    expect(messages(nameSchema, '   ')).toContain('formError.required');
    expect(messages(nameSchema, undefined)).toEqual(['formError.required']);
    expect(messages(emailSchema, '')).toContain('formError.required');
    expect(messages(requiredTextAreaSchema, '\n')).toContain('formError.required');
  });
  it('formError.pattern for forbidden characters', () => {
    expect(messages(nameSchema, 'a<b')).toEqual(['formError.pattern']);
    expect(messages(textAreaSchema, '<script>')).toEqual(['formError.pattern']);
  });
  it('max lengths: project title 50, text area 4000, e-mails 248, version title 30 → formError.maxLength', () => {
    expect(MAX_LENGTH).toEqual({ projectTitle: 50, textArea: 4000, emails: 248, versionTitle: 30 });
    expect(projectTitleSchema.safeParse('a'.repeat(50)).success).toBe(true);
    expect(messages(projectTitleSchema, 'a'.repeat(51))).toEqual(['formError.maxLength']);
    expect(versionTitleSchema.safeParse('a'.repeat(30)).success).toBe(true);
    expect(messages(versionTitleSchema, 'a'.repeat(31))).toEqual(['formError.maxLength']);
    expect(textAreaSchema.safeParse('a'.repeat(4000)).success).toBe(true);
    expect(messages(textAreaSchema, 'a'.repeat(4001))).toEqual(['formError.maxLength']);
    expect(messages(emailSchema, `${'a'.repeat(240)}@example.com`)).toContain('formError.maxLength');
  });
  it('takes a title as people write it, in any script, and refuses markup and control characters', () => {
    for (const title of ['Hotel St. Regis, lobby', 'Planta 2 – zona B', 'Café «Le Procope»: salle 1/2', 'Отель Москва', '北京饭店 大堂', 'Ο Παρθενώνας', 'Proyecto nº 3 (fase 2) + anexo', 'O’Brien’s pub']) {
      expect(projectTitleSchema.safeParse(title).success, title).toBe(true);
    }
    for (const title of ['<b>Hotel</b>', 'Hotel {lobby}', 'a\\b', 'Hotel\tlobby', 'Hotel\nlobby', 'Hotel \u0007', 'x`y', 'a|b', 'a~b', 'a^b', 'Hotel \u202e']) {
      expect(messages(projectTitleSchema, title), JSON.stringify(title)).toEqual(['formError.pattern']);
    }
    expect(versionTitleSchema.safeParse('Rev. 2, tras la visita').success).toBe(true);
    // Names keep the spec's name pattern.
    expect(messages(nameSchema, 'Hotel St. Regis, lobby')).toEqual(['formError.pattern']);
  });
  it('trims names', () => {
    expect(projectTitleSchema.parse('  Hotel  ')).toBe('Hotel');
  });
  it('formError.email for a malformed address; addresses are trimmed and lower-cased', () => {
    expect(messages(emailSchema, 'not-an-email')).toEqual(['formError.email']);
    expect(emailSchema.parse(' Ana@Example.COM ')).toBe('ana@example.com');
  });
  it('an e-mails input takes several addresses', () => {
    expect(emailListSchema.parse('a@x.com; B@y.org, ')).toEqual(['a@x.com', 'b@y.org']);
    expect(messages(emailListSchema, 'a@x.com, nope')).toEqual(['formError.email']);
    expect(messages(emailListSchema, ' , ;')).toEqual(['formError.required']);
  });
});

describe('uploads: allowed extensions and the 10485760-byte limit', () => {
  it('allows exactly the listed extensions, case-insensitively', () => {
    expect(UPLOAD_EXTENSIONS).toEqual(['doc', 'docx', 'gif', 'jpg', 'jpeg', 'mpg', 'mpeg', 'avi', 'pdf', 'ppt', 'pptx', 'tif', 'tiff', 'txt', 'xls', 'xlsx']);
    for (const ext of UPLOAD_EXTENSIONS) expect(isAllowedUploadExtension(`plan.${ext.toUpperCase()}`)).toBe(true);
    for (const name of ['plan.exe', 'plan.pdf.exe', 'plan', '.pdf', 'plan.', 'plan.svg', 'dir.pdf/evil.sh']) expect(isAllowedUploadExtension(name)).toBe(false);
    expect(fileExtension('C:\\docs\\plan.PDF')).toBe('pdf');
  });
  it('formError.fileExtension and formError.fileSize', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10485760);
    expect(uploadFileSchema.safeParse({ name: 'plan.pdf', size: 10485760 }).success).toBe(true);
    expect(messages(uploadFileSchema, { name: 'plan.pdf', size: 10485761 })).toEqual(['formError.fileSize']);
    expect(messages(uploadFileSchema, { name: 'plan.exe', size: 10 })).toEqual(['formError.fileExtension']);
    expect(messages(uploadFileSchema, { name: 'plan.pdf', size: -1 })).toEqual(['formError.fileSize']);
    expect(messages(uploadFileSchema, { name: 'plan.pdf', size: 1.5 })).toEqual(['formError.fileSize']);
  });
});

describe('titleIssue (no zod, for the web) says what the title schemas say first', () => {
  // Titles near the limits, with and without surrounding blanks, from the pattern's own alphabet and from anything.
  const titleLike = fc.oneof(
    fc.stringMatching(/^[ \t]{0,2}[A-Za-zÀ-ÿА-я北京 .,:;'&()+–«»0-9<>{}|~^\n-]{0,55}[ ]{0,2}$/),
    fc.string({ maxLength: 60, unit: 'grapheme' }),
    fc.string({ maxLength: 60, unit: 'binary' }),
    // Both too long and out of the pattern: which message comes first.
    fc.stringMatching(/^[A-Za-z <\t]{25,60}$/),
  );
  it.each([
    ['project title', projectTitleSchema, MAX_LENGTH.projectTitle],
    ['version title', versionTitleSchema, MAX_LENGTH.versionTitle],
  ] as const)('%s', (_, schema, maxLength) => {
    fc.assert(
      fc.property(titleLike, (title) => {
        expect(titleIssue(title, maxLength)).toBe(messages(schema, title)[0] ?? null);
      }),
      { numRuns: 2000 },
    );
    expect(titleIssue('  ', maxLength)).toBe('formError.required');
    expect(titleIssue('a'.repeat(maxLength + 1), maxLength)).toBe('formError.maxLength');
    expect(titleIssue('<b>', maxLength)).toBe('formError.pattern');
    expect(titleIssue('<'.repeat(maxLength + 1), maxLength)).toBe('formError.pattern');
    expect(titleIssue(' Hotel St. Regis, lobby ', maxLength)).toBeNull();
  });
});
