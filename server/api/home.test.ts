import { describe, expect, it, vi } from "vitest";
import { genresWithAtLeast } from "../../app/domain/catalogue/genres";
import { HOME_LIST_SIZES } from "../../app/domain/home/home-filters";
import { useTestApp } from "../../tests/setup/http";
import { todayInLondon } from "../../app/domain/shared/dates";
import { createBrowseService } from "../services/browse";
import { createHomeService } from "../services/home";
import {
  artistSpotlightAnswerSchema,
  featuredVinylSchema,
  genreCountsSchema,
  genreListSchema,
  recommendationListSchema,
  trackListSchema,
  triviaListSchema,
} from "../contract/answers";

// The home page, genre and recommendations shims (./home.ts, ./catalogue.ts, ./recommendations.ts) over HTTP, against createApp on a seeded database. The
// recommendations service is wrapped so a test can see the ids it is given and make it fail on purpose.
const probe = vi.hoisted(() => ({ calls: [] as number[][], failOn: 999_999 }));
vi.mock("../services/recommendations", async (importOriginal) => {
  const original = await importOriginal<typeof import("../services/recommendations")>();
  return {
    ...original,
    createRecommendationsService: (db: Parameters<typeof original.createRecommendationsService>[0]) => {
      const real = original.createRecommendationsService(db);
      return {
        ...real,
        forHistory: (ids: readonly number[], options: { today: string; limit?: number }) => {
          probe.calls.push([...ids]);
          if (ids.includes(probe.failOn)) throw new Error("database is on fire");
          return real.forHistory(ids, options);
        },
      };
    },
  };
});

// The server's own date: these answers are "for today", like the home page.
const today = todayInLondon();
const shop = useTestApp({ name: "home", database: "seeded" });

async function getJson(path: string) {
  const res = await fetch(`${shop.base}${path}`);
  return { res, body: (await res.json()) as unknown };
}

const ids = (list: readonly { id: number }[]) => list.map((r) => r.id);

describe("genre counts and the genre list", () => {
  it("GET /api/genre-counts: visible records per genre, cached 5 minutes", async () => {
    const { res, body } = await getJson("/api/genre-counts");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const counts = genreCountsSchema.parse(body);
    expect(counts).toEqual(createBrowseService(shop.t.db).genreCounts({ today }));
    expect(counts.Jazz).toBeGreaterThan(0);
  });

  it("GET /api/genres: every genre with records, alphabetical, cached 5 minutes", async () => {
    const { res, body } = await getJson("/api/genres");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const list = genreListSchema.parse(body);
    const counts = createBrowseService(shop.t.db).genreCounts({ today });
    expect(list).toEqual(genresWithAtLeast(counts, 1));
    expect(list.length).toBe(Object.keys(counts).length);
    expect([...list].sort((a, b) => a.localeCompare(b, "en-GB"))).toEqual(list);
  });

  it("ignores query parameters it does not read (a cache buster, say)", async () => {
    const { res } = await getJson("/api/genres?_=123");
    expect(res.status).toBe(200);
  });
});

describe("home page data", () => {
  const home = () => createHomeService(shop.t.db).sections({ today });

  it.each([
    ["/api/new-releases", "newReleases", HOME_LIST_SIZES.newReleases],
    ["/api/recent-products", "recentlyUpdated", HOME_LIST_SIZES.recentlyUpdated],
    ["/api/pre-orders", "preOrders", HOME_LIST_SIZES.preOrders],
  ] as const)("GET %s: the home page's %s for today (%i), as tracks", async (path, section, size) => {
    const { res, body } = await getJson(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const tracks = trackListSchema.parse(body);
    expect(tracks.length).toBeLessThanOrEqual(size);
    expect(tracks.length).toBeGreaterThan(0);
    expect(ids(tracks)).toEqual(ids(home()[section]));
  });

  it("GET /api/pre-orders: every one a pre-order", async () => {
    const tracks = trackListSchema.parse((await getJson("/api/pre-orders")).body);
    for (const track of tracks) expect(track.isPreOrder).toBe(true);
  });

  it("GET /api/featured-vinyl: Vinyl of the Day as one track", async () => {
    const { res, body } = await getJson("/api/featured-vinyl");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const track = featuredVinylSchema.parse(body);
    expect(track?.id).toBe(createHomeService(shop.t.db).vinylOfTheDay(today)?.id);
    expect(track?.price).toMatch(/^£\d+\.\d{2}$/);
  });

  it("GET /api/artist-spotlight: { artist, bio, tracks[] }", async () => {
    const { res, body } = await getJson("/api/artist-spotlight");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const spotlight = artistSpotlightAnswerSchema.parse(body);
    const expected = createHomeService(shop.t.db).artistSpotlight(today);
    expect(spotlight?.artist).toBe(expected?.artist);
    expect(spotlight?.bio).toBe(expected?.bio);
    expect(ids(spotlight?.tracks ?? [])).toEqual(ids(expected?.tracks ?? []));
  });

  it("GET /api/vinyl-trivia: three questions, answer as the index of the right option", async () => {
    const { res, body } = await getJson("/api/vinyl-trivia");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const trivia = triviaListSchema.parse(body);
    expect(trivia).toHaveLength(HOME_LIST_SIZES.trivia);
  });
});

describe("GET /api/recommendations", () => {
  it("answers [] to an empty or missing history without asking the service", async () => {
    const before = probe.calls.length;
    for (const path of ["/api/recommendations", "/api/recommendations?history=", "/api/recommendations?history=,,"]) {
      const { res, body } = await getJson(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(body).toEqual([]);
    }
    expect(probe.calls.length).toBe(before);
  });

  it("ignores what is not an id, and reads at most 50", async () => {
    const { body } = await getJson("/api/recommendations?history=abc,-4,0,2.5,%20");
    expect(body).toEqual([]);

    const many = Array.from({ length: 70 }, (_, i) => i + 1);
    await getJson(`/api/recommendations?history=x,${many.join(",")},1`);
    expect(probe.calls.at(-1)).toEqual(many.slice(0, 50));

    await getJson("/api/recommendations?history=3,x&history=2");
    expect(probe.calls.at(-1)).toEqual([3, 2]);
  });

  it("answers tracks with reasons, never one of the history", async () => {
    const { res, body } = await getJson("/api/recommendations?history=1,2");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const list = recommendationListSchema.parse(body);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(ids(list)).not.toContain(1);
    expect(ids(list)).not.toContain(2);
    for (const r of list) expect(r.reason).toMatch(/^(Because you played|Also bought with) /);
  });

  it("answers [] and logs the error when anything fails: never a 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { res, body } = await getJson(`/api/recommendations?history=1,${probe.failOn}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(body).toEqual([]);
      expect(log).toHaveBeenCalledOnce();
      expect(String(log.mock.calls[0]![0])).toContain("recommendations");
      expect(log.mock.calls[0]![1]).toBeInstanceOf(Error);
    } finally {
      log.mockRestore();
    }
  });
});

describe("tRPC recommendations.forHistory", () => {
  const query = (input: unknown) =>
    fetch(`${shop.base}/trpc/recommendations.forHistory?input=${encodeURIComponent(JSON.stringify(input))}`).then(
      async (res) => ({
        status: res.status,
        body: (await res.json()) as { result?: { data: unknown } },
      }),
    );

  it("answers the same list as REST", async () => {
    const trpc = await query({ history: [1, 2] });
    expect(trpc.status).toBe(200);
    const rest = (await getJson("/api/recommendations?history=1,2")).body;
    expect(recommendationListSchema.parse(trpc.body.result?.data)).toEqual(rest);
  });

  it("answers [] for an empty history, and on any error (logged)", async () => {
    expect((await query({ history: [] })).body.result?.data).toEqual([]);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await query({ history: [probe.failOn] });
      expect(failed.status).toBe(200);
      expect(failed.body.result?.data).toEqual([]);
      expect(log).toHaveBeenCalledOnce();
    } finally {
      log.mockRestore();
    }
  });

  it("takes a limit", async () => {
    const data = (await query({ history: [1], limit: 2 })).body.result?.data;
    expect(recommendationListSchema.parse(data)).toHaveLength(2);
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 document", async () => {
    const { res, body } = await getJson("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const doc = body as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/recommendations");
  });
});
