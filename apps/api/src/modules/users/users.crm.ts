import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { crmContacts } from '../../db/schema';

/** A contact as the CRM holds it. */
export interface CrmContact {
  crmId: string;
  name: string;
  profesion: string | null;
  email: string;
}

/**
 * The CRM (Dynamics 365 in the spec) behind the account and the profile (issue 17 §2). The built-in
 * adapter keeps the contacts in this database (crm_contacts); another CRM implements the same three
 * calls. Writes take the caller's transaction, so the platform and the built-in CRM change together
 * (a remote CRM would be written through the outbox instead).
 */
export interface CrmAdapter {
  readContact(db: DbOrTx, crmId: string): Promise<CrmContact | undefined>;
  /** Creates or replaces the contact's name and profession. */
  writeContact(tx: DbOrTx, contact: CrmContact, now: Date): Promise<void>;
}

export function builtinCrm(): CrmAdapter {
  return {
    async readContact(db, crmId) {
      const [row] = await db.select().from(crmContacts).where(eq(crmContacts.crmId, crmId)).limit(1);
      return row ? { crmId: row.crmId, name: row.name, profesion: row.profesion, email: row.email } : undefined;
    },
    async writeContact(tx, contact, now) {
      await tx
        .insert(crmContacts)
        .values({ ...contact, updatedAt: now })
        .onConflictDoUpdate({ target: crmContacts.crmId, set: { name: contact.name, profesion: contact.profesion, email: contact.email, updatedAt: now } });
    },
  };
}
