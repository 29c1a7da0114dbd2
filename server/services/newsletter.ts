import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  ALREADY_TEXT,
  INVALID_UNSUBSCRIBE,
  newsletterEmailSchema,
  type NewsletterInput,
  REJOINED_TEXT,
  SUBSCRIBED_TEXT,
} from "../../app/domain/newsletter/newsletter-schema";
import { GENRES } from "../../app/domain/catalogue/genres";
import { NEWSLETTER_DISCOUNT_PERCENT } from "../../app/domain/cart/shipping";
import { writeTransaction, type Db } from "../../db/client";
import { discountCodes, subscribers, unsubscribeTokens, type SubscriberRow } from "../../db/schema";
import { generateToken, hashToken, TOKEN_PATTERN } from "../auth/tokens";
import { newsletterWelcomeMail } from "../mail/templates";
import { createMailTransport } from "../mail/transport";
import { ValidationError } from "../../app/domain/shared/errors";
import { mailLinksFromEnv, type MailLinks } from "../mail/links";
import { oneClickUnsubscribeHeaders } from "../mail/list-unsubscribe";
import { createMailService, type MailService, type MintedToken, type PendingMessage } from "./mail";

export { INVALID_UNSUBSCRIBE };

// ---- Discount codes ----

/** No 0/O, 1/I/L: a code read off a phone screen or typed from an e-mail cannot be misread. 31 symbols. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_PREFIX = "VINYL10-";
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^VINYL10-[A-HJKMNP-Z2-9]{6}$/;

/** "VINYL10-" and six symbols from crypto random bytes (about 30 bits; a collision is retried). */
export function generateDiscountCode(): string {
  let code = CODE_PREFIX;
  while (code.length < CODE_PREFIX.length + CODE_LENGTH) {
    for (const b of randomBytes(CODE_LENGTH)) {
      // Bytes from 248 up are skipped, so every symbol is equally likely (248 = 8 × 31).
      if (b < 248 && code.length < CODE_PREFIX.length + CODE_LENGTH) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
    }
  }
  return code;
}

// ---- The owner cookie: which browser may read a subscriber's code back ----

export const OWNER_COOKIE = "nl_sub";
const OWNER_COOKIE_MAX_AGE = 365 * 24 * 3600;

export interface SubscribeWho {
  /** The address this browser subscribed (from its signed nl_sub cookie), or null. */
  ownerEmail: string | null;
  /** The signed-in user's address, or null. */
  userEmail: string | null;
}

export interface SubscriberView {
  email: string;
  favoriteGenre: string | null;
  discountCode: string | null;
}

/** The POST /api/subscribe answer (spec §7), plus `created` for the adapter. */
export interface SubscribeResult {
  message: string;
  alreadySubscribed: boolean;
  /** The code, only to whoever may see it: the browser that subscribed or the signed-in owner. */
  discountCode: string | null;
  subscriber: SubscriberView;
  /** This request made the subscription: hand the browser the owner cookie. */
  created: boolean;
}

export interface NewsletterDeps {
  /** Defaults to a mail service of its own over SMTP_URL/MAIL_FROM (same outbox table). */
  mail?: MailService;
  /** HMAC key of the owner cookie. Defaults to env COOKIE_SECRET, else a random key per process. */
  secret?: string;
  now?: () => Date;
  /** Links in mail, from configuration; PUBLIC_ORIGIN (or localhost) from the environment by default. */
  links?: MailLinks;
}

export const WELCOME_MAIL_KIND = "newsletter-welcome";
/** A campaign's message to one subscriber (./campaigns composes it; this service makes its unsubscribe link). */
export const CAMPAIGN_MAIL_KIND = "campaign";
/** Newsletter mails whose unsubscribe links a subscriber keeps working: the latest this many. */
export const UNSUBSCRIBE_TOKENS_KEPT = 12;

/** A known genre keeps its canonical spelling ("jazz" → "Jazz"); anything else is kept as typed. */
function canonicalGenre(genre: string): string {
  return GENRES.find((g) => g.toLowerCase() === genre.toLowerCase()) ?? genre;
}

export function createNewsletterService(db: Db, deps: NewsletterDeps = {}) {
  const secret = deps.secret ?? (process.env.COOKIE_SECRET || randomBytes(32).toString("hex"));
  const now = deps.now ?? (() => new Date());
  const links = deps.links ?? mailLinksFromEnv();
  let ownMail: MailService | null = null;
  // Until services/index.ts passes its mail service in, build one the same way it does.
  const mail = () => {
    if (deps.mail) return deps.mail;
    if (!ownMail) {
      ownMail = createMailService(db, {
        transport: createMailTransport(process.env.SMTP_URL, process.env.MAIL_DIR),
        from: process.env.MAIL_FROM || undefined,
      });
      ownMail.mintTokensFor(WELCOME_MAIL_KIND, mintUnsubscribeToken);
      ownMail.mintTokensFor(CAMPAIGN_MAIL_KIND, mintUnsubscribeToken);
    }
    return ownMail;
  };

  const sign = (email: string) => createHmac("sha256", secret).update(`nl_sub:${email}`).digest();

  const byEmail = (email: string) => db.select().from(subscribers).where(eq(subscribers.email, email)).get();

  function issueCode(subscriberId: number): string {
    for (let attempt = 0; attempt < 10; attempt++) {
      const row = db
        .insert(discountCodes)
        .values({
          code: generateDiscountCode(),
          percentOff: NEWSLETTER_DISCOUNT_PERCENT,
          subscriberId,
          firstOrderOnly: true,
          maxRedemptions: 1,
        })
        .onConflictDoNothing({ target: discountCodes.code })
        .returning({ code: discountCodes.code })
        .get();
      if (row) return row.code;
    }
    throw new Error("Could not issue a unique discount code.");
  }

  function welcome(row: SubscriberRow, code: string | null): number {
    const content = newsletterWelcomeMail({
      discountCode: code,
      percentOff: NEWSLETTER_DISCOUNT_PERCENT,
      favoriteGenre: row.favoriteGenre,
      unsubscribeLink: links.withToken("/unsubscribe"),
      shopLink: links.page("/"),
    });
    return mail().enqueue({ to: row.email, ...content, kind: WELCOME_MAIL_KIND });
  }

  /**
   * The unsubscribe token of a newsletter mail about to be sent, with the RFC 8058 one-click headers. Only its
   * hash is kept, one per message, so an older mail's link still works after a newer one goes out; the oldest
   * beyond UNSUBSCRIBE_TOKENS_KEPT are dropped. Nothing for an address that has unsubscribed since.
   */
  function mintUnsubscribeToken(message: PendingMessage): MintedToken | null {
    const subscriber = byEmail(message.to);
    if (!subscriber || subscriber.unsubscribedAt !== null) return null;
    const token = generateToken();
    const tokenHash = hashToken(token);
    writeTransaction(db, () => {
      db.insert(unsubscribeTokens)
        .values({ tokenHash, subscriberId: subscriber.id, campaignId: message.campaignId, createdAt: now().toISOString() })
        .run();
      db.run(sql`delete from ${unsubscribeTokens} where ${unsubscribeTokens.subscriberId} = ${subscriber.id}
        and ${unsubscribeTokens.tokenHash} not in (select ${unsubscribeTokens.tokenHash} from ${unsubscribeTokens}
          where ${unsubscribeTokens.subscriberId} = ${subscriber.id}
          order by ${unsubscribeTokens.createdAt} desc, rowid desc limit ${UNSUBSCRIBE_TOKENS_KEPT})`);
    });
    return {
      token,
      headers: oneClickUnsubscribeHeaders(links.withToken("/unsubscribe")),
      revoke: () => db.delete(unsubscribeTokens).where(eq(unsubscribeTokens.tokenHash, tokenHash)).run(),
    };
  }

  /** The subscriber a presented token unsubscribes (still subscribed), and the campaign whose mail carried it. */
  function tokenOwner(token: string): { subscriberId: number; email: string; campaignId: number | null } | null {
    const presented = typeof token === "string" ? token.trim() : "";
    if (!TOKEN_PATTERN.test(presented)) return null;
    const hash = hashToken(presented);
    const issued = db
      .select({ subscriberId: subscribers.id, email: subscribers.email, campaignId: unsubscribeTokens.campaignId })
      .from(unsubscribeTokens)
      .innerJoin(subscribers, eq(subscribers.id, unsubscribeTokens.subscriberId))
      .where(and(eq(unsubscribeTokens.tokenHash, hash), isNull(subscribers.unsubscribedAt)))
      .get();
    if (issued) return issued;
    // Links mailed before tokens had a table of their own: one per subscriber, on its row.
    const legacy = db
      .select({ subscriberId: subscribers.id, email: subscribers.email })
      .from(subscribers)
      .where(and(eq(subscribers.unsubscribeTokenHash, hash), isNull(subscribers.unsubscribedAt)))
      .get();
    return legacy ? { ...legacy, campaignId: null } : null;
  }

  // With a mail service of its own, it registers on first use instead.
  if (deps.mail) {
    deps.mail.mintTokensFor(WELCOME_MAIL_KIND, mintUnsubscribeToken);
    deps.mail.mintTokensFor(CAMPAIGN_MAIL_KIND, mintUnsubscribeToken);
  }

  const mayRead = (email: string, who: Pick<SubscribeWho, "ownerEmail" | "userEmail">) =>
    who.ownerEmail === email || (who.userEmail !== null && who.userEmail.trim().toLowerCase() === email);

  return {
    /**
     * Spec §4/§7 sign-up. One subscriber and one code per address however many requests race: the
     * insert is `on conflict do nothing` inside BEGIN IMMEDIATE, and only the request whose insert
     * made the row issues the code and queues the welcome mail. An address that unsubscribed is
     * subscribed again (same code, a new unsubscribe link). Takes input parsed with `newsletterSchema`.
     */
    subscribe(input: NewsletterInput, who: SubscribeWho): SubscribeResult {
      const { email, favoriteGenre: genre } = input;
      const favoriteGenre = canonicalGenre(genre);
      const at = now().toISOString();

      const outcome = writeTransaction(db, () => {
        const inserted = db
          .insert(subscribers)
          .values({ email, favoriteGenre, lastEmailedAt: at })
          .onConflictDoNothing({ target: subscribers.email })
          .returning()
          .get();
        if (inserted) {
          const code = issueCode(inserted.id);
          const row = db
            .update(subscribers)
            .set({ discountCode: code })
            .where(eq(subscribers.id, inserted.id))
            .returning()
            .get()!;
          return { kind: "created" as const, row, mailId: welcome(row, code) };
        }
        const existing = byEmail(email)!;
        if (existing.unsubscribedAt === null) return { kind: "already" as const, row: existing, mailId: null };
        const code = existing.discountCode ?? issueCode(existing.id);
        const row = db
          .update(subscribers)
          .set({
            unsubscribedAt: null,
            unsubscribedCampaignId: null,
            unsubscribeTokenHash: null,
            favoriteGenre,
            discountCode: code,
            lastEmailedAt: at,
          })
          .where(eq(subscribers.id, existing.id))
          .returning()
          .get()!;
        return { kind: "rejoined" as const, row, mailId: welcome(row, row.hasUsedDiscount ? null : code) };
      });
      if (outcome.mailId !== null) mail().dispatch(outcome.mailId);

      const { row, kind } = outcome;
      const visible = kind === "created" || mayRead(email, who);
      const discountCode = visible ? row.discountCode : null;
      return {
        message: kind === "created" ? SUBSCRIBED_TEXT : kind === "already" ? ALREADY_TEXT : REJOINED_TEXT,
        alreadySubscribed: kind === "already",
        discountCode,
        subscriber: { email: row.email, favoriteGenre: visible ? row.favoriteGenre : null, discountCode },
        created: kind === "created",
      };
    },

    /**
     * Spec §7 GET /api/subscribers/email/{email}: the code, only for the browser that subscribed the
     * address or its signed-in owner; null (a 404) for anyone else, whether or not the address is subscribed.
     */
    subscriberCode(
      rawEmail: string,
      who: Pick<SubscribeWho, "ownerEmail" | "userEmail">,
    ): { email: string; discountCode: string | null } | null {
      const parsed = newsletterEmailSchema.safeParse(rawEmail);
      if (!parsed.success || !mayRead(parsed.data, who)) return null;
      const row = byEmail(parsed.data);
      return row ? { email: row.email, discountCode: row.discountCode } : null;
    },

    /** The Set-Cookie value that lets this browser read back the code of `email` (HttpOnly, signed, a year). */
    ownerCookie(email: string, secure: boolean): string {
      const value = `${Buffer.from(email).toString("base64url")}.${sign(email).toString("base64url")}`;
      return `${OWNER_COOKIE}=${value}; Path=/; Max-Age=${OWNER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    },

    /** The address a request's nl_sub cookie vouches for, or null (missing, malformed or forged). */
    ownerFromCookie(cookieHeader: string | null | undefined): string | null {
      if (!cookieHeader) return null;
      for (const part of cookieHeader.split(";")) {
        const at = part.indexOf("=");
        if (at < 0 || part.slice(0, at).trim() !== OWNER_COOKIE) continue;
        const [encoded, mac, extra] = part
          .slice(at + 1)
          .trim()
          .split(".");
        if (!encoded || !mac || extra !== undefined || encoded.length > 400) return null;
        const email = Buffer.from(encoded, "base64url").toString("utf8");
        const given = Buffer.from(mac, "base64url");
        const expected = sign(email);
        return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
      }
      return null;
    },

    /** The address an unsubscribe link is for, or null when it is unknown or already used. */
    unsubscribeTarget(token: string): { email: string } | null {
      const owner = tokenOwner(token);
      return owner ? { email: owner.email } : null;
    },

    /**
     * One-click unsubscribe: every link of the subscriber stops working (their tokens are deleted), and the
     * campaign whose mail carried the link is noted for its counts. Throws ValidationError otherwise.
     */
    unsubscribe(token: string): { email: string } {
      return writeTransaction(db, () => {
        const owner = tokenOwner(token);
        if (!owner) throw new ValidationError(INVALID_UNSUBSCRIBE);
        db.update(subscribers)
          .set({ unsubscribedAt: now().toISOString(), unsubscribeTokenHash: null, unsubscribedCampaignId: owner.campaignId })
          .where(eq(subscribers.id, owner.subscriberId))
          .run();
        db.delete(unsubscribeTokens).where(eq(unsubscribeTokens.subscriberId, owner.subscriberId)).run();
        return { email: owner.email };
      });
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
