import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_SAMPLE, SLOW_FRAME_MS, framesAreSlow, isSoftwareRenderer, setSlowFrames, slowFramesSeen, stageQualityOf, subscribeSlowFrames } from './stage-quality';

describe('the 3D stage on software GL or slow frames (issue 35 §3)', () => {
  afterEach(() => setSlowFrames(false));

  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', true],
    ['llvmpipe (LLVM 15.0.7, 256 bits)', true],
    ['Mesa/X.org lavapipe', true],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', false],
    ['Apple M2', false],
  ])('%s: drawn in software %s', (name, software) => {
    expect(isSoftwareRenderer(name)).toBe(software);
    expect(stageQualityOf({ renderer: name, slowFrames: false })).toBe(software ? 'lite' : 'full');
  });

  it('a GPU whose frames are slow turns lite; forcing the environment map (screenshots) keeps it full', () => {
    expect(stageQualityOf({ renderer: 'Apple M2', slowFrames: true })).toBe('lite');
    expect(stageQualityOf({ renderer: 'Google SwiftShader', slowFrames: true, forced: true })).toBe('full');
  });

  it(`frames are slow when the median of the last ${FRAME_SAMPLE} is over ${SLOW_FRAME_MS} ms (under 20 frames a second), never before ${FRAME_SAMPLE} frames`, () => {
    expect(framesAreSlow(Array(FRAME_SAMPLE - 1).fill(400))).toBe(false);
    expect(framesAreSlow(Array(FRAME_SAMPLE).fill(SLOW_FRAME_MS))).toBe(false);
    expect(framesAreSlow(Array(FRAME_SAMPLE).fill(SLOW_FRAME_MS + 1))).toBe(true);
    // One hitch among quick frames is not slow; quick frames long ago do not hide slow ones now.
    expect(framesAreSlow([8, 9, 300, 8, 10, 9])).toBe(false);
    expect(framesAreSlow([8, 8, 8, 8, 8, 8, 80, 90, 70, 85, 8, 75])).toBe(true);
  });

  it('slow frames seen once are told to every stage of the page', () => {
    const listener = vi.fn();
    const stop = subscribeSlowFrames(listener);
    expect(slowFramesSeen()).toBe(false);
    setSlowFrames(true);
    setSlowFrames(true);
    expect(slowFramesSeen()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
