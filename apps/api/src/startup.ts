import type { AddressInfo } from 'node:net';
import { type Config, DEFAULT_SECURITY_CONTACT } from './config';

/**
 * Configuration that starts but is probably not what the operator meant. main.ts logs each line as a
 * warning at start; none of them stops the server.
 */
export function startupWarnings(config: Pick<Config, 'env' | 'publicUrl' | 'trustProxy'> & Partial<Pick<Config, 'securityContact'>>): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.securityContact === DEFAULT_SECURITY_CONTACT) {
    warnings.push(
      `SECURITY_CONTACT is the example address (${DEFAULT_SECURITY_CONTACT}): /.well-known/security.txt tells researchers to write there. ` +
        'Set SECURITY_CONTACT to your security team (an e-mail address or an https:// page) and name it in SECURITY.md.',
    );
  }
  if (config.env === 'production' && config.publicUrl?.startsWith('https://') && !config.trustProxy) {
    warnings.push(
      `PUBLIC_URL is https (${config.publicUrl}) but TRUST_PROXY=0: behind the TLS proxy every request looks like plain http from ` +
        "the proxy's address, so per-client limits count the proxy as one client and the api cannot tell http from https. " +
        'Session cookies are still sent Secure because PUBLIC_URL is https. Set TRUST_PROXY=1 when a proxy that clients cannot bypass terminates TLS.',
    );
  }
  return warnings;
}

/** The URL a person opens: PUBLIC_URL when set, else the address the server listens on (localhost for a wildcard). */
export function openUrl(config: Pick<Config, 'publicUrl'>, address: AddressInfo | string | null): string {
  if (config.publicUrl) return `${config.publicUrl}/`;
  if (address === null || typeof address === 'string') return 'http://localhost/';
  const wildcard = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address);
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/`;
}

/** The one human line printed once the server listens. */
export function readyLine(url: string, demoAccounts: boolean): string {
  const demo = demoAccounts ? ' (demo accounts, password demo-password: README.md, "Demo accounts")' : '';
  return `Lumen Pro is ready: open ${url}${demo}`;
}
