import { describe, expect, it } from "vitest";
import { foldLabels } from "./label-fold";

const labels = ["A", "B", "C", "D", "E"].map((value, i) => ({ value, selected: i === 3 }));

describe("foldLabels", () => {
  it("keeps the first few and any chosen further down, and counts the rest", () => {
    expect(foldLabels(labels, false, 2)).toEqual({ shown: [labels[0], labels[1], labels[3]], hidden: 2 });
  });

  it("sends every label when asked, or when there are few", () => {
    expect(foldLabels(labels, true, 2)).toEqual({ shown: labels, hidden: 0 });
    expect(foldLabels(labels, false, 10)).toEqual({ shown: labels, hidden: 0 });
  });
});
