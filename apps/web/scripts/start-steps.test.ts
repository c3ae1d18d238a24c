import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStartSteps } from './start-steps';

function webDir(main: string, files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'start-steps-'));
  mkdirSync(join(dir, 'src', 'app'), { recursive: true });
  writeFileSync(join(dir, 'src', 'main.tsx'), main);
  for (const file of files) writeFileSync(join(dir, file), '');
  return dir;
}

describe('readStartSteps', () => {
  it("reads main.tsx's steps in order, with their files' extensions", () => {
    const dir = webDir("await import('./app/start-react');\nawait nextTask();\nconst { mountApp } = await import('./app/start');", ['src/app/start-react.ts', 'src/app/start.tsx']);
    expect(readStartSteps(dir)).toEqual(['src/app/start-react.ts', 'src/app/start.tsx']);
  });

  it('refuses a step without its file, and a main.tsx without steps', () => {
    expect(() => readStartSteps(webDir("await import('./app/gone');", []))).toThrow(/\.\/app\/gone/);
    expect(() => readStartSteps(webDir("import './app/start';", ['src/app/start.tsx']))).toThrow(/no start step/);
  });

  it("reads this app's main.tsx: React first, the app last", () => {
    const steps = readStartSteps();
    expect(steps[0]).toBe('src/app/start-react.ts');
    expect(steps.at(-1)).toBe('src/app/start.tsx');
  });
});
