/**
 * Download progress (spec configuration-domain §4): STARTED 1, INTERMEDIATE 4, READY 8, ERROR 3,
 * MAX 17. A failed file sets its progress to 3 of 17. Fetching a file adds up to 8 scaled steps on
 * top of READY (8); the last step to 17 is the file saved.
 */
export const DOWNLOAD_PROGRESS = { STARTED: 1, INTERMEDIATE: 4, READY: 8, ERROR: 3, MAX: 17 } as const;
export const ERROR_DOWNLOAD_FILE = DOWNLOAD_PROGRESS.ERROR;
/** Progress updates are throttled to this many milliseconds. */
export const DOWNLOAD_PROGRESS_THROTTLE_MS = 1000;

export interface FileProgress {
  readonly currentProgress: number;
  readonly totalProgress: number;
}

export function fileProgress(currentProgress: number): FileProgress {
  return { currentProgress: Math.min(DOWNLOAD_PROGRESS.MAX, Math.max(0, currentProgress)), totalProgress: DOWNLOAD_PROGRESS.MAX };
}

/** A failed file: 3 of 17. */
export function failedFileProgress(): FileProgress {
  return { currentProgress: DOWNLOAD_PROGRESS.ERROR, totalProgress: DOWNLOAD_PROGRESS.MAX };
}

export function isFailedProgress(progress: FileProgress): boolean {
  return progress.currentProgress === DOWNLOAD_PROGRESS.ERROR;
}

/** While fetching a ready file: READY + 8 × loaded / total, floored, at most 16 (17 once saved). */
export function fetchProgress(loaded: number, total: number): FileProgress {
  const ratio = total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0;
  return fileProgress(Math.min(DOWNLOAD_PROGRESS.MAX - 1, DOWNLOAD_PROGRESS.READY + Math.floor(8 * ratio)));
}

/** The name of a zip of downloads: brand prefix + timestamp (UTC, yyyyMMddHHmmss). */
export function zipFileName(brandPrefix: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${brandPrefix}${stamp}.zip`;
}
