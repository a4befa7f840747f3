import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import type { DatabaseHandle } from "./connect.ts";
import { portableTypes, type PortableTypes } from "./portable-types.ts";
import * as initial from "./migrations/001-initial.ts";
import * as rateLimits from "./migrations/002-rate-limits.ts";
import * as demoIntake from "./migrations/003-demo-intake.ts";
import * as contentVersions from "./migrations/004-content-versions.ts";
import * as spamAndFirstPublication from "./migrations/005-spam-quarantine-and-first-publication.ts";
import * as coverImageAlt from "./migrations/006-cover-image-alt.ts";
import * as tagsAndSearch from "./migrations/007-tags-and-search.ts";
import * as authorProfiles from "./migrations/008-author-profiles.ts";
import * as dashboardIndexes from "./migrations/009-dashboard-indexes.ts";
import * as mediaVariants from "./migrations/010-media-variants.ts";
import * as tagCounts from "./migrations/011-tag-counts.ts";
import * as schedulingAndRevisions from "./migrations/012-scheduling-and-revisions.ts";
import * as postReviewLinks from "./migrations/013-post-review-links.ts";
import * as postWorkingCopies from "./migrations/014-post-working-copies.ts";
import * as analytics from "./migrations/015-analytics.ts";
import * as apiTokens from "./migrations/016-api-tokens.ts";
import * as webhooks from "./migrations/017-webhooks.ts";
import * as secondFactor from "./migrations/018-second-factor.ts";
import * as demoRequestCampaign from "./migrations/019-demo-request-campaign.ts";
import * as searchCandidatesAndSitemapKeys from "./migrations/020-search-candidates-and-sitemap-keys.ts";
import * as demoInboxTriage from "./migrations/021-demo-inbox-triage.ts";
import * as team from "./migrations/022-team.ts";
import * as tagDetails from "./migrations/023-tag-details.ts";
import * as landingPages from "./migrations/024-landing-pages.ts";
import * as demoFormPage from "./migrations/025-demo-form-page.ts";
import * as authorSlugs from "./migrations/026-author-slugs.ts";
import * as tagImage from "./migrations/027-tag-image.ts";
import * as teamAuthorSlugs from "./migrations/028-team-author-slugs.ts";

interface PortableMigration {
  up(db: Kysely<unknown>, types: PortableTypes): Promise<void>;
}

/** In order; never rename or edit one that has shipped, add a new one instead. */
const migrations: Record<string, PortableMigration> = {
  "001-initial": initial,
  "002-rate-limits": rateLimits,
  "003-demo-intake": demoIntake,
  "004-content-versions": contentVersions,
  "005-spam-quarantine-and-first-publication": spamAndFirstPublication,
  "006-cover-image-alt": coverImageAlt,
  "007-tags-and-search": tagsAndSearch,
  "008-author-profiles": authorProfiles,
  "009-dashboard-indexes": dashboardIndexes,
  "010-media-variants": mediaVariants,
  "011-tag-counts": tagCounts,
  "012-scheduling-and-revisions": schedulingAndRevisions,
  "013-post-review-links": postReviewLinks,
  "014-post-working-copies": postWorkingCopies,
  "015-analytics": analytics,
  "016-api-tokens": apiTokens,
  "017-webhooks": webhooks,
  "018-second-factor": secondFactor,
  "019-demo-request-campaign": demoRequestCampaign,
  "020-search-candidates-and-sitemap-keys": searchCandidatesAndSitemapKeys,
  "021-demo-inbox-triage": demoInboxTriage,
  "022-team": team,
  "023-tag-details": tagDetails,
  "024-landing-pages": landingPages,
  "025-demo-form-page": demoFormPage,
  "026-author-slugs": authorSlugs,
  "027-tag-image": tagImage,
  "028-team-author-slugs": teamAuthorSlugs,
};

// Any constant will do, as long as every instance of this app uses the same one.
const MIGRATION_LOCK_ID = 744_201_117;

export async function migrateToLatest({ db, kind }: DatabaseHandle): Promise<string[]> {
  const types = portableTypes(kind);
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          { up: (target) => m.up(target, types) },
        ]),
      ),
  };

  const run = async (target: Kysely<unknown>) => {
    const { error, results } = await new Migrator({ db: target, provider }).migrateToLatest();
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  };

  if (kind === "sqlite") return run(db as Kysely<unknown>);

  // On PostgreSQL, several instances may start at once: a session-level advisory lock held on one
  // connection serialises them, including the creation of Kysely's own bookkeeping tables.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      return await run(connection as Kysely<unknown>);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}
