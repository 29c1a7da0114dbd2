import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { writeTransaction, type Db } from "../../db/client";
import { passwordResetTokens, users, type UserRow } from "../../db/schema";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../auth/password";
import { limitedAddress } from "../auth/client-address";
import { createRateLimits, rateLimitTable, type RateLimit, type RateLimitName, type RateLimits } from "../auth/rate-limits";
import { createThrottle } from "../auth/throttle";
import { generateToken, hashToken, TOKEN_PATTERN } from "../auth/tokens";
import { passwordResetMail } from "../mail/templates";
import {
  emailSchema,
  INVALID_RESET_LINK,
  passwordSchema,
  usernameSchema,
  type ChangePassword,
  type Login,
  type ResetPassword,
} from "../../app/domain/accounts/auth-schemas";
import type { ProfileUpdate, RegisterInput } from "../../app/domain/accounts/profile-schemas";
import { parseInput } from "../../app/domain/shared/parse-input";
import {
  ConflictError,
  InvalidCredentialsError,
  NotFoundError,
  TooManyAttemptsError,
  ValidationError,
} from "../../app/domain/shared/errors";
import { mailLinksFromEnv, type MailLinks } from "../mail/links";
import type { MailService, MintedToken, PendingMessage } from "./mail";
import { sessionUserColumns, toSessionUser, type SessionUser, type SessionsService } from "./sessions";

/** Who may be created from the command line (scripts/user-create.ts): the credentials and a role. */
const newAccountSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(["customer", "admin"]).default("customer"),
  /** For an admin: the staff role (a built-in key or a custom role's); none reads as owner. */
  staffRole: z.string().min(1).max(40).optional(),
});

export type NewAccount = z.input<typeof newAccountSchema>;

// ---- Fixed texts and limits ----

/** A reset link works for an hour after it is mailed, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_MAIL_KIND = "password-reset";

/** Limits a test sets itself (see server/auth/rate-limits.ts for the shop's). */
export type RateLimitOverrides = Partial<Record<RateLimitName, Partial<RateLimit>>>;

/** One username whatever its case; matches the unique index on lower(username), which it can use. */
const sameUsername = (column: SQLiteColumn, value: unknown) => sql`lower(${column}) = lower(${value})`;

/** What the limits count an account as: its id once it exists, else the name tried (so both are counted alike). */
const accountSubject = (row: UserRow | undefined, name: string) => (row ? `user:${row.id}` : `name:${name.toLowerCase()}`);

// ---- Account creation (also used by scripts/user-create.ts) ----

/** What may leave the server about a user: never the password hash. */
export type PublicUser = Omit<UserRow, "passwordHash">;

export function toPublicUser({ passwordHash: _hidden, ...user }: UserRow): PublicUser {
  return user;
}

type AccountValues = Omit<typeof users.$inferInsert, "passwordHash" | "id" | "createdAt"> & { password: string };

async function insertAccount(db: Db, { password, ...values }: AccountValues): Promise<UserRow> {
  const { username, email } = values;
  const clash = db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sameUsername(users.username, username), eq(users.email, email)))
    .get();
  if (clash) {
    throw new ConflictError(
      clash.username.toLowerCase() === username.toLowerCase()
        ? `The username "${username}" is already taken.`
        : `An account with ${email} already exists.`,
    );
  }
  const passwordHash = await hashPassword(password);
  try {
    return db
      .insert(users)
      .values({ ...values, passwordHash })
      .returning()
      .get();
  } catch (error) {
    // Another writer won the race between our check and the insert.
    if (String(error).includes("UNIQUE")) throw new ConflictError("That username or email is already registered.");
    throw error;
  }
}

export async function createAccount(db: Db, input: NewAccount): Promise<PublicUser> {
  return toPublicUser(await insertAccount(db, parseInput(newAccountSchema, input)));
}

// ---- The accounts service ----

export interface AccountsDeps {
  sessions: SessionsService;
  mail: MailService;
  /** The shop's limits (shared with the adapters); made from `limits` when absent. */
  rateLimits?: RateLimits;
  limits?: RateLimitOverrides;
  now?: () => number;
  /** Links in mail, from configuration; PUBLIC_ORIGIN (or localhost) from the environment by default. */
  links?: MailLinks;
}

export function createAccountsService(db: Db, deps: AccountsDeps) {
  const { sessions, mail } = deps;
  const limits = deps.rateLimits ?? createRateLimits(createThrottle(db, { now: deps.now }), rateLimitTable(1, deps.limits));
  const now = deps.now ?? Date.now;
  const links = deps.links ?? mailLinksFromEnv();

  // Usernames are one account whatever their case (the unique index is on lower(username)).
  const byUsername = db
    .select()
    .from(users)
    .where(sameUsername(users.username, sql.placeholder("username")))
    .prepare();
  const byEmail = db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder("email")))
    .prepare();
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();

  /** Sign-in by username or e-mail: a name with an @ is an e-mail first (older usernames may hold an @). */
  function accountNamed(name: string): UserRow | undefined {
    if (name.includes("@")) return byEmail.get({ email: name.toLowerCase() }) ?? byUsername.get({ username: name });
    return byUsername.get({ username: name });
  }

  function userOrThrow(userId: number): UserRow {
    const row = byId.get({ id: userId });
    if (!row) throw new NotFoundError("That account no longer exists.");
    return row;
  }

  /**
   * Makes the token of a reset mail about to be sent: it replaces every older link of the account and
   * lives RESET_TOKEN_TTL_MS. Nothing when the request is older than that (a mail stuck in retries) or the
   * address no longer belongs to an account.
   */
  function mintResetToken(message: PendingMessage): MintedToken | null {
    const at = now();
    if (Date.parse(message.createdAt) + RESET_TOKEN_TTL_MS <= at) return null;
    const user = byEmail.get({ email: message.to });
    if (!user) return null;
    const token = generateToken();
    const tokenHash = hashToken(token);
    writeTransaction(db, () => {
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run();
      db.insert(passwordResetTokens)
        .values({ userId: user.id, tokenHash, expiresAt: at + RESET_TOKEN_TTL_MS })
        .run();
    });
    return {
      token,
      revoke: () => db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).run(),
    };
  }
  mail.mintTokensFor(RESET_MAIL_KIND, mintResetToken);

  return {
    /** The signed-in view of an account, or null when it is gone. */
    getUser(userId: number): SessionUser | null {
      const row = db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).get();
      return row ?? null;
    },

    /** A new customer account (never an admin), from input parsed with `registerSchema`. */
    async register(input: RegisterInput): Promise<SessionUser> {
      return toSessionUser(await insertAccount(db, { ...input, favoriteGenres: input.favoriteGenres ?? [], role: "customer" }));
    },

    /**
     * Checks a username (any case) or e-mail and a password. The answer and the work are the same whether
     * or not the account exists (a missing account is verified against a dummy hash and counted alike).
     * Limited per account and address (strict), per account (high: only many addresses together reach it)
     * and per address (see server/auth/rate-limits.ts); an attempt over a limit is refused before argon2,
     * so a stranger guessing from one address slows down without locking the owner out.
     */
    async login(input: Login & { clientIp: string }): Promise<SessionUser> {
      const { username: name, password } = input;
      const row = accountNamed(name);
      const account = accountSubject(row, name);
      const address = limitedAddress(input.clientIp);
      // Counted up front (and taken back on success) so parallel guesses cannot slip past a limit.
      const attempt = limits.consume([
        limits.rule("signInPerAccountAndAddress", `${account} from ${address}`),
        limits.rule("signInPerAccount", account),
        limits.rule("signInPerAddress", address),
      ]);
      const ok = await verifyPassword(row?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
      if (!row || !ok) throw new InvalidCredentialsError();
      attempt.refund();
      // The owner's own typos from this address are forgotten once they get in.
      limits.reset("signInPerAccountAndAddress", `${account} from ${address}`);
      return toSessionUser(row);
    },

    /** Updates contact and profile fields (parsed with a profile schema); never the username, role or password. */
    updateProfile(userId: number, data: ProfileUpdate): SessionUser {
      const current = userOrThrow(userId);
      if (data.email && data.email !== current.email) {
        const taken = db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, data.email), ne(users.id, userId)))
          .get();
        if (taken) throw new ConflictError(`An account with ${data.email} already exists.`);
      }
      const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0) return toSessionUser(current);
      try {
        return toSessionUser(db.update(users).set(changes).where(eq(users.id, userId)).returning().get()!);
      } catch (error) {
        if (String(error).includes("UNIQUE")) throw new ConflictError(`An account with ${data.email} already exists.`);
        throw error;
      }
    },

    /**
     * Changes the password after checking the current one (throttled like sign-in). Every other session
     * of the user ends; the one making the change (currentSessionId) stays signed in.
     */
    async changePassword(userId: number, currentSessionId: string | null, input: ChangePassword): Promise<void> {
      const row = userOrThrow(userId);
      // Its own limit, so a stolen session guessing here never blocks the owner's sign-in.
      limits.consume([limits.rule("passwordChangePerAccount", accountSubject(row, row.username))]);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new ValidationError("Current password is incorrect", { currentPassword: ["Current password is incorrect"] });
      }
      limits.reset("passwordChangePerAccount", accountSubject(row, row.username));
      const passwordHash = await hashPassword(input.newPassword);
      writeTransaction(db, () => {
        db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
        sessions.invalidateUserSessions(userId, { except: currentSessionId });
        // A reset link asked for before the change must not undo it.
        db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
      });
    },

    /**
     * Always resolves the same way, whether or not an account has this e-mail, after the same work: a
     * counter is written and, only for an account, older links are withdrawn and the e-mail is queued in
     * the same transaction. The mail holds no token yet: the mail worker makes one when it sends it
     * (`mintResetToken`). SMTP delivery runs afterwards, off the response.
     */
    async requestPasswordReset(address: string): Promise<void> {
      const messageId = writeTransaction(db, () => {
        try {
          limits.consume([limits.rule("resetMailsPerEmail", address)]);
        } catch (error) {
          // Over the limit: same answer, no more mail (stops anyone flooding an inbox).
          if (error instanceof TooManyAttemptsError) return null;
          throw error;
        }
        const user = byEmail.get({ email: address });
        if (!user) return null;
        // Asking again withdraws every older link at once.
        db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run();
        const content = passwordResetMail({
          username: user.username,
          link: links.withToken("/reset-password"),
          expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000,
        });
        return mail.enqueue({ to: user.email, ...content, kind: RESET_MAIL_KIND });
      });
      // Not awaited: how long an SMTP server takes must not tell anyone whether the account exists.
      if (messageId !== null) mail.dispatch(messageId);
    },

    /**
     * Sets a new password with a reset token: single use, checked for expiry, and in one transaction the
     * password changes, the token is spent and every session of the user ends. Returns the user.
     */
    async resetPassword({ token, password }: ResetPassword): Promise<SessionUser> {
      const invalid = () => new ValidationError(INVALID_RESET_LINK, { token: [INVALID_RESET_LINK] });
      const presented = token.trim();
      if (!TOKEN_PATTERN.test(presented)) throw invalid();
      const tokenHash = hashToken(presented);
      const usable = () =>
        db
          .select()
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now()),
            ),
          )
          .get();
      if (!usable()) throw invalid();
      const passwordHash = await hashPassword(password);
      const user = writeTransaction(db, () => {
        // Checked again under the write lock: of two uses racing, exactly one wins.
        const row = usable();
        if (!row) throw invalid();
        db.update(passwordResetTokens).set({ usedAt: now() }).where(eq(passwordResetTokens.id, row.id)).run();
        db.delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, row.userId), ne(passwordResetTokens.id, row.id)))
          .run();
        const updated = db.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).returning().get();
        if (!updated) throw invalid();
        sessions.invalidateUserSessions(row.userId);
        // Whoever reads the mailbox owns the account: lift the lock that many addresses together can set.
        limits.reset("signInPerAccount", accountSubject(updated, updated.username));
        return updated;
      });
      return toSessionUser(user);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
