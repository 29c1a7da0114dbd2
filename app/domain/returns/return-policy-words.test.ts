import { describe, expect, it } from "vitest";
import {
  deliveryIsRefunded,
  nextStepWords,
  REFUND_DAYS_AFTER_RECEIPT,
  reasonRules,
  returnPostagePaidBy,
  windowWords,
} from "./return-policy-words";

const window = { deliveredOn: "2026-11-02", deliveryKnown: true, closesOn: "2026-12-02" };

describe("who pays for what", () => {
  it("the shop pays the return postage when the fault is its own, the shopper otherwise", () => {
    expect(returnPostagePaidBy("damaged")).toBe("shop");
    expect(returnPostagePaidBy("faulty")).toBe("shop");
    expect(returnPostagePaidBy("wrong_record")).toBe("shop");
    expect(returnPostagePaidBy("not_as_described")).toBe("shop");
    expect(returnPostagePaidBy("changed_mind")).toBe("shopper");
  });

  it("the original standard delivery comes back when the whole order does or the fault is the shop's", () => {
    expect(deliveryIsRefunded("changed_mind", { wholeOrder: true })).toBe(true);
    expect(deliveryIsRefunded("changed_mind", { wholeOrder: false })).toBe(false);
    expect(deliveryIsRefunded("faulty", { wholeOrder: false })).toBe(true);
  });

  it("money is back within 14 days of the shop receiving the records", () => {
    expect(REFUND_DAYS_AFTER_RECEIPT).toBe(14);
  });
});

describe("the rules in words", () => {
  it("the window, with the delivery day it counts from", () => {
    expect(windowWords(window)).toBe("You can start a return until 2 December 2026: 30 days from delivery on 2 November 2026.");
    expect(windowWords({ ...window, deliveryKnown: false })).toBe(
      "You can start a return until 2 December 2026: 30 days from 2 November 2026, the last day your parcel was due (we have no delivery date on record, so we count from the latest).",
    );
  });

  it("a change of mind: sealed new records, used copies as sold, the shopper's postage, delivery only with the whole order", () => {
    const words = reasonRules("changed_mind").join(" ");
    expect(words).toContain("still sealed");
    expect(words).toContain("used record");
    expect(words).toContain("You pay the postage");
    expect(words).toContain("whole order");
    expect(words).toContain("within 14 days of receiving");
    expect(words).toContain("store credit");
  });

  it("a fault: a prepaid label and the delivery back", () => {
    const words = reasonRules("faulty").join(" ");
    expect(words).toContain("prepaid return label");
    expect(words).toContain("original standard delivery");
    expect(words).not.toContain("still sealed");
  });
});

describe("what happens next", () => {
  it("is said for every status", () => {
    expect(nextStepWords("requested", "faulty")).toContain("within two working days");
    expect(nextStepWords("approved", "faulty")).toContain("prepaid label");
    expect(nextStepWords("approved", "changed_mind")).toContain("tracked service");
    expect(nextStepWords("refused", "faulty")).toContain("could not accept");
    expect(nextStepWords("received", "faulty")).toContain("within 14 days");
    expect(nextStepWords("refunded", "faulty")).toContain("Refunded");
  });
});
