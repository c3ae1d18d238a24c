import { LANGS } from '@lumen/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

interface CountryBody {
  geonameId: number;
  isoCode: string;
  name: string;
  currency?: string;
  level2Typology?: string | null;
  level3Typology?: string | null;
}
interface RegionBody {
  id: string;
  code: string;
  geonameId: number | null;
  name: string;
  level: number;
  typology: string;
  childTypology: string | null;
}
interface ErrorBodyShape {
  ErrorCode: number;
  code: string;
  fields?: Array<{ path: string }>;
}

const US = 6252001;
const FRANCE = 3017382;
const SPAIN = 2510769;
const ITALY = 3175395;
const VATICAN = 3164670;
const CALIFORNIA = 5332921;

describeWithDb('masters countries, regions and geo-IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function json<T>(url: string, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
    const response = await t.agent().get(url, headers);
    return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
  }

  async function expectBadField(url: string, path: string) {
    const { status, body } = await json<ErrorBodyShape>(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ ErrorCode: 400, code: 'VALIDATION_FAILED' });
    expect(body.fields?.map((field) => field.path)).toContain(path);
  }

  async function expectNotFound(url: string) {
    const { status, body } = await json<ErrorBodyShape>(url);
    expect(status).toBe(404);
    expect(body).toMatchObject({ ErrorCode: 404, code: 'NOT_FOUND' });
  }

  // ── countries ──────────────────────────────────────────────────────────────────────────────────

  it('lists every country with its GeoNames id, currency and division typologies, in English by default', async () => {
    const { status, body, headers } = await json<CountryBody[]>('/api/masters/v1/countries');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(240);
    expect(new Set(body.map((country) => country.geonameId)).size).toBe(body.length);
    expect(body.find((country) => country.isoCode === 'US')).toMatchObject({
      geonameId: US,
      name: 'United States',
      currency: 'USD',
      level2Typology: 'states',
      level3Typology: 'counties',
    });
    expect(body.find((country) => country.isoCode === 'FR')).toMatchObject({ geonameId: FRANCE, level2Typology: 'regions', level3Typology: 'departments' });
    expect(body.find((country) => country.isoCode === 'VA')).toMatchObject({ geonameId: VATICAN, level2Typology: null, level3Typology: null });
    expect(body.find((country) => country.isoCode === 'MC')).toMatchObject({ level2Typology: 'regions', level3Typology: null });
    const names = body.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en-GB').compare));
    expect(headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it.each([
    ['fr', 'Allemagne', 'États-Unis'],
    ['de', 'Deutschland', 'Vereinigte Staaten'],
    ['it', 'Germania', 'Stati Uniti'],
    ['es', 'Alemania', 'Estados Unidos'],
    ['us', 'Germany', 'United States'],
    ['en-US', 'Germany', 'United States'],
  ])('names the countries in %s', async (lang, germany, unitedStates) => {
    const { status, body } = await json<CountryBody[]>(`/api/masters/v1/countries?lang=${lang}&context=simple`);
    expect(status).toBe(200);
    expect(body.find((country) => country.isoCode === 'DE')?.name).toBe(germany);
    expect(body.find((country) => country.isoCode === 'US')?.name).toBe(unitedStates);
  });

  it('answers only id, code and name with context=simple', async () => {
    const { body } = await json<CountryBody[]>('/api/masters/v1/countries?lang=fr&catalogId=16&context=simple');
    for (const country of body) expect(Object.keys(country).sort()).toEqual(['geonameId', 'isoCode', 'name']);
    expect(body.find((country) => country.geonameId === FRANCE)?.name).toBe('France');
  });

  it('puts the United States first for catalogue 21 and keeps plain name order for catalogue 16', async () => {
    const usa = (await json<CountryBody[]>('/api/masters/v1/countries?catalogId=21&context=simple')).body;
    expect(usa[0]).toEqual({ geonameId: US, isoCode: 'US', name: 'United States' });
    const int = (await json<CountryBody[]>('/api/masters/v1/countries?catalogId=16&context=simple')).body;
    expect(int[0]?.isoCode).not.toBe('US');
    expect(int.map((country) => country.name)).toEqual([...int.map((country) => country.name)].sort(new Intl.Collator('en-GB').compare));
    expect(new Set(usa.map((country) => country.isoCode))).toEqual(new Set(int.map((country) => country.isoCode)));
  });

  it.each([
    ['an unknown language', '/api/masters/v1/countries?lang=pt', 'querystring.lang'],
    ['an unknown catalogue', '/api/masters/v1/countries?catalogId=17', 'querystring.catalogId'],
    ['a catalogue that is not a number', '/api/masters/v1/countries?catalogId=16abc', 'querystring.catalogId'],
    ['an unknown context', '/api/masters/v1/countries?context=everything', 'querystring.context'],
    ['a repeated language', '/api/masters/v1/countries?lang=en&lang=fr', 'querystring.lang'],
    ['a hostile language', `/api/masters/v1/countries?lang=${encodeURIComponent("en' OR '1'='1")}`, 'querystring.lang'],
  ])('rejects %s with 400 naming the field', async (_, url, path) => {
    await expectBadField(url, path);
  });

  // ── level 2 ────────────────────────────────────────────────────────────────────────────────────

  it('lists the states of the United States with their GeoNames codes and the path to their counties', async () => {
    const { status, body } = await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states`);
    expect(status).toBe(200);
    expect(body.length).toBe(51);
    expect(body.find((region) => region.code === 'US.CA')).toEqual({
      id: 'CA',
      code: 'US.CA',
      geonameId: CALIFORNIA,
      name: 'California',
      level: 2,
      typology: 'states',
      childTypology: 'counties',
    });
    const names = body.map((region) => region.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en-GB').compare));
    // Every state carries its GeoNames id (spec §3: the US final quote stores the state by it), each its own.
    expect(body.find((region) => region.code === 'US.NY')?.geonameId).toBe(5128638);
    expect(body.find((region) => region.code === 'US.DC')?.geonameId).toBe(4138106);
    expect(body.every((region) => Number.isInteger(region.geonameId))).toBe(true);
    expect(new Set(body.map((region) => region.geonameId)).size).toBe(51);
  });

  it('searches divisions by part of the name, ignoring case and accents', async () => {
    const calif = (await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states?search=CALIF`)).body;
    expect(calif.map((region) => region.name)).toEqual(['California']);
    const ile = (await json<RegionBody[]>(`/api/masters/v1/countries/${FRANCE}/regions?lang=fr&search=${encodeURIComponent('ile-de')}`)).body;
    expect(ile.map((region) => region.name)).toEqual(['Île-de-France']);
    const accented = (await json<RegionBody[]>(`/api/masters/v1/countries/${FRANCE}/regions?search=${encodeURIComponent('ÎLE DE FRANCE')}`)).body;
    expect(accented.map((region) => region.name)).toEqual(['Île-de-France']);
    const spaced = (await json<RegionBody[]>(`/api/masters/v1/countries/${FRANCE}/regions?search=${encodeURIComponent('  Île-de  ')}`)).body;
    expect(spaced.map((region) => region.name)).toEqual(['Île-de-France']);
    const empty = (await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states?search=`)).body;
    expect(empty.length).toBe(51);
  });

  it('serves the divisions of Spain and Italy under their own typologies, in another language', async () => {
    const communities = (await json<RegionBody[]>(`/api/masters/v1/countries/${SPAIN}/autonomous-communities?lang=es`)).body;
    const catalonia = communities.find((region) => region.code === 'ES.56');
    expect(catalonia).toMatchObject({ typology: 'autonomous-communities', childTypology: 'provinces' });
    const provinces = (await json<RegionBody[]>(`/api/masters/v1/countries/${SPAIN}/autonomous-communities/56/provinces?lang=es&search=barcel`)).body;
    expect(provinces.map((region) => region.code)).toEqual(['ES.56.B']);
    const italy = (await json<RegionBody[]>(`/api/masters/v1/countries/${ITALY}/regions?lang=it&search=lomb`)).body;
    expect(italy.map((region) => region.code)).toEqual(['IT.09']);
  });

  // ── level 3 ────────────────────────────────────────────────────────────────────────────────────

  it('lists the counties of a state and searches them', async () => {
    const { status, body } = await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states/CA/counties`);
    expect(status).toBe(200);
    expect(body.length).toBe(58);
    expect(body.find((region) => region.code === 'US.CA.037')).toEqual({
      id: '037',
      code: 'US.CA.037',
      geonameId: null,
      name: 'Los Angeles County',
      level: 3,
      typology: 'counties',
      childTypology: null,
    });
    const found = (await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states/CA/counties?search=${encodeURIComponent('los ANGELES')}&lang=de`)).body;
    expect(found.map((region) => region.code)).toEqual(['US.CA.037']);
  });

  it('finds French departments without their accents', async () => {
    const { body } = await json<RegionBody[]>(`/api/masters/v1/countries/${FRANCE}/regions/84/departments?lang=fr&search=rhone`);
    expect(body.map((region) => region.name)).toContain('Rhône');
    const withAccent = (await json<RegionBody[]>(`/api/masters/v1/countries/${FRANCE}/regions/84/departments?search=${encodeURIComponent('Rhône')}`)).body;
    expect(withAccent.map((region) => region.code).sort()).toEqual(body.map((region) => region.code).sort());
  });

  // ── unknown and bad ids ────────────────────────────────────────────────────────────────────────

  it.each([
    ['an unknown GeoNames id', `/api/masters/v1/countries/999999999/states`],
    ['the GeoNames id of a state, not a country', `/api/masters/v1/countries/${CALIFORNIA}/states`],
    ["a typology that is not the country's", `/api/masters/v1/countries/${US}/provinces`],
    ["France's typology for the United States", `/api/masters/v1/countries/${FRANCE}/states`],
    ['a country without divisions', `/api/masters/v1/countries/${VATICAN}/regions`],
    ['an unknown state', `/api/masters/v1/countries/${US}/states/ZZ/counties`],
    ['a state code in the wrong case', `/api/masters/v1/countries/${US}/states/ca/counties`],
    ["a level-3 typology that is not the country's", `/api/masters/v1/countries/${US}/states/CA/departments`],
    ['level 3 of a country that has none', `/api/masters/v1/countries/2993457/regions/00/subregions`],
    ['an unknown country in a nested call', `/api/masters/v1/countries/1/states/CA/counties`],
  ])('answers 404 to %s', async (_, url) => {
    await expectNotFound(url);
  });

  it.each([
    ['letters', '/api/masters/v1/countries/abc/states', 'params.geonameId'],
    ['a negative id', '/api/masters/v1/countries/-6252001/states', 'params.geonameId'],
    ['zero', '/api/masters/v1/countries/0/states', 'params.geonameId'],
    ['an exponent', '/api/masters/v1/countries/6e6/states', 'params.geonameId'],
    ['a leading zero', '/api/masters/v1/countries/06252001/states', 'params.geonameId'],
    ['eleven digits', '/api/masters/v1/countries/62520010000/states', 'params.geonameId'],
    ['a decimal', '/api/masters/v1/countries/6252001.5/states', 'params.geonameId'],
    ['an upper-case typology', `/api/masters/v1/countries/${US}/STATES`, 'params.level2'],
    ['a typology with symbols', `/api/masters/v1/countries/${US}/${encodeURIComponent('states;drop')}`, 'params.level2'],
    ['a path-traversal state id', `/api/masters/v1/countries/${US}/states/${encodeURIComponent('../..')}/counties`, 'params.level2Id'],
    ['a state id with spaces', `/api/masters/v1/countries/${US}/states/${encodeURIComponent('C A')}/counties`, 'params.level2Id'],
    ['an unknown language', `/api/masters/v1/countries/${US}/states?lang=xx`, 'querystring.lang'],
    ['an over-long search', `/api/masters/v1/countries/${US}/states?search=${'a'.repeat(101)}`, 'querystring.search'],
    ['a repeated search', `/api/masters/v1/countries/${US}/states?search=a&search=b`, 'querystring.search'],
    ['a search holding NUL (never text: issue 9 §5)', `/api/masters/v1/countries/${US}/states?search=a%00`, 'querystring.search'],
  ])('rejects %s with 400 naming the field', async (_, url, path) => {
    await expectBadField(url, path);
  });

  it.each([
    ["' OR 1=1 --"],
    ['.*'],
    ['(['],
    ['\\'],
    ['%'],
    ['<script>alert(1)</script>'],
    ['${constructor}'],
    ['𝔘𝔫𝔦𝔠𝔬𝔡𝔢'],
  ])('treats the hostile search %j as plain text', async (search) => {
    const { status, body } = await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('serves the divisions in every language', async () => {
    for (const lang of LANGS) {
      const { status, body } = await json<RegionBody[]>(`/api/masters/v1/countries/${US}/states/TX/counties?lang=${lang}`);
      expect(status).toBe(200);
      expect(body.length).toBe(254);
    }
  });

  // ── default values by IP ──────────────────────────────────────────────────────────────────────

  it.each([
    ['8.8.8.8', 'US', 21, 'us', 'USD'],
    ['::ffff:8.8.8.8', 'US', 21, 'us', 'USD'],
    ['81.2.69.142', 'GB', 16, 'en', 'EUR'],
    ['2a01:e0a::1', 'FR', 16, 'fr', 'EUR'],
    ['193.205.0.1', 'IT', 16, 'it', 'EUR'],
    ['212.106.200.1', 'ES', 16, 'es', 'EUR'],
    ['5.9.0.1', 'DE', 16, 'de', 'EUR'],
  ])('gives %s the defaults of %s (catalogue %i, %s, %s)', async (ip, isoCode, catalogId, lang, currency) => {
    const { status, body } = await json<{ source: string; country: { isoCode: string; geonameId: number } | null; catalogId: number; lang: string; currency: string; ip: string }>(
      `/api/masters/v1/common/default-values/by-ip/${encodeURIComponent(ip)}?environment=PRO&site=private`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ ip, source: 'geoip', catalogId, lang, currency, country: { isoCode } });
    expect(body.country?.geonameId).toBeGreaterThan(0);
  });

  it('names the country in the guessed language and keeps its own currency apart', async () => {
    const france = (await json<{ country: { name: string; currency: string } }>('/api/masters/v1/common/default-values/by-ip/2a01:e0a::1')).body;
    expect(france.country).toEqual({ geonameId: FRANCE, isoCode: 'FR', name: 'France', currency: 'EUR' });
    const uk = (await json<{ country: { name: string; currency: string }; currency: string }>('/api/masters/v1/common/default-values/by-ip/81.2.69.142')).body;
    expect(uk.country.currency).toBe('GBP');
    expect(uk.currency).toBe('EUR');
  });

  it.each(['10.0.0.1', '192.168.1.20', '172.16.5.4', '127.0.0.1', '100.64.0.1', '169.254.1.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '2001:db8::1', '192.0.2.1'])(
    'falls back to catalogue 16 and English for the non-public address %s',
    async (ip) => {
      const { status, body } = await json<unknown>(`/api/masters/v1/common/default-values/by-ip/${encodeURIComponent(ip)}`);
      expect(status).toBe(200);
      expect(body).toEqual({ ip, source: 'default', country: null, catalogId: 16, lang: 'en', currency: 'EUR' });
    },
  );

  it.each([
    ['999.1.1.1', 'params.ip'],
    ['1.2.3', 'params.ip'],
    ['localhost', 'params.ip'],
    ['01.02.03.04', 'params.ip'],
    ['1::2::3', 'params.ip'],
    ['fe80::1%eth0', 'params.ip'],
    ["8.8.8.8' OR '1'='1", 'params.ip'],
    ['8.8.8.8 ', 'params.ip'],
  ])('rejects the malformed IP %j with 400 naming the field', async (ip, path) => {
    await expectBadField(`/api/masters/v1/common/default-values/by-ip/${encodeURIComponent(ip)}`, path);
  });

  it.each([
    ['an unknown environment', '/api/masters/v1/common/default-values/by-ip/8.8.8.8?environment=QA', 'querystring.environment'],
    ['an unknown site', '/api/masters/v1/common/default-values/by-ip/8.8.8.8?site=intranet', 'querystring.site'],
  ])('rejects %s with 400', async (_, url, path) => {
    await expectBadField(url, path);
  });

  it('accepts the environment in any case', async () => {
    const { status } = await json('/api/masters/v1/common/default-values/by-ip/8.8.8.8?environment=newpro&site=public');
    expect(status).toBe(200);
  });

  it('rejects an over-long IP segment without echoing it', async () => {
    const response = await t.agent().get(`/api/masters/v1/common/default-values/by-ip/${'1'.repeat(2000)}`);
    expect([400, 414]).toContain(response.statusCode);
    expect(response.body).not.toContain('1'.repeat(100));
  });

  // ── caller's IP ───────────────────────────────────────────────────────────────────────────────

  it("answers the caller's address and ignores forwarding headers by default", async () => {
    const agent = t.agent('203.0.113.9');
    const response = await agent.get('/api/masters/v1/common/ip', { 'x-forwarded-for': '8.8.8.8' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ip: '203.0.113.9' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reads the forwarded address when the proxy is trusted', async () => {
    const trusting = await createTestApp({ database: t.database, env: { TRUST_PROXY: '1' } });
    try {
      const response = await trusting.agent('10.0.0.2').get('/api/masters/v1/common/ip', { 'x-forwarded-for': '8.8.4.4' });
      expect(response.json()).toEqual({ ip: '8.8.4.4' });
    } finally {
      await trusting.close();
    }
  });
});
