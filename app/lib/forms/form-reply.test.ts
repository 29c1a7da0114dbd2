import { describe, expect, it } from "vitest";
import { replyFor, replyForRow, type FormReply } from "./form-reply";

const reply: FormReply = {
  intent: "adjust",
  result: { status: "error", initialValue: { recordId: "12", change: "0" }, error: { change: ["Not 0."] } },
};

describe("replyFor", () => {
  it("hands the result to the form of the intent that was refused, and to no other", () => {
    expect(replyFor(reply, "adjust")).toBe(reply.result);
    expect(replyFor(reply, "threshold")).toBeUndefined();
    expect(replyFor(undefined, "adjust")).toBeUndefined();
    expect(replyFor({ intent: "adjust" }, "adjust")).toBeUndefined();
  });
});

describe("replyForRow", () => {
  it("hands it to the row whose form posted it", () => {
    expect(replyForRow(reply, "adjust", "recordId", 12)).toBe(reply.result);
    expect(replyForRow(reply, "adjust", "recordId", "12")).toBe(reply.result);
    expect(replyForRow(reply, "adjust", "recordId", 13)).toBeUndefined();
    expect(replyForRow(reply, "count", "recordId", 12)).toBeUndefined();
  });
});
