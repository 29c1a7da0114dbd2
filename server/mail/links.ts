/**
 * Every link in an e-mail is built here, from configuration only. Never from a request's Host or Origin
 * header: anyone can forge those, and a forged Host would put the attacker's site in a victim's reset
 * mail (reset-link poisoning).
 */

/**
 * Where a link's secret goes in a stored message. The outbox keeps this placeholder; the mail worker puts a
 * freshly minted token in its place in memory, just before sending (server/services/mail.ts).
 */
export const TOKEN_SLOT = "{{token}}";

export interface MailLinkConfig {
  PUBLIC_ORIGIN?: string | undefined;
  PORT?: number | string | undefined;
}

/** PUBLIC_ORIGIN when set; otherwise http://localhost:<PORT>, which is right on a developer's machine only. */
export function mailOrigin(config: MailLinkConfig): string {
  const configured = config.PUBLIC_ORIGIN?.trim();
  if (configured) return new URL(configured).origin;
  const port = Number(config.PORT ?? 3000) || 3000;
  return `http://localhost:${port}`;
}

/** The pages a mailed token opens. */
export type TokenPath =
  "/reset-password" | "/unsubscribe" | "/cart/restore" | "/cart-reminders/stop" | "/staff-invite" | "/returns/start";

export interface MailLinks {
  /** The origin every mailed link starts with. */
  origin: string;
  /** An absolute link to a page of the shop, e.g. page("/profile#orders"). */
  page(pathAndHash: string): string;
  /** An absolute link carrying a token: `<origin><path>?token={{token}}`, filled in at delivery. */
  withToken(path: TokenPath): string;
}

export function createMailLinks(origin: string): MailLinks {
  const base = new URL(origin);
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new Error(`Mail links need an http(s) origin: ${origin}`);
  return {
    origin: base.origin,
    page: (pathAndHash) => new URL(pathAndHash, base).href,
    // Built as a string: URL would percent-encode the placeholder's braces.
    withToken: (path) => `${base.origin}${path}?token=${TOKEN_SLOT}`,
  };
}

/** The links of a process whose configuration is its environment (services built without a config). */
export function mailLinksFromEnv(env: NodeJS.ProcessEnv = process.env): MailLinks {
  return createMailLinks(mailOrigin({ PUBLIC_ORIGIN: env.PUBLIC_ORIGIN, PORT: env.PORT }));
}

/** One start-up warning when production mail links fall back to localhost. */
export function warnWithoutPublicOrigin(
  config: MailLinkConfig & { NODE_ENV?: string },
  warn: (message: string) => void = console.warn,
): void {
  if (config.PUBLIC_ORIGIN?.trim() || config.NODE_ENV !== "production") return;
  warn(`[mail] PUBLIC_ORIGIN is not set: links in e-mails point at ${mailOrigin(config)}. Set it to the shop's public address.`);
}
