import js from "@eslint/js";
import globals from "globals";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Import boundaries (docs/decisions/026-shared-core-and-import-boundaries.md, 015):
 * - browser-reachable code under app/ (anything but `*.server.ts`) takes only types from server/;
 * - components and app/lib never import `*.server.ts` (route modules may: React Router strips
 *   loaders and actions from the client bundle);
 * - app/lib never imports components;
 * - shared/ (schemas, refusals, ids, site config: the core both sides import) imports neither app/
 *   nor server/, nor React or Express;
 * - server/ never imports components, routes or React; services never import Express (they take
 *   input and answer a value or a Refusal);
 * - no import cycles anywhere.
 */
const zodForBrowsers = { name: "zod", message: "Import { z } from shared/zod.ts (CSP-safe)." };
const serverValues = {
  group: ["**/server/**"],
  allowTypeImports: true,
  message: "Browser-reachable code takes only types from server/ (import type); put the logic in a *.server.ts module or a service.",
};
const serverModules = {
  group: ["**/*.server", "**/*.server.ts"],
  message: "Only route modules and other *.server.ts files may import *.server.ts.",
};
const components = {
  group: ["**/components/**"],
  message: "app/lib holds logic shared by routes and components; it never imports components.",
};
const appOrServer = {
  group: ["**/app/**", "**/server/**"],
  message: "shared/ is the core app/ and server/ both import; it imports neither.",
};
const reactApp = {
  group: ["**/app/components/**", "**/app/routes/**", "**/app/root", "**/app/root.tsx", "**/app/lib/**"],
  message: "Server code never imports the React app's components, routes or app/lib: share through shared/.",
};
const react = ["react", "react-dom", "react-dom/server", "react-dom/client"].map((name) => ({
  name,
  message: "React renders in the app; server/ and shared/ stay free of it.",
}));
const express = {
  name: "express",
  message: "Services know nothing of HTTP: they take input and answer a value or a Refusal (docs/decisions/015).",
};
const restrictImports = (...patterns) => ({
  "no-restricted-imports": ["error", { paths: [zodForBrowsers], patterns }],
});
const restrict = (paths, ...patterns) => ({ "no-restricted-imports": ["error", { paths, patterns }] });

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results/", "lighthouse-reports/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "shared/zod.ts"],
    rules: restrictImports(serverValues),
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: restrictImports(serverValues, serverModules),
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/**/*.server.ts", "shared/zod.ts"],
    rules: restrictImports(serverValues, serverModules, components),
  },
  {
    files: ["shared/**/*.ts"],
    ignores: ["shared/zod.ts"],
    rules: restrict([zodForBrowsers, ...react, express], appOrServer),
  },
  {
    files: ["server/**/*.ts"],
    rules: restrict(react, reactApp),
  },
  {
    files: ["server/services/**/*.ts", "server/db/**/*.ts"],
    rules: restrict([...react, express], reactApp),
  },
);
