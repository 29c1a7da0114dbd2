import { describe, expect, it } from "vitest";
import {
  buildCaption,
  CaptionError,
  captionProblem,
  hashtag,
  hashtagsFor,
  MAX_CAPTION_LENGTH,
  MAX_HASHTAGS,
  renderCaptionTemplate,
  transitionProblem,
  updatePostSchema,
} from "./instagram";

const values = {
  title: "Blue Train",
  artist: "John Coltrane",
  price: "£27.50",
  label: "Blue Note",
  url: "https://shop.test/vinyl/1",
};

describe("caption template", () => {
  it("fills every placeholder", () => {
    expect(renderCaptionTemplate("{artist} – {title} ({label}) {price} {url}", values)).toBe(
      "John Coltrane – Blue Train (Blue Note) £27.50 https://shop.test/vinyl/1",
    );
  });

  it("drops a line left empty by a missing value, and keeps literal text", () => {
    expect(renderCaptionTemplate("{title}\n{label}\nOnly {price}", { ...values, label: "" })).toBe("Blue Train\nOnly £27.50");
  });

  it("refuses an unknown placeholder by name", () => {
    expect(() => renderCaptionTemplate("{titel}", values)).toThrow(/Unknown placeholder \{titel\}/);
  });

  it("adds the hashtags after a blank line and refuses a caption over Instagram's limit", () => {
    expect(buildCaption("{title}", values, ["#Vinyl", "#Jazz"])).toBe("Blue Train\n\n#Vinyl #Jazz");
    const long = "x".repeat(MAX_CAPTION_LENGTH);
    expect(() => buildCaption(`${long}{title}`, values, [])).toThrow(CaptionError);
    expect(() => buildCaption(`${long}{title}`, values, [])).toThrow(/at most 2,200/);
  });
});

describe("caption limits", () => {
  it("allows exactly 2,200 characters and 30 hashtags, not one more", () => {
    expect(captionProblem("a".repeat(2200))).toBeNull();
    expect(captionProblem("a".repeat(2201))).toMatch(/2,201 characters/);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");
    expect(captionProblem(tags(30))).toBeNull();
    expect(captionProblem(tags(31))).toMatch(/31 hashtags/);
  });
});

describe("hashtags", () => {
  it("keeps letters and digits only, joining words", () => {
    expect(hashtag("Hip-Hop")).toBe("#HipHop");
    expect(hashtag("Björk")).toBe("#Bjork");
    expect(hashtag("AC/DC")).toBe("#ACDC");
    expect(hashtag("drum & bass")).toBe("#DrumBass");
    expect(hashtag("1999")).toBeNull();
    expect(hashtag("!!!")).toBeNull();
    expect(hashtag(null)).toBeNull();
  });

  it("takes the shop's tags, the genre's and the artist's, without duplicates", () => {
    const tags = hashtagsFor({ genre: "Jazz / Soul", artist: "vinyl" });
    expect(tags).toEqual(["#Vinyl", "#VinylRecords", "#NowSpinning", "#Needledrop", "#JazzSoul", "#Jazz", "#Soul"]);
    expect(tags.every((t) => /^#[\p{L}\p{N}]+$/u.test(t))).toBe(true);
  });

  it("stops at Instagram's 30", () => {
    const extra = Array.from({ length: 40 }, (_, i) => `Tag ${i} x`);
    const tags = hashtagsFor({ genre: null, artist: "Miles Davis" }, extra);
    expect(tags).toHaveLength(MAX_HASHTAGS);
    expect(tags).toContain("#MilesDavis");
  });
});

describe("status", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  const later = "2026-11-27T09:00:00.000Z";
  const earlier = "2026-11-25T09:00:00.000Z";

  it("goes draft → scheduled → posted, and back to draft from scheduled", () => {
    expect(transitionProblem("draft", "scheduled", later, now)).toBeNull();
    expect(transitionProblem("scheduled", "posted", later, now)).toBeNull();
    expect(transitionProblem("scheduled", "draft", later, now)).toBeNull();
  });

  it("refuses skipping, going back from posted, and a schedule in the past", () => {
    expect(transitionProblem("draft", "posted", later, now)).toMatch(/schedule it first/);
    expect(transitionProblem("posted", "draft", later, now)).toMatch(/already on Instagram/);
    expect(transitionProblem("draft", "scheduled", earlier, now)).toMatch(/in the future/);
    expect(transitionProblem("draft", "scheduled", null, now)).toMatch(/Choose a date/);
    expect(transitionProblem("scheduled", "scheduled", now.toISOString(), now)).toMatch(/in the future/);
  });
});

describe("update input", () => {
  it("reads a London date and time as a UTC instant", () => {
    expect(updatePostSchema.parse({ postId: "3", date: "2026-07-01", time: "09:30", status: "scheduled" })).toEqual({
      postId: 3,
      caption: undefined,
      scheduledAt: "2026-07-01T08:30:00.000Z",
      status: "scheduled",
    });
  });

  it("asks for both date and time, and a known status", () => {
    expect(updatePostSchema.safeParse({ postId: 1, date: "2026-07-01" }).success).toBe(false);
    expect(updatePostSchema.safeParse({ postId: 1, status: "live" }).success).toBe(false);
    expect(updatePostSchema.parse({ postId: 1, caption: "a\r\nb", date: "", time: "" })).toMatchObject({
      caption: "a\nb",
      scheduledAt: undefined,
    });
  });
});
