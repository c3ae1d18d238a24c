import { z } from 'zod';
import { Lang, LangQuery } from './common';
import type { FLAG_KEYS } from './constants';
import { SafeText } from './input';
import { FeatureEnvironment } from './runtime-config';

// ─── Feature flags (platform-core §1, §9; configuration-domain §5, §9) ──────────────────────────────

// FLAG_KEYS (the flag keys the platform knows today) lives in constants.ts (no zod).
export { FLAG_KEYS } from './constants';
export type FlagKey = (typeof FLAG_KEYS)[number];

/** A flag key: a letter, then letters, digits or underscores; at most 64 characters. */
export const FlagKeyParam = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be a flag key (letters, digits, underscores)');
export const FlagKeyParams = z.object({ key: FlagKeyParam });

/** A rollout probability: the share of users (0 to 1) who get the flag on. */
export const Rollout = z.number().min(0).max(1);

/**
 * Rollout per environment. `null`: the flag is not in that environment's table, so the remote flag
 * service decides (and the flag's default applies when it does not answer).
 */
export const FlagRollouts = z.object({ DEV: Rollout.nullable(), NEWPRO: Rollout.nullable(), PRO: Rollout.nullable() });
export type FlagRollouts = z.infer<typeof FlagRollouts>;

/** An e-mail toggle forces the flag on or off for one address, whatever the rollout. */
export const FlagEmailToggle = z.object({
  email: z.string().trim().max(248).pipe(z.email('formError.email')).transform((email) => email.toLowerCase()),
  enabled: z.boolean(),
});
export type FlagEmailToggle = z.infer<typeof FlagEmailToggle>;

/** What a backoffice user edits about one flag (the body of PUT flags/{key}; the whole state is replaced). */
export const FlagSettings = z.object({
  description: SafeText.trim().max(500),
  /** The answer when the flag is in no table and the remote service does not answer. */
  defaultValue: z.boolean(),
  rollout: FlagRollouts,
  /** At most one toggle per address (checked by the api: 400 on duplicates). */
  emailToggles: z.array(FlagEmailToggle).max(500),
});
export type FlagSettings = z.infer<typeof FlagSettings>;
export const UpdateFlagBody = FlagSettings;
export type UpdateFlagBody = z.infer<typeof UpdateFlagBody>;

/** The state of a flag (what FlagSettings holds, as stored): in the list and in audit rows. */
export const FlagState = z.object({
  description: z.string(),
  defaultValue: z.boolean(),
  rollout: FlagRollouts,
  emailToggles: z.array(z.object({ email: z.string(), enabled: z.boolean() })),
});
export type FlagState = z.infer<typeof FlagState>;

/** One flag as the backoffice lists it (GET masters /v1/flags). Response shapes carry no transforms. */
export const FlagDefinition = FlagState.extend({
  key: z.string(),
  updatedAt: z.string(),
  /** E-mail of the backoffice user of the last change; null for the seeded defaults. */
  updatedBy: z.string().nullable(),
});
export type FlagDefinition = z.infer<typeof FlagDefinition>;

export const FlagList = z.object({
  /** The environment whose table this api process evaluates (FLAGS_ENV). */
  environment: FeatureEnvironment,
  /** Whether a remote OFREP flag service is configured (FLAGS_REMOTE_URL). */
  remoteConfigured: z.boolean(),
  flags: z.array(FlagDefinition),
});
export type FlagList = z.infer<typeof FlagList>;

/** One recorded change (GET masters /v1/flags/{key}/history): who, when, before, after. */
export const FlagChange = z.object({
  id: z.number().int(),
  key: z.string(),
  changedAt: z.string(),
  changedBy: z.object({ id: z.number().int(), email: z.string() }),
  /** null when the change created the flag. */
  before: FlagState.nullable(),
  after: FlagState,
});
export type FlagChange = z.infer<typeof FlagChange>;

export const FlagHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const FlagHistory = z.object({ items: z.array(FlagChange), total: z.number().int() });
export type FlagHistory = z.infer<typeof FlagHistory>;

// The evaluated flags and the runtime configuration (GET /config.json) are in runtime-config.ts,
// which a web start builds on its own (start.ts).
export { EvaluatedFlags, EvaluatedFlagsResponse, RuntimeConfig, ServiceName } from './runtime-config';
export { SERVICE_NAMES } from './constants';


// ─── Cookie notice (GET /cookie) ────────────────────────────────────────────────────────────────────

/** Strictly necessary (the platform cannot work without it) or preference (remembers a choice). */
export const COOKIE_CATEGORIES = ['strictly-necessary', 'preference'] as const;
export const CookieCategory = z.enum(COOKIE_CATEGORIES);
export type CookieCategory = z.infer<typeof CookieCategory>;

export const CookieNoticeQuery = z.object({ lang: LangQuery.optional() });

export const CookieInfo = z.object({
  name: z.string(),
  category: CookieCategory,
  /** Translation key of the purpose (common-front domain) and its text in the asked language. */
  purposeKey: z.string(),
  purpose: z.string(),
  /** Lifetime in seconds; null for a cookie that ends with the browser session. */
  maxAgeSeconds: z.number().int().nullable(),
  httpOnly: z.boolean(),
  /** Set by the platform itself (first party), never by a third party. */
  firstParty: z.literal(true),
});
export type CookieInfo = z.infer<typeof CookieInfo>;

export const CookieNotice = z.object({
  lang: Lang,
  /** false: every cookie is strictly necessary or a functional preference, so a notice suffices (no consent banner). */
  consentRequired: z.boolean(),
  cookies: z.array(CookieInfo),
});
export type CookieNotice = z.infer<typeof CookieNotice>;
