// The benchmark's shoppers: a cart cookie, a signed-in session, and both, made through the shop's own forms and
// API; and a check that a server recognises them, since a cookie it cannot read would be measured as a visitor.

export interface Shoppers {
  cart: string;
  session: string;
  /** A signed-in shopper with a cart: both cookies. */
  both: string;
}

const USERNAME = "bench-customer";

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

export async function makeShoppers(base: string, recordId: number): Promise<Shoppers> {
  const cart = cookiesOf(
    await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", recordId: String(recordId) }),
    }),
  );
  const session = cookiesOf(
    await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ username: USERNAME, email: "bench@example.com", password: "bench-password-1" }),
    }),
  );
  if (!cart || !session) throw new Error("could not make the cart and session cookies");
  return { cart, session, both: `${session}; ${cart}` };
}

/**
 * Throws unless `base` renders each shopper as one: signed in (the header names the account) and with one record
 * in the cart (the header's cart link counts it). A server started with another cookie key would not.
 */
export async function checkShoppers(base: string, shoppers: Shoppers, pathname: string): Promise<void> {
  const expected: [string, string, { signedIn: boolean; cart: boolean }][] = [
    ["with a cart", shoppers.cart, { signedIn: false, cart: true }],
    ["signed in", shoppers.session, { signedIn: true, cart: false }],
    ["signed in, with a cart", shoppers.both, { signedIn: true, cart: true }],
  ];
  for (const [name, cookie, want] of expected) {
    const html = await (await fetch(`${base}${pathname}`, { headers: { cookie } })).text();
    const seen = { signedIn: html.includes(USERNAME), cart: html.includes('aria-label="Cart, 1 item"') };
    if (seen.signedIn !== want.signedIn || seen.cart !== want.cart) {
      throw new Error(`${base}${pathname} does not render the shopper ${name} as one: ${JSON.stringify(seen)}`);
    }
  }
}
