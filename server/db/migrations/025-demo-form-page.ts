import type { Kysely } from "kysely";

/**
 * demo_requests.form_page: the landing page (`/l/{slug}`) whose demo form a request was sent from, kept only when
 * that page was published (docs/decisions/038). Where the form is, not tracking: recorded without consent. Null for
 * the /book-demo form and earlier requests. Indexed for the insights of each landing page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("demo_requests").addColumn("form_page", "text").execute();
  await db.schema.createIndex("demo_requests_form_page").on("demo_requests").column("form_page").execute();
}
