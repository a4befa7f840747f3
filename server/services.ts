import type { DatabaseHandle } from "./db/connect.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createPostService } from "./services/posts.ts";
import { createContentVersion } from "./services/content-version.ts";
import { createTagService } from "./services/tags.ts";
import { createTagManagement } from "./services/tag-management.ts";
import { createSearchService } from "./services/search.ts";
import { createAuthorService } from "./services/authors.ts";
import { createPostListing } from "./services/post-listing.ts";
import { createSitemapPosts } from "./services/sitemap-posts.ts";
import { createRelatedPostService } from "./services/related-posts.ts";
import { createDemoRequestService } from "./services/demo-requests.ts";
import { landingSlugOf } from "../shared/landing-pages.ts";
import { createDemoNotifier } from "./services/demo-notifier.ts";
import { createDemoRetention } from "./services/demo-retention.ts";
import { createDemoFormTokens } from "./services/demo-form-token.ts";
import { createAppSecrets } from "./services/app-secrets.ts";
import { createMediaService } from "./services/media.ts";
import { createPostBodyImages } from "./services/post-body-images.ts";
import { createBookmarkService } from "./services/bookmarks.ts";
import { createAuthService } from "./services/auth.ts";
import { createSecondFactorService } from "./services/second-factor.ts";
import { createWorkingCopyService } from "./services/working-copies.ts";
import { createReviewLinkService } from "./services/review-links.ts";
import { createPostPreviewService } from "./services/post-preview.ts";
import { createScheduledPublisher } from "./services/scheduled-publishing.ts";
import { createPostChanges } from "./services/post-changes.ts";
import { createRevisionService } from "./services/revisions.ts";
import { createPostBulk } from "./services/post-bulk.ts";
import { createPostAccess } from "./services/post-access.ts";
import { createPostReview } from "./services/post-review.ts";
import { createWebhookOutbox } from "./services/webhook-outbox.ts";
import { createWebhookDeliveryWorker } from "./services/webhook-deliveries.ts";
import { createWebhookService } from "./services/webhooks.ts";
import { createAnalyticsIngestion } from "./services/analytics-ingestion.ts";
import { createAnalyticsRollups } from "./services/analytics-rollups.ts";
import { createInsightsService } from "./services/insights.ts";
import { createApiTokenService } from "./services/api-tokens.ts";
import { createTeamMail } from "./services/team-mail.ts";
import { createInvitationService } from "./services/invitations.ts";
import { createPasswordService } from "./services/passwords.ts";
import { createSiteSettings } from "./services/site-settings.ts";
import { createTeamMembers } from "./services/team-members.ts";
import { createActivityLog } from "./services/activity-log.ts";
import { createSessionList } from "./services/sessions.ts";
import { createLandingPageService } from "./services/landing-pages.ts";
import { createLandingPageChanges } from "./services/landing-page-changes.ts";
import { createLandingPageScheduler } from "./services/landing-page-scheduler.ts";
import { createJobWakes } from "./jobs/runner.ts";
import type { JobName } from "./jobs/names.ts";

export interface ServiceDeps {
  database: DatabaseHandle;
  env: Env;
  logger: Logger;
  /** Injectable so tests can move time (session expiry, rate-limit windows). */
  clock?: () => Date;
  /** How often the content version is read whatever was heard (docs/decisions/021); tests that count queries lengthen it. */
  contentPollMs?: number;
}

/**
 * Every service the API handlers and page loaders call; built once at boot. Building them starts no
 * background work: server/main.ts runs the jobs (server/jobs/index.ts) with the runner, and services
 * ask it for a sweep now through `jobWakes` (docs/decisions/025).
 */
export function createServices({ database, env, logger, clock = () => new Date(), contentPollMs }: ServiceDeps) {
  const { db } = database;
  const jobWakes = createJobWakes<JobName>();
  // The blog's content version in memory, heard from other instances (docs/decisions/021).
  const contentVersion = createContentVersion({ db, kind: database.kind, databaseUrl: env.DATABASE_URL, logger, pollMs: contentPollMs });
  contentVersion.start();
  // Demo leads are e-mailed in the background; the job "demo-notifications" retries unsent ones.
  const demoNotifier = createDemoNotifier({ db, env, logger, clock });
  // Signed webhooks: events queued in their own transaction, sent by every instance's worker (docs/decisions/073).
  const webhookPolicy = { production: env.NODE_ENV === "production", allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_URLS };
  // Pages and images copied from other sites: the webhook address rules, but plain http is allowed (nothing secret is sent).
  const remotePages = { policy: { ...webhookPolicy, production: false } };
  const media = createMediaService({ db, clock, remote: remotePages });
  const webhookDeliveries = createWebhookDeliveryWorker({ db, policy: webhookPolicy, logger, clock });
  const wakeDeliveries = () => jobWakes.wake("webhook-deliveries");
  const webhookOutbox = createWebhookOutbox({ kind: database.kind, clock, siteUrl: env.SITE_URL, onQueued: wakeDeliveries });
  // Leads untouched for DEMO_REQUEST_RETENTION_MONTHS are erased, each by one instance (docs/decisions/053).
  const demoRetention = createDemoRetention({ db, logger, clock, months: env.DEMO_REQUEST_RETENTION_MONTHS });
  const demoFormTokens = createDemoFormTokens({ secrets: createAppSecrets({ db, clock }), clock });
  // Posts set their tags and keep the search index in step in their own transactions (decision 042).
  const tags = createTagService({ db });
  const search = createSearchService({ db, kind: database.kind });
  // Profiles, who a post is by and who may change it (docs/decisions/044).
  const authors = createAuthorService({ db, clock, kind: database.kind, contentVersion });
  // What every write of a post does after the row, in its transaction (docs/decisions/025).
  const postChanges = createPostChanges({ tags, search, contentVersion, webhooks: webhookOutbox });
  // Who may do what to a post, judged in each write's transaction (docs/decisions/032).
  const postAccess = createPostAccess({ kind: database.kind });
  const posts = createPostService({ db, clock, siteUrl: env.SITE_URL, tags, search, authors, contentVersion, changes: postChanges, access: postAccess });
  // Scheduled posts go live on their own, on whichever instance wins each one (docs/decisions/049).
  const scheduledPublisher = createScheduledPublisher({
    db,
    logger,
    clock,
    changes: postChanges,
    wake: () => jobWakes.wake("scheduled-publishing"),
  });
  // Consent-based page views, written in batches; each finished day rolled up once (docs/decisions/070).
  const analytics = createAnalyticsIngestion({ db, logger, clock, siteUrl: env.SITE_URL });
  const analyticsRollups = createAnalyticsRollups({ db, kind: database.kind, logger, clock });
  // Passkeys, an authenticator app and recovery codes as a second step of login (docs/decisions/075).
  const secondFactor = createSecondFactorService({ database, env, logger, clock });
  const auth = createAuthService({ database, env, logger, clock, secondFactor, contentVersion });
  // Landing pages at /l/{slug}, composed of blocks; every write moves the content version (docs/decisions/037).
  const landingPageChanges = createLandingPageChanges({ contentVersion });
  const landingPages = createLandingPageService({
    db,
    kind: database.kind,
    clock,
    siteUrl: env.SITE_URL,
    changes: landingPageChanges,
    wakeScheduler: () => jobWakes.wake("landing-page-publishing"),
  });
  // Scheduled landing pages go live on their own, each published by one instance (docs/decisions/037).
  const landingPageScheduler = createLandingPageScheduler({ db, logger, clock, changes: landingPageChanges });
  // Invitation and password reset links, e-mailed when SMTP_URL is set (docs/decisions/028).
  // Registration and the site's details: company, mailboxes, links, time zone (docs/decisions/028, 054).
  const siteSettings = createSiteSettings({ db, clock, contentVersion });
  const teamMail = createTeamMail({ env, logger, details: () => siteSettings.details() });
  return {
    env,
    logger,
    clock,
    database,
    contentVersion,
    posts,
    scheduledPublisher,
    landingPages,
    landingPageScheduler,
    // Every save's revision, its comparison with the post and restoring it (docs/decisions/067).
    revisions: createRevisionService({ db, posts, access: postAccess }),
    // Submitting drafts for review and sending them back with a note (docs/decisions/032).
    postReview: createPostReview({ db, clock, access: postAccess, changes: postChanges, posts }),
    // Links that show an unpublished post to reviewers until they expire or are revoked (docs/decisions/065).
    reviewLinks: createReviewLinkService({ db, clock, siteUrl: env.SITE_URL, posts, access: postAccess }),
    // The editor's Preview: the post as the editor holds it, unsaved changes included, stored nowhere (docs/decisions/034).
    postPreview: createPostPreviewService({ db, posts, authors, clock, siteUrl: env.SITE_URL }),
    authors,
    tags,
    // The Tags page: create, edit, merge and delete tags (docs/decisions/035).
    tagManagement: createTagManagement({ db, clock, tags, contentVersion }),
    // The CMS list: paged, filtered and searched, drafts included (docs/decisions/045).
    postListing: createPostListing({ db, kind: database.kind, tags, search }),
    // The dashboard's bulk publish, unpublish and delete: each post as a single action (docs/decisions/036).
    postBulk: createPostBulk({ posts }),
    // The end of a post page: related posts, previous and next (docs/decisions/046).
    relatedPosts: createRelatedPostService({ db, tags }),
    // The sitemap's files of posts, read by key (docs/decisions/023).
    sitemapPosts: createSitemapPosts({ db }),
    demoRequests: createDemoRequestService({
      database,
      clock,
      logger,
      formTokens: demoFormTokens,
      notifier: demoNotifier,
      webhooks: webhookOutbox,
      // A request credits the landing page its form was on only while that page is live (docs/decisions/038).
      isPublishedLandingPage: async (path) => (await landingPages.findPublished(landingSlugOf(path))) !== null,
      salesEmail: async () => (await siteSettings.details()).salesEmail,
    }),
    demoNotifier,
    demoRetention,
    media,
    // Body images on the post page get the uploads' widths and sizes at render time (docs/decisions/056).
    postBodyImages: createPostBodyImages({ media }),
    // Bookmark cards: the page read within the same rules, its image copied into the media store (docs/decisions/076).
    bookmarks: createBookmarkService({ remote: remotePages, importImage: media.importFromUrl }),
    auth,
    // Invitations, password changes and reset links, the registration setting (docs/decisions/028).
    invitations: createInvitationService({ database, logger, clock, siteUrl: env.SITE_URL, mail: teamMail, auth }),
    passwords: createPasswordService({ database, logger, clock, siteUrl: env.SITE_URL, mail: teamMail }),
    siteSettings,
    teamMembers: createTeamMembers({ db }),
    secondFactor,
    webhooks: createWebhookService({ db, clock, policy: webhookPolicy, outbox: webhookOutbox, wake: wakeDeliveries }),
    webhookDeliveries,
    // Tokens other software calls /api/cms/* with, by scope (docs/decisions/072-api-tokens.md).
    apiTokens: createApiTokenService({ database, clock }),
    // Who did what: the administrators' log and its retention (docs/decisions/029-activity-log-and-sessions.md).
    activityLog: createActivityLog({ db, logger, clock }),
    // One's own signed-in sessions on the profile, each to sign out (docs/decisions/029).
    sessions: createSessionList({ db, env, clock }),
    // Each writer's autosaved working copy of a post; never the post itself (docs/decisions/066).
    workingCopies: createWorkingCopyService({ db, clock, siteUrl: env.SITE_URL, access: postAccess }),
    analytics,
    analyticsRollups,
    // The /cms/insights report: visitors, pages, referrers, campaigns and the demo requests they led to.
    insights: createInsightsService({ db, kind: database.kind, ingestion: analytics }),
    /** Where services ask the runner for a sweep now; server/main.ts attaches the runner (server/jobs/runner.ts). */
    jobWakes,
    /**
     * After the job runner stopped, before the database closes (shutdown, tests): the e-mails and webhook
     * attempts under way finish, the buffered page views are written, the content version stops listening.
     */
    async stopBackgroundWork(): Promise<void> {
      await Promise.all([demoNotifier.stop(), analytics.stop(), webhookDeliveries.stop(), contentVersion.stop()]);
      teamMail.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
