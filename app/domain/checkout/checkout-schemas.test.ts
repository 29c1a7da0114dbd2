import { describe, expect, it } from "vitest";
import {
  applyCodeSchema,
  typedEmailSchema,
  cardSchema,
  checkoutDetailsSchema,
  checkoutWithCardSchema,
  emailSchema,
  idempotencyKeySchema,
  SHIPPING_COUNTRY,
} from "./checkout-schemas";

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (r: Result) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const TODAY = "2026-11-22";
const KEY = "form-key_0123456789";

const valid = {
  email: "ada@example.com",
  name: "Ada Lovelace",
  addressLine1: "1 Record Row",
  city: "London",
  postalCode: "SW1A 1AA",
  idempotencyKey: KEY,
  expectedTotalPence: 2400,
};

const card = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" };

describe("checkout details: a good form", () => {
  it("parses, with the defaults filled in", () => {
    const r = checkoutDetailsSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      addressLine1: "1 Record Row",
      addressLine2: "",
      city: "London",
      postalCode: "SW1A 1AA",
      country: "GB",
      phone: null,
      discountCode: null,
      voucherCodes: [],
      idempotencyKey: KEY,
      expectedTotalPence: 2400,
    });
  });

  it("normalises the email, the postcode, the code and trims the text", () => {
    const r = checkoutDetailsSchema.safeParse({
      ...valid,
      email: "  Ada@Example.COM ",
      name: "  Ada Lovelace ",
      addressLine2: " Flat 2 ",
      city: " London ",
      postalCode: " sw1a1aa ",
      country: " United Kingdom ",
      discountCode: " save10 ",
    });
    expect(r.data).toMatchObject({
      email: "ada@example.com",
      name: "Ada Lovelace",
      addressLine2: "Flat 2",
      city: "London",
      postalCode: "SW1A 1AA",
      country: "GB",
      discountCode: "SAVE10",
    });
  });
});

describe("checkout details: each field's message", () => {
  it("every required field missing", () => {
    expect(messages(checkoutDetailsSchema.safeParse({}))).toEqual({
      email: "Please enter a valid email address",
      name: "Please enter the name to deliver to",
      addressLine1: "Please enter the first line of the address",
      city: "Please enter the town or city",
      postalCode: "Please enter a UK postcode, such as SW1A 1AA",
      idempotencyKey: "This form has expired. Please reload the page.",
      expectedTotalPence: "This form has expired. Please reload the page.",
    });
  });

  it("blank text counts as missing", () => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, name: "   ", addressLine1: "", city: " " }))).toEqual({
      name: "Please enter the name to deliver to",
      addressLine1: "Please enter the first line of the address",
      city: "Please enter the town or city",
    });
  });

  it("too long: 100 characters for names and lines, 60 for the town", () => {
    expect(
      messages(
        checkoutDetailsSchema.safeParse({ ...valid, name: "n".repeat(101), addressLine2: "l".repeat(101), city: "c".repeat(61) }),
      ),
    ).toEqual({
      name: "Please keep this under 100 characters",
      addressLine2: "Please keep this under 100 characters",
      city: "Please keep this under 60 characters",
    });
    expect(checkoutDetailsSchema.safeParse({ ...valid, name: "n".repeat(100), city: "c".repeat(60) }).success).toBe(true);
  });

  it.each(["not-an-email", "ada@", "@example.com", "ada example@example.com", ""])("refuses the email %j", (email) => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, email }))).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it.each(["12345", "SW1A", "ZZZ 999", "", "75008"])("refuses the postcode %j", (postalCode) => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, postalCode }))).toEqual({
      postalCode: "Please enter a UK postcode, such as SW1A 1AA",
    });
  });

  it.each([
    ["France", "FR", "75008"],
    ["Ireland", "IE", "D02 X285"],
    ["UK", "GB", "SW1A 1AA"],
    ["united kingdom", "GB", "SW1A 1AA"],
    ["ie", "IE", ""],
    [" DE ", "DE", "10115"],
    ["United States of America", "US", "10001"],
  ])("reads the country %j as its ISO code %s", (country, code, postalCode) => {
    const r = checkoutDetailsSchema.safeParse({ ...valid, country, postalCode });
    expect(messages(r)).toEqual({});
    expect(r.data?.country).toBe(code);
  });

  it.each(["Atlantis", "XX", "ZZ", "Nowhere Land"])("refuses the unknown country %j", (country) => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, country }))).toEqual({
      country: "Please choose a country from the list",
    });
  });

  it("checks the postcode against the country's own form", () => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, country: "DE", postalCode: "SW1A 1AA" }))).toEqual({
      postalCode: "Please enter the postcode as it is written there, such as 10115",
    });
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, country: "US", postalCode: "1000" }))).toEqual({
      postalCode: "Please enter the postcode as it is written there, such as 10001",
    });
    expect(checkoutDetailsSchema.safeParse({ ...valid, country: "US", postalCode: "10001-1234" }).data?.postalCode).toBe(
      "10001-1234",
    );
  });

  it("a phone number is optional, and checked when given", () => {
    expect(checkoutDetailsSchema.safeParse({ ...valid, phone: "" }).data?.phone).toBeNull();
    expect(checkoutDetailsSchema.safeParse({ ...valid, phone: " +353 1 234 5678 " }).data?.phone).toBe("+353 1 234 5678");
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, phone: "call me" }))).toEqual({
      phone: "Please enter a phone number, such as +353 1 234 5678",
    });
  });

  it("a delivery service is one of the shop's", () => {
    expect(checkoutDetailsSchema.safeParse({ ...valid, deliveryService: "tracked_24" }).data?.deliveryService).toBe("tracked_24");
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, deliveryService: "pigeon" }))).toEqual({
      deliveryService: "Please choose a delivery service",
    });
  });

  it("a blank or missing country means the United Kingdom", () => {
    expect(SHIPPING_COUNTRY).toBe("United Kingdom");
    expect(checkoutDetailsSchema.safeParse({ ...valid, country: "  " }).data?.country).toBe("GB");
    expect(checkoutDetailsSchema.safeParse({ ...valid, country: undefined }).data?.country).toBe("GB");
  });

  it("a code over 32 characters is refused", () => {
    expect(messages(checkoutDetailsSchema.safeParse({ ...valid, discountCode: "A".repeat(33) }))).toEqual({
      discountCode: "That discount code isn't valid.",
    });
  });
});

describe("the checkout page's one code box", () => {
  it("reads a gift voucher code as typed (spaces, lower case) in its canonical form, and a discount code as one", () => {
    const box = (discountCode: string) => applyCodeSchema.parse({ discountCode }).discountCode;
    expect(box("abcd efgh jkmn pqrs")).toBe("ABCDEFGHJKMNPQRS");
    expect(box("ABCD-EFGH-JKMN-PQRS")).toBe("ABCDEFGHJKMNPQRS");
    expect(box("summer-10")).toBe("SUMMER-10");
    expect(box("")).toBeNull();
  });

  it("refuses what is neither", () => {
    expect(applyCodeSchema.safeParse({ discountCode: "no such thing!" }).success).toBe(false);
    expect(applyCodeSchema.safeParse({ discountCode: "A".repeat(41) }).success).toBe(false);
  });

  it("carries the vouchers already applied, read as typed, each once", () => {
    const parsed = checkoutDetailsSchema.parse({ ...valid, voucherCodes: ["abcd efgh jkmn pqrs", "ABCDEFGHJKMNPQRS"] });
    expect(parsed.voucherCodes).toEqual(["ABCDEFGHJKMNPQRS"]);
  });
});

describe("the form's idempotency key", () => {
  it("is required", () => {
    const { idempotencyKey: _omitted, ...withoutKey } = valid;
    expect(messages(checkoutDetailsSchema.safeParse(withoutKey))).toEqual({
      idempotencyKey: "This form has expired. Please reload the page.",
    });
  });

  it("is 16–64 letters, digits, - or _", () => {
    expect(idempotencyKeySchema.safeParse("a".repeat(16)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse("A-b_9".repeat(12) + "abcd").success).toBe(true); // 64
    for (const bad of ["a".repeat(15), "a".repeat(65), "abcdefghijklmnop!", "abcdefgh ijklmnop", ""]) {
      expect(messages(idempotencyKeySchema.safeParse(bad)), bad).toEqual({
        "": "This form has expired. Please reload the page.",
      });
    }
  });
});

describe("emailSchema", () => {
  it("email is trimmed and lower-cased", () => {
    expect(emailSchema.parse("  MIXED.Case@Example.CO.UK ")).toBe("mixed.case@example.co.uk");
  });

  it("an email over 254 characters is refused", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`; // 259 characters
    expect(messages(emailSchema.safeParse(long))).toEqual({ "": "Please enter a valid email address" });
  });
});

describe("the card fields", () => {
  const schema = cardSchema(TODAY);

  it("accept a good card and keep only its digits", () => {
    expect(schema.parse(card)).toEqual({ cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" });
    expect(schema.parse({ ...card, cardNumber: "4000-0000-0000-0002", cardCvc: " 1234 " })).toMatchObject({
      cardNumber: "4000000000000002",
      cardCvc: "1234",
    });
  });

  it("each field's message when missing", () => {
    expect(messages(schema.safeParse({}))).toEqual({
      cardNumber: "Please enter the card number",
      cardExpiry: "Please enter the expiry date as MM/YY",
      cardCvc: "Please enter the 3 or 4 digit security code",
    });
  });

  it("a number that fails the Luhn check", () => {
    expect(messages(schema.safeParse({ ...card, cardNumber: "4242 4242 4242 4241" }))).toEqual({
      cardNumber: "Please check the card number",
    });
  });

  it("an expiry in the past or not a month", () => {
    const expiryMessage = { cardExpiry: "Please enter an expiry date (MM/YY) that has not passed" };
    expect(messages(schema.safeParse({ ...card, cardExpiry: "10/26" }))).toEqual(expiryMessage);
    expect(messages(schema.safeParse({ ...card, cardExpiry: "13/30" }))).toEqual(expiryMessage);
    expect(schema.safeParse({ ...card, cardExpiry: "11/26" }).success).toBe(true);
    expect(schema.safeParse({ ...card, cardExpiry: "12/2030" }).success).toBe(true);
  });

  it.each(["12", "12345", "12a", ""])("a security code of %j", (cardCvc) => {
    expect(messages(schema.safeParse({ ...card, cardCvc }))).toEqual({ cardCvc: "Please enter the 3 or 4 digit security code" });
  });

  it("the whole form with a card", () => {
    const r = checkoutWithCardSchema(TODAY).safeParse({ ...valid, postalCode: "ec1a1bb", ...card });
    expect(r.data).toMatchObject({ postalCode: "EC1A 1BB", cardNumber: "4242424242424242", country: "GB" });
    expect(
      messages(checkoutWithCardSchema(TODAY).safeParse({ ...valid, ...card, cardExpiry: "01/26", country: "Narnia" })),
    ).toEqual({
      cardExpiry: "Please enter an expiry date (MM/YY) that has not passed",
      country: "Please choose a country from the list",
    });
  });
});

describe("an address typed in a checkout form refused for something else", () => {
  it("is the address when it reads as one, else none", () => {
    expect(typedEmailSchema.parse(" Ann@Example.com ")).toBe("ann@example.com");
    for (const other of ["not-an-email", "", null, undefined]) expect(typedEmailSchema.parse(other)).toBeNull();
  });
});
