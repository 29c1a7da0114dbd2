import { describe, expect, it } from "vitest";
import { createServices } from "../services";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { orderConfirmationMail } from "./order-templates";

const shop = useShopServices();
let keys = 0;

/** An order of two £25 LPs placed for `countryCode`, by a shop with an IOSS number. */
function placed(countryCode: string, shipping: Record<string, string>) {
  const services = createServices(shop.t.db, { mediaDir: "", iossNumber: "IM3720000001" });
  const lp = insertRecord(shop.t.db, { pricePence: 2500, format: "LP", stockQuantity: 4 });
  return services.orders.place({
    idempotencyKey: `order-mail-key-${++keys}-${Date.now()}`,
    lines: [{ recordId: lp.id, quantity: 2 }],
    discountCode: null,
    email: "mail@example.com",
    shipping: { ...TEST_ADDRESS, addressLine2: "", ...shipping },
    delivery: { countryCode, service: null },
    phone: null,
    userId: null,
    today: TEST_TODAY,
    paymentProvider: "test-card",
  }).order;
}

describe("the order confirmation mail, by destination", () => {
  it("a Dublin order names its service and country and shows Ireland's VAT added to the total", () => {
    const mail = orderConfirmationMail(placed("IE", { city: "Dublin", postalCode: "D02 X285" }), null);
    expect(mail.text).toContain("Shipping (Royal Mail International Standard): £11.00");
    expect(mail.text).toContain("VAT (Ireland 23%): £12.11");
    expect(mail.text).toContain("Total paid: £64.77\n");
    expect(mail.text).toContain("Sent by Royal Mail International Standard to Ireland.");
    expect(mail.html).toContain("VAT (Ireland 23%): £12.11");
    // Abroad, the arrival is the international service's own time, not the UK's 1–5 working days.
    expect(mail.text).toContain(
      "Estimated delivery by Royal Mail International Standard: 5–10 working days (Europe), 7–14 elsewhere, counted from the day we send it.",
    );
    expect(mail.text).not.toContain("1–5 working days");
  });

  it("a Jersey order says no UK VAT is charged (an export)", () => {
    const mail = orderConfirmationMail(placed("JE", { city: "St Helier", postalCode: "JE2 3AB" }), null);
    expect(mail.text).toContain("Total paid: £45.66\nNo UK VAT (export)");
    expect(mail.text).toContain("to Jersey.");
  });

  it("a UK order reads as before, with its service named", () => {
    const mail = orderConfirmationMail(placed("GB", {}), null);
    expect(mail.text).toContain("Shipping (Royal Mail Tracked 48): £4.00");
    expect(mail.text).toContain("Total paid: £54.00 (includes VAT of £9.00)");
    expect(mail.text).toContain("Sent by Royal Mail Tracked 48 to United Kingdom.");
  });
});
