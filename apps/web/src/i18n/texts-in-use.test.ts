/**
 * Every text a screen of the app asks for, in all six languages (issue 27 §2: "Total for {{quantity}}"
 * showed literally in every configurator's result panel). Read from the source, so that every screen
 * is covered — each `t('key', values)` and `i18n.t(…)` call of apps/web/src — without rendering them:
 * - the key exists in every language (a missing key shows as its raw code where a text belongs);
 * - every `{{placeholder}}` of the text (of each plural form) is given by the call, so no `{{` reaches
 *   the screen;
 * - a key built from a template (`crea.mode.${mode}`) names at least one key of the files (which of
 *   them a screen shows, and so which placeholders it needs, is known only when it runs).
 * A call whose values are not an object literal, or spread one, cannot be read here and is skipped.
 */
import { TRANSLATIONS } from '@lumen/i18n';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LANGS = ['en', 'us', 'fr', 'de', 'it', 'es'] as const;
const SOURCE = join(__dirname, '..');
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** What i18next looks a key up in: the three domains, merged. */
function textsOf(lang: (typeof LANGS)[number]): Record<string, string> {
  return { ...TRANSLATIONS['fr-widgets'][lang], ...TRANSLATIONS['common-front'][lang], ...TRANSLATIONS['fr-eproject'][lang] };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Use {
  where: string;
  /** A literal key, or a template's parts (a RegExp over keys). */
  key: string | RegExp;
  /** The names the call passes, or null when they cannot be read (no object literal, a spread). */
  given: ReadonlySet<string> | null;
}

function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

function givenNames(argument: ts.Expression | undefined): ReadonlySet<string> | null {
  if (argument === undefined) return new Set();
  if (!ts.isObjectLiteralExpression(argument)) return null;
  const names = new Set<string>();
  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) return null;
    const name = property.name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) names.add(name.text);
  }
  return names;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function usesIn(path: string): Use[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTranslateCall(node)) {
      const [first, second] = node.arguments;
      const where = `${relative(SOURCE, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const given = givenNames(second);
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        // Only dotted keys are texts of the files (a lone word is another function named t).
        if (/^[\w-]+(\.[\w-]+)+$/.test(first.text)) found.push({ where, key: first.text, given });
      } else if (first && ts.isTemplateExpression(first)) {
        const parts = [escape(first.head.text), ...first.templateSpans.map((span) => `[\\w-]+${escape(span.literal.text)}`)];
        if (first.head.text.includes('.')) found.push({ where, key: new RegExp(`^${parts.join('')}$`), given });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The keys of a language's texts by the key a call names: the key itself and its plural forms. */
function indexOf(texts: Record<string, string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const key of Object.keys(texts)) {
    const base = key.replace(new RegExp(`_(${PLURALS.join('|')})$`), '');
    for (const name of new Set([key, base])) index.set(name, [...(index.get(name) ?? []), key]);
  }
  return index;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '');

const USES = sourceFiles(SOURCE).flatMap(usesIn);

describe('the texts every screen asks for (issue 27 §2)', () => {
  it('finds the screens’ texts in the source', () => {
    // A guard on the reader itself: the app asks for well over a thousand texts.
    expect(USES.length).toBeGreaterThan(1000);
  });

  for (const lang of LANGS) {
    it(`${lang}: every key a screen asks for exists, and every placeholder of its text is given`, () => {
      const texts = textsOf(lang);
      const index = indexOf(texts);
      const names = [...index.keys()];
      const missing: string[] = [];
      const unreplaced: string[] = [];
      for (const use of USES) {
        if (typeof use.key !== 'string') {
          const pattern = use.key;
          if (!names.some((name) => pattern.test(name))) missing.push(`${use.where} ${String(pattern)}`);
          continue;
        }
        const keys = index.get(use.key) ?? [];
        if (keys.length === 0) missing.push(`${use.where} ${use.key}`);
        if (use.given === null) continue;
        for (const key of keys) {
          const absent = placeholders(texts[key] ?? '').filter((name) => !use.given?.has(name));
          if (absent.length > 0) unreplaced.push(`${use.where} ${key}: {{${absent.join('}}, {{')}}}`);
        }
      }
      expect(missing, 'keys with no text').toEqual([]);
      expect(unreplaced, 'placeholders no value fills').toEqual([]);
    });
  }
});
