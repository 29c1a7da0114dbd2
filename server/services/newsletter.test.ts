import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_TEXT,
  INVALID_EMAIL,
  newsletterSchema,
  REJOINED_TEXT,
  SELECT_GENRE,
  SUBSCRIBED_TEXT,
} from "../../app/domain/newsletter/newsletter-schema";
import { discountCodes, subscribers, unsubscribeTokens } from "../../db/schema";
import { expectConsoleError } from "../../tests/setup/console-error";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { hashToken } from "../auth/tokens";
import { ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { createMailLinks, TOKEN_SLOT } from "../mail/links";
import type { OutgoingMail } from "../mail/transport";
import { tablesHolding } from "../../tests/setup/db-scan";
import { catchMail, tokenIn } from "../../tests/setup/mail-catcher";
import { createMailService, type MailService } from "./mail";
import {
  CODE_ALPHABET,
  CODE_PATTERN,
  createNewsletterService,
  generateDiscountCode,
  INVALID_UNSUBSCRIBE,
  type NewsletterService,
} from "./newsletter";

let t: TestDb;
let newsletter: NewsletterService;
const ORIGIN = "https://shop.example";
const stranger = { ownerEmail: null, userEmail: null };
/** A sign-up as every adapter makes it: the input parsed with the one schema, then the service. */
const signUp = (input: object, who: Parameters<NewsletterService["subscribe"]>[1]) =>
  newsletter.subscribe(parseInput(newsletterSchema, input), who);
let mail: MailService;
const inbox = catchMail();

beforeAll(() => {
  t = migratedTestDb();
  mail = createMailService(t.db, { transport: inbox });
  newsletter = createNewsletterService(t.db, { mail, secret: "test-secret", links: createMailLinks(ORIGIN) });
});

afterAll(() => t.cleanup());

function validationError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

/** The welcome mails delivered to `to`, once every delivery has finished. */
async function welcomeMails(to: string) {
  await mail.idle();
  return inbox.messages.filter((m) => m.to === to && /newsletter/i.test(m.subject));
}

const tokenOf = (message: OutgoingMail | undefined) => tokenIn(message, "/unsubscribe");

describe("validation (spec §5)", () => {
  it("answers 'Please enter a valid email address' and 'Please select your favorite genre' before the service is asked", () => {
    const cases: [unknown, string, Record<string, string[]>][] = [
      [{ email: "not-an-email", favoriteGenre: "Jazz" }, INVALID_EMAIL, { email: [INVALID_EMAIL] }],
      [{ email: "", favoriteGenre: "Jazz" }, INVALID_EMAIL, { email: [INVALID_EMAIL] }],
      [{ favoriteGenre: "Jazz" }, INVALID_EMAIL, { email: [INVALID_EMAIL] }],
      [{ email: "a@b", favoriteGenre: "Jazz" }, INVALID_EMAIL, { email: [INVALID_EMAIL] }],
      [{ email: `${"x".repeat(250)}@example.com`, favoriteGenre: "Jazz" }, INVALID_EMAIL, { email: [INVALID_EMAIL] }],
      [{ email: "ann@example.com", favoriteGenre: "" }, SELECT_GENRE, { favoriteGenre: [SELECT_GENRE] }],
      [{ email: "ann@example.com", favoriteGenre: "   " }, SELECT_GENRE, { favoriteGenre: [SELECT_GENRE] }],
      [{ email: "ann@example.com" }, SELECT_GENRE, { favoriteGenre: [SELECT_GENRE] }],
      [{}, INVALID_EMAIL, { email: [INVALID_EMAIL], favoriteGenre: [SELECT_GENRE] }],
    ];
    for (const [input, message, fields] of cases) {
      // What every adapter does first: the service itself takes parsed input.
      const error = validationError(() => parseInput(newsletterSchema, input, { message: "first" }));
      expect(error.message, JSON.stringify(input)).toBe(message);
      expect(error.fields).toEqual(fields);
    }
    expect(t.db.select().from(subscribers).all()).toEqual([]);
  });
});

describe("subscribe", () => {
  it("stores the address trimmed and lower-cased, issues a 10% first-order code and queues a welcome mail", async () => {
    const answer = signUp({ email: "  Ann.Smith@Example.COM ", favoriteGenre: "jazz" }, stranger);
    expect(answer).toMatchObject({
      message: SUBSCRIBED_TEXT,
      alreadySubscribed: false,
      created: true,
      subscriber: { email: "ann.smith@example.com", favoriteGenre: "Jazz" },
    });
    const code = answer.discountCode!;
    expect(code).toMatch(CODE_PATTERN);
    expect(answer.subscriber.discountCode).toBe(code);

    const row = t.db.select().from(subscribers).where(eq(subscribers.email, "ann.smith@example.com")).get()!;
    expect(row).toMatchObject({ discountCode: code, hasUsedDiscount: false, unsubscribedAt: null, favoriteGenre: "Jazz" });
    expect(row.lastEmailedAt).not.toBeNull();
    const discount = t.db.select().from(discountCodes).where(eq(discountCodes.code, code)).get()!;
    expect(discount).toMatchObject({
      percentOff: 10,
      subscriberId: row.id,
      firstOrderOnly: true,
      maxRedemptions: 1,
      redemptions: 0,
    });

    const [welcome] = await welcomeMails("ann.smith@example.com");
    expect(welcome).toBeDefined();
    expect(welcome!.subject).toContain("10% off your first order");
    expect(welcome!.text).toContain(code);
    expect(welcome!.html).toContain(code);
    const token = tokenOf(welcome)!;
    expect(welcome!.text).toContain(`${ORIGIN}/unsubscribe?token=${token}`);
    // RFC 8058 one-click headers carry the same link.
    expect(welcome!.headers).toEqual({
      "List-Unsubscribe": `<${ORIGIN}/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The token is stored only as its hash, and nowhere else (the outbox keeps a placeholder).
    const stored = t.db.select().from(subscribers).where(eq(subscribers.email, "ann.smith@example.com")).get()!;
    const issued = t.db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.subscriberId, stored.id)).all();
    expect(issued.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(tablesHolding(t.db, token)).toEqual([]);
    expect(mail.outbox(1)[0]!.text).toContain(`${ORIGIN}/unsubscribe?token=${TOKEN_SLOT}`);
  });

  it("answers 'already subscribed' for the same address in any case, showing the code only to its owner", async () => {
    const code = t.db.select().from(subscribers).where(eq(subscribers.email, "ann.smith@example.com")).get()!.discountCode;
    const again = signUp({ email: "ANN.SMITH@example.com", favoriteGenre: "Rock" }, stranger);
    expect(again).toEqual({
      message: ALREADY_TEXT,
      alreadySubscribed: true,
      discountCode: null,
      subscriber: { email: "ann.smith@example.com", favoriteGenre: null, discountCode: null },
      created: false,
    });
    const byCookie = signUp(
      { email: "ann.smith@example.com", favoriteGenre: "Rock" },
      { ...stranger, ownerEmail: "ann.smith@example.com" },
    );
    expect(byCookie).toMatchObject({
      alreadySubscribed: true,
      discountCode: code,
      subscriber: { favoriteGenre: "Jazz", discountCode: code },
    });
    const byAccount = signUp(
      { email: "ann.smith@example.com", favoriteGenre: "Rock" },
      { ...stranger, userEmail: "Ann.Smith@example.com" },
    );
    expect(byAccount.discountCode).toBe(code);
    // One subscriber, one code, one welcome mail; the genre is not changed by a repeat.
    expect(t.db.select().from(subscribers).all()).toHaveLength(1);
    expect(t.db.select().from(discountCodes).all()).toHaveLength(1);
    expect(await welcomeMails("ann.smith@example.com")).toHaveLength(1);
  });
});

describe("reading a code back (GET /api/subscribers/email/{email})", () => {
  it("gives the code to the owner cookie's browser or the signed-in owner, null to anyone else", () => {
    const code = t.db.select().from(subscribers).where(eq(subscribers.email, "ann.smith@example.com")).get()!.discountCode;
    const none = { ownerEmail: null, userEmail: null };
    expect(newsletter.subscriberCode("ann.smith@example.com", none)).toBeNull();
    expect(newsletter.subscriberCode("ann.smith@example.com", { ...none, ownerEmail: "bob@example.com" })).toBeNull();
    expect(newsletter.subscriberCode(" ANN.smith@example.com ", { ...none, ownerEmail: "ann.smith@example.com" })).toEqual({
      email: "ann.smith@example.com",
      discountCode: code,
    });
    expect(
      newsletter.subscriberCode("ann.smith@example.com", { ...none, userEmail: "ann.smith@example.com" })?.discountCode,
    ).toBe(code);
    // The owner of an address that never subscribed: nothing to show.
    expect(newsletter.subscriberCode("nobody@example.com", { ...none, userEmail: "nobody@example.com" })).toBeNull();
    expect(newsletter.subscriberCode("not an email", { ...none, userEmail: "not an email" })).toBeNull();
  });

  it("signs the owner cookie: it round-trips, and a forged or altered one vouches for nobody", () => {
    const header = newsletter.ownerCookie("ann.smith@example.com", false);
    expect(header).toMatch(/^nl_sub=[\w-]+\.[\w-]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    expect(newsletter.ownerCookie("ann.smith@example.com", true)).toMatch(/; Secure$/);
    const pair = header.split(";")[0]!;
    expect(newsletter.ownerFromCookie(`session=abc; ${pair}; other=1`)).toBe("ann.smith@example.com");
    const [, value] = pair.split("=");
    const [, mac] = value!.split(".");
    const forged = `nl_sub=${Buffer.from("bob@example.com").toString("base64url")}.${mac}`;
    expect(newsletter.ownerFromCookie(forged)).toBeNull();
    expect(newsletter.ownerFromCookie(`${pair}x`)).toBeNull();
    expect(newsletter.ownerFromCookie("nl_sub=garbage")).toBeNull();
    expect(newsletter.ownerFromCookie(null)).toBeNull();
    // Another server secret: not valid.
    const other = createNewsletterService(t.db, { mail: createMailService(t.db, { transport: null }), secret: "another-secret" });
    expect(other.ownerFromCookie(pair)).toBeNull();
  });
});

describe("unsubscribe", () => {
  it("works once through the mailed link, and a new sign-up subscribes again with the same code", async () => {
    const email = "ann.smith@example.com";
    const token = tokenOf((await welcomeMails(email))[0])!;
    expect(newsletter.unsubscribeTarget(token)).toEqual({ email });
    expect(newsletter.unsubscribe(token)).toEqual({ email });
    const row = t.db.select().from(subscribers).where(eq(subscribers.email, email)).get()!;
    expect(row.unsubscribedAt).not.toBeNull();
    expect(row.unsubscribeTokenHash).toBeNull();
    // Second use, or any other token: refused.
    expect(newsletter.unsubscribeTarget(token)).toBeNull();
    expect(validationError(() => newsletter.unsubscribe(token)).message).toBe(INVALID_UNSUBSCRIBE);
    expect(validationError(() => newsletter.unsubscribe("abcdefghijklmnopqrstuvwxyz234567")).message).toBe(INVALID_UNSUBSCRIBE);
    expect(validationError(() => newsletter.unsubscribe("")).message).toBe(INVALID_UNSUBSCRIBE);

    const back = signUp({ email, favoriteGenre: "Soul" }, stranger);
    expect(back).toMatchObject({ message: REJOINED_TEXT, alreadySubscribed: false, created: false, discountCode: null });
    const after = t.db.select().from(subscribers).where(eq(subscribers.email, email)).get()!;
    expect(after).toMatchObject({ unsubscribedAt: null, discountCode: row.discountCode, favoriteGenre: "Soul" });
    const mails = await welcomeMails(email);
    expect(mails).toHaveLength(2);
    const newToken = tokenOf(mails[1])!;
    expect(newToken).not.toBe(token);
    expect(mails[1]!.text).toContain(row.discountCode!);
    expect(newsletter.unsubscribe(newToken)).toEqual({ email });
  });
});

describe("the unsubscribe token at delivery", () => {
  it("is revoked when the send fails, a retry mints another, and a subscriber gone by then gets no mail", async () => {
    const errors = expectConsoleError();
    inbox.failing = true;
    signUp({ email: "flaky@example.com", favoriteGenre: "Jazz" }, stranger);
    await mail.idle();
    inbox.failing = false;
    const lost = tokenOf(inbox.refused.at(-1))!;
    expect(lost).toMatch(/^[a-z2-7]{32}$/);
    expect(tablesHolding(t.db, lost)).toEqual([]);
    expect(
      t.db.select().from(subscribers).where(eq(subscribers.email, "flaky@example.com")).get()!.unsubscribeTokenHash,
    ).toBeNull();
    expect(newsletter.unsubscribeTarget(lost)).toBeNull();
    expect(errors).toHaveBeenCalledOnce();

    await mail.retryPending();
    const token = tokenOf((await welcomeMails("flaky@example.com"))[0])!;
    expect(token).not.toBe(lost);
    expect(newsletter.unsubscribeTarget(token)).toEqual({ email: "flaky@example.com" });

    // Unsubscribed while a welcome mail still waited: that mail is never sent.
    inbox.failing = true;
    signUp({ email: "quitter@example.com", favoriteGenre: "Jazz" }, stranger);
    await mail.idle();
    inbox.failing = false;
    t.db
      .update(subscribers)
      .set({ unsubscribedAt: new Date().toISOString() })
      .where(eq(subscribers.email, "quitter@example.com"))
      .run();
    await mail.retryPending();
    expect(await welcomeMails("quitter@example.com")).toEqual([]);
    expect(mail.outbox(1)[0]).toMatchObject({ to: "quitter@example.com", status: "cancelled" });
  });
});

describe("discount codes", () => {
  it("look like VINYL10-XXXXXX, from unambiguous characters, all different", () => {
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(CODE_ALPHABET).toHaveLength(31);
    const codes = new Set(Array.from({ length: 2000 }, generateDiscountCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    const used = new Set([...codes].flatMap((c) => [...c.slice(8)]));
    expect(used.size).toBe(31);
  });
});
