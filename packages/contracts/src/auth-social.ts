import { z } from 'zod';
import { AUTH_FRAME_SOURCE } from './constants';
import { SafeText } from './input';
import { SocialProvider } from './runtime-config';

// ─── Social sign-up (issue 17 §4) ─────────────────────────────────────────────────────────────────

// The providers are named in constants.ts (SOCIAL_PROVIDERS) and runtime-config.ts (SocialProvider),
// since the runtime configuration lists the configured ones.
export { AUTH_FRAME_SOURCE, SOCIAL_PROVIDERS } from './constants';
export { SocialProvider };

/** The registration type (spec §3) a provider's accounts are created with. */
export const SOCIAL_REGISTER_TYPE: Readonly<Record<SocialProvider, 2 | 3>> = { facebook: 2, linkedin: 3 };

export const SocialProviderParam = z.object({ provider: SocialProvider });

/** `frame=1`: the flow runs in a pop-up opened by the embedded auth views and ends on their result page. */
export const SocialStartQuery = z.object({ frame: z.enum(['0', '1']).optional() });

/** What the provider sends back to the callback (RFC 6749 §4.1.2; `iss` of RFC 9207). Lengths bound hostile input. */
export const SocialCallbackQuery = z.object({
  code: SafeText.max(2048).optional(),
  state: SafeText.max(256).optional(),
  iss: SafeText.max(512).optional(),
  error: SafeText.max(256).optional(),
  error_description: SafeText.max(1024).optional(),
});
export type SocialCallbackQuery = z.infer<typeof SocialCallbackQuery>;

/**
 * How a social sign-up ended, as the callback tells the web (the `result` of the result page):
 * signed-up (a new account), logged (a linked account), link (an account with this e-mail exists:
 * its password links it) or error (with a reason).
 */
export const SOCIAL_RESULTS = ['signed-up', 'logged', 'link', 'error'] as const;
export const SocialResult = z.enum(SOCIAL_RESULTS);
export type SocialResult = z.infer<typeof SocialResult>;

/**
 * Why a social sign-up failed: the provider refused or the user cancelled (`denied`); the state is
 * missing, forged or from another browser (`state`); the flow was used already or is too old
 * (`expired`); the ID token's nonce is not ours (`nonce`); the code exchange or the token check
 * failed, e.g. a code used twice (`exchange`); no verified e-mail (`email-unverified`); the account is
 * deleted (`account-closed`); the provider is not configured (`unavailable`).
 */
export const SOCIAL_ERROR_REASONS = ['denied', 'state', 'expired', 'nonce', 'exchange', 'email-unverified', 'account-closed', 'unavailable'] as const;
export const SocialErrorReason = z.enum(SOCIAL_ERROR_REASONS);
export type SocialErrorReason = z.infer<typeof SocialErrorReason>;

/** Linking a social identity to an existing account: the account's password proves it is the user's. */
export const SocialLinkBody = z.object({ password: SafeText.min(1).max(128) });
export type SocialLinkBody = z.infer<typeof SocialLinkBody>;

/** The pending link of this browser (its cookie): the provider and the account's e-mail, to show before the password. */
export const SocialLinkPending = z.object({ provider: SocialProvider, email: z.string() });
export type SocialLinkPending = z.infer<typeof SocialLinkPending>;

// ─── Auth views in an embedded frame (issue 17 §5, spec §4 "auth modal messages") ────────────────

/** The messages the embedded auth views post to the host page. */
export const AUTH_FRAME_MESSAGE_TYPES = [
  'signed-up',
  'social-sign-up-success',
  'social-sign-up-error',
  'logged',
  'qualified-success',
  'qualified-error',
  'support-requested-success',
  'support-requested-error',
  'close',
  'login-timeout',
  'jwt-token-saved',
  'project-budget',
] as const;
export const AuthFrameMessageType = z.enum(AUTH_FRAME_MESSAGE_TYPES);
export type AuthFrameMessageType = z.infer<typeof AuthFrameMessageType>;

/** The auth views of spec §2 (the auth modal's), each at /iframe/auth/<view>. */
export const AUTH_FRAME_VIEWS = ['login', 'new-register', 'password-reset', 'password-change', 'qualification', 'support'] as const;
export const AuthFrameView = z.enum(AUTH_FRAME_VIEWS);
export type AuthFrameView = z.infer<typeof AuthFrameView>;


/** A message of the frame to its host: the event, the view it happened in, and a reason for the error events. */
export const AuthFrameMessage = z.object({
  source: z.literal(AUTH_FRAME_SOURCE),
  type: AuthFrameMessageType,
  view: AuthFrameView,
  reason: z.string().max(200).optional(),
});
export type AuthFrameMessage = z.infer<typeof AuthFrameMessage>;

/** What a host may ask of the frame: close the view (a failure event for it), or show another view. */
export const AuthFrameCommand = z.discriminatedUnion('type', [
  z.object({ source: z.literal(AUTH_FRAME_SOURCE), type: z.literal('close') }),
  z.object({ source: z.literal(AUTH_FRAME_SOURCE), type: z.literal('show'), view: AuthFrameView }),
]);
export type AuthFrameCommand = z.infer<typeof AuthFrameCommand>;
