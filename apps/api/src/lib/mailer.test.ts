import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer';

describe('outbox mailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes one .eml file per message, creating the folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lumen-outbox-'));
    dirs.push(root);
    const dir = join(root, 'mail');
    const mailer = outboxMailer(dir, 'Lumen Pro <no-reply@lumen.example>');
    await mailer.send({ to: 'ann@example.com', subject: 'Réinitialisez votre mot de passe', text: 'Bonjour Zoë,\nhttp://x/password-reset?token=abc' });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Hello' });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(dir, files[0] ?? ''), 'utf8');
    expect(first).toMatch(/^From: Lumen Pro <no-reply@lumen\.example>$/m);
    expect(first).toMatch(/^To: ann@example\.com$/m);
    expect(first).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(first).toContain('password-reset?token=3Dabc');
  });

  it('keeps messages private to the server user: files 0600, folder 0700 even when it existed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lumen-outbox-'));
    dirs.push(root);
    const dir = join(root, 'mail');
    mkdirSync(dir, { mode: 0o755 });
    await outboxMailer(dir, 'no-reply@lumen.example').send({ to: 'ann@example.com', subject: 'Reset', text: 'token=abc' });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(statSync(join(dir, file ?? '')).mode & 0o777).toBe(0o600);
  });
});
