import { z } from 'zod';
import { FEATURE_ENVIRONMENTS, SERVICE_NAMES, SOCIAL_PROVIDERS } from './constants';

// What a web start checks before its first screen, alone in a module that needs only zod and the
// constants: the runtime configuration and the evaluated flags (start.ts). The web compiles them into
// its start's checks at build time (apps/web scripts/start-checks.ts); the modules they are part of
// (flags, masters, social sign-up) re-export them.

/** The flag tables: one per environment (FLAGS_ENV). */
export const FeatureEnvironment = z.enum(FEATURE_ENVIRONMENTS);
export type FeatureEnvironment = z.infer<typeof FeatureEnvironment>;

/** A social provider of sign-up (issue 17 §4). */
export const SocialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** The services of the api (DESIGN.md). */
export const ServiceName = z.enum(SERVICE_NAMES);
export type ServiceName = z.infer<typeof ServiceName>;

/** Every known flag evaluated for one caller (their user id and e-mail; anonymous visitors too). */
export const EvaluatedFlags = z.record(z.string(), z.boolean());
export type EvaluatedFlags = z.infer<typeof EvaluatedFlags>;

/** GET masters /v1/flags/evaluated: the caller's answers, the same the api decides with. */
export const EvaluatedFlagsResponse = z.object({ environment: FeatureEnvironment, flags: EvaluatedFlags });
export type EvaluatedFlagsResponse = z.infer<typeof EvaluatedFlagsResponse>;

/** What the web loads before anything else (GET /config.json, never cached). */
export const RuntimeConfig = z.object({
  /** The api's NODE_ENV. */
  environment: z.enum(['development', 'test', 'production']),
  /** The flag table in use (FLAGS_ENV). */
  flagsEnvironment: FeatureEnvironment,
  /** Base path of each service, e.g. products → /api/products. */
  services: z.record(ServiceName, z.string()),
  /** Base path of the document download route. */
  documentsDownloadPath: z.string(),
  /** socket.io path of document generation. */
  socketPath: z.string(),
  timeouts: z.object({ clientMs: z.number().int(), uploadMs: z.number().int() }),
  /** The caller's evaluated flags. */
  flags: EvaluatedFlags,
  /** The social providers configured on the server (issue 17 §4): one sign-up button each; none, no buttons. */
  socialProviders: z.array(SocialProvider),
  /** The partner origins that may embed the auth views (FRAME_ANCESTORS): the only hosts the frame talks to. */
  frameAncestors: z.array(z.string()),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
