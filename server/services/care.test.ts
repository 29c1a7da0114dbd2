import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { vinylCareTips } from "../../db/schema";
import { VINYL_CARE_TIPS } from "../../db/seed/content";
import { migratedTestDb, seededTestDb, type TestDb } from "../../tests/setup/test-db";
import { createCareService } from "./care";

let t: TestDb;
beforeAll(async () => {
  t = await seededTestDb();
});
afterAll(() => t.cleanup());

const rank = (category: string) => CARE_CATEGORIES.indexOf(category as (typeof CARE_CATEGORIES)[number]);

describe("care service on the seeded shop", () => {
  it("lists every seeded tip, ordered by category in guide order, then by position", () => {
    const tips = createCareService(t.db).tips();
    expect(tips).toHaveLength(VINYL_CARE_TIPS.length);
    expect(tips.map((tip) => Object.keys(tip).sort())).toEqual(tips.map(() => ["body", "category", "id", "title"]));
    const positions = new Map(
      t.db
        .select()
        .from(vinylCareTips)
        .all()
        .map((r) => [r.id, r.position]),
    );
    for (let i = 1; i < tips.length; i++) {
      const a = tips[i - 1]!;
      const b = tips[i]!;
      const byCategory = rank(a.category) - rank(b.category);
      expect(byCategory <= 0, `${a.category} before ${b.category}`).toBe(true);
      if (byCategory === 0) expect(positions.get(a.id)!).toBeLessThan(positions.get(b.id)!);
    }
    expect(tips[0]!.category).toBe("cleaning");
    expect(tips.at(-1)!.category).toBe("setup");
  });

  it("reads one category on its own, in position order", () => {
    const service = createCareService(t.db);
    for (const category of CARE_CATEGORIES) {
      const tips = service.tips({ category });
      expect(tips.length).toBeGreaterThanOrEqual(5);
      expect(tips.every((tip) => tip.category === category)).toBe(true);
      expect(tips).toEqual(service.tips().filter((tip) => tip.category === category));
    }
    expect(service.tips({ category: "stylus" })[0]!.title).toBe(VINYL_CARE_TIPS.find((x) => x.category === "stylus")!.title);
  });

  it("builds the guide's five sections in order, every tip in exactly one", () => {
    const guide = createCareService(t.db).guide();
    expect(guide.map((s) => s.category)).toEqual([...CARE_CATEGORIES]);
    expect(guide.flatMap((s) => s.tips)).toEqual(createCareService(t.db).tips());
  });

  it("shows an edited tip at once (the cache drops on every write)", () => {
    const service = createCareService(t.db);
    const first = service.tips()[0]!;
    t.db.update(vinylCareTips).set({ title: "Brush twice" }).where(eq(vinylCareTips.id, first.id)).run();
    expect(service.tips()[0]!.title).toBe("Brush twice");
  });
});

describe("care service on an empty database", () => {
  it("returns no tips and five empty sections", () => {
    const empty = migratedTestDb();
    try {
      const service = createCareService(empty.db);
      expect(service.tips()).toEqual([]);
      expect(service.guide()).toEqual(CARE_CATEGORIES.map((category) => ({ category, tips: [] })));
    } finally {
      empty.cleanup();
    }
  });
});
