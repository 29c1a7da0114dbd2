/**
 * The back-office order search: one box that finds an order by its number, the customer's e-mail or name, the
 * delivery postcode (however it is typed) or a record on it (title or catalogue number). This is the rule; the
 * orders service's SQL applies it, and its test checks the two agree on every order it makes.
 */

/** A postcode as the search compares it: capitals, no spaces ("sw1a 1aa" → "SW1A1AA"). */
export function normalisePostcode(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

export interface OrderSearchTerms {
  /** As typed, trimmed: matched anywhere in a name, title or catalogue number, case ignored. */
  text: string;
  upper: string;
  lower: string;
  /** The postcode form (see normalisePostcode), or null when the text could be no part of a postcode. */
  postcode: string | null;
}

/** The forms of the search text each field is compared with. */
export function orderSearchTerms(q: string): OrderSearchTerms {
  const text = q.trim();
  // Letters, digits and spaces only, and two characters at least: one letter would find half the orders.
  const postcode = /^[A-Za-z0-9 ]+$/.test(text) && normalisePostcode(text).length >= 2 ? normalisePostcode(text) : null;
  return { text, upper: text.toUpperCase(), lower: text.toLowerCase(), postcode };
}

/** What an order offers the search. */
export interface OrderSearchable {
  orderNumber: string;
  email: string;
  shippingName: string;
  postalCode: string;
  /** The records on its lines. */
  records: { title: string; catalogNumber: string | null; catalogueId: string }[];
}

const contains = (field: string | null, lower: string) => field !== null && field.toLowerCase().includes(lower);

/** Does `q` find this order? Every field is matched anywhere in it, case ignored; the postcode spaces ignored too. */
export function matchesOrderSearch(order: OrderSearchable, q: string): boolean {
  const terms = orderSearchTerms(q);
  if (!terms.text) return true;
  return (
    contains(order.orderNumber, terms.lower) ||
    contains(order.email, terms.lower) ||
    contains(order.shippingName, terms.lower) ||
    (terms.postcode !== null && normalisePostcode(order.postalCode).includes(terms.postcode)) ||
    order.records.some(
      (r) => contains(r.title, terms.lower) || contains(r.catalogNumber, terms.lower) || contains(r.catalogueId, terms.lower),
    )
  );
}
