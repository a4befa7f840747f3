import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";

/** Every run gets a fresh SQLite database and the production build (`npm run build` first). */
const port = Number(process.env.E2E_PORT ?? 4319);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "zuri-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file; keep one directory per run

export const e2eAdmin = { username: "e2e-admin", password: "e2e-admin-password-2025" };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that needed it is reported as flaky in the log, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Waits for events, never sleeps: generous enough for two browsers and the server on two busy cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its actions, console, network and screenshots, not a copy of the DOM at every action:
    // those copies cost 1-2.5 s an action on the CMS's long pages (the API reference, the editor), the
    // difference between a 15- and an 18-minute suite.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: true, sources: true },
  },
  projects: [
    { name: "journeys", testIgnore: /performance-budgets/ },
    // Long tasks and layout shift are measured on a quiet machine: after every journey, one browser at a
    // time (docs/operations.md, "Budgets"). Alone: `playwright test --project budgets --no-deps`.
    { name: "budgets", testMatch: /performance-budgets/, dependencies: ["journeys"], workers: 1 },
  ],
  webServer: {
    command: "node server/start.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${join(dataDir, "zuri.db")}`,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: "warn",
      // Journeys that post demo requests say which address they come from, so the per-address
      // limit (5 an hour, docs/decisions/050) is not shared by the whole suite.
      TRUST_PROXY: "loopback",
      // The webhook journey's receiver listens on 127.0.0.1: the development switch of docs/decisions/073.
      WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    },
  },
});
