import * as z from 'zod/mini';
import { FEATURE_ENVIRONMENTS, SERVICE_NAMES, SOCIAL_PROVIDERS } from './constants';

// What a web start checks before its first screen, alone in a module that needs only zod and the
// constants: the runtime configuration and the evaluated flags. A start builds these few schemas
// (start.ts) and not the modules they are part of (flags, masters, social sign-up), whose other
// schemas took most of a start's schema work (issue 9 §4). Those modules re-export them.
// Written with zod's mini API (the same schemas, functions instead of methods): a start then loads
// zod's core, 15.4 KB compressed, instead of its classic API too, 25.5 KB. Everything else uses classic
// zod, which takes these as parts of its own schemas.

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
  timeouts: z.object({ clientMs: z.int(), uploadMs: z.int() }),
  /** The caller's evaluated flags. */
  flags: EvaluatedFlags,
  /** The social providers configured on the server (issue 17 §4): one sign-up button each; none, no buttons. */
  socialProviders: z.array(SocialProvider),
  /** The partner origins that may embed the auth views (FRAME_ANCESTORS): the only hosts the frame talks to. */
  frameAncestors: z.array(z.string()),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
