import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,shared,server,scripts}/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
