import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';

/**
 * Runs `request` as a process that dies after its commit: a trigger refuses the update that records
 * the key's answer, so what the request created is committed and its answer is never kept.
 */
export async function answerLost<T>(t: TestApp, request: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql.raw(`create or replace function lumen_test_lose_answer() returns trigger language plpgsql as $$ begin raise exception 'answer lost'; end $$`));
  await t.database.db.execute(sql.raw(`create trigger lumen_test_lose_answer before update on idempotency_keys for each row when (new.status_code is not null) execute function lumen_test_lose_answer()`));
  try {
    return await request();
  } finally {
    await t.database.db.execute(sql.raw('drop trigger lumen_test_lose_answer on idempotency_keys'));
  }
}
