import { describe, expect, it } from 'vitest';
import { Email, LangQuery, LoginBody, SignupBody } from './index';

describe('contracts', () => {
  it('reads en-US as us in a language query', () => {
    expect(LangQuery.parse('en-US')).toBe('us');
    expect(LangQuery.safeParse('pt').success).toBe(false);
  });

  it('lower-cases e-mails and rejects addresses over 248 characters', () => {
    expect(Email.parse(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(Email.safeParse(`${'a'.repeat(240)}@example.com`).success).toBe(false);
  });

  it('names the fields at fault of a bad sign-up', () => {
    const result = SignupBody.safeParse({ email: 'nope', password: 'short', name: '', lang: 'pt' });
    expect(result.success).toBe(false);
    const paths = [...new Set(result.error?.issues.map((issue) => issue.path.join('.')))].sort();
    expect(paths).toEqual(['email', 'lang', 'name', 'password']);
  });

  it('accepts hostile but printable names as data', () => {
    expect(SignupBody.parse({ email: 'a@b.co', password: '12345678', name: "<script>'; DROP TABLE users;--", lang: 'fr' }).name).toContain('<script>');
    expect(LoginBody.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
});

describe('the route table', () => {
  it('fills path parameters, encoded, and refuses a missing one', async () => {
    const { fillPath } = await import('./route-table');
    expect(fillPath('/v1/projects/:id/lines/:line', { id: 7, line: 'a b/c' })).toBe('/v1/projects/7/lines/a%20b%2Fc');
    expect(() => fillPath('/v1/projects/:id', {})).toThrow('Missing path parameter id');
  });

  it('gives every operation its schemas, and names no operation twice by method and path', async () => {
    const { ROUTES } = await import('./route-table');
    const { ROUTE_SCHEMAS } = await import('./route-schemas');
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(Object.keys(ROUTES).sort());
    const addresses = Object.values(ROUTES).map(({ method, service, path }) => `${method} ${service}${path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
