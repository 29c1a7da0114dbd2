import { describe, expect, it } from "vitest";
import { moveActive, noResultsText, optionId, popupState, seeAllText } from "./combobox";

describe("moveActive (arrow keys in the listbox)", () => {
  it("goes down from none to the first option and wraps at the end", () => {
    expect(moveActive(-1, "ArrowDown", 3)).toBe(0);
    expect(moveActive(0, "ArrowDown", 3)).toBe(1);
    expect(moveActive(2, "ArrowDown", 3)).toBe(0);
  });

  it("goes up from none to the last option and wraps at the start", () => {
    expect(moveActive(-1, "ArrowUp", 3)).toBe(2);
    expect(moveActive(2, "ArrowUp", 3)).toBe(1);
    expect(moveActive(0, "ArrowUp", 3)).toBe(2);
  });

  it("has nothing to move to without options", () => {
    expect(moveActive(-1, "ArrowDown", 0)).toBe(-1);
    expect(moveActive(4, "ArrowUp", 0)).toBe(-1);
  });
});

describe("popup texts (spec §2)", () => {
  it("says what was searched when nothing matched, and how many there are in all", () => {
    expect(noResultsText("zzqxv")).toBe('No results found for "zzqxv"');
    expect(seeAllText(3)).toBe("See all 3 results");
    expect(seeAllText(31828)).toBe("See all 31,828 results");
    expect(optionId("site-search-listbox", 2)).toBe("site-search-listbox-option-2");
  });
});

describe("popupState", () => {
  const base = { dismissed: false, text: "blue", debounced: "blue", pending: false, failed: false, resultCount: 5 };

  it("shows results, 'Searching...' while loading, the empty text when nothing matched", () => {
    expect(popupState(base)).toEqual({ kind: "results", query: "blue" });
    expect(popupState({ ...base, pending: true })).toEqual({ kind: "loading" });
    expect(popupState({ ...base, resultCount: 0 })).toEqual({ kind: "empty", query: "blue" });
    expect(popupState({ ...base, failed: true })).toEqual({ kind: "failed" });
    expect(popupState({ ...base, debounced: "  kind  of blue ", text: "kind of blue", resultCount: 0 })).toEqual({
      kind: "empty",
      query: "kind of blue",
    });
  });

  it("stays closed below 2 characters, until the debounce has passed, and once dismissed", () => {
    expect(popupState({ ...base, text: "b", debounced: "b" })).toEqual({ kind: "closed" });
    expect(popupState({ ...base, text: "bl", debounced: "b" })).toEqual({ kind: "closed" }); // typed, not yet settled
    expect(popupState({ ...base, text: "b", debounced: "bl" })).toEqual({ kind: "closed" }); // cleared: close at once
    expect(popupState({ ...base, text: "   ", debounced: "   " })).toEqual({ kind: "closed" });
    expect(popupState({ ...base, dismissed: true })).toEqual({ kind: "closed" });
  });
});
