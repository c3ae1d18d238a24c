import { describe, expect, it } from 'vitest';
import { DOWNLOAD_PROGRESS, ERROR_DOWNLOAD_FILE, failedFileProgress, fetchProgress, fileProgress, isFailedProgress, zipFileName } from './download-progress';

describe('download progress codes (STARTED 1, INTERMEDIATE 4, READY 8, ERROR 3, MAX 17)', () => {
  it('are fixed', () => {
    expect(DOWNLOAD_PROGRESS).toEqual({ STARTED: 1, INTERMEDIATE: 4, READY: 8, ERROR: 3, MAX: 17 });
    expect(ERROR_DOWNLOAD_FILE).toBe(3);
  });
  it('a failed file → 3 of 17', () => {
    expect(failedFileProgress()).toEqual({ currentProgress: 3, totalProgress: 17 });
    expect(isFailedProgress(failedFileProgress())).toBe(true);
  });
  it('progress is always out of 17 and clamped', () => {
    expect(fileProgress(4)).toEqual({ currentProgress: 4, totalProgress: 17 });
    expect(fileProgress(40)).toEqual({ currentProgress: 17, totalProgress: 17 });
  });
  it('fetching adds up to 8 scaled steps on top of READY', () => {
    expect(fetchProgress(0, 100).currentProgress).toBe(8);
    expect(fetchProgress(50, 100).currentProgress).toBe(12);
    expect(fetchProgress(100, 100).currentProgress).toBe(16);
    expect(fetchProgress(5, 0).currentProgress).toBe(8);
  });
  it('zip file name: brand prefix plus timestamp', () => {
    expect(zipFileName('LUMEN_', new Date('2026-11-21T01:02:03Z'))).toBe('LUMEN_20261121010203.zip');
  });
});
