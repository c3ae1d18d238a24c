import { describe, expect, it } from 'vitest';
import { openUrl, readyLine, startupWarnings } from './startup';

describe('startupWarnings', () => {
  it('warns in production when PUBLIC_URL is https and the proxy is not trusted', () => {
    const warnings = startupWarnings({ env: 'production', publicUrl: 'https://pro.lumen.example', trustProxy: false });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('TRUST_PROXY=1');
    expect(warnings[0]).toContain('https://pro.lumen.example');
  });

  it('stays quiet when the proxy is trusted, the origin is http, or outside production', () => {
    expect(startupWarnings({ env: 'production', publicUrl: 'https://pro.lumen.example', trustProxy: true })).toEqual([]);
    expect(startupWarnings({ env: 'production', publicUrl: 'http://intranet.example', trustProxy: false })).toEqual([]);
    expect(startupWarnings({ env: 'development', publicUrl: 'https://pro.lumen.example', trustProxy: false })).toEqual([]);
    expect(startupWarnings({ env: 'production', publicUrl: undefined, trustProxy: false })).toEqual([]);
  });
});

describe('the ready line', () => {
  it('names the URL to open: PUBLIC_URL, else localhost for a wildcard address, else the address', () => {
    expect(openUrl({ publicUrl: 'https://pro.lumen.example' }, { address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('https://pro.lumen.example/');
    expect(openUrl({ publicUrl: undefined }, { address: '::', family: 'IPv6', port: 3000 })).toBe('http://localhost:3000/');
    expect(openUrl({ publicUrl: undefined }, { address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://localhost:8080/');
    expect(openUrl({ publicUrl: undefined }, { address: '192.168.1.20', family: 'IPv4', port: 3000 })).toBe('http://192.168.1.20:3000/');
    expect(openUrl({ publicUrl: undefined }, { address: 'fd00::1', family: 'IPv6', port: 3000 })).toBe('http://[fd00::1]:3000/');
  });

  it('is one line that points to the demo accounts only when there are some', () => {
    const line = readyLine('http://localhost:3000/', true);
    expect(line).toBe('Lumen Pro is ready: open http://localhost:3000/ (demo accounts, password demo-password: README.md, "Demo accounts")');
    expect(readyLine('https://pro.lumen.example/', false)).toBe('Lumen Pro is ready: open https://pro.lumen.example/');
    expect(line).not.toContain('\n');
  });
});
