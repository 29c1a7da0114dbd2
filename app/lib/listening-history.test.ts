import { describe, expect, it, vi } from "vitest";
import { memoryStorage, refusingStorage } from "../../tests/setup/memory-storage";
import {
  clearListeningHistory,
  LISTENING_HISTORY_KEY,
  LISTENING_HISTORY_LIMIT,
  parseListeningHistory,
  readListeningHistory,
  recordListen,
  withPlayed,
} from "./listening-history";

describe("listening history rules (spec §4, §9)", () => {
  it("uses the key needledrop-listening-history and keeps at most 20", () => {
    expect(LISTENING_HISTORY_KEY).toBe("needledrop-listening-history");
    expect(LISTENING_HISTORY_LIMIT).toBe(20);
  });

  it("puts a newly played record first", () => {
    expect(withPlayed([], 7)).toEqual([7]);
    expect(withPlayed([3, 2, 1], 4)).toEqual([4, 3, 2, 1]);
  });

  it("moves a record played again to the front, without a duplicate", () => {
    expect(withPlayed([3, 2, 1], 1)).toEqual([1, 3, 2]);
    expect(withPlayed([3, 2, 1], 3)).toEqual([3, 2, 1]);
  });

  it("keeps only the newest 20", () => {
    const full = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 … 1
    const next = withPlayed(full, 21);
    expect(next).toHaveLength(20);
    expect(next[0]).toBe(21);
    expect(next).not.toContain(1);
  });

  it("ignores an id that is not a record id", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(withPlayed([2, 1], bad)).toEqual([2, 1]);
  });

  it("does not change the list it is given", () => {
    const list = [1, 2];
    withPlayed(list, 3);
    expect(list).toEqual([1, 2]);
  });
});

describe("parseListeningHistory", () => {
  it("reads nothing stored as an empty history", () => {
    expect(parseListeningHistory(null)).toEqual([]);
  });

  it("reads a JSON array of ids, dropping repeats and anything past 20", () => {
    expect(parseListeningHistory("[5,3,5,1]")).toEqual([5, 3, 1]);
    expect(parseListeningHistory(JSON.stringify(Array.from({ length: 30 }, (_, i) => i + 1)))).toHaveLength(20);
    expect(parseListeningHistory('["12", 4]')).toEqual([12, 4]);
  });

  it("refuses anything else", () => {
    for (const raw of [
      "",
      "{",
      "not json",
      "{}",
      '{"0":1}',
      "null",
      "12",
      '"12"',
      "[1,null]",
      '["x"]',
      "[0]",
      "[1.5]",
      "[[1]]",
    ]) {
      expect(parseListeningHistory(raw), raw).toBeNull();
    }
  });
});

describe("stored history", () => {
  it("records plays most recent first and reads them back", () => {
    const storage = memoryStorage();
    recordListen(1, storage);
    recordListen(2, storage);
    expect(recordListen(1, storage)).toEqual([1, 2]);
    expect(storage.data.get(LISTENING_HISTORY_KEY)).toBe("[1,2]");
    expect(readListeningHistory(storage)).toEqual([1, 2]);
  });

  it("logs and discards an unparsable stored value, then starts afresh", () => {
    const storage = memoryStorage({ [LISTENING_HISTORY_KEY]: "{oops" });
    const warn = vi.fn();
    expect(readListeningHistory(storage, warn)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain(LISTENING_HISTORY_KEY);
    expect(storage.data.has(LISTENING_HISTORY_KEY)).toBe(false);

    storage.data.set(LISTENING_HISTORY_KEY, '{"not":"a list"}');
    expect(recordListen(9, storage, warn)).toEqual([9]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(storage.data.get(LISTENING_HISTORY_KEY)).toBe("[9]");
  });

  it("uses console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      readListeningHistory(memoryStorage({ [LISTENING_HISTORY_KEY]: "nope" }));
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
  });

  it("survives a storage that refuses to read or write", () => {
    const broken = refusingStorage;
    const warn = vi.fn();
    expect(readListeningHistory(broken, warn)).toEqual([]);
    expect(recordListen(3, broken, warn)).toEqual([3]);
    expect(warn).toHaveBeenCalledWith("Could not save the listening history.", expect.any(Error));
    expect(() => clearListeningHistory(broken)).not.toThrow();
  });

  it("does nothing without storage (on the server)", () => {
    expect(readListeningHistory(null)).toEqual([]);
    expect(recordListen(4, null)).toEqual([4]);
    expect(() => clearListeningHistory(null)).not.toThrow();
  });

  it("can be cleared", () => {
    const storage = memoryStorage({ [LISTENING_HISTORY_KEY]: "[1,2]" });
    clearListeningHistory(storage);
    expect(readListeningHistory(storage)).toEqual([]);
  });
});
