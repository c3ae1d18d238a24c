import type { Lang } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, fillTemplate, headerText } from '../../lib/mail-text';

export interface SupportMailInput {
  id: number;
  lang: Lang;
  catalogId: number;
  /** The subject's name in every language (the desk reads English, the requester their own). */
  subjectNames: Readonly<Record<Lang, string>>;
  message: string;
  contact: { name: string; email: string; phone: string | null; company: string | null };
  /** The requester's account e-mail, or null for a visitor. */
  account: string | null;
  files: ReadonlyArray<{ name: string; size: number }>;
}

const paragraphsToHtml = (paragraphs: readonly string[]): string => paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`).join('\n');

/** The desk's copy of a support request (in English: the desk's working language). Every caller text is escaped. */
export function supportDeskMail(input: SupportMailInput, to: string): MailMessage {
  const t = translationsFor('common-front', 'en');
  const values = {
    id: input.id,
    subject: input.subjectNames.en,
    name: input.contact.name,
    email: input.contact.email,
    account: input.account ?? '',
    catalog: input.catalogId,
    lang: input.lang,
    phone: input.contact.phone ?? '—',
    company: input.contact.company ?? '—',
  };
  const paragraphs = [
    fillTemplate(t['mail.supportRequest.desk.from'] ?? '', values),
    input.account ? fillTemplate(t['mail.supportRequest.desk.account'] ?? '', values) : (t['mail.supportRequest.desk.visitor'] ?? ''),
    fillTemplate(t['mail.supportRequest.desk.details'] ?? '', values),
    input.message,
    ...(input.files.length > 0 ? [[t['mail.supportRequest.desk.files'] ?? '', ...input.files.map((file) => `- ${file.name} (${file.size} B)`)].join('\n')] : []),
  ];
  return {
    to,
    replyTo: input.contact.email,
    subject: headerText(fillTemplate(t['mail.supportRequest.desk.subject'] ?? '', values)),
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}

/** The acknowledgement to the requester, in the request's language, with a copy of the message. */
export function supportAckMail(input: SupportMailInput): MailMessage {
  const t = translationsFor('common-front', input.lang);
  const values = { id: input.id, subject: input.subjectNames[input.lang], name: input.contact.name, email: input.contact.email, count: input.files.length };
  const paragraphs = [
    fillTemplate(t['mail.supportRequest.ack.greeting'] ?? '', values),
    fillTemplate(t['mail.supportRequest.ack.body'] ?? '', values),
    `${t['mail.supportRequest.ack.copy'] ?? ''}\n${input.message}`,
    ...(input.files.length > 0 ? [fillTemplate(t['mail.supportRequest.ack.files'] ?? '', values)] : []),
    t['mail.signature'] ?? '',
  ];
  return {
    to: input.contact.email,
    subject: headerText(fillTemplate(t['mail.supportRequest.ack.subject'] ?? '', values)),
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}

/** The desk's reply, to the requester in the request's language. */
export function supportReplyMail(input: { id: number; lang: Lang; to: string; name: string; author: string; subject: string; reply: string }): MailMessage {
  const t = translationsFor('common-front', input.lang);
  const values = { id: input.id, author: input.author, subject: input.subject, name: input.name };
  const paragraphs = [
    fillTemplate(t['mail.supportRequest.ack.greeting'] ?? '', values),
    fillTemplate(t['mail.supportRequest.reply.body'] ?? '', values),
    input.reply,
    t['mail.signature'] ?? '',
  ];
  return {
    to: input.to,
    subject: headerText(fillTemplate(t['mail.supportRequest.reply.subject'] ?? '', values)),
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
  };
}
