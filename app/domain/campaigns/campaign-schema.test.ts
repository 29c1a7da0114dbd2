import { describe, expect, it } from "vitest";
import { campaignSchema, NAME_FEATURED, PICK_GENRE, readFeaturedRefs } from "./campaign-schema";

const base = { subject: " Spring sale ", body: "Hello\r\nthere", segment: "all" };
const errors = (input: unknown) => {
  const r = campaignSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the campaign form", () => {
  it("trims, normalises line ends and drops a genre the segment does not use", () => {
    expect(campaignSchema.parse({ ...base, genre: "Jazz", featured: "" })).toEqual({
      subject: "Spring sale",
      body: "Hello\nthere",
      featured: [],
      segment: "all",
      genre: null,
    });
  });

  it("needs a genre from the list for a genre segment", () => {
    expect(errors({ ...base, segment: "genre-fans" })).toEqual([`genre: ${PICK_GENRE}`]);
    expect(errors({ ...base, segment: "genre-buyers", genre: "Polka" })).toEqual([`genre: ${PICK_GENRE}`]);
    expect(campaignSchema.parse({ ...base, segment: "genre-buyers", genre: "Soul" }).genre).toBe("Soul");
  });

  it("reads featured records by id or catalogue number, each once, at most six", () => {
    expect(readFeaturedRefs("12, #12\nBLP 1577, blp 1577")).toEqual([{ id: 12 }, { catalogNumber: "BLP 1577" }]);
    expect(errors({ ...base, featured: "1,2,3,4,5,6,7" })).toEqual([`featured: ${NAME_FEATURED}`]);
    expect(errors({ ...base, featured: "x".repeat(65) })).toEqual([`featured: ${NAME_FEATURED}`]);
  });

  it("refuses an empty subject or text, an unknown segment and over-long input", () => {
    expect(errors({ subject: " ", body: "", segment: "everyone" })).toEqual([
      "subject: Give the campaign a subject.",
      "body: Write the campaign's text.",
      "segment: Pick who receives it.",
    ]);
    expect(errors({ ...base, subject: "s".repeat(151) })).toEqual(["subject: Keep the subject under 150 characters."]);
  });
});
