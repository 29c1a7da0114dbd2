import { defineConfig } from "vitest/config";

// Unit and integration tests live beside the code; Playwright specs (tests/e2e) are never picked up here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // Migrates and seeds the base test databases once per run; each test file copies them.
    globalSetup: ["tests/setup/global-db.ts"],
    // A console.error the test did not declare with expectConsoleError() fails it.
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
