import { describe, expect, it } from "vitest";
import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { VINYL_CARE_TIPS } from "../../db/seed/content";
import { useSeededApp } from "../../tests/setup/http";

const server = useSeededApp("care-api");

interface Tip {
  id: number;
  category: string;
  title: string;
  body: string;
}

describe("GET /api/vinyl-care-tips", () => {
  it("returns every tip as { id, category, title, body }, by category then position, cacheable for 5 minutes", async () => {
    const res = await fetch(`${server.base}/api/vinyl-care-tips`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const tips = (await res.json()) as Tip[];
    expect(tips).toHaveLength(VINYL_CARE_TIPS.length);
    for (const tip of tips) {
      expect(Object.keys(tip).sort()).toEqual(["body", "category", "id", "title"]);
      expect(Number.isInteger(tip.id)).toBe(true);
      expect(CARE_CATEGORIES).toContain(tip.category);
    }
    // Guide order; inside a category, the seed's order (its position).
    const expected = CARE_CATEGORIES.flatMap((c) => VINYL_CARE_TIPS.filter((x) => x.category === c).map((x) => x.title));
    expect(tips.map((tip) => tip.title)).toEqual(expected);
  });

  it("filters by ?category=", async () => {
    for (const category of CARE_CATEGORIES) {
      const tips = (await (await fetch(`${server.base}/api/vinyl-care-tips?category=${category}`)).json()) as Tip[];
      expect(tips.length).toBe(VINYL_CARE_TIPS.filter((x) => x.category === category).length);
      expect(tips.every((tip) => tip.category === category)).toBe(true);
    }
  });

  it("treats an empty ?category= as every category", async () => {
    const tips = (await (await fetch(`${server.base}/api/vinyl-care-tips?category=`)).json()) as Tip[];
    expect(tips).toHaveLength(VINYL_CARE_TIPS.length);
  });

  it("answers 400 with a JSON error naming the field to an unknown or repeated category", async () => {
    for (const q of ["category=polishing", "category=Cleaning", "category=cleaning&category=stylus"]) {
      const res = await fetch(`${server.base}/api/vinyl-care-tips?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("content-type"), q).toContain("application/json");
      expect(((await res.json()) as { error: string }).error, q).toMatch(/^Invalid category/);
    }
  });
});
