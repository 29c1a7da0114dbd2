import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module (its state is the page's) over a page whose mark can be read. */
async function page() {
  vi.resetModules();
  const dataset: Record<string, string> = {};
  vi.stubGlobal("document", { documentElement: { dataset } });
  const marks = await import("./page-hydration");
  return { ...marks, live: () => dataset.hydrated === "true" };
}

describe("the page's hydrated mark", () => {
  beforeEach(() => vi.unstubAllGlobals());

  it("waits for every later part placed on the page, then for nothing more", async () => {
    const p = await page();
    p.laterPartPlaced("footer");
    p.laterPartPlaced("search");
    p.pageShellHydrated();
    expect(p.live()).toBe(false);
    p.laterPartHydrated("footer");
    expect(p.live()).toBe(false);
    p.laterPartHydrated("search");
    expect(p.live()).toBe(true);
  });

  it("does not wait for a part whose code was there when the page hydrated (its own effect ran first)", async () => {
    const p = await page();
    p.laterPartHydrated("footer");
    p.laterPartPlaced("footer");
    expect(p.live()).toBe(false);
    p.pageShellHydrated();
    expect(p.live()).toBe(true);
  });

  it("is set by the shell alone on a page without later parts", async () => {
    const p = await page();
    p.pageShellHydrated();
    expect(p.live()).toBe(true);
  });
});
