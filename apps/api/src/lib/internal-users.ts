/**
 * Who is internal (spec §2, §6: the internal-only routes are decided by the user's e-mail): an address
 * on one of INTERNAL_EMAIL_DOMAINS (the domain itself or a subdomain of it) or listed in
 * INTERNAL_EMAILS. Nobody is internal when both are empty.
 */
export interface InternalUsers {
  internalEmailDomains: readonly string[];
  internalEmails: readonly string[];
}

export function isInternalEmail(rule: InternalUsers, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (rule.internalEmails.includes(address)) return true;
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = address.slice(at + 1);
  return rule.internalEmailDomains.some((internal) => domain === internal || domain.endsWith(`.${internal}`));
}
