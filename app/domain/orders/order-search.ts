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
  /** As typed, trimmed: found anywhere in the customer's name or a record's title or catalogue number. */
  text: string;
  /** The start of an order number ("ND-ABC", or "abcdefgh" for "ND-ABCDEFGH"), or null when it cannot be one. */
  orderNumber: string | null;
  /** The start of an e-mail address, in lower case. */
  email: string;
  /** The start of a postcode (see normalisePostcode), or null when the text cannot begin one. */
  postcode: string | null;
}

/**
 * The forms of the search text each field is compared with. The order number, e-mail and postcode match from their
 * start (as people type them), so the database finds them through an index; the name and the records match anywhere.
 */
export function orderSearchTerms(q: string): OrderSearchTerms {
  const text = q.trim();
  const upper = text.toUpperCase();
  const code = upper.startsWith("ND-") ? upper : /^[A-Z2-7]{1,8}$/.test(upper) ? `ND-${upper}` : null;
  // A postcode starts with its area's one or two letters; one letter alone would find a tenth of the country.
  const postcode = /^[A-Za-z][A-Za-z0-9 ]+$/.test(text) ? normalisePostcode(text) : null;
  return { text, orderNumber: code, email: text.toLowerCase(), postcode };
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

const contains = (field: string | null, text: string) => field !== null && field.toLowerCase().includes(text.toLowerCase());

/**
 * Does `q` find this order? The start of its number, e-mail or postcode (spaces and case ignored); anywhere in the
 * customer's name or in a record's title, catalogue number or id (case ignored).
 */
export function matchesOrderSearch(order: OrderSearchable, q: string): boolean {
  const terms = orderSearchTerms(q);
  if (!terms.text) return true;
  return (
    (terms.orderNumber !== null && order.orderNumber.startsWith(terms.orderNumber)) ||
    order.email.toLowerCase().startsWith(terms.email) ||
    (terms.postcode !== null && normalisePostcode(order.postalCode).startsWith(terms.postcode)) ||
    contains(order.shippingName, terms.text) ||
    order.records.some(
      (r) => contains(r.title, terms.text) || contains(r.catalogNumber, terms.text) || contains(r.catalogueId, terms.text),
    )
  );
}
