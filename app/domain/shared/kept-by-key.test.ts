import { describe, expect, it } from "vitest";
import { createKeptByKey } from "./kept-by-key";

describe("createKeptByKey", () => {
  it("builds a key's value once and hands the same value back", () => {
    const kept = createKeptByKey<{ n: number }>(10);
    let builds = 0;
    const first = kept("a", () => ({ n: ++builds }));
    expect(kept("a", () => ({ n: ++builds }))).toBe(first);
    expect(kept("b", () => ({ n: ++builds })).n).toBe(2);
    expect(builds).toBe(2);
  });

  it("keeps a value that is undefined without building it again", () => {
    const kept = createKeptByKey<string | undefined>(10);
    let builds = 0;
    kept("none", () => (builds++, undefined));
    kept("none", () => (builds++, undefined));
    expect(builds).toBe(1);
  });

  it("keeps at most max keys, the least recently used going first", () => {
    const kept = createKeptByKey<string>(2);
    const built: string[] = [];
    const get = (key: string) => kept(key, () => (built.push(key), key));
    get("a");
    get("b");
    get("a"); // a is now the most recently used
    get("c"); // b goes
    get("a");
    get("b");
    expect(built).toEqual(["a", "b", "c", "b"]);
  });
});
