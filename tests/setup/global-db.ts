import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { buildBaseDbs, makeBaseDir } from "./base-db";

/**
 * Vitest global setup: migrates and seeds the base databases once per run instead of once per test
 * file (and again before each watch-mode rerun, so a new migration is picked up).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = makeBaseDir();
  project.provide("baseDbs", await buildBaseDbs(dir));
  project.onTestsRerun(async () => {
    project.provide("baseDbs", await buildBaseDbs(dir));
  });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
