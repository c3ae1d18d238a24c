import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from '../../api';
import { checkBeforeUpload, extensionOf } from './upload-checks';
import { isRetryable, uploadErrorReason, type UploadErrorReason } from './upload-errors';

const apiError = (ErrorCode: number, code?: string) => new ApiError({ ErrorCode, ErrorDescription: 'x', URL: '/api/images/v1/files/temp', ...(code ? { code } : {}) });

describe('why an upload failed', () => {
  it('reads the api’s codes, the 60 s timeout and a lost connection', () => {
    expect(uploadErrorReason(apiError(415, 'FILE_CONTENT_MISMATCH'))).toBe('FILE_CONTENT_MISMATCH');
    expect(uploadErrorReason(apiError(413, 'PAYLOAD_TOO_LARGE'))).toBe('FILE_TOO_LARGE');
    expect(uploadErrorReason(apiError(413))).toBe('FILE_TOO_LARGE');
    expect(uploadErrorReason(apiError(429))).toBe('RATE_LIMITED');
    expect(uploadErrorReason(apiError(0, TIMEOUT_CODE))).toBe('TIMEOUT');
    expect(uploadErrorReason(apiError(0, NETWORK_CODE))).toBe('NETWORK');
    expect(uploadErrorReason(apiError(400, 'VALIDATION_FAILED'))).toBe('FAILED');
    expect(uploadErrorReason(new Error('unexpected answer'))).toBe('FAILED');
  });

  it('offers a retry only where sending the same file again may work', () => {
    const final: UploadErrorReason[] = ['FILE_TYPE_NOT_ALLOWED', 'FILE_CONTENT_MISMATCH', 'FILE_TOO_LARGE', 'FILE_EMPTY'];
    const passing: UploadErrorReason[] = ['TOO_MANY_FILES', 'RATE_LIMITED', 'TIMEOUT', 'NETWORK', 'FAILED'];
    expect(final.filter(isRetryable)).toEqual([]);
    expect(passing.filter(isRetryable)).toEqual(passing);
  });
});

describe('checks before sending', () => {
  it('takes the spec’s extensions whatever their case, and refuses the rest', () => {
    expect(extensionOf('Plan.Final.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(checkBeforeUpload({ name: 'Plan.PDF', size: 10 }, { attached: 0, maxFiles: 10 })).toBeNull();
    expect(checkBeforeUpload({ name: 'plan.pdf.exe', size: 10 }, { attached: 0, maxFiles: 10 })).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(checkBeforeUpload({ name: 'README', size: 10 }, { attached: 0, maxFiles: 10 })).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('takes 10,485,760 bytes and no more, refuses an empty file and one past the request’s limit', () => {
    expect(checkBeforeUpload({ name: 'a.tif', size: 10_485_760 }, { attached: 0, maxFiles: 10 })).toBeNull();
    expect(checkBeforeUpload({ name: 'a.tif', size: 10_485_761 }, { attached: 0, maxFiles: 10 })).toBe('FILE_TOO_LARGE');
    expect(checkBeforeUpload({ name: 'a.txt', size: 0 }, { attached: 0, maxFiles: 10 })).toBe('FILE_EMPTY');
    expect(checkBeforeUpload({ name: 'a.txt', size: 3 }, { attached: 10, maxFiles: 10 })).toBe('TOO_MANY_FILES');
  });
});
