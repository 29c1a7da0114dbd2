import { describe, expect, it } from "vitest";
import { countdownText, notOnSaleYetMessage, onSaleNotice, respectsRecordStoreDayOpening, saleStateAt } from "./on-sale";

describe("whether a record is on sale", () => {
  const at = "2026-04-18T07:00:00.000Z"; // 08:00 in London (British Summer Time)

  it("is on sale without an on-sale time", () => {
    expect(saleStateAt(null, new Date())).toEqual({ state: "on-sale" });
  });
  it("is not yet before the time, and on sale from it", () => {
    expect(saleStateAt(at, new Date("2026-04-18T06:59:59.999Z"))).toEqual({ state: "not-yet", onSaleAt: at });
    expect(saleStateAt(at, new Date(at))).toEqual({ state: "on-sale" });
  });
});

describe("saying when", () => {
  it("reads the time in London, in summer and in winter", () => {
    expect(onSaleNotice("2026-04-18T07:00:00.000Z")).toBe("On sale at 08:00 on Saturday 18 April 2026");
    expect(onSaleNotice("2026-11-28T08:00:00.000Z")).toBe("On sale at 08:00 on Saturday 28 November 2026");
  });
  it("refuses plainly", () => {
    expect(notOnSaleYetMessage("Blue Lines", "2026-11-28T08:00:00.000Z")).toBe(
      `"Blue Lines" goes on sale at 08:00 on Saturday 28 November 2026; it can't be bought before then.`,
    );
  });
});

describe("Record Store Day's opening", () => {
  it("is never before 08:00 London time on the day", () => {
    expect(respectsRecordStoreDayOpening("2026-04-18T07:00:00.000Z")).toBe(true); // 08:00 BST
    expect(respectsRecordStoreDayOpening("2026-04-18T06:59:00.000Z")).toBe(false); // 07:59 BST
    expect(respectsRecordStoreDayOpening("2026-11-28T07:30:00.000Z")).toBe(false); // 07:30 GMT
    expect(respectsRecordStoreDayOpening("2026-11-28T12:00:00.000Z")).toBe(true);
  });
});

describe("the countdown", () => {
  it("is coarser further away", () => {
    expect(countdownText(2 * 86_400_000 + 3 * 3_600_000 + 5_000)).toBe("2 days 3 hours");
    expect(countdownText(3_600_000 + 4 * 60_000)).toBe("1 hour 4 minutes");
    expect(countdownText(4 * 60_000 + 5_000)).toBe("4 minutes 5 seconds");
    expect(countdownText(1_000)).toBe("1 second");
    expect(countdownText(0)).toBe("now");
  });
});
