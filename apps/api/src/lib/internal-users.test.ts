import { describe, expect, it } from 'vitest';
import { isInternalEmail } from './internal-users';

describe('isInternalEmail', () => {
  const rule = { internalEmailDomains: ['lumen.example'], internalEmails: ['ana@partner.example'] };

  it('takes the domains (and their subdomains) and the listed addresses, in any case', () => {
    expect(isInternalEmail(rule, 'Ada@Lumen.Example')).toBe(true);
    expect(isInternalEmail(rule, 'ops@studio.lumen.example')).toBe(true);
    expect(isInternalEmail(rule, 'ANA@partner.example')).toBe(true);
  });

  it('refuses look-alike domains, other addresses of a listed one, and everyone when nothing is configured', () => {
    expect(isInternalEmail(rule, 'eve@evillumen.example')).toBe(false);
    expect(isInternalEmail(rule, 'eve@lumen.example.evil.test')).toBe(false);
    expect(isInternalEmail(rule, 'bob@partner.example')).toBe(false);
    expect(isInternalEmail(rule, 'not-an-address')).toBe(false);
    expect(isInternalEmail({ internalEmailDomains: [], internalEmails: [] }, 'ada@lumen.example')).toBe(false);
  });
});
