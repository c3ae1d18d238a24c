import type { Lang } from '@lumen/contracts';
import { formatCurrency, formatLocaleDate } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, fillTemplate, headerText } from '../../lib/mail-text';

/** What the quote mails say about a quote. */
export interface QuoteMailFacts {
  number: string;
  lang: Lang;
  projectName: string;
  companyName: string;
  senderName: string;
  senderEmail: string;
  /** The stored netTotal: the total with tax (spec §5). */
  totalNet: number;
  /** Before tax (subtotal − discount + surcharge). */
  beforeTax: number;
  currency: string;
  validUntil: string;
}

const texts = (lang: Lang) => {
  const t = translationsFor('common-front', lang);
  return (key: string, values: Readonly<Record<string, string | number>> = {}) => fillTemplate(t[key] ?? '', values);
};

/** Paragraphs as text and as escaped HTML; `link` becomes an anchor of its own paragraph. */
function message(to: string, subject: string, paragraphs: readonly string[], options: { replyTo?: string; link?: string } = {}): MailMessage {
  const html = paragraphs
    .map((paragraph) =>
      paragraph === options.link ? `<p><a href="${escapeHtml(paragraph)}">${escapeHtml(paragraph)}</a></p>` : `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');
  return { to, subject: headerText(subject), text: paragraphs.join('\n\n'), html, ...(options.replyTo ? { replyTo: options.replyTo } : {}) };
}

const valuesOf = (quote: QuoteMailFacts) => ({
  number: quote.number,
  project: quote.projectName,
  company: quote.companyName,
  sender: quote.senderName,
  net: formatCurrency(quote.beforeTax, quote.currency),
  total: formatCurrency(quote.totalNet, quote.currency),
  date: formatLocaleDate(quote.validUntil, quote.lang, { dateStyle: 'long' }),
});

/** The quote to a client without an account, in the chosen language, with the signed link; answers go to the sender. */
export function quoteSentMail(quote: QuoteMailFacts, input: { to: string; name?: string; note?: string; link: string }): MailMessage {
  const t = texts(quote.lang);
  const values = valuesOf(quote);
  return message(
    input.to,
    t('mail.quote.sent.subject', values),
    [
      input.name ? t('mail.quote.greeting', { name: input.name }) : t('mail.quote.greetingNoName'),
      t('mail.quote.sent.body', values),
      ...(input.note ? [`${t('mail.quote.sent.note', values)}\n${input.note}`] : []),
      t('mail.quote.sent.link'),
      input.link,
      t('mail.signature'),
    ],
    { replyTo: quote.senderEmail, link: input.link },
  );
}

/** A client's question to the professional who sent the quote; replying answers the client. */
export function quoteQuestionMail(quote: QuoteMailFacts, question: { name: string; email: string; message: string }): MailMessage {
  const t = texts(quote.lang);
  const values = { ...valuesOf(quote), name: question.name, email: question.email };
  return message(quote.senderEmail, t('mail.quote.question.subject', values), [t('mail.quote.question.body', values), question.message, t('mail.signature')], { replyTo: question.email });
}

/** The client's answer (accepted or declined) to the professional. */
export function quoteAnsweredMail(quote: QuoteMailFacts, answer: { accepted: boolean; name: string; at: Date; reason?: string | null }): MailMessage {
  const t = texts(quote.lang);
  const values = { ...valuesOf(quote), name: answer.name, date: formatLocaleDate(answer.at, quote.lang, { dateStyle: 'long', timeStyle: 'short' }) };
  const kind = answer.accepted ? 'accepted' : 'declined';
  return message(quote.senderEmail, t(`mail.quote.${kind}.subject`, values), [
    t(`mail.quote.${kind}.body`, values),
    ...(answer.reason ? [`${t('mail.quote.declined.reason')}\n${answer.reason}`] : []),
    t('mail.signature'),
  ]);
}
