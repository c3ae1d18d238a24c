import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, ErrorBody } from './errors';
import { EmailParam, OptionalLangQuery, PasswordResetConfirmBody, UpdateClientCodeBody } from './users';

describe('error contract', () => {
  it('fixes a 4xx or 5xx status for every machine code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^[A-Z_]+$/);
      expect(status >= 400 && status < 600).toBe(true);
    }
  });

  it('describes the one error body', () => {
    expect(ErrorBody.parse({ ErrorCode: 400, ErrorDescription: 'x', code: 'VALIDATION_FAILED', fields: [{ path: 'body.email', message: 'formError.email' }] })).toBeTruthy();
    expect(ErrorBody.safeParse({ ErrorCode: '400', ErrorDescription: 'x', code: 'X' }).success).toBe(false);
  });
});

describe('users contract additions', () => {
  it('reads an e-mail path parameter like every e-mail input', () => {
    expect(EmailParam.parse({ email: 'Ann@Example.com' }).email).toBe('ann@example.com');
    expect(EmailParam.safeParse({ email: 'nope' }).success).toBe(false);
  });

  it('takes an optional language query', () => {
    expect(OptionalLangQuery.parse({})).toEqual({});
    expect(OptionalLangQuery.parse({ lang: 'en-US' })).toEqual({ lang: 'us' });
  });

  it('bounds reset tokens and client codes', () => {
    expect(PasswordResetConfirmBody.safeParse({ token: 'x'.repeat(257), password: 'password1' }).success).toBe(false);
    expect(UpdateClientCodeBody.safeParse({ clientCode: 'C-100234' }).success).toBe(true);
    expect(UpdateClientCodeBody.safeParse({ clientCode: 'C 100234' }).success).toBe(false);
  });
});
