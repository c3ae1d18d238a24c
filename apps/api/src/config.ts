import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@lumen/contracts';
import { z } from 'zod';
import type { S3StorageOptions } from './lib/file-storage';

/** The example installation's security contact (SECURITY.md): an operator sets SECURITY_CONTACT (startup warns in production otherwise). */
export const DEFAULT_SECURITY_CONTACT = 'mailto:security@lumen.example';

/** The api's configuration, read once from the environment at start (see README.md). */
export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Absolute data directory (PGlite files, JWT secret, mail outbox). */
  dataDir: string;
  /** postgres://… when a PostgreSQL server is used; undefined for the embedded PGlite. */
  databaseUrl: string | undefined;
  /** true: seed demo data; false: never; undefined: only into an empty embedded database outside production. */
  seedDemo: boolean | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  mailFrom: string;
  /** Where support requests are mailed (SUPPORT_EMAIL): the support desk's shared address. */
  supportEmail: string;
  /**
   * Where vulnerabilities are reported (SECURITY_CONTACT), as a URI: `mailto:…` or `https://…`.
   * Published at /.well-known/security.txt (RFC 9116); SECURITY.md names the same address.
   */
  securityContact: string;
  /** Public origin of the platform as the operator set it (PUBLIC_URL); undefined when unset. */
  publicUrl: string | undefined;
  /**
   * The origin of every link the api writes (e-mails): PUBLIC_URL, else `http://localhost:PORT`.
   * Never taken from a request (Host, X-Forwarded-Host, Origin, Referer), so a forged header cannot
   * point a reset link at another site.
   */
  linkOrigin: string;
  webDistDir: string;
  trustProxy: boolean;
  /**
   * Login throttle (README, "Login throttle"): free failures per address-and-IP pair and per address
   * from unfamiliar IPs before backoff; attempts per client IP per window. Password reset, sign-up and
   * password change use perAddress / perIp per window too.
   */
  loginRateLimit: { perPair: number; perAddress: number; perIp: number; windowMs: number };
  /** Request bodies larger than this answer 413. */
  bodyLimitBytes: number;
  /** Days the audit trail keeps its rows (AUDIT_RETENTION_DAYS); a daily job purges older ones (src/lib/audit). */
  auditRetentionDays: number;
  /** Feature flags (see README.md, "Feature flags"). */
  flags: {
    /** Which flag table is evaluated (FLAGS_ENV): DEV, NEWPRO or PRO. */
    environment: 'DEV' | 'NEWPRO' | 'PRO';
    /** Base URL of a remote OFREP flag service asked for flags missing from the table (FLAGS_REMOTE_URL). */
    remoteUrl: string | undefined;
    /** How long a remote evaluation may take before the flag's default is used. */
    remoteTimeoutMs: number;
    /** How long a remote answer (or its failure) is reused for the same flag and caller. */
    remoteCacheMs: number;
  };
  /** Partner origins allowed to embed the frame-only pages (/iframe/*) besides the platform itself. */
  frameAncestors: readonly string[];
  /** Days a quote stays valid after it is issued (QUOTE_VALIDITY_DAYS, default 30). */
  quoteValidityDays: number;
  /** Which ERP the orders go to: `builtin` (the default, in this process's database) (ERP_ADAPTER). */
  erpAdapter: 'builtin';
  /** The built-in ERP moves an order one status on after this many ms (ERP_STEP_MS; default 2 min, 4 h with NODE_ENV=production; tests use a few ms). */
  erpStepMs: number;
  /** VAT percent the built-in ERP invoices (ERP_VAT_PERCENT, default 21). */
  erpVatPercent: number;
  /**
   * The seller printed on every invoice (VAT directive 2006/112/EC art. 226, issue 34 §5): full name
   * (INVOICE_SELLER_NAME), address lines separated by `|` (INVOICE_SELLER_ADDRESS), VAT identification
   * number (INVOICE_SELLER_VAT_ID) and billing e-mail (INVOICE_SELLER_EMAIL). The defaults are the demo brand's.
   */
  invoiceSeller: { name: string; address: string[]; vatId: string; email: string };
  /**
   * A qualification makes the user a professional at once (QUALIFICATION_AUTO_APPROVE, default on, as
   * the demo keeps it); off, it becomes a trade lead (status 3) that sales staff approve or decline.
   */
  qualificationAutoApprove: boolean;
  /**
   * Who is internal (spec §2, §6: the internal-only routes): an e-mail on one of these domains
   * (INTERNAL_EMAIL_DOMAINS, lower case, subdomains included) or in this list (INTERNAL_EMAILS).
   */
  internalEmailDomains: readonly string[];
  internalEmails: readonly string[];
  /** Social sign-up (issue 17 §4, README "Social sign-up"): the OpenID Connect providers configured; absent ones show no button. */
  social: Partial<Record<SocialProvider, SocialProviderConfig>>;
  /** Files in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix, S3_*); undefined: the local disk under DATA_DIR/files. */
  storage: S3StorageOptions | undefined;
  /**
   * What this process runs (NODE_ROLE, README "Several processes"): `http` serves requests and sockets
   * only, `worker` runs the job queue only (and answers /health, /ready), `all` both (the default).
   */
  nodeRole: 'http' | 'worker' | 'all';
  /** The operator port of /metrics (METRICS_PORT; unset: no metrics listener), on METRICS_HOST (default 127.0.0.1). */
  metrics: { port: number; host: string } | undefined;
  /** OTLP/HTTP traces endpoint (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces); undefined: tracing off. */
  otlpTracesUrl: string | undefined;
  /** How long a job's claim holds without renewal before another process takes it over (JOB_LEASE_MS, default 30 s). */
  jobLeaseMs: number;
  /** On SIGTERM, /ready answers 503 this long before the process stops taking requests (SHUTDOWN_DRAIN_MS, default 0). */
  shutdownDrainMs: number;
}

/** One OpenID Connect provider (SOCIAL_<PROVIDER>_*): discovered from its issuer, or with its endpoints given. */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** All three, or none (then they are discovered at `<issuer>/.well-known/openid-configuration`). */
  endpoints: { authorization: string; token: string; jwks: string; userinfo: string | undefined } | undefined;
  scope: string;
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** A CSP source for a partner site: scheme, host (a leading `*.` for its subdomains) and optional port; no path. */
const FRAME_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

const frameOrigins = z
  .string()
  .transform((value) => value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== ''))
  .superRefine((origins, context) => {
    for (const origin of origins) {
      if (!FRAME_ORIGIN.test(origin)) {
        context.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as https://partner.example or https://*.partner.example:8443 (no path, no quotes)` });
      }
    }
  });

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''));

/** The variables of one social provider (README, "Social sign-up"). */
function socialEnv<P extends string>(prefix: P) {
  const name = <S extends string>(suffix: S) => `SOCIAL_${prefix}_${suffix}` as const;
  return {
    [name('CLIENT_ID')]: z.string().min(1).max(512).optional(),
    [name('CLIENT_SECRET')]: z.string().min(1).max(512).optional(),
    [name('ISSUER')]: httpUrl.optional(),
    [name('AUTHORIZATION_URL')]: httpUrl.optional(),
    [name('TOKEN_URL')]: httpUrl.optional(),
    [name('JWKS_URL')]: httpUrl.optional(),
    [name('USERINFO_URL')]: httpUrl.optional(),
    [name('SCOPE')]: z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'must be scopes separated by single spaces').optional(),
  } as unknown as Record<`SOCIAL_${P}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER' | 'AUTHORIZATION_URL' | 'TOKEN_URL' | 'JWKS_URL' | 'USERINFO_URL' | 'SCOPE'}`, z.ZodOptional<z.ZodType<string, string>>>;
}

/** A provider's configuration when its variables are set: every problem is added to `problems`. */
function socialProvider(env: Record<string, unknown>, provider: SocialProvider, problems: string[]): SocialProviderConfig | undefined {
  const key = (suffix: string) => `SOCIAL_${provider.toUpperCase()}_${suffix}`;
  const value = (suffix: string): string | undefined => {
    const found = env[key(suffix)];
    return typeof found === 'string' ? found : undefined;
  };
  const set = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER', 'AUTHORIZATION_URL', 'TOKEN_URL', 'JWKS_URL', 'USERINFO_URL', 'SCOPE'].filter((suffix) => value(suffix) !== undefined);
  if (set.length === 0) return undefined;
  const missing = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'].filter((suffix) => value(suffix) === undefined);
  for (const suffix of missing) problems.push(`${key(suffix)}: required when any SOCIAL_${provider.toUpperCase()}_* variable is set`);
  const endpointNames = ['AUTHORIZATION_URL', 'TOKEN_URL', 'JWKS_URL'];
  const endpointsSet = endpointNames.filter((suffix) => value(suffix) !== undefined);
  if (endpointsSet.length > 0 && endpointsSet.length < endpointNames.length) {
    problems.push(`${key('AUTHORIZATION_URL')}, ${key('TOKEN_URL')}, ${key('JWKS_URL')}: give all three, or none to discover them from the issuer`);
  }
  const clientId = value('CLIENT_ID');
  const clientSecret = value('CLIENT_SECRET');
  const issuer = value('ISSUER');
  if (!clientId || !clientSecret || !issuer) return undefined;
  const authorization = value('AUTHORIZATION_URL');
  const token = value('TOKEN_URL');
  const jwks = value('JWKS_URL');
  return {
    clientId,
    clientSecret,
    issuer,
    endpoints: authorization && token && jwks ? { authorization, token, jwks, userinfo: value('USERINFO_URL') } : undefined,
    scope: value('SCOPE') ?? 'openid email profile',
  };
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Lumen Pro <no-reply@lumen.example>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@lumen.example'),
  SECURITY_CONTACT: z
    .string()
    .trim()
    .transform((value) => (value.includes('@') && !/^[a-z]+:/i.test(value) ? `mailto:${value}` : value))
    .pipe(z.union([z.string().regex(/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/), z.url({ protocol: /^https$/ })], 'must be an e-mail address, a mailto: URI or an https:// URL'))
    .default(DEFAULT_SECURITY_CONTACT),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: flag.default(false),
  LOGIN_RATE_LIMIT_PER_PAIR: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  FLAGS_ENV: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(['DEV', 'NEWPRO', 'PRO'], 'must be DEV, NEWPRO or PRO')).optional(),
  FLAGS_REMOTE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the OFREP service base, without /ofrep/v1)' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  FLAGS_REMOTE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  FLAGS_REMOTE_CACHE_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  FRAME_ANCESTORS: frameOrigins.optional(),
  QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ERP_ADAPTER: z.enum(['builtin']).default('builtin'),
  ERP_STEP_MS: z.coerce.number().int().min(1).max(30 * 24 * 3600 * 1000).optional(),
  ERP_VAT_PERCENT: z.coerce.number().min(0).max(100).default(21),
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(200).default('Lumen Lighting S.L.'),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).max(500).default('Carrer de la Llum 12|08005 Barcelona|Spain'),
  INVOICE_SELLER_VAT_ID: z.string().trim().min(4).max(30).default('ESB12345674'),
  INVOICE_SELLER_EMAIL: z.email().default('billing@lumen.example'),
  QUALIFICATION_AUTO_APPROVE: flag.default(true),
  INTERNAL_EMAIL_DOMAINS: z
    .string()
    .transform((value) => value.split(',').map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter((domain) => domain !== ''))
    .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be comma-separated domains such as lumen.example')))
    .optional(),
  INTERNAL_EMAILS: z
    .string()
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter((email) => email !== ''))
    .pipe(z.array(z.email('must be comma-separated e-mail addresses')))
    .optional(),
  ...socialEnv('FACEBOOK'),
  ...socialEnv('LINKEDIN'),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/, 'must be s3://bucket or s3://bucket/prefix (unset: files on the local disk)')
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-west-1').default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  NODE_ROLE: z.enum(['http', 'worker', 'all'], 'must be http, worker or all').default('all'),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
});

/** Internal users' domain of the demo accounts (product@lumen.example), used when INTERNAL_EMAIL_DOMAINS is unset outside production. */
export const DEMO_INTERNAL_DOMAIN = 'lumen.example';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** apps/web/dist, found from this file's location both in src/ (tsx, tests) and in dist/ (bundle). */
function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../web/dist');
}

function readOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Parses the environment. Every problem is collected and reported at once; nothing is written to disk
 * unless the whole configuration is valid (the JWT secret file is created last).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // Empty variables count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  }
  // Production requirements are checked on the raw environment, so they are listed with the other problems.
  if (cleaned.NODE_ENV === 'production') {
    if (!cleaned.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production (at least 32 characters)');
    // Links in e-mails must not be built from a request's Host header in production (reset-link poisoning).
    if (!cleaned.PUBLIC_URL) problems.push('PUBLIC_URL: required when NODE_ENV=production (the origin used in e-mail links)');
  }
  const social: Config['social'] = {};
  // On a failed parse the raw values still tell which provider variables are missing, listed with the rest.
  const socialValues = (parsed.success ? parsed.data : cleaned) as unknown as Record<string, unknown>;
  for (const provider of SOCIAL_PROVIDERS) {
    const found = socialProvider(socialValues, provider, problems);
    if (found) social[provider] = found;
  }
  if (Boolean(cleaned.S3_ACCESS_KEY_ID) !== Boolean(cleaned.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both, or neither to let the AWS SDK find credentials');
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const abs = (path: string): string => (isAbsolute(path) ? path : resolve(cwd, path));
  const dataDir = abs(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailOutboxDir: e.MAIL_OUTBOX_DIR ? abs(e.MAIL_OUTBOX_DIR) : resolve(dataDir, 'mail'),
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    securityContact: e.SECURITY_CONTACT,
    publicUrl: e.PUBLIC_URL,
    linkOrigin: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    webDistDir: e.WEB_DIST_DIR ? abs(e.WEB_DIST_DIR) : defaultWebDist(),
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: {
      perPair: e.LOGIN_RATE_LIMIT_PER_PAIR,
      perAddress: e.LOGIN_RATE_LIMIT_PER_ADDRESS,
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MS,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    flags: {
      // Production evaluates the PRO table (empty by default) unless told otherwise; elsewhere DEV.
      environment: e.FLAGS_ENV ?? (e.NODE_ENV === 'production' ? 'PRO' : 'DEV'),
      remoteUrl: e.FLAGS_REMOTE_URL,
      remoteTimeoutMs: e.FLAGS_REMOTE_TIMEOUT_MS,
      remoteCacheMs: e.FLAGS_REMOTE_CACHE_MS,
    },
    frameAncestors: e.FRAME_ANCESTORS ?? [],
    quoteValidityDays: e.QUOTE_VALIDITY_DAYS,
    erpAdapter: e.ERP_ADAPTER,
    // A person trying the demo sees an order move on within minutes (issue 34 §4); production keeps 4 h.
    erpStepMs: e.ERP_STEP_MS ?? (e.NODE_ENV === 'production' ? 4 * 3600 * 1000 : 2 * 60 * 1000),
    erpVatPercent: e.ERP_VAT_PERCENT,
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      address: e.INVOICE_SELLER_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean),
      vatId: e.INVOICE_SELLER_VAT_ID,
      email: e.INVOICE_SELLER_EMAIL,
    },
    qualificationAutoApprove: e.QUALIFICATION_AUTO_APPROVE,
    // The demo's staff domain (the product manager of issue 31) outside production; production names its own.
    internalEmailDomains: e.INTERNAL_EMAIL_DOMAINS ?? (e.NODE_ENV === 'production' ? [] : [DEMO_INTERNAL_DOMAIN]),
    internalEmails: e.INTERNAL_EMAILS ?? [],
    social,
    storage: storageOf(e),
    nodeRole: e.NODE_ROLE,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    otlpTracesUrl: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` : undefined),
    jobLeaseMs: e.JOB_LEASE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}

function storageOf(e: z.infer<typeof EnvSchema>): S3StorageOptions | undefined {
  if (!e.STORAGE_URL) return undefined;
  const [bucket = '', ...prefix] = e.STORAGE_URL.slice('s3://'.length).split('/').filter((part) => part !== '');
  return {
    bucket,
    prefix: prefix.join('/'),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // Self-hosted stores (an endpoint given) are addressed by path unless told otherwise.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  };
}
