/**
 * Spec §3 browser-stored checkout data: the delivery address and e-mail a shopper typed at checkout, kept in
 * localStorage under `needledrop-checkout-data` so the next checkout in this browser starts filled in:
 *
 *   { shippingAddress: { name, addressLine1, city, postalCode, country: "United Kingdom" }, customerEmail: "" }
 *
 * Created empty on going to checkout if absent, saved as the shopper types. A stored value that cannot be
 * read is logged (console.warn) and discarded. Pure apart from the storage it is handed (window.localStorage
 * by default), so it is tested without a browser. Card details are never part of it.
 */
import { browserStorage, readStored, writeStored, type KeyValueStorage, type Warn } from "./browser-storage";
import { z } from "~/domain/shared/zod";

export const CHECKOUT_DATA_KEY = "needledrop-checkout-data";
export const CHECKOUT_COUNTRY = "United Kingdom";

export type CheckoutStorage = KeyValueStorage;

export interface CheckoutData {
  shippingAddress: { name: string; addressLine1: string; city: string; postalCode: string; country: string };
  customerEmail: string;
}

/** The checkout form fields the stored data fills in. */
export type StoredField = "email" | "name" | "addressLine1" | "city" | "postalCode";
export const STORED_FIELDS: readonly StoredField[] = ["email", "name", "addressLine1", "city", "postalCode"];

// Missing texts read as empty (an older, smaller shape is still useful); anything not a text is unreadable.
const text = (max: number) => z.string().max(max).default("");
const storedSchema = z.object({
  shippingAddress: z.object({
    name: text(100),
    addressLine1: text(100),
    city: text(60),
    postalCode: text(16),
    // The shop delivers within the UK only, whatever an older value said.
    country: z
      .string()
      .max(60)
      .optional()
      .transform(() => CHECKOUT_COUNTRY),
  }),
  customerEmail: text(254),
});

export function emptyCheckoutData(): CheckoutData {
  return {
    shippingAddress: { name: "", addressLine1: "", city: "", postalCode: "", country: CHECKOUT_COUNTRY },
    customerEmail: "",
  };
}

/** A stored text → the data, or null when it cannot be read (not JSON, not the shape above). */
export function parseCheckoutData(raw: string): CheckoutData | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// A full or blocked storage must never get in the way of paying.
const write = (storage: CheckoutStorage, data: CheckoutData, warn: Warn) =>
  writeStored(storage, CHECKOUT_DATA_KEY, data, "checkout details", warn);

/** The stored data, or null when nothing (readable) is stored; an unreadable value is logged and removed. */
export function readCheckoutData(
  storage: CheckoutStorage | null = browserStorage(),
  warn: Warn = console.warn,
): CheckoutData | null {
  if (!storage) return null;
  return readStored(
    storage,
    CHECKOUT_DATA_KEY,
    (raw) => (raw === null ? null : parseCheckoutData(raw)),
    "checkout details",
    warn,
  );
}

/** Going to checkout: the stored data, created empty when absent (or discarded). */
export function openCheckoutData(storage: CheckoutStorage | null = browserStorage(), warn: Warn = console.warn): CheckoutData {
  const stored = readCheckoutData(storage, warn);
  if (stored) return stored;
  const empty = emptyCheckoutData();
  if (storage) write(storage, empty, warn);
  return empty;
}

/** The form's values as stored data (the country is always the UK). */
export function checkoutDataFrom(values: Partial<Record<StoredField, string>>): CheckoutData {
  const v = (field: StoredField) => (values[field] ?? "").trim();
  return {
    shippingAddress: {
      name: v("name"),
      addressLine1: v("addressLine1"),
      city: v("city"),
      postalCode: v("postalCode"),
      country: CHECKOUT_COUNTRY,
    },
    customerEmail: v("email"),
  };
}

/** Saves what the shopper has typed so far. */
export function saveCheckoutData(
  values: Partial<Record<StoredField, string>>,
  storage: CheckoutStorage | null = browserStorage(),
  warn: Warn = console.warn,
): CheckoutData {
  const data = checkoutDataFrom(values);
  if (storage) write(storage, data, warn);
  return data;
}

/**
 * What to put into the form: the stored value of each field the form has empty. Fields the page already
 * filled (a signed-in customer's profile, values sent back after a declined card) are left as they are.
 */
export function fieldsToFill(
  current: Partial<Record<StoredField, string>>,
  stored: CheckoutData,
): Partial<Record<StoredField, string>> {
  const storedValues: Record<StoredField, string> = {
    email: stored.customerEmail,
    name: stored.shippingAddress.name,
    addressLine1: stored.shippingAddress.addressLine1,
    city: stored.shippingAddress.city,
    postalCode: stored.shippingAddress.postalCode,
  };
  const fill: Partial<Record<StoredField, string>> = {};
  for (const field of STORED_FIELDS) {
    if (!(current[field] ?? "").trim() && storedValues[field]) fill[field] = storedValues[field];
  }
  return fill;
}
