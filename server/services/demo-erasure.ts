import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/**
 * Erasure of demo requests (docs/decisions/053-demo-inbox-triage-and-erasure.md), inside the caller's
 * transaction. Deleting a request deletes, with it:
 * - its notes and history (`on delete cascade`), and its webhook deliveries, pending or logged
 *   (`webhook_deliveries.demo_request_id`, cascade): a pending delivery is cancelled by going;
 * - its sales e-mail, which is the row itself (decision 051): a pending one is never sent;
 * - the page views of the analytics visit it was sent from (`analytics_events.visit_id`): with the
 *   request gone, the visit is attributed to nobody, and its raw page views name no one either.
 * `DELETE … RETURNING` answers only the rows this call deleted, so two instances (or two clicks) never
 * erase the same request twice, and a second erasure finds nothing left: idempotent.
 */
export async function eraseDemoRequests(trx: Db, ids: number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return [];
  const erased = await trx.deleteFrom("demo_requests").where("id", "in", ids).returning(["id", "email", "visit_id"]).execute();
  if (erased.length === 0) return [];
  const visits = [...new Set(erased.map((row) => row.visit_id).filter((visit): visit is string => Boolean(visit)))];
  if (visits.length > 0) await trx.deleteFrom("analytics_events").where("visit_id", "in", visits).execute();
  return erased.map((row) => ({ id: Number(row.id), email: row.email }));
}

/**
 * Webhook deliveries that name an address but are linked to no request (made before migration 021 for a
 * request already gone): found by their payload, which holds the address as typed.
 */
export async function eraseUnlinkedDeliveriesOf(trx: Db, email: string): Promise<void> {
  const pattern = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await trx
    .deleteFrom("webhook_deliveries")
    .where("demo_request_id", "is", null)
    .where("event_type", "=", "demo_request.created")
    .where(sql<boolean>`lower(payload) like ${pattern} escape '\\'`)
    .execute();
}

/** The ids of every request from an address, case aside. */
export async function requestIdsOf(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom("demo_requests")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .execute();
  return rows.map((row) => Number(row.id));
}
