import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has defaults for a first start, relative to the working directory', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({ env: 'development', port: 3000, host: '0.0.0.0', dataDir: resolve(cwd, 'data'), databaseUrl: undefined, seedDemo: undefined });
    expect(config.mailOutboxDir).toBe(resolve(cwd, 'data', 'mail'));
    expect(config.webDistDir.endsWith(join('apps', 'web', 'dist'))).toBe(true);
    expect(config.loginRateLimit).toEqual({ perPair: 5, perAddress: 10, perIp: 100, windowMs: 900_000 });
  });

  it('the demo ERP moves orders on in minutes, production in hours; the invoice seller is configured (issue 34 §4, §5)', () => {
    const cwd = tempDir();
    expect(loadConfig({}, cwd).erpStepMs).toBe(120_000);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://pro.example' }, cwd).erpStepMs).toBe(4 * 3600 * 1000);
    expect(loadConfig({ ERP_STEP_MS: '5000' }, cwd).erpStepMs).toBe(5000);
    expect(loadConfig({}, cwd).invoiceSeller).toEqual({ name: 'Lumen Lighting S.L.', address: ['Carrer de la Llum 12', '08005 Barcelona', 'Spain'], vatId: 'ESB12345674', email: 'billing@lumen.example' });
    expect(loadConfig({ INVOICE_SELLER_NAME: 'Luz S.A.', INVOICE_SELLER_ADDRESS: 'Rue 1 | 75001 Paris |France', INVOICE_SELLER_VAT_ID: 'FR12345678901' }, cwd).invoiceSeller).toMatchObject({ name: 'Luz S.A.', address: ['Rue 1', '75001 Paris', 'France'], vatId: 'FR12345678901' });
  });

  it('generates the JWT secret once, keeps it under DATA_DIR (0600) and reuses it', () => {
    const cwd = tempDir();
    const first = loadConfig({ DATA_DIR: 'state' }, cwd);
    const file = join(cwd, 'state', 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: 'state' }, cwd).jwtSecret).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads every variable', () => {
    const cwd = tempDir();
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db:5432/lumen',
        SEED_DEMO: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 's'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
        MAIL_OUTBOX_DIR: '/var/mail/out',
        PUBLIC_URL: 'https://pro.lumen.example/',
        WEB_DIST_DIR: 'web',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/lumen',
      seedDemo: true,
      env: 'production',
      logLevel: 'warn',
      jwtSecret: 's'.repeat(40),
      smtpUrl: 'smtp://mail:25',
      mailOutboxDir: '/var/mail/out',
      publicUrl: 'https://pro.lumen.example',
      linkOrigin: 'https://pro.lumen.example',
      webDistDir: resolve(cwd, 'web'),
    });
    // Without PUBLIC_URL (development), links point at the local server, never at a request's Host.
    expect(loadConfig({ PORT: '4000' }, cwd)).toMatchObject({ publicUrl: undefined, linkOrigin: 'http://localhost:4000' });
    expect(loadConfig({ SEED_DEMO: '0' }, cwd).seedDemo).toBe(false);
  });

  it('lists every problem at once and writes nothing', () => {
    const cwd = tempDir();
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud', NODE_ENV: 'staging', SMTP_URL: 'http://x', PUBLIC_URL: 'ftp://x', JWT_SECRET: 'short', LOGIN_RATE_LIMIT_PER_IP: '-1' }, cwd);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'LOGIN_RATE_LIMIT_PER_IP', 'LOG_LEVEL', 'NODE_ENV', 'PORT', 'PUBLIC_URL', 'SEED_DEMO', 'SMTP_URL']);
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('requires a JWT secret and a public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tempDir())).toThrow(/JWT_SECRET[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: 'x' }, tempDir())).toThrow(/PORT[\s\S]*JWT_SECRET[\s\S]*PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), PUBLIC_URL: 'https://x.example' }, tempDir()).env).toBe('production');
  });

  it('reads FRAME_ANCESTORS as a list of origins and refuses anything else, naming the value', () => {
    expect(loadConfig({}, tempDir()).frameAncestors).toEqual([]);
    expect(loadConfig({ FRAME_ANCESTORS: ' https://partner.example ,https://*.shop.example:8443,http://localhost:5173 ' }, tempDir()).frameAncestors).toEqual([
      'https://partner.example',
      'https://*.shop.example:8443',
      'http://localhost:5173',
    ]);
    for (const bad of ["https://partner.example 'unsafe-inline'", 'https://partner.example/path', 'partner.example', 'javascript:alert(1)', 'https://a.example;script-src *', '*']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: `https://ok.example,${bad}` }, tempDir()), bad).toThrow(/FRAME_ANCESTORS/);
    }
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://ok.example,ftp://x' }, tempDir())).toThrow('"ftp://x" is not an origin');
  });

  it('reads the feature-flag settings: FLAGS_ENV (DEV outside production, PRO in it), the remote OFREP URL, its timeout and cache', () => {
    expect(loadConfig({}, tempDir()).flags).toEqual({ environment: 'DEV', remoteUrl: undefined, remoteTimeoutMs: 500, remoteCacheMs: 30_000 });
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://lumen.example' };
    expect(loadConfig(production, tempDir()).flags.environment).toBe('PRO');
    expect(loadConfig({ ...production, FLAGS_ENV: 'newpro' }, tempDir()).flags.environment).toBe('NEWPRO');
    const remote = loadConfig({ FLAGS_REMOTE_URL: 'https://flags.example:8016/', FLAGS_REMOTE_TIMEOUT_MS: '250', FLAGS_REMOTE_CACHE_MS: '0' }, tempDir()).flags;
    expect(remote).toMatchObject({ remoteUrl: 'https://flags.example:8016', remoteTimeoutMs: 250, remoteCacheMs: 0 });
    let problems: string[] = [];
    try {
      loadConfig({ FLAGS_ENV: 'STAGING', FLAGS_REMOTE_URL: 'ftp://flags.example', FLAGS_REMOTE_TIMEOUT_MS: '0' }, tempDir());
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(expect.arrayContaining(['FLAGS_ENV', 'FLAGS_REMOTE_URL', 'FLAGS_REMOTE_TIMEOUT_MS']));
  });

  it('reads the several-process settings: STORAGE_URL and S3_*, NODE_ROLE, METRICS_PORT, the OTLP endpoint (issue 33)', () => {
    const cwd = tempDir();
    const embedded = loadConfig({}, cwd);
    expect(embedded).toMatchObject({ storage: undefined, nodeRole: 'all', metrics: undefined, otlpTracesUrl: undefined });
    const shared = loadConfig(
      { STORAGE_URL: 's3://lumen-files/prod/eu', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', NODE_ROLE: 'worker', METRICS_PORT: '9464', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      cwd,
    );
    expect(shared.storage).toEqual({ bucket: 'lumen-files', prefix: 'prod/eu', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expect(shared).toMatchObject({ nodeRole: 'worker', metrics: { port: 9464, host: '127.0.0.1' }, otlpTracesUrl: 'http://collector:4318/v1/traces' });
    // AWS itself: virtual-hosted addressing, credentials from the SDK's own chain.
    expect(loadConfig({ STORAGE_URL: 's3://bucket-1', S3_REGION: 'eu-west-1' }, cwd).storage).toEqual({ bucket: 'bucket-1', prefix: '', endpoint: undefined, region: 'eu-west-1', forcePathStyle: false, credentials: undefined });
    expect(() => loadConfig({ STORAGE_URL: 'file:///tmp', NODE_ROLE: 'cron', S3_ACCESS_KEY_ID: 'only-one' }, cwd)).toThrow(ConfigError);
    try {
      loadConfig({ STORAGE_URL: 'file:///tmp', NODE_ROLE: 'cron', S3_ACCESS_KEY_ID: 'only-one' }, cwd);
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('STORAGE_URL');
      expect(problems).toContain('NODE_ROLE');
      expect(problems).toContain('S3_SECRET_ACCESS_KEY');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, tempDir())).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
