import { expect, request as http, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  apiRegister,
  apiSetUpTwoFactor,
  createRecord,
  newAccount,
  ready,
  uniqueName,
  withDb,
  type TestRecord,
} from "./support/shop";

/**
 * The standing test against cross-shopper leaks. A visitor, two signed-in customers (their own names, e-mails,
 * addresses, carts, favourites and wants) and an admin ask for the same pages at once, interleaved, round after
 * round: as documents, as the `.data` answers a script's navigation fetches, and then in a browser with
 * JavaScript, moving between pages as a shopper does. No answer may carry another's data, and every page that
 * shows the shopper's own (their name in the header, their cart count, their address at checkout) must show it,
 * so a blank or someone else's page is noticed as well.
 *
 * Checked to fail (each broken on purpose once, then put back), among others, when:
 * - the visitor page cache keys a request that sends cookies (server/http/page-cache-rules.ts, pageCacheKey): a
 *   customer's page is kept and handed to the visitor and the other customer;
 * - the favourites read cache is keyed without the customer (server/services/favourites.ts, `ids`): the second
 *   customer's header counts and hearts are the first's;
 * - the wants read cache is keyed by the record alone (server/services/wants.ts, `activeForUser`): one customer
 *   is offered "Update my want" for the other's want;
 * - the session read cache is keyed by nothing (server/services/sessions.ts, `validate`): a customer's pages come
 *   back signed out;
 * - the kept cart readings are keyed by nothing (app/domain/cart/cart-cookie.ts, `decodeCart`): one customer's
 *   cart shows in the other's header and checkout.
 */

test.describe.configure({ mode: "serial" });

type Kind = "visitor" | "customer" | "admin";

interface Shopper {
  label: string;
  kind: Kind;
  /** The shopper's own cookies; a browser context for them starts from these. */
  request: APIRequestContext;
  username?: string;
  email?: string;
  lastName?: string;
  addressLine?: string;
  /** Header labels only this shopper's pages carry: their cart and favourites counts. */
  headerLabels: string[];
  cart?: TestRecord;
  favourites: TestRecord[];
  want?: TestRecord;
}

let shoppers: Shopper[] = [];
let recordPaths: string[] = [];
let blogPost = "";
let baseURL = "";

/** Text on every page of this shopper's that no one else's answer may carry. */
function secretsOf(shopper: Shopper): string[] {
  const secrets = [...shopper.headerLabels];
  for (const value of [shopper.username, shopper.email, shopper.lastName, shopper.addressLine]) if (value) secrets.push(value);
  for (const record of shopper.favourites) secrets.push(`Remove ${record.title} from favourites`);
  if (shopper.kind === "admin") secrets.push('href="/admin"', "Back office · signed in as");
  return secrets;
}

/** Records that are the shopper's own business: public on their own record pages, personal in a cart or a profile. */
const personalTitles = (shopper: Shopper) =>
  [shopper.cart, shopper.want, ...shopper.favourites].filter((r): r is TestRecord => !!r).map((r) => r.title);

const PERSONAL_PAGES = ["/cart", "/checkout", "/profile", "/favorites"];
const pageOf = (path: string) => {
  const bare = path.replace(/\?.*$/, "").replace(/\.data$/, "");
  return bare === "/_root" ? "/" : bare;
};

/**
 * How an answer is looked at: a server-rendered document (markup and its loader data), the data a navigation
 * fetches (the root's with it unless the request names its routes), or what a browser shows after a navigation.
 */
type Seen = "document" | "data" | "screen";

/** What the shopper's own answer for `path` must carry. */
function ownMarkers(shopper: Shopper, path: string, seen: Seen): string[] {
  const page = pageOf(path);
  const markup = seen !== "data";
  const own: string[] = [];
  if (shopper.kind === "visitor") return markup ? ['aria-label="Log in or register"'] : [];
  if (seen !== "screen") own.push(shopper.username!);
  if (markup) own.push(`Account menu for ${shopper.username}`, ...shopper.headerLabels);
  if (shopper.kind === "admin") {
    if (markup) own.push('href="/admin"');
    if (page === "/admin" && markup) own.push("Back office · signed in as");
    if (page === "/profile") own.push(shopper.email!);
    return own;
  }
  // The cart is in the root's data on every page, and on screen in the cart and at checkout.
  if (seen !== "screen" || page === "/cart" || page === "/checkout") own.push(shopper.cart!.title);
  if (page === "/profile" || page === "/checkout") own.push(shopper.email!, shopper.lastName!, shopper.addressLine!);
  if (page === "/favorites") own.push(...shopper.favourites.map((r) => r.title));
  if (page.startsWith("/vinyl/")) {
    own.push(shopper.email!); // "Alerts go to …" under the want form
    const favourite = shopper.favourites.find((r) => r.path === page);
    if (favourite && markup) own.push(`Remove ${favourite.title} from favourites`);
    if (shopper.want?.path === page && markup) own.push("Update my want");
  }
  return own;
}

/** What must not be in the shopper's answer for `path`: everyone else's data. */
function othersMarkers(shopper: Shopper, path: string): string[] {
  const page = pageOf(path);
  const markers: string[] = [];
  for (const other of shoppers) {
    if (other === shopper) continue;
    // The back office shows customers' accounts and orders to the admin by design.
    if (shopper.kind === "admin" && page.startsWith("/admin") && other.kind === "customer") continue;
    markers.push(...secretsOf(other));
    if (PERSONAL_PAGES.includes(page)) markers.push(...personalTitles(other));
    if (other.want?.path === page) markers.push("Update my want");
  }
  return markers;
}

/** Whether each marker is in the text, as one short message rather than a whole page. */
function expectNone(text: string, markers: string[], where: string) {
  expect(
    markers.filter((m) => text.includes(m)),
    `${where} carries another's data`,
  ).toEqual([]);
}

function checkAnswer(shopper: Shopper, path: string, status: number, text: string, seen: Seen) {
  const where = `${shopper.label}'s ${path} (${status})`;
  expect(status, where).toBeLessThan(500);
  expectNone(text, othersMarkers(shopper, path), where);
  // A redirect (a visitor sent to sign in, a customer refused the back office) carries nothing of anyone's.
  if (status !== 200) return;
  expect(
    ownMarkers(shopper, path, seen).filter((m) => !text.includes(m)),
    `${where} lacks the shopper's own data`,
  ).toEqual([]);
}

/** The pages every shopper asks for: documents and the data a script's navigation fetches for them. */
function addresses(): string[] {
  const documents = ["/", "/browse", "/blog", blogPost, ...recordPaths, "/cart", "/checkout", "/profile", "/favorites", "/admin"];
  const data = ["/_root.data", "/browse.data", "/blog.data", `${recordPaths[0]}.data`, `${recordPaths[4]}.data`];
  data.push("/cart.data", "/checkout.data", "/profile.data", "/favorites.data");
  return [...documents, ...data];
}

/** Which shoppers must get the page itself (200); the others are sent to sign in or refused. */
function mustAnswer(shopper: Shopper, path: string): boolean {
  const page = pageOf(path);
  if (page === "/admin") return shopper.kind === "admin";
  if (page === "/profile" || page === "/favorites") return shopper.kind !== "visitor";
  return true;
}

/** A small seeded shuffle: every run interleaves the same way. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function makeShopper(label: string, kind: Kind): Promise<Shopper> {
  // A connection per request: a kept-alive one that the server closes after five idle seconds, just as the next
  // round reuses it, would fail a request for a reason that has nothing to do with the shop.
  const request = await http.newContext({ baseURL, extraHTTPHeaders: { connection: "close" } });
  return { label, kind, request, headerLabels: [], favourites: [] };
}

/** A customer signed up through the JSON API with a delivery address, then a cart, favourites and a want by form. */
async function makeCustomer(
  label: string,
  details: { firstName: string; lastName: string; addressLine: string; city: string; postcode: string },
  basket: { record: TestRecord; quantity: number },
  favourites: TestRecord[],
  want: { record: TestRecord; priceBelow: string },
): Promise<Shopper> {
  const shopper = await makeShopper(label, "customer");
  const account = newAccount(`leak${label.toLowerCase()}`);
  const res = await shopper.request.post("/api/register", {
    headers: { origin: baseURL },
    data: {
      ...account,
      firstName: details.firstName,
      lastName: details.lastName,
      address: details.addressLine,
      city: details.city,
      zipCode: details.postcode,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const form = async (path: string, fields: Record<string, string | number>) => {
    const answer = await shopper.request.post(path, { headers: { origin: baseURL }, form: { ...fields, redirectTo: "/" } });
    expect(answer.status(), `${label} POST ${path}: ${await answer.text()}`).toBe(200);
  };
  await form("/cart", { intent: "set", recordId: basket.record.id, quantity: basket.quantity });
  for (const record of favourites) await form("/favorites", { intent: "add", recordId: record.id });
  await form(want.record.path, { intent: "want", recordId: want.record.id, priceBelow: want.priceBelow });
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return {
    ...shopper,
    username: account.username,
    email: account.email,
    lastName: details.lastName,
    addressLine: details.addressLine,
    headerLabels: [
      `aria-label="Cart, ${count(basket.quantity, "item", "items")}"`,
      `aria-label="Favourites, ${count(favourites.length, "record", "records")}"`,
    ],
    cart: basket.record,
    favourites,
    want: want.record,
  };
}

test.beforeAll(async () => {
  baseURL = String(test.info().project.use.baseURL);
  const tag = uniqueName("");
  const record = (who: string, what: string, stock = 5) => createRecord({ title: `${who} ${what} ${tag}`, stock });
  const adaCart = record("Ada", "Cart Pressing");
  const boCart = record("Bo", "Cart Pressing");
  const adaFavourite = record("Ada", "Heart Pressing");
  const boFavourites = [record("Bo", "First Heart Pressing"), record("Bo", "Second Heart Pressing")];
  // Sold out, so the want form is shown in full on the record page.
  const adaWant = record("Ada", "Wanted Pressing", 0);
  const boWant = record("Bo", "Wanted Pressing", 0);
  recordPaths = [adaCart, boCart, adaFavourite, ...boFavourites, adaWant, boWant].map((r) => r.path);
  blogPost = withDb(
    (db) =>
      db
        .prepare("select slug from blog_posts where published_at <= datetime('now') order by published_at desc limit 1")
        .pluck()
        .get() as string,
  );
  blogPost = `/blog/${blogPost}`;

  const ada = await makeCustomer(
    "Ada",
    { firstName: "Ada", lastName: `Quillfeather${tag}`, addressLine: `7 Larkspur Row ${tag}`, city: "Bath", postcode: "BA1 1AA" },
    { record: adaCart, quantity: 2 },
    [adaFavourite],
    { record: adaWant, priceBelow: "13.57" },
  );
  const bo = await makeCustomer(
    "Bo",
    { firstName: "Bo", lastName: `Marrowdale${tag}`, addressLine: `41 Thistle Yard ${tag}`, city: "York", postcode: "YO1 7HH" },
    { record: boCart, quantity: 3 },
    boFavourites,
    { record: boWant, priceBelow: "24.68" },
  );
  // An admin as the back-office specs make one: signed up, then given the role in the database.
  const admin = await makeShopper("admin", "admin");
  const adminAccount = newAccount("leakadmin");
  await apiRegister(admin.request, baseURL, adminAccount);
  withDb((db) => db.prepare("update users set role = 'admin' where username = ?").run(adminAccount.username));
  // An owner must have a second factor before any back-office page.
  await apiSetUpTwoFactor(admin.request, baseURL);
  Object.assign(admin, { username: adminAccount.username, email: adminAccount.email });
  const visitor = await makeShopper("visitor", "visitor");
  shoppers = [visitor, ada, bo, admin];
});

test.afterAll(async () => {
  await Promise.all(shoppers.map((s) => s.request.dispose()));
});

test("a visitor, two customers and an admin asking at once never get each other's pages", async () => {
  test.setTimeout(60_000);
  // The visitor asks for each page twice a round: the second ask meets the first one's render or its kept answer,
  // so the cache answers the visitor (and would hand a wrongly keyed page on) even while other tests write.
  const asks = shoppers.flatMap((shopper) =>
    addresses().flatMap((path) => Array(shopper.kind === "visitor" ? 2 : 1).fill({ shopper, path })),
  ) as { shopper: Shopper; path: string }[];
  let visitorHits = 0;
  const deadline = Date.now() + 30_000;
  // At least three rounds (a visitor's page is kept from its second ask), and on until the visitor has been
  // answered from the cache: a run that never met a kept page would prove nothing.
  for (let round = 0; round < 3 || (visitorHits === 0 && Date.now() < deadline); round++) {
    await Promise.all(
      shuffled(asks, round + 1).map(async ({ shopper, path }) => {
        const answer = await shopper.request.get(path, { maxRedirects: 0 });
        const text = await answer.text();
        if (mustAnswer(shopper, path)) expect(answer.status(), `${shopper.label} ${path}`).toBe(200);
        if (shopper.kind === "visitor" && answer.headers()["x-page-cache"] === "hit") visitorHits++;
        checkAnswer(shopper, path, answer.status(), text, path.includes(".data") ? "data" : "document");
      }),
    );
  }
  expect(visitorHits, "the visitor was never answered from the page cache").toBeGreaterThan(0);
});

/** Moves to `path` by a link on the page, as a shopper's click does: React Router fetches the page's data. */
async function follow(page: Page, path: string) {
  const main = page.locator("main");
  const before = await main.innerHTML();
  await page.locator(`a[href="${path}"]`).first().dispatchEvent("click");
  await expect(page).toHaveURL((url) => url.pathname === path || url.pathname === "/auth");
  // The address changes as the navigation starts; the page it leads to is on screen once the content changes.
  await expect.poll(() => main.innerHTML()).not.toBe(before);
}

test("moving between pages with JavaScript, each shopper's pages and data stay their own", async ({ browser }) => {
  test.setTimeout(60_000);
  await Promise.all(
    shoppers.map(async (shopper) => {
      const context = await browser.newContext({ baseURL, storageState: await shopper.request.storageState() });
      try {
        await browse(shopper, await context.newPage());
      } finally {
        await context.close();
      }
    }),
  );
});

/** One shopper's walk through the shop with JavaScript: two documents, the rest client-side navigations. */
async function browse(shopper: Shopper, page: Page) {
  // Every page's data a navigation fetched, checked as it came; the first failure is thrown at the end.
  const answers: Promise<void>[] = [];
  const failures: unknown[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".data")) return;
    const where = `${shopper.label}'s ${url.pathname}${url.search}`;
    const checked = response.text().then((text) => {
      expect(response.status(), where).toBeLessThan(500);
      expectNone(text, othersMarkers(shopper, url.pathname), where);
    });
    answers.push(checked.catch((error: unknown) => void failures.push(error)));
  });
  // A document as it came, loader data and all.
  const open = async (path: string) => {
    const response = (await page.goto(path))!;
    checkAnswer(shopper, path, response.status(), await response.text(), "document");
    await ready(page, true);
  };
  // What is on screen after a navigation: the markup without its scripts (the document's loader data stays in
  // the page, and was checked as it came). A visitor sent to sign in shows nothing of anyone's.
  const shown = () =>
    page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("script").forEach((script) => script.remove());
      return copy.outerHTML;
    });
  const check = async () => {
    const path = new URL(page.url()).pathname;
    const status = path === "/auth" && shopper.kind === "visitor" ? 302 : 200;
    // A part whose code loads after the page (the want form) fills in a moment after the navigation's content.
    if (status === 200) {
      const own = ownMarkers(shopper, path, "screen");
      await expect
        .poll(
          async () => {
            const now = await shown();
            return own.filter((m) => !now.includes(m));
          },
          { message: `${shopper.label}'s ${path} on screen` },
        )
        .toEqual([]);
    }
    checkAnswer(shopper, path, status, await shown(), "screen");
  };
  await open("/");
  await check();
  for (const path of ["/browse", "/blog", "/favorites"]) {
    await follow(page, path);
    await check();
  }
  if (shopper.kind === "customer") {
    // A favourite's record page, from the favourites list.
    await follow(page, shopper.favourites[0]!.path);
    await check();
    await follow(page, "/profile");
    await check();
    await open("/cart");
    await check();
    await follow(page, "/checkout");
    await check();
    await follow(page, "/");
    await check();
  }
  expect(answers.length, `${shopper.label}: no page's data was fetched`).toBeGreaterThan(2);
  await Promise.all(answers);
  if (failures.length > 0) throw failures[0];
}
