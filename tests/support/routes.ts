import { resolve } from "node:path";

/**
 * Every route path of the built app, joined with its parents' ("/cms/editor/:id?", "/blog/:slug",
 * "/*"), read from the production build, so routes added later are covered by the tests that walk them.
 */
export async function builtRoutePaths(): Promise<string[]> {
  const build = await import(/* @vite-ignore */ resolve(process.env.BUILD_DIR ?? "build", "server/index.js"));
  const routes = build.routes as Record<string, { id: string; parentId?: string; path?: string }>;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return [...new Set(Object.keys(routes).map((id) => (fullPath(id) || "/").replace(/\/+/g, "/")))];
}
