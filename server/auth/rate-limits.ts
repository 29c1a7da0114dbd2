/**
 * Every rate limit of the shop, in one table, all counted by the one throttle (./throttle.ts).
 *
 * Sign-in follows OWASP's authentication cheat sheet and the Lucia guide: the strict limit is per account
 * AND address, so a stranger guessing from one address is stopped without locking the owner, who signs in
 * from their own address. The per-account limit is far higher: only guessing spread over many addresses
 * reaches it. The per-address limit stops one address trying many accounts. Sign-ups, reset requests and
 * checkouts are counted per address; every refusal is a TooManyAttemptsError (429 with Retry-After).
 */
import type { CountedAttempt, Throttle, ThrottleRule } from "./throttle";
import { limitedAddress } from "./client-address";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateLimit {
  /** Attempts allowed in any one window. */
  limit: number;
  /** At most an hour (how long the throttle keeps its counts). */
  windowMs: number;
  /** What a refusal says before "Try again in …". */
  refusal: string;
}

const SIGN_IN_REFUSAL = "Too many failed login attempts.";
const TWO_FACTOR_REFUSAL = "Too many wrong codes.";

export const RATE_LIMITS = {
  /** Failed sign-ins for one account from one address: the limit a guesser meets. */
  signInPerAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE, refusal: SIGN_IN_REFUSAL },
  /** Failed sign-ins for one account from anywhere: only many addresses together reach it. */
  signInPerAccount: { limit: 200, windowMs: HOUR, refusal: SIGN_IN_REFUSAL },
  /** Failed sign-ins from one address, over every account. */
  signInPerAddress: { limit: 100, windowMs: HOUR, refusal: SIGN_IN_REFUSAL },
  /**
   * Wrong second-factor codes (at sign-in, and when a signed-in person turns the factor off or makes new recovery
   * codes), counted like passwords: per account and address (strict), per account, per address. A six-digit code
   * has a million values and three are right at any moment, so the per-account limit is kept low.
   */
  twoFactorPerAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE, refusal: TWO_FACTOR_REFUSAL },
  twoFactorPerAccount: { limit: 30, windowMs: HOUR, refusal: TWO_FACTOR_REFUSAL },
  twoFactorPerAddress: { limit: 100, windowMs: HOUR, refusal: TWO_FACTOR_REFUSAL },
  /** Wrong current passwords on the change-password form (a signed-in session). */
  passwordChangePerAccount: { limit: 10, windowMs: 15 * MINUTE, refusal: "Too many wrong current passwords." },
  registrationsPerAddress: { limit: 5, windowMs: HOUR, refusal: "Too many new accounts from your network." },
  newsletterPerAddress: { limit: 10, windowMs: HOUR, refusal: "Too many newsletter sign-ups from your network." },
  wantsPerAddress: { limit: 20, windowMs: HOUR, refusal: "Too many record alerts asked for from your network." },
  /** Confirmation mails for record alerts to one address: past it the want is kept, no more mail. */
  wantConfirmMailsPerEmail: { limit: 3, windowMs: HOUR, refusal: "Too many confirmation mails." },
  resetRequestsPerAddress: { limit: 5, windowMs: HOUR, refusal: "Too many password reset requests from your network." },
  /** Reset mails to one address: past it the answer stays the same and nothing is sent (no inbox flooding). */
  resetMailsPerEmail: { limit: 5, windowMs: HOUR, refusal: "Too many password reset requests." },
  checkoutPerAddress: { limit: 20, windowMs: 10 * MINUTE, refusal: "Too many checkout attempts from your network." },
  /**
   * Gift voucher codes looked up (the balance check): per address, and per code prefix (its first four characters)
   * from anywhere, so guessing the rest of a code seen in part is stopped too.
   */
  voucherChecksPerAddress: { limit: 20, windowMs: 15 * MINUTE, refusal: "Too many gift voucher checks from your network." },
  voucherChecksPerPrefix: { limit: 10, windowMs: HOUR, refusal: "Too many checks of that gift voucher code." },
  /** A guest's order look-ups on /returns (order number and e-mail): a guesser is stopped, a shopper never meets it. */
  returnLookupsPerAddress: { limit: 10, windowMs: 15 * MINUTE, refusal: "Too many order look-ups from your network." },
  /**
   * A drop's waiting page asks again every 15 seconds by itself (4 a minute): far more is a script, refused before
   * the queue is read, and never moves its place (docs/decisions/0088-fair-drops.md).
   */
  waitingRoomPerAddress: { limit: 20, windowMs: MINUTE, refusal: "Too many refreshes of the waiting room from your network." },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitTable = Record<RateLimitName, RateLimit>;

/** The limits an adapter takes per client address before it calls its use case. */
export type AddressLimitName =
  | "registrationsPerAddress"
  | "newsletterPerAddress"
  | "wantsPerAddress"
  | "resetRequestsPerAddress"
  | "checkoutPerAddress"
  | "returnLookupsPerAddress"
  | "waitingRoomPerAddress";

/**
 * The table with every limit multiplied by `factor` (RATE_LIMIT_FACTOR: the browser tests sign up many
 * customers from one address) and then any limit a test sets itself.
 */
export function rateLimitTable(factor = 1, overrides: Partial<Record<RateLimitName, Partial<RateLimit>>> = {}): RateLimitTable {
  const table = {} as RateLimitTable;
  for (const [name, limit] of Object.entries(RATE_LIMITS) as [RateLimitName, RateLimit][]) {
    table[name] = { ...limit, limit: Math.max(1, Math.round(limit.limit * factor)), ...overrides[name] };
  }
  return table;
}

export function createRateLimits(throttle: Throttle, table: RateLimitTable) {
  const rule = (name: RateLimitName, subject: string): ThrottleRule => ({ key: `${name}:${subject}`, ...table[name] });
  return {
    table,
    /** The throttle rule of a limit for one subject (an account, an address, both). */
    rule,
    /** Counts one attempt against every rule, or throws TooManyAttemptsError and counts none. */
    consume(rules: readonly ThrottleRule[]): CountedAttempt {
      return throttle.consume(rules);
    },
    /** Counts one attempt from the client's address, or throws TooManyAttemptsError (a 429 with Retry-After). */
    takeForAddress(name: AddressLimitName, clientIp: string): void {
      throttle.consume([rule(name, limitedAddress(clientIp))]);
    },
    /** Forgets every attempt against a rule (an account after its password was reset, say). */
    reset(name: RateLimitName, subject: string): void {
      throttle.reset(rule(name, subject).key);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
