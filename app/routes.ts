import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The files of the sitemap index, for a site past 1,000 URLs (docs/decisions/048).
  route("sitemaps/pages.xml", "routes/sitemap-pages.ts"),
  route("sitemaps/posts/:file", "routes/sitemap-posts.ts"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/tag/:slug/rss.xml", "routes/blog/tag-rss.ts"),
  // Generated covers for posts without one, a pure function of the address (docs/decisions/059).
  route("blog/cover/:file", "routes/blog/cover.ts"),
  // CMS (decision 030): every page guards itself on the server (app/lib/auth.server.ts); the layout adds the toasts.
  ...prefix("cms", [
    layout("routes/cms/cms-layout.tsx", [
      index("routes/cms/index.tsx"),
      route("login", "routes/cms/login.tsx"),
      route("logout", "routes/cms/logout.tsx"),
      route("unauthorized", "routes/cms/unauthorized.tsx"),
      // Single-use links for whoever has them, outside the staff layout (docs/decisions/028).
      route("invitation/:token", "routes/cms/invitation.tsx"),
      route("reset-password/:token", "routes/cms/reset-password.tsx"),
      // Staff only, each page by the permission shared/cms-pages.ts gives it: guarded once, by the layout's middleware.
      layout("routes/cms/staff-layout.tsx", [
        route("control", "routes/cms/control.tsx"),
        route("editor/:id?", "routes/cms/editor.tsx"),
        // Every tag: create, edit, merge, delete (docs/decisions/035).
        route("tags", "routes/cms/tags.tsx"),
        // Landing pages and their block editor (docs/decisions/039-landing-page-editor.md).
        route("pages", "routes/cms/pages.tsx"),
        route("pages/:id", "routes/cms/page-editor.tsx"),
        route("users", "routes/cms/users.tsx"),
        // Whether anyone may register (docs/decisions/028).
        route("settings", "routes/cms/settings.tsx"),
        // Every administrator's own author profile (docs/decisions/044).
        route("profile", "routes/cms/profile.tsx"),
        route("demo-requests", "routes/cms/demo-requests.tsx"),
        route("demo-requests.csv", "routes/cms/demo-requests-csv.ts"),
        // One person's data as JSON: subject access (docs/decisions/053).
        route("demo-requests/subject-access", "routes/cms/demo-requests-subject-access.ts"),
        // API tokens for other software (docs/decisions/072-api-tokens.md).
        route("tokens", "routes/cms/tokens.tsx"),
        // Signed webhooks and their delivery log (docs/decisions/073-webhooks.md).
        route("webhooks", "routes/cms/webhooks.tsx"),
        // The reference of every /api endpoint, from the OpenAPI document (docs/decisions/074).
        route("api", "routes/cms/api-reference.tsx"),
        // Consent-based analytics and the demo requests they lead to (docs/decisions/071).
        route("insights", "routes/cms/insights.tsx"),
        route("insights.csv", "routes/cms/insights.csv.ts"),
        // Who did what, and its CSV (docs/decisions/029-activity-log-and-sessions.md).
        route("activity", "routes/cms/activity.tsx"),
        route("activity.csv", "routes/cms/activity-csv.ts"),
        // Signing out one's own sessions from the profile (docs/decisions/029).
        route("profile/sessions", "routes/cms/profile-sessions.ts"),
      ]),
    ]),
  ]),
  // Public site: header, footer, cookie consent and toasts around every page (docs/product.md §2).
  layout("routes/marketing-layout.tsx", [
    index("routes/marketing/home.tsx"),
    // Public pages (pages, blog, book-demo) go here, inside the layout, above the catch-all.
    route("product", "routes/marketing/product.tsx"),
    route("zuri-ai", "routes/marketing/zuri-ai.tsx"),
    route("industries", "routes/marketing/industries.tsx"),
    route("enterprise", "routes/marketing/enterprise.tsx"),
    route("features", "routes/marketing/features.tsx"),
    route("privacy", "routes/marketing/privacy.tsx"),
    route("terms", "routes/marketing/terms.tsx"),
    route("book-demo", "routes/book-demo.tsx"),
    // Blog (docs/product.md §2, decision 040): the list (?page=N) and one post; old slugs answer 301 from the post route.
    route("blog", "routes/blog/list.tsx"),
    // Tag pages (?page=N) and, on /blog, search (?q=): docs/decisions/043.
    route("blog/tag/:slug", "routes/blog/tag.tsx"),
    // An author's page and posts (?page=N): docs/decisions/044.
    route("blog/author/:slug", "routes/blog/author.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    // A review link: an unpublished post for whoever has the link, noindex, never cached (docs/decisions/065).
    route("preview/:token", "routes/blog/review.tsx"),
    // The editor's Preview: the post as the editor holds it, unsaved changes included, in the public chrome, for
    // staff who write; guarded like every staff page, by its own middleware (docs/decisions/034).
    route("cms/preview", "routes/cms/preview.tsx"),
    // Landing pages (docs/decisions/038): the public page, a review link's page, and the page editor's preview
    // (framed by the editor, for those who may edit pages; guarded by its own middleware).
    route("l/:slug", "routes/landing/page.tsx"),
    route("preview/page/:token", "routes/landing/review.tsx"),
    route("cms/page-preview", "routes/landing/preview.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
