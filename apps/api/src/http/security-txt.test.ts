import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { ConfigError, DEFAULT_SECURITY_CONTACT, loadConfig } from '../config';
import { startupWarnings } from '../startup';
import { securityTxt } from './security-txt';

/** Issue 29, SECURITY.md: the address for vulnerability reports is the operator's, configured and published. */
describe('SECURITY_CONTACT', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'lumen-security-contact-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('takes an e-mail address (as mailto:), a mailto: URI or an https page, and refuses anything else', () => {
    expect(loadConfig({}, cwd).securityContact).toBe(DEFAULT_SECURITY_CONTACT);
    expect(loadConfig({ SECURITY_CONTACT: 'psirt@example.com' }, cwd).securityContact).toBe('mailto:psirt@example.com');
    expect(loadConfig({ SECURITY_CONTACT: 'mailto:psirt@example.com' }, cwd).securityContact).toBe('mailto:psirt@example.com');
    expect(loadConfig({ SECURITY_CONTACT: 'https://example.com/security' }, cwd).securityContact).toBe('https://example.com/security');
    for (const bad of ['http://example.com/security', 'javascript:alert(1)', 'nobody', 'mailto:', 'a b@example.com']) {
      expect(() => loadConfig({ SECURITY_CONTACT: bad }, cwd), bad).toThrow(ConfigError);
    }
  });

  it('warns at a production start while it is still the example address', () => {
    const production = { env: 'production' as const, publicUrl: 'https://pro.example', trustProxy: true };
    expect(startupWarnings({ ...production, securityContact: DEFAULT_SECURITY_CONTACT }).join()).toMatch(/SECURITY_CONTACT/);
    expect(startupWarnings({ ...production, securityContact: 'mailto:psirt@example.com' })).toEqual([]);
    expect(startupWarnings({ ...production, env: 'development', securityContact: DEFAULT_SECURITY_CONTACT })).toEqual([]);
  });

  it('writes an RFC 9116 file: Contact, an Expires under a year ahead, languages, Canonical under PUBLIC_URL', () => {
    const now = new Date('2026-12-07T10:00:00.000Z');
    const text = securityTxt({ securityContact: 'mailto:psirt@example.com', publicUrl: 'https://pro.example' }, now);
    expect(text).toBe(['Contact: mailto:psirt@example.com', 'Expires: 2027-06-05T10:00:00Z', 'Preferred-Languages: en, es, fr, de, it', 'Canonical: https://pro.example/.well-known/security.txt', ''].join('\n'));
    expect(securityTxt({ securityContact: DEFAULT_SECURITY_CONTACT, publicUrl: undefined }, now)).not.toContain('Canonical');
  });
});

describeWithDb('/.well-known/security.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(), env: { SECURITY_CONTACT: 'psirt@example.com' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is public plain text naming the configured contact', async () => {
    const response = await t.agent().get('/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^Contact: mailto:psirt@example\.com\nExpires: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n/);
  });
});
