import { describe, expect, it } from "vitest";
import { useSeededApp } from "../../tests/setup/http";

const server = useSeededApp("search-api");

const get = (q: string | null, extra = "") =>
  fetch(`${server.base}/api/search${q === null ? "" : `?q=${encodeURIComponent(q)}`}${extra}`);

describe("GET /api/search (spec §7)", () => {
  it("answers an array of { id, title, artist, coverUrl }, best first, cacheable for 60 s, with the total in a header", async () => {
    const res = await get("beatles");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("x-total-count")).toBe("3");
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(3);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(["artist", "coverUrl", "id", "title"]);
      expect(item).toMatchObject({ artist: "The Beatles", id: expect.any(Number), title: expect.any(String) });
      expect(item.coverUrl).toMatch(/^\/media\/covers\/.+\.jpg$/);
    }
  });

  it("answers at most 8, ranked, with accents and typos forgiven", async () => {
    const many = (await (await get("the")).json()) as { title: string }[];
    expect(many).toHaveLength(8);
    expect(((await (await get("kind of blue")).json()) as { title: string }[])[0]?.title).toBe("Kind of Blue");
    expect(((await (await get("bjork")).json()) as { artist: string }[]).map((r) => r.artist)).toContain("Björk");
    expect(((await (await get("radiohed")).json()) as { artist: string }[]).map((r) => r.artist)).toContain("Radiohead");
  });

  it("answers [] below 2 non-space characters, without asking the database for more", async () => {
    for (const q of [null, "", "a", " a ", "   ", "\u00a0b"]) {
      const res = await get(q);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(await res.json()).toEqual([]);
      expect(res.headers.get("x-total-count")).toBe("0");
    }
  });

  it("rejects a q over 100 characters or given twice (400, JSON error)", async () => {
    const long = await get("x".repeat(101));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: expect.stringMatching(/q/) });
    expect((await get("x".repeat(100))).status).toBe(200);
    const twice = await get("blue", "&q=train");
    expect(twice.status).toBe(400);
  });

  it("passes FTS5 syntax through as text", async () => {
    for (const q of ['"', "NEAR(a b)", "blue*", "-train", "(", "title:blue"]) {
      const res = await get(q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });
});

describe("tRPC search.suggest", () => {
  const suggest = async (input: unknown) => {
    const res = await fetch(`${server.base}/trpc/search.suggest?input=${encodeURIComponent(JSON.stringify(input))}`);
    return {
      status: res.status,
      body: (await res.json()) as { result?: { data: { items: { artist: string }[]; total: number } } },
    };
  };

  it("answers the dropdown's records and the total for 'See all {n} results'", async () => {
    const { status, body } = await suggest({ q: "beatels" });
    expect(status).toBe(200);
    expect(body.result?.data.total).toBe(3);
    expect(body.result?.data.items.map((r) => r.artist)).toEqual(["The Beatles", "The Beatles", "The Beatles"]);
    expect((await suggest({ q: "a" })).body.result?.data).toEqual({ items: [], total: 0 });
  });

  it("rejects text over 100 characters", async () => {
    expect((await suggest({ q: "x".repeat(101) })).status).toBe(400);
  });
});
