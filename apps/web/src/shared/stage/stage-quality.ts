/**
 * How much a 3D stage asks of the graphics (issue 35 §3): 'full' on a GPU, 'lite' on a software
 * renderer (SwiftShader, llvmpipe: no GPU, every pixel drawn by the CPU) or when the frames measured
 * are slow. Lite: no image-based light (its prefiltering compiles shaders of 256 samples a pixel:
 * 15–30 s of a blocked page on a software renderer; a sky-and-ground light of the same colours stands
 * in), no shadow maps (the stages draw none: their contact shadows are textures; lite keeps them off
 * should a scene turn them on) and one device pixel per CSS pixel. No three.js here.
 */
export type StageQuality = 'full' | 'lite';

/** Renderer names of WebGL drawn without a GPU. */
export const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|lavapipe|software/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

/** A frame that takes longer than this to render (ms) is slow: under 20 frames a second. */
export const SLOW_FRAME_MS = 50;
/** How many frames are looked at (their median) before deciding. */
export const FRAME_SAMPLE = 6;

/** Whether the last FRAME_SAMPLE frames' median render time (ms) is over SLOW_FRAME_MS. */
export function framesAreSlow(frames: readonly number[]): boolean {
  if (frames.length < FRAME_SAMPLE) return false;
  const last = [...frames.slice(-FRAME_SAMPLE)].sort((a, b) => a - b);
  const middle = FRAME_SAMPLE / 2;
  const median = FRAME_SAMPLE % 2 === 0 ? ((last[middle - 1] ?? 0) + (last[middle] ?? 0)) / 2 : (last[Math.floor(middle)] ?? 0);
  return median > SLOW_FRAME_MS;
}

/** The stage's quality: lite on a software renderer or once frames were slow, unless full is forced (screenshots). */
export function stageQualityOf({ renderer, slowFrames, forced = false }: { renderer: string; slowFrames: boolean; forced?: boolean }): StageQuality {
  if (forced) return 'full';
  return isSoftwareRenderer(renderer) || slowFrames ? 'lite' : 'full';
}

// Slow frames measured on this page: every stage of the page turns lite (one graphics card for all).
let slow = false;
const listeners = new Set<() => void>();

export const slowFramesSeen = (): boolean => slow;

export function subscribeSlowFrames(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Says the frames are slow (FrameWatch in stage-room.tsx); `false` forgets it (tests). */
export function setSlowFrames(value: boolean): void {
  if (slow === value) return;
  slow = value;
  for (const listener of listeners) listener();
}
