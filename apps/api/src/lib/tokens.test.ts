import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens';

const SECRET = 'x'.repeat(40);

describe('signed tokens', () => {
  it('give back the payload they were signed with', () => {
    const token = signToken(SECRET, 'quote', 'q:12:1790000000');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(SECRET, 'quote', token)).toBe('q:12:1790000000');
  });

  it('refuse a changed payload, a changed signature, another purpose or another secret', () => {
    const token = signToken(SECRET, 'quote', 'q:12:1790000000');
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from('q:13:1790000000').toString('base64url');
    expect(verifyToken(SECRET, 'quote', `${forged}.${signature}`)).toBeNull();
    expect(verifyToken(SECRET, 'quote', `${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyToken(SECRET, 'other', token)).toBeNull();
    expect(verifyToken('y'.repeat(40), 'quote', token)).toBeNull();
    expect(verifyToken(SECRET, 'quote', 'nonsense')).toBeNull();
    expect(verifyToken(SECRET, 'quote', `${token}.x`)).toBeNull();
  });
});
