import path from "node:path";
import { z } from "zod";
import { DEFAULT_REMINDER_HOURS, reminderHoursSchema } from "../app/domain/cart/cart-reminder";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_PATH: z.string().min(1).default("data/needledrop.db"),
    /** Generated covers and audio previews; shared between databases because they are deterministic. */
    MEDIA_DIR: z.string().min(1).default("data/media"),
    SEED: z.coerce.number().int().default(20261122),
    /** Extra origins allowed to send mutations, comma-separated (e.g. the public https origin behind a proxy). */
    ALLOWED_ORIGINS: z.string().default(""),
    /**
     * Express "trust proxy" setting: which proxies' X-Forwarded-For/-Proto to believe. Empty: none, the client
     * address is the socket's (a header anyone can send must not choose whose limits an attempt counts against).
     */
    TRUST_PROXY: z.string().default(""),
    /** Multiplies every rate limit (server/auth/rate-limits.ts); the browser tests raise it. */
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    ACCESS_LOG: z.enum(["on", "off"]).default("on"),
    /** Memory for visitors' finished pages (compressed), in MB; 0 turns the page cache off. */
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    /** Server processes over the same database (Node's cluster): more cores, more pages a second. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * How long the background jobs' lease lasts (it is renewed every third of it): how long the jobs pause when the
     * process running them dies. Tests shorten it; fractions allowed.
     */
    BACKGROUND_LEASE_SECONDS: z.coerce.number().min(0.3).max(600).default(30),
    /** Where `npm run build` wrote the app (lets several builds live side by side, e.g. in parallel test runs). */
    BUILD_DIR: z.string().min(1).default("build"),
    /** Outgoing mail server, e.g. smtp://user:pass@mail.example:587; without it mail waits in email_outbox. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    /** Without SMTP_URL: write each sent message as a JSON file here (development and browser tests). */
    MAIL_DIR: z.string().min(1).optional(),
    /**
     * The key that seals secrets the shop must read back (authenticator apps' keys): 32 bytes as 64 hex digits or
     * base64. Without it a random key is made once in secret.key beside the database (keep that file with it).
     */
    SECRET_KEY: z
      .string()
      .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, "must be 32 bytes as 64 hex digits or base64")
      .optional(),
    /** Key for signed cookies (newsletter ownership); set it so they survive restarts. At least 32 characters. */
    COOKIE_SECRET: z.string().min(32).optional(),
    /** The shop's public address for links in e-mails (e.g. https://needledrop.example); http://localhost:PORT without it. */
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    /** Hours after a cart's last change before its one reminder is due (fractions allowed). */
    CART_REMINDER_HOURS: reminderHoursSchema.default(DEFAULT_REMINDER_HOURS),
    /** How often the server looks for due cart reminders, in seconds. */
    CART_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** E-mail campaigns leave at this steady rate, messages a minute (a relay's limit is often a few a second). */
    CAMPAIGN_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(120),
    /** Stripe Checkout instead of the offline test card form: both the secret key and the webhook secret. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    /** Another Stripe API address (a local mock in tests); the real API otherwise. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Publishing planned Instagram posts through the Graph API: both the token and the account id, or neither. */
    INSTAGRAM_ACCESS_TOKEN: z.string().min(20).optional(),
    INSTAGRAM_ACCOUNT_ID: z
      .string()
      .regex(/^\d{1,30}$/, "must be the Instagram account's numeric id")
      .optional(),
    /**
     * The shop's Royal Mail Tracked Returns reference: a return the shop is paying for (its own fault) gets a prepaid
     * label quoting it. Without it every return label asks the shopper to pay the postage.
     */
    ROYAL_MAIL_RETURNS_REFERENCE: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/,
        "must be the Royal Mail Tracked Returns reference (letters, digits, spaces or hyphens)",
      )
      .optional(),
    /** Another Graph API address (a local stand-in in tests); https://graph.facebook.com otherwise. */
    INSTAGRAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * A Discogs personal access token (Settings → Developers on discogs.com) of the shop's seller account: listing
     * used copies and taking in Discogs orders. Without it everything Discogs is off.
     */
    DISCOGS_TOKEN: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{20,100}$/, "must be a Discogs personal access token (letters and digits)")
      .optional(),
    /** Another Discogs API address (a local stand-in in tests); https://api.discogs.com otherwise. */
    DISCOGS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The shop's EU Import One-Stop Shop number ("IM" and 10 digits, from its intermediary): EU parcels worth up to
     * €150 are then sold with the member state's VAT (docs/decisions/0081). Without it EU orders are exports.
     */
    IOSS_NUMBER: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/\s+/g, ""))
      .pipe(z.string().regex(/^IM\d{10}$/, 'must be an IOSS number: "IM" and 10 digits'))
      .optional(),
    /** The shop's UK EORI number ("GB" and 12 digits, or 15), printed as the sender's on customs declarations. */
    EORI_NUMBER: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/\s+/g, ""))
      .pipe(z.string().regex(/^GB(\d{12}|\d{15})$/, 'must be a UK EORI number: "GB" and 12 digits'))
      .optional(),
  })
  .refine((c) => !c.STRIPE_SECRET_KEY === !c.STRIPE_WEBHOOK_SECRET, {
    message: "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((c) => !c.INSTAGRAM_ACCESS_TOKEN === !c.INSTAGRAM_ACCOUNT_ID, {
    message: "set both INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_ACCOUNT_ID, or neither",
    path: ["INSTAGRAM_ACCOUNT_ID"],
  });

export type Config = z.infer<typeof envSchema> & { allowedOrigins: string[]; mediaDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  const c = parsed.data;
  return {
    ...c,
    allowedOrigins: c.ALLOWED_ORIGINS.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    mediaDir: path.resolve(c.MEDIA_DIR),
  };
}
