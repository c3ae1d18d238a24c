import type { Lang } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import type { RatePolicy } from '../../http/rate-limits';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, fillTemplate, headerText } from '../../lib/mail-text';

/** Version e-mails one user may ask for per hour (README, "Version e-mails"). */
export const VERSION_MAILS_PER_USER: RatePolicy = { limit: 20, windowMs: 60 * 60 * 1000 };
/** Version e-mails one address may receive per day, from everyone together. */
export const VERSION_MAILS_PER_RECIPIENT: RatePolicy = { limit: 10, windowMs: 24 * 60 * 60 * 1000 };

export interface VersionMailInput {
  to: string;
  /** The sender's interface language: the recipient's is unknown. */
  lang: Lang;
  sender: string;
  project: string;
  projectId: number;
  version: number;
  title: string | null;
  /** Where the platform lives (config.linkOrigin: configuration only, never a request header). */
  linkOrigin: string;
}

/**
 * The notice of a new project version. Every caller-chosen text (sender and project names, version
 * title) is escaped for the HTML part and kept on one bounded line in the subject.
 */
export function versionMail(input: VersionMailInput): MailMessage {
  const t = translationsFor('common-front', input.lang);
  const values = { sender: input.sender, project: input.project, version: input.version, title: input.title ?? '' };
  const link = `${input.linkOrigin}/project/${input.projectId}`;
  const paragraphs = [
    t['mail.projectVersion.body'] ?? '',
    ...(input.title ? [t['mail.projectVersion.title'] ?? ''] : []),
    t['mail.projectVersion.open'] ?? '',
  ];
  const text = [...paragraphs.map((paragraph) => fillTemplate(paragraph, values)), link, '', fillTemplate(t['mail.projectVersion.why'] ?? '', values), '', t['mail.signature'] ?? ''].join('\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${fillTemplate(escapeHtml(paragraph), values, escapeHtml)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p><small>${fillTemplate(escapeHtml(t['mail.projectVersion.why'] ?? ''), values, escapeHtml)}</small></p>`,
    `<p>${escapeHtml(t['mail.signature'] ?? '')}</p>`,
  ].join('\n');
  return { to: input.to, subject: headerText(fillTemplate(t['mail.projectVersion.subject'] ?? 'Lumen Pro', values)), text, html };
}
