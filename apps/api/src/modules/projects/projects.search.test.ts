import type { ProjectListPage } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type ErrorAnswer, P1 } from './projects.test-support';

/**
 * Issue 10 §7: the list's search ignores case and accents, alike on PGlite and PostgreSQL (this file
 * runs on both), and a search past 100 characters is a 400 on querystring.search.
 */
describeWithDb('projects: search', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    agent = t.agent();
    await agent.login('specifier@demo.example');
    for (const name of ['Salón Atlántico', 'ÉCOLE MATERNELLE', 'Straße am Müggelsee', 'Отель Москва', 'Bar Jålla', 'Hall Ørsted']) await createProject(agent, { name });
  });
  afterAll(async () => {
    await t.close();
  });

  async function names(search: string): Promise<string[]> {
    const response = await agent.get(`${P1}/filter?itemsPerPage=100&search=${encodeURIComponent(search)}`);
    expect(response.statusCode).toBe(200);
    return response.json<ProjectListPage>().items.map((item) => item.name);
  }

  it('finds a name whatever its case and accents, and a search typed with accents or capitals', async () => {
    expect(await names('salon atl')).toEqual(['Salón Atlántico']);
    expect(await names('salon')).toEqual(expect.arrayContaining(['Salón Atlántico', 'Casa Prieto (salón)'])); // and the demo project
    expect(await names('SALON ATLANTICO')).toEqual(['Salón Atlántico']);
    expect(await names('sálón atl')).toEqual(['Salón Atlántico']);
    expect(await names('ecole')).toEqual(['ÉCOLE MATERNELLE']);
    expect(await names('école mat')).toEqual(['ÉCOLE MATERNELLE']);
    expect(await names('mueggel')).toEqual([]); // no transliteration: ü is u
    expect(await names('muggelsee')).toEqual(['Straße am Müggelsee']);
    expect(await names('отель')).toEqual(['Отель Москва']);
    expect(await names('jalla')).toEqual(['Bar Jålla']);
    expect(await names('orsted')).toEqual(['Hall Ørsted']);
    // a name typed in decomposed form (e + combining acute) is found like the composed one
    await createProject(agent, { name: 'Cafe\u0301 de Flore' });
    expect(await names('café de')).toEqual(['Cafe\u0301 de Flore']);
    expect(await names('cafe')).toEqual(['Cafe\u0301 de Flore']);
  });

  it('takes % and _ literally', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('answers 400 with the field past 100 characters, and takes exactly 100', async () => {
    const long = await agent.get(`${P1}/filter?search=${'á'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorAnswer>().fields).toEqual([{ path: 'querystring.search', message: 'formError.maxLength' }]);
    expect((await agent.get(`${P1}/filter?search=${'á'.repeat(100)}`)).statusCode).toBe(200);
  });

  describe('lumen_search_fold on this database', () => {
    /** What a reader expects of a letter: its base letter (Unicode decomposition, marks dropped), lower case. */
    function expectedFold(char: string): string {
      const special: Record<string, string> = { Ø: 'o', ø: 'o', Ł: 'l', ł: 'l', Đ: 'd', đ: 'd', Ħ: 'h', ħ: 'h', Ŧ: 't', ŧ: 't', ı: 'i', ς: 'σ' };
      return special[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    }

    it('folds every letter of Latin-1, Latin Extended-A, Greek and Cyrillic as Unicode says', async () => {
      const letters: string[] = [];
      for (const [from, to] of [[0x41, 0x5a], [0x61, 0x7a], [0xc0, 0x17f], [0x391, 0x3ce], [0x400, 0x45f]] as const) {
        for (let code = from; code <= to; code += 1) {
          const char = String.fromCodePoint(code);
          const folded = expectedFold(char);
          // Letters whose fold is several letters (ß, ŉ) fold to themselves: translate() maps one to one.
          if (/\p{L}/u.test(char) && [...folded].length === 1) letters.push(char);
        }
      }
      const result = await t.database.db.execute(sql`select lumen_search_fold(${letters.join('')}) as folded`);
      const folded = (result as unknown as { rows: Array<{ folded: string }> }).rows[0]?.folded ?? '';
      const mismatches = letters.filter((char, index) => [...folded][index] !== expectedFold(char)).map((char) => `${char}→${[...folded][[...letters].indexOf(char)]}`);
      expect(mismatches).toEqual([]);
      expect([...folded]).toHaveLength(letters.length);
    });
  });
});
