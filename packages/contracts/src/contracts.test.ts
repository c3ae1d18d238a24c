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
