import { DomainError } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { errorBody, toAppError } from './error-handler';

describe('the one mapping of errors to HTTP', () => {
  it('answers a broken domain rule with 400, its machine code and the spec text', () => {
    const error = toAppError(new DomainError('INVALID_REFERENCE', 'ABC is not a valid reference'));
    expect(error.status).toBe(400);
    expect(errorBody(error)).toEqual({ ErrorCode: 400, ErrorDescription: 'ABC is not a valid reference', code: 'INVALID_REFERENCE' });
  });

  it('keeps a coded AppError as it is', () => {
    const error = new AppError('EMAIL_TAKEN');
    expect(toAppError(error)).toBe(error);
    expect(error.status).toBe(409);
  });

  it('never lets internals of an unexpected error reach the body', () => {
    const body = errorBody(toAppError(new Error('connection to 10.0.0.5 refused; password=hunter2')));
    expect(body).toEqual({ ErrorCode: 500, ErrorDescription: 'Something wrong happened', code: 'INTERNAL' });
  });
});
