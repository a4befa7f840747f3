import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The React Router build, as the production bundle or Vite's dev server provides it. */
export interface AppBuild {
  /** A function in development, so every request sees the latest code. */
  load: () => Promise<ServerBuild>;
  /** Vite's connect middleware in development; null when serving build/client. */
  devMiddleware: RequestHandler | null;
  clientDir: string;
}

/** The route a path leads to, as React Router will match it: its id, full pattern and module. */
export interface MatchedPage {
  id: string;
  /** The route's full pattern, e.g. "/blog/:slug", "/*" for the catch-all. */
  pattern: string;
  module: { handle?: unknown; action?: unknown };
}

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

function routeTree(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (tree) return tree;
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route!.id);
        const { id, path, caseSensitive } = route!;
        // An index route may carry a path of its own ("cms" for /cms): it must be kept.
        return route!.index
          ? { id, index: true, path, caseSensitive }
          : { id, path, caseSensitive, ...(children.length > 0 ? { children } : {}) };
      });
  tree = childrenOf(undefined);
  routeTrees.set(build, tree);
  return tree;
}

/**
 * The page a path leads to, matched against the build's routes the way React Router will
 * (case-insensitively, a trailing slash ignored); a client navigation's `/page.data` (or
 * `/_root.data` for `/`) asks for the same page. Null when nothing matches.
 */
export function matchPage(build: ServerBuild, path: string): MatchedPage | null {
  let known = matchedPaths.get(build);
  if (!known) matchedPaths.set(build, (known = new Map()));
  const cached = known.get(path);
  if (cached !== undefined) return cached;
  const page = matchUncached(build, path);
  // Paths are the visitors' to choose: the oldest is forgotten past the bound.
  if (known.size >= MATCHED_PATHS_KEPT) known.delete(known.keys().next().value!);
  known.set(path, page);
  return page;
}

/**
 * React Router's `matchRoutes` flattens, ranks and compiles every route on each call (about 200 µs here,
 * on every GET: half of a cached page's server time), so the answer is kept per build and path.
 */
const matchedPaths = new WeakMap<ServerBuild, Map<string, MatchedPage | null>>();
const MATCHED_PATHS_KEPT = 5000;

function matchUncached(build: ServerBuild, path: string): MatchedPage | null {
  const pagePath = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  const matches = matchRoutes(routeTree(build), pagePath);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return null;
  const pattern = `/${matches.map((match) => match.route.path ?? "").filter(Boolean).join("/")}`;
  return { id: leaf.route.id!, pattern, module: build.routes[leaf.route.id!]?.module ?? {} };
}
