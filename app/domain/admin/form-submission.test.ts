import { describe, expect, it } from "vitest";
import {
  ALREADY_DONE,
  newSubmissionKey,
  readSubmissionKey,
  replayToast,
  submissionDecision,
  type UsedKey,
} from "./form-submission";

const first = {
  to: "/admin/stock-management/goods-in",
  toast: { type: "success", title: "Delivery received", description: "4 units." },
};
const used = (over: Partial<UsedKey> = {}): UsedKey => ({ staffId: 7, form: "goods-in", result: JSON.stringify(first), ...over });
const asked = { staffId: 7, form: "goods-in" };

describe("submission keys", () => {
  it("are new for every render and read back from the posted field", () => {
    const a = newSubmissionKey();
    const b = newSubmissionKey();
    expect(a).not.toBe(b);
    expect(readSubmissionKey(a)).toBe(a);
    expect(readSubmissionKey(` ${a.toUpperCase()} `)).toBe(a);
  });

  it("a post without a key of ours has none", () => {
    for (const posted of [null, undefined, "", "abc", 42, "00000000-0000-0000-0000-00000000000g"]) {
      expect(readSubmissionKey(posted)).toBeNull();
    }
  });
});

describe("what a post of a key does", () => {
  it("runs the first time a key is seen", () => {
    expect(submissionDecision(undefined, asked)).toEqual({ kind: "run" });
  });

  it("answers a second post of the same form with the first's result", () => {
    expect(submissionDecision(used(), asked)).toEqual({ kind: "replay", result: first });
  });

  it("refuses a second post while the first is still running", () => {
    expect(submissionDecision(used({ result: null }), asked)).toEqual({ kind: "pending" });
  });

  it("refuses a key used by someone else or for another form", () => {
    expect(submissionDecision(used({ staffId: 8 }), asked)).toEqual({ kind: "foreign" });
    expect(submissionDecision(used({ form: "stock adjust #3" }), asked)).toEqual({ kind: "foreign" });
  });

  it("still replays, without details, a result that cannot be read back", () => {
    const decision = submissionDecision(used({ result: "{not json" }), asked);
    expect(decision).toMatchObject({ kind: "replay", result: { to: "/admin", toast: { title: ALREADY_DONE } } });
  });
});

describe("the toast of a second post", () => {
  it("says nothing changed and what the first post did", () => {
    expect(replayToast(first.toast as never)).toEqual({
      type: "info",
      title: ALREADY_DONE,
      description: "This form was already sent, so nothing was changed again. First time: Delivery received. 4 units.",
    });
  });

  it("fits a toast, however long the first one was", () => {
    const long = replayToast({ type: "success", title: "Done", description: "x".repeat(600) });
    expect(long.description).toHaveLength(400);
    expect(long.description?.endsWith("…")).toBe(true);
  });
});
