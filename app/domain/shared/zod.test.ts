import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("browser code uses the CSP-safe Zod", () => {
  it("imports z from ~/domain/shared/zod, never from zod directly", () => {
    const offenders = sourceFiles("app").filter(
      (f) =>
        !f.endsWith(path.join("domain", "shared", "zod.ts")) && /from ["']zod(\/[^"']*)?["']/.test(fs.readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
