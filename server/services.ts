import type { DatabaseHandle } from "./db/connect.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createPostService } from "./services/posts.ts";
import { createTagService } from "./services/tags.ts";
import { createSearchService } from "./services/search.ts";
import { createAuthorService } from "./services/authors.ts";
import { createPostListing } from "./services/post-listing.ts";
import { createRelatedPostService } from "./services/related-posts.ts";
import { createDemoRequestService } from "./services/demo-requests.ts";
import { createDemoNotifier } from "./services/demo-notifier.ts";
import { createDemoFormTokens } from "./services/demo-form-token.ts";
import { createAppSecrets } from "./services/app-secrets.ts";
import { createMediaService } from "./services/media.ts";
import { createAuthService } from "./services/auth.ts";

export interface ServiceDeps {
  database: DatabaseHandle;
  env: Env;
  logger: Logger;
  /** Injectable so tests can move time (session expiry, rate-limit windows). */
  clock?: () => Date;
}

/** Every service the API handlers and page loaders call; built once at boot. */
export function createServices({ database, env, logger, clock = () => new Date() }: ServiceDeps) {
  const { db } = database;
  // Demo leads are e-mailed in the background; the sweep retries unsent ones (unref'd timer).
  const demoNotifier = createDemoNotifier({ db, env, logger, clock });
  demoNotifier.start();
  const demoFormTokens = createDemoFormTokens({ secrets: createAppSecrets({ db, clock }), clock });
  // Posts set their tags and keep the search index in step in their own transactions (decision 042).
  const tags = createTagService({ db });
  const search = createSearchService({ db, kind: database.kind });
  // Profiles, who a post is by and who may change it (docs/decisions/044).
  const authors = createAuthorService({ db, clock, kind: database.kind });
  return {
    env,
    logger,
    clock,
    database,
    posts: createPostService({ db, clock, siteUrl: env.SITE_URL, tags, search, authors }),
    authors,
    tags,
    // The CMS list: paged, filtered and searched, drafts included (docs/decisions/045).
    postListing: createPostListing({ db, kind: database.kind, tags }),
    // The end of a post page: related posts, previous and next (docs/decisions/046).
    relatedPosts: createRelatedPostService({ db, tags }),
    demoRequests: createDemoRequestService({ database, clock, logger, formTokens: demoFormTokens, notifier: demoNotifier }),
    demoNotifier,
    media: createMediaService({ db, clock }),
    auth: createAuthService({ database, env, logger, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
