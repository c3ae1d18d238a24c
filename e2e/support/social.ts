/**
 * Social sign-up and the embedded auth views in the browser tests (social-and-frame.spec.ts): the
 * ports of the local OpenID Connect provider the spec starts, of the partner page (the one
 * FRAME_ANCESTORS origin) and of a stranger page, derived from the app's (E2E_PORT) a thousand apart, so
 * that runs on neighbouring E2E_PORTs do not collide; playwright.config.ts hands the provider and the
 * partner to the server.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E_SOCIAL = {
  appOrigin: `http://127.0.0.1:${port}`,
  providerPort: port + 1000,
  hostPort: port + 2000,
  strangerPort: port + 3000,
  hostOrigin: `http://127.0.0.1:${port + 2000}`,
  strangerOrigin: `http://127.0.0.1:${port + 3000}`,
  clientId: 'lumen-e2e-client',
  clientSecret: 'lumen-e2e-secret-0123456789',
} as const;

/** The environment of the server on `port`: its public URL, and the provider and partner page of lane 1's (E2E_PORT). */
export function socialServerEnv(port: number): Record<string, string> {
  return {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FRAME_ANCESTORS: E2E_SOCIAL.hostOrigin,
    SOCIAL_LINKEDIN_CLIENT_ID: E2E_SOCIAL.clientId,
    SOCIAL_LINKEDIN_CLIENT_SECRET: E2E_SOCIAL.clientSecret,
    SOCIAL_LINKEDIN_ISSUER: `http://127.0.0.1:${E2E_SOCIAL.providerPort}`,
  };
}
