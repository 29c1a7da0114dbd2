import { describe, expect, it } from "vitest";
import { pageWindow } from "./paging";

describe("pageWindow", () => {
  it("shows the page asked for, with its offset", () => {
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageWindow(100, 2, 50)).toEqual({ page: 2, pageCount: 2, offset: 50 });
  });

  it("shows the last page when asked past the end, and one empty page for no items", () => {
    expect(pageWindow(120, 9, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
    expect(pageWindow(0, 4, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});
