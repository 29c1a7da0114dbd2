import { describe, expect, it } from "vitest";
import { charactersBySource, UNMAPPED } from "./first-load-sources";

describe("a bundled file's characters by source module", () => {
  it("counts each stretch of code for the source its mapping names, and unnamed code as the bundler's", () => {
    // Line 1: two characters of glue, "abcdef" from a.ts, "XYZ" from b.ts. Line 2: "glue" named by a mapping
    // with no source, then "LIB" from b.ts.
    const code = "  abcdefXYZ\nglueLIB";
    const map = JSON.stringify({
      version: 3,
      sources: ["../src/a.ts", "../src/b.ts"],
      names: [],
      mappings: "EAAA,MCAA;A,IAAA",
    });
    const counts = charactersBySource(code, map, "/project/dist/x.js.map");
    expect(Object.fromEntries(counts)).toEqual({
      [UNMAPPED]: 6,
      "/project/src/a.ts": 6,
      "/project/src/b.ts": 6,
    });
    expect([...counts.values()].reduce((a, b) => a + b)).toBe(code.length - 1);
  });

  it("counts a file with no mappings as glue", () => {
    const map = JSON.stringify({ version: 3, sources: [], names: [], mappings: "" });
    expect(Object.fromEntries(charactersBySource("abc\nde", map, "/x.js.map"))).toEqual({ [UNMAPPED]: 5 });
  });
});
