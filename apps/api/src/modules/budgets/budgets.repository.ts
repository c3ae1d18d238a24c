import { and, asc, desc, eq, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, quoteLines, quoteNumberCounters, quoteNumberReservations, quoteQuestions, quotes } from '../../db/schema';

/** The only place with SQL of the budgets module. */

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

/**
 * The next quote number of a catalogue and year: one row per (catalogue, year) advanced with
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`, inside the issuing transaction, so concurrent issues
 * queue on the row and each gets its own value. A transaction that rolls back gives its value back
 * with it (the row's update is undone), so no number is skipped and none is given twice.
 */
export async function advanceQuoteCounter(tx: DbOrTx, catalogId: number, year: number): Promise<number> {
  const [row] = await tx
    .insert(quoteNumberCounters)
    .values({ catalogId, year, counter: 1 })
    .onConflictDoUpdate({ target: [quoteNumberCounters.catalogId, quoteNumberCounters.year], set: { counter: sql`${quoteNumberCounters.counter} + 1` } })
    .returning({ counter: quoteNumberCounters.counter });
  if (!row) throw new Error('quote counter returned nothing');
  return row.counter;
}

export async function insertQuote(tx: DbOrTx, row: NewQuoteRow): Promise<QuoteRow> {
  const [inserted] = await tx.insert(quotes).values(row).returning();
  if (!inserted) throw new Error('quote insert returned no row');
  return inserted;
}

/**
 * The quote's frozen lines in one statement with one parameter: the rows as a JSON array unpacked by
 * `jsonb_to_recordset` (a thousand lines as 7,000 bound parameters cost the driver and the parser
 * several times more than one text).
 */
export async function insertQuoteLines(tx: DbOrTx, rows: ReadonlyArray<typeof quoteLines.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({ quote_id: row.quoteId, position: row.position, project_line_id: row.projectLineId, reference_code: row.referenceCode ?? null, quantity: row.quantity, net_price: row.netPrice, data: row.data })),
  );
  await tx.execute(sql`
    insert into ${quoteLines} (quote_id, position, project_line_id, reference_code, quantity, net_price, data)
    select quote_id, position, project_line_id, reference_code, quantity, net_price, data
    from jsonb_to_recordset(${json}::jsonb)
      as line(quote_id integer, position integer, project_line_id uuid, reference_code text, quantity integer, net_price numeric(16, 2), data jsonb)`);
}

export async function findQuote(db: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The quote row locked for an update of its status (the client's answer, sending). */
export async function lockQuote(tx: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function listQuoteLines(db: DbOrTx, quoteId: number): Promise<QuoteLineRow[]> {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position));
}

/** A project's quotes, newest first. */
export async function listProjectQuotes(db: DbOrTx, projectId: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.projectId, projectId)).orderBy(desc(quotes.createdAt), desc(quotes.id));
}

/**
 * The quotes a user made that are still open (issue 35 §4: the dashboard): issued or sent (an order is
 * made only from an accepted quote), valid on `today` (yyyy-mm-dd), the last revision of their number; newest first.
 */
export async function listOpenQuotesBy(db: DbOrTx, userId: number, today: string, limit: number): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.createdByUserId, userId),
        inArray(quotes.status, ['issued', 'sent']),
        gte(quotes.validUntil, today),
        sql`not exists (select 1 from ${quotes} as later where later.base_number = ${quotes.baseNumber} and later.revision > ${quotes.revision})`,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}

/** The highest revision of a quote number (its revisions are made one at a time: the first revision's row is locked). */
export async function maxRevision(tx: DbOrTx, baseNumber: string): Promise<number> {
  const [row] = await tx.select({ revision: max(quotes.revision) }).from(quotes).where(eq(quotes.baseNumber, baseNumber));
  return row?.revision ?? 0;
}

/** Locks the first revision of a number: revisions of one number are issued one after the other. */
export async function lockFirstRevision(tx: DbOrTx, baseNumber: string): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.baseNumber, baseNumber), eq(quotes.revision, 1)))
    .for('update');
  return row;
}

export async function updateQuote(tx: DbOrTx, id: number, patch: Partial<NewQuoteRow>): Promise<QuoteRow> {
  const [row] = await tx.update(quotes).set(patch).where(eq(quotes.id, id)).returning();
  if (!row) throw new Error('quote update returned no row');
  return row;
}

export async function insertReservation(tx: DbOrTx, row: typeof quoteNumberReservations.$inferInsert): Promise<void> {
  await tx.insert(quoteNumberReservations).values(row);
}

/** Locks a reserved number when it is the user's and no quote used it yet; false otherwise. */
export async function claimReservation(tx: DbOrTx, number: string, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ number: quoteNumberReservations.number })
    .from(quoteNumberReservations)
    .where(and(eq(quoteNumberReservations.number, number), eq(quoteNumberReservations.userId, userId), isNull(quoteNumberReservations.quoteId)))
    .for('update');
  return rows.length === 1;
}

/** Marks a reserved number used by `quoteId`, when it is the user's and unused; false otherwise. */
export async function useReservation(tx: DbOrTx, number: string, userId: number, quoteId: number): Promise<boolean> {
  const rows = await tx
    .update(quoteNumberReservations)
    .set({ quoteId })
    .where(and(eq(quoteNumberReservations.number, number), eq(quoteNumberReservations.userId, userId), isNull(quoteNumberReservations.quoteId)))
    .returning({ number: quoteNumberReservations.number });
  return rows.length === 1;
}

export async function findReservation(db: DbOrTx, number: string) {
  const [row] = await db.select().from(quoteNumberReservations).where(eq(quoteNumberReservations.number, number));
  return row;
}

export async function insertQuestion(tx: DbOrTx, row: typeof quoteQuestions.$inferInsert): Promise<void> {
  await tx.insert(quoteQuestions).values(row);
  await tx
    .update(quotes)
    .set({ questions: sql`${quotes.questions} + 1` })
    .where(eq(quotes.id, row.quoteId));
}

/** The order made from each of these quotes, if any (issue 34 §2: the quote links to its order). */
export async function orderIdsOfQuotes(db: DbOrTx, quoteIds: readonly number[]): Promise<Map<number, number>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, quoteId: orders.quoteId }).from(orders).where(inArray(orders.quoteId, [...quoteIds]));
  return new Map(rows.flatMap((row) => (row.quoteId === null ? [] : [[row.quoteId, row.id] as const])));
}
