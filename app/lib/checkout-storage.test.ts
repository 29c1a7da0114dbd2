import { describe, expect, it, vi } from "vitest";
import { memoryStorage, refusingStorage } from "../../tests/setup/memory-storage";
import {
  CHECKOUT_DATA_KEY,
  checkoutDataFrom,
  emptyCheckoutData,
  fieldsToFill,
  openCheckoutData,
  parseCheckoutData,
  readCheckoutData,
  saveCheckoutData,
} from "./checkout-storage";

const stored = {
  shippingAddress: {
    name: "Ada Lovelace",
    addressLine1: "12 Groove Street",
    city: "Leeds",
    postalCode: "LS1 4AP",
    country: "United Kingdom",
  },
  customerEmail: "ada@example.com",
};

describe("the stored shape (spec §3)", () => {
  it("uses the key needledrop-checkout-data", () => {
    expect(CHECKOUT_DATA_KEY).toBe("needledrop-checkout-data");
  });

  it("starts empty, with the country United Kingdom and an empty e-mail", () => {
    expect(emptyCheckoutData()).toEqual({
      shippingAddress: { name: "", addressLine1: "", city: "", postalCode: "", country: "United Kingdom" },
      customerEmail: "",
    });
  });
});

describe("parseCheckoutData", () => {
  it("reads what it writes", () => {
    expect(parseCheckoutData(JSON.stringify(stored))).toEqual(stored);
  });

  it("reads missing texts as empty and drops unknown keys", () => {
    const raw = JSON.stringify({ shippingAddress: { name: "Ada", extra: 1 }, customerEmail: "a@b.co", cardNumber: "4242" });
    expect(parseCheckoutData(raw)).toEqual({
      shippingAddress: { name: "Ada", addressLine1: "", city: "", postalCode: "", country: "United Kingdom" },
      customerEmail: "a@b.co",
    });
  });

  it("always reads the country as the United Kingdom, where the shop delivers", () => {
    const raw = JSON.stringify({ ...stored, shippingAddress: { ...stored.shippingAddress, country: "France" } });
    expect(parseCheckoutData(raw)?.shippingAddress.country).toBe("United Kingdom");
  });

  it("refuses anything else", () => {
    for (const raw of [
      "",
      "{",
      "not json",
      "null",
      "[]",
      "12",
      "{}",
      JSON.stringify({ shippingAddress: "12 Groove Street", customerEmail: "" }),
      JSON.stringify({ shippingAddress: { name: 12 }, customerEmail: "" }),
      JSON.stringify({ shippingAddress: {}, customerEmail: null }),
      JSON.stringify({ shippingAddress: { name: "x".repeat(101) }, customerEmail: "" }),
    ]) {
      expect(parseCheckoutData(raw), raw).toBeNull();
    }
  });
});

describe("stored checkout data", () => {
  it("is created empty on going to checkout when absent", () => {
    const storage = memoryStorage();
    expect(readCheckoutData(storage)).toBeNull();
    expect(openCheckoutData(storage)).toEqual(emptyCheckoutData());
    expect(JSON.parse(storage.data.get(CHECKOUT_DATA_KEY)!)).toEqual(emptyCheckoutData());
  });

  it("is left as it is when present", () => {
    const storage = memoryStorage({ [CHECKOUT_DATA_KEY]: JSON.stringify(stored) });
    expect(openCheckoutData(storage)).toEqual(stored);
    expect(storage.data.get(CHECKOUT_DATA_KEY)).toBe(JSON.stringify(stored));
  });

  it("logs and discards an unparsable value, then starts afresh", () => {
    const storage = memoryStorage({ [CHECKOUT_DATA_KEY]: "{oops" });
    const warn = vi.fn();
    expect(readCheckoutData(storage, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain(CHECKOUT_DATA_KEY);
    expect(storage.data.has(CHECKOUT_DATA_KEY)).toBe(false);

    storage.data.set(CHECKOUT_DATA_KEY, '{"shippingAddress":[]}');
    expect(openCheckoutData(storage, warn)).toEqual(emptyCheckoutData());
    expect(warn).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.data.get(CHECKOUT_DATA_KEY)!)).toEqual(emptyCheckoutData());
  });

  it("uses console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      readCheckoutData(memoryStorage({ [CHECKOUT_DATA_KEY]: "nope" }));
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
  });

  it("saves what the shopper types, trimmed, without the second address line or card details", () => {
    const storage = memoryStorage();
    const values = {
      email: " ada@example.com ",
      name: "Ada Lovelace",
      addressLine1: "12 Groove Street",
      city: "Leeds",
      postalCode: "LS1 4AP",
    };
    saveCheckoutData({ ...values, addressLine2: "Flat 2", cardNumber: "4242 4242 4242 4242" } as typeof values, storage);
    expect(JSON.parse(storage.data.get(CHECKOUT_DATA_KEY)!)).toEqual(stored);
    expect(readCheckoutData(storage)).toEqual(stored);
  });

  it("maps form values to the stored shape, missing ones empty", () => {
    expect(checkoutDataFrom({ city: "Leeds" })).toEqual({
      ...emptyCheckoutData(),
      shippingAddress: { ...emptyCheckoutData().shippingAddress, city: "Leeds" },
    });
  });

  it("survives a storage that refuses to read or write", () => {
    const broken = refusingStorage;
    const warn = vi.fn();
    expect(openCheckoutData(broken, warn)).toEqual(emptyCheckoutData());
    expect(saveCheckoutData({ name: "Ada" }, broken, warn).shippingAddress.name).toBe("Ada");
    expect(warn).toHaveBeenCalledWith("Could not save the checkout details.", expect.any(Error));
  });

  it("does nothing without storage (on the server)", () => {
    expect(readCheckoutData(null)).toBeNull();
    expect(openCheckoutData(null)).toEqual(emptyCheckoutData());
    expect(saveCheckoutData({ name: "Ada" }, null).shippingAddress.name).toBe("Ada");
  });
});

describe("fieldsToFill", () => {
  it("fills the empty fields from the stored data", () => {
    expect(fieldsToFill({}, stored)).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      addressLine1: "12 Groove Street",
      city: "Leeds",
      postalCode: "LS1 4AP",
    });
  });

  it("leaves fields the page already filled, and fills nothing from empty stored values", () => {
    expect(fieldsToFill({ email: "me@example.com", name: "  ", city: "York" }, stored)).toEqual({
      name: "Ada Lovelace",
      addressLine1: "12 Groove Street",
      postalCode: "LS1 4AP",
    });
    expect(fieldsToFill({}, emptyCheckoutData())).toEqual({});
  });
});
