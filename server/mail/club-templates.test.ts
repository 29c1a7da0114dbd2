import { describe, expect, it } from "vitest";
import { planById } from "../../app/domain/club/plans";
import { clubWelcomeMail } from "./club-templates";

describe("the record club's welcome", () => {
  it("names the plan, its price with VAT and delivery, the first shipment and the next payment, once per membership", () => {
    const plan = planById("one-lp")!;
    expect(clubWelcomeMail({ id: 7, nextShipmentOn: "2026-11-30", currentPeriodEnd: "2026-12-25" }, plan)).toEqual({
      onceKey: "club-joined:7",
      subject: "Welcome to the Needledrop record club",
      lines: [
        `You joined the record club: ${plan.name}, £26.00 a month including VAT and delivery.`,
        "Your first record ships by 30 November 2026. Your next payment is on 25 December 2026.",
      ],
    });
  });
});
