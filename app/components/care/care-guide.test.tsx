import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CARE_CATEGORIES, careTipId, type CareTip } from "~/domain/care/care-categories";
import { CareContents, CareSection, readingMinutes, type CareGuideSection } from "./care-guide";

const tip = (id: number, category: CareTip["category"], words = 50): CareTip => ({
  id,
  category,
  title: `Tip ${id}`,
  body: Array.from({ length: words }, () => "word").join(" "),
});
const sections: CareGuideSection[] = CARE_CATEGORIES.map((category, i) => ({
  category,
  tips: category === "stylus" ? [] : [tip(i * 10 + 1, category), tip(i * 10 + 2, category)],
}));

describe("care categories", () => {
  it("are the five chapters in guide order", () => {
    expect(CARE_CATEGORIES).toEqual(["cleaning", "handling", "storage", "stylus", "setup"]);
    expect(careTipId({ id: 7 })).toBe("tip-7");
  });
});

describe("the guide's table of contents", () => {
  it("links to each chapter's anchor, in order, with its number of tips", () => {
    const html = renderToStaticMarkup(<CareContents sections={sections} />);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(["#cleaning", "#handling", "#storage", "#stylus", "#setup"]);
    expect(html).toContain("Turntable set-up");
    expect(html).toContain("2 tips");
    expect(html).toContain("0 tips");
    expect(html).toContain('aria-labelledby="contents-heading"');
  });
});

describe("a chapter", () => {
  it("is a section at its anchor, named by its heading, with each tip as a card", () => {
    const html = renderToStaticMarkup(<CareSection section={sections[0]!} index={0} />);
    expect(html).toMatch(/^<section id="cleaning" aria-labelledby="cleaning-heading"/);
    expect(html).toContain('<h2 id="cleaning-heading"');
    expect(html).toContain("Chapter 01");
    expect(html).toContain('id="tip-1"');
    expect(html.match(/<h3/g)).toHaveLength(2);
    expect(html).toContain('<svg aria-hidden="true"');
    expect(html).toContain('href="#contents"');
  });

  it("says so when it has no tips yet", () => {
    const html = renderToStaticMarkup(<CareSection section={sections[3]!} index={3} />);
    expect(html).toContain("Stylus care");
    expect(html).toContain("Tips for this chapter are on their way.");
    expect(html).not.toContain("<h3");
  });
});

describe("readingMinutes", () => {
  it("counts words at 200 a minute, at least one minute", () => {
    expect(readingMinutes([])).toBe(1);
    expect(readingMinutes([{ category: "cleaning", tips: [tip(1, "cleaning", 398)] }])).toBe(2);
  });
});
