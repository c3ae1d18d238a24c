/**
 * The host page of a frame a partner site embeds (issue 17 §5, issue 16 §6): its origin, named by the
 * frame's `?host=` and checked against the partner origins the api serves (FRAME_ANCESTORS) and against
 * the page that actually embeds the frame. The auth views' frames and the drawing frames both use it.
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** `https://partner.example`, `https://*.partner.example:8443`: the FRAME_ANCESTORS syntax (api config). */
const SOURCE = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/** An origin as the browser writes it (`scheme://host[:port]`), or null for anything else (a path, "null", junk). */
export function canonicalOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // Exactly an origin, as the host's location.origin writes it: no path, no trailing slash.
    return url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether an origin is one of the partner sources, with CSP's matching: the scheme and the port (the
 * scheme's default when the source names none) are equal, the host is equal, or for `*.host` a
 * subdomain of it (not the host itself).
 */
export function originAllowed(origin: string, sources: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  return sources.some((source) => {
    const match = SOURCE.exec(source.trim());
    if (!match) return false;
    const [, scheme = '', wildcard, sourceHost = '', sourcePort] = match;
    if (`${scheme.toLowerCase()}:` !== url.protocol) return false;
    if ((sourcePort ?? DEFAULT_PORTS[url.protocol]) !== port) return false;
    const expected = sourceHost.toLowerCase();
    return wildcard ? host.endsWith(`.${expected}`) : host === expected;
  });
}

export type HostCheck = { ok: true; origin: string } | { ok: false; reason: 'not-framed' | 'no-host' | 'not-allowed' | 'mismatch' };

/**
 * The host page's origin, verified. The host names itself (`?host=<origin>` in the frame's address);
 * it must be a partner origin (FRAME_ANCESTORS) and the page that actually embeds the frame: its
 * ancestor origin where the browser tells it (location.ancestorOrigins), else the referrer's origin.
 * When the browser tells neither, the response's CSP frame-ancestors (the same list) has already kept
 * every other site from framing the page.
 */
export function verifyHostOrigin(input: {
  framed: boolean;
  requested: string | null;
  allowed: readonly string[];
  ancestorOrigins?: readonly string[] | undefined;
  referrer?: string | undefined;
}): HostCheck {
  if (!input.framed) return { ok: false, reason: 'not-framed' };
  const origin = canonicalOrigin(input.requested);
  if (!origin) return { ok: false, reason: 'no-host' };
  if (!originAllowed(origin, input.allowed)) return { ok: false, reason: 'not-allowed' };
  const ancestor = input.ancestorOrigins?.[0];
  if (ancestor !== undefined) return ancestor === origin ? { ok: true, origin } : { ok: false, reason: 'mismatch' };
  if (input.referrer) {
    let referrerOrigin: string | null = null;
    try {
      referrerOrigin = new URL(input.referrer).origin;
    } catch {
      referrerOrigin = null;
    }
    if (referrerOrigin !== origin) return { ok: false, reason: 'mismatch' };
  }
  return { ok: true, origin };
}
