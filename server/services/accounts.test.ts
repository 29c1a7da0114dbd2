import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResetTokens, sessions as sessionsTable, users } from "../../db/schema";
import { expectConsoleError } from "../../tests/setup/console-error";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { passwordStats, verifyPassword } from "../auth/password";
import { hashToken } from "../auth/tokens";
import {
  changePasswordSchema,
  INVALID_RESET_LINK,
  resetPasswordSchema,
  resetRequestSchema,
} from "../../app/domain/accounts/auth-schemas";
import { profileUpdateSchema, registerSchema } from "../../app/domain/accounts/profile-schemas";
import { parseInput } from "../../app/domain/shared/parse-input";
import { createAccount, createAccountsService, RESET_TOKEN_TTL_MS, type AccountsService } from "./accounts";
import { ConflictError, InvalidCredentialsError, TooManyAttemptsError, ValidationError } from "../../app/domain/shared/errors";
import { createMailLinks, TOKEN_SLOT } from "../mail/links";
import { tablesHolding } from "../../tests/setup/db-scan";
import { catchMail, tokenIn, type MailCatcher } from "../../tests/setup/mail-catcher";
import { createMailService, type MailService } from "./mail";
import { createSessionsService } from "./sessions";

let t: TestDb;
beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());

describe("createAccount", () => {
  it("stores an argon2id hash at OWASP parameters and never returns it", async () => {
    const user = await createAccount(t.db, {
      username: "alice",
      email: "  Alice@Example.COM ",
      password: "correct horse",
      role: "admin",
    });
    expect(user).not.toHaveProperty("passwordHash");
    expect(user).toMatchObject({ username: "alice", email: "alice@example.com", role: "admin" });
    const row = t.db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.passwordHash, "correct horse")).toBe(true);
    expect(await verifyPassword(row.passwordHash, "wrong horse")).toBe(false);
  });

  it("defaults to the customer role", async () => {
    const user = await createAccount(t.db, { username: "bob", email: "bob@example.com", password: "secret1" });
    expect(user.role).toBe("customer");
  });

  it("refuses a taken username or email with a message saying which", async () => {
    await expect(createAccount(t.db, { username: "alice", email: "new@example.com", password: "secret1" })).rejects.toThrow(
      'The username "alice" is already taken.',
    );
    await expect(createAccount(t.db, { username: "alice2", email: "ALICE@example.com", password: "secret1" })).rejects.toThrow(
      "An account with alice@example.com already exists.",
    );
  });

  it("validates with the spec's messages", async () => {
    await expect(createAccount(t.db, { username: "al", email: "a@b.co", password: "secret1" })).rejects.toThrow(
      "Username must be at least 3 characters",
    );
    await expect(createAccount(t.db, { username: "carol", email: "nope", password: "secret1" })).rejects.toThrow(
      "Invalid email address",
    );
    await expect(createAccount(t.db, { username: "carol", email: "c@d.co", password: "12345" })).rejects.toThrow(
      "Password must be at least 6 characters",
    );
  });

  it("treats a malformed stored hash as a failed check, not a crash", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});

// ---- The accounts service ----

const links = createMailLinks("https://shop.example");

function service(limits = {}, now?: () => number) {
  const sessions = createSessionsService(t.db, { now });
  const inbox = catchMail();
  const mail = createMailService(t.db, { transport: inbox });
  return { sessions, mail, inbox, accounts: createAccountsService(t.db, { sessions, mail, limits, now, links }) };
}

/** Registers as every adapter does: the input parsed with the one registration schema, then the service. */
const registerParsed = async (accounts: AccountsService, input: object) => accounts.register(parseInput(registerSchema, input));

/** The token of the newest reset mail delivered to `to`, once every delivery has finished. */
async function deliveredToken({ mail, inbox }: { mail: MailService; inbox: MailCatcher }, to: string) {
  await mail.idle();
  return tokenIn(inbox.last(to, /Reset/), "/reset-password");
}

describe("accounts.register", () => {
  it("creates a customer with optional profile fields, ignoring a role or confirmPassword", async () => {
    const { accounts } = service();
    const user = await registerParsed(accounts, {
      username: " dora ",
      email: "Dora@Example.com",
      password: "secret1",
      firstName: "Dora",
      city: "  ",
      favoriteGenres: ["Jazz", "Jazz", "Soul"],
      ...{ role: "admin", confirmPassword: "secret1" },
    });
    expect(user).toMatchObject({ username: "dora", email: "dora@example.com", role: "customer", firstName: "Dora", city: null });
    expect(user.favoriteGenres).toEqual(["Jazz", "Soul"]);
    expect(user).not.toHaveProperty("passwordHash");
    expect(user).not.toHaveProperty("stripeCustomerId");
  });

  it("refuses duplicates with a ConflictError and bad input with the spec's messages", async () => {
    const { accounts } = service();
    await expect(accounts.register({ username: "dora", email: "d2@example.com", password: "secret1" })).rejects.toThrow(
      ConflictError,
    );
    const error = await registerParsed(accounts, { username: "ab", email: "nope", password: "12345" }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual({
      username: ["Username must be at least 3 characters"],
      email: ["Invalid email address"],
      password: ["Password must be at least 6 characters"],
    });
  });
});

describe("accounts.login", () => {
  it("returns the user for the right password and one generic error otherwise", async () => {
    const { accounts } = service();
    await accounts.register({ username: "erin", email: "erin@example.com", password: "right-password" });
    const ok = await accounts.login({ username: "erin", password: "right-password", clientIp: "10.1.1.1" });
    expect(ok.username).toBe("erin");
    const wrong = await accounts.login({ username: "erin", password: "wrong-password", clientIp: "10.1.1.1" }).catch((e) => e);
    const missing = await accounts
      .login({ username: "nobody", password: "wrong-password", clientIp: "10.1.1.1" })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(InvalidCredentialsError);
    expect(missing).toBeInstanceOf(InvalidCredentialsError);
    expect(wrong.message).toBe("Invalid username or password");
    expect(missing.message).toBe(wrong.message);
  });

  it("runs one password check for a missing account too", async () => {
    const { accounts } = service();
    const before = passwordStats.verifications;
    await accounts.login({ username: "ghost", password: "whatever1", clientIp: "10.1.1.2" }).catch(() => {});
    expect(passwordStats.verifications).toBe(before + 1);
  });

  const attemptWith =
    (accounts: ReturnType<typeof service>["accounts"]) => (username: string, password: string, clientIp: string) =>
      accounts.login({ username, password, clientIp }).catch((e) => e);

  it("stops a stranger guessing from one address while the owner signs in from another (the shop's limits)", async () => {
    const { accounts } = service();
    const attempt = attemptWith(accounts);
    await accounts.register({ username: "fred", email: "fred@example.com", password: "right-password" });
    // The strict limit: 10 failures for one account from one address in 15 minutes.
    for (let i = 0; i < 10; i++)
      expect(await attempt("fred", `guess-${i}-pw`, "203.0.113.66")).toBeInstanceOf(InvalidCredentialsError);
    const before = passwordStats.verifications;
    const refused = await attempt("fred", "right-password", "203.0.113.66");
    expect(refused).toBeInstanceOf(TooManyAttemptsError);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // At most the 15-minute window and one 75-second bucket.
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60 + 75);
    expect(passwordStats.verifications).toBe(before);
    // Refused before argon2, and the same by e-mail or in capitals: it is one account.
    expect(await attempt("FRED@example.com", "right-password", "203.0.113.66")).toBeInstanceOf(TooManyAttemptsError);
    // The owner, at home, is not locked out.
    expect((await attempt("fred", "right-password", "198.51.100.20")).username).toBe("fred");
    expect(await attempt("fred", "another-guess", "203.0.113.66")).toBeInstanceOf(TooManyAttemptsError);
  });

  it("counts an IPv6 stranger per /64, so stepping to the next address does not help", async () => {
    const { accounts } = service({ signInPerAccountAndAddress: { limit: 2 } });
    const attempt = attemptWith(accounts);
    await accounts.register({ username: "ines", email: "ines@example.com", password: "right-password" });
    await attempt("ines", "guess-one", "2001:db8:5:6::1");
    await attempt("ines", "guess-two", "2001:db8:5:6::2");
    expect(await attempt("ines", "guess-three", "2001:db8:5:6::3")).toBeInstanceOf(TooManyAttemptsError);
    expect((await attempt("ines", "right-password", "2001:db8:5:7::1")).username).toBe("ines");
  });

  it("has a far higher per-account limit for guessing spread over many addresses, lifted by a password reset", async () => {
    const s = service({ signInPerAccount: { limit: 3 } });
    const { accounts } = s;
    const attempt = attemptWith(accounts);
    await accounts.register({ username: "gus", email: "gus@example.com", password: "right-password" });
    for (let i = 1; i <= 3; i++)
      expect(await attempt("gus", "bad-password", `10.9.0.${i}`)).toBeInstanceOf(InvalidCredentialsError);
    expect(await attempt("gus", "right-password", "10.9.0.99")).toBeInstanceOf(TooManyAttemptsError);
    await accounts.requestPasswordReset("gus@example.com");
    await accounts.resetPassword({ token: (await deliveredToken(s, "gus@example.com"))!, password: "brand-new-password" });
    expect((await attempt("gus", "brand-new-password", "10.9.0.99")).username).toBe("gus");
  });

  it("limits one address trying many accounts", async () => {
    const { accounts } = service({ signInPerAddress: { limit: 5 } });
    const attempt = attemptWith(accounts);
    for (let i = 0; i < 5; i++)
      expect(await attempt(`sprayed${i}`, "bad-password", "10.2.0.9")).toBeInstanceOf(InvalidCredentialsError);
    expect(await attempt("someone", "bad-password", "10.2.0.9")).toBeInstanceOf(TooManyAttemptsError);
    expect(await attempt("someone", "bad-password", "10.2.0.10")).toBeInstanceOf(InvalidCredentialsError);
  });

  it("forgets the owner's own typos from an address once they sign in there", async () => {
    const { accounts } = service({ signInPerAccountAndAddress: { limit: 3 } });
    const attempt = attemptWith(accounts);
    await accounts.register({ username: "hana", email: "hana@example.com", password: "right-password" });
    await attempt("hana", "typo-password", "10.3.3.3");
    await attempt("hana", "typo-password", "10.3.3.3");
    expect((await attempt("hana", "right-password", "10.3.3.3")).username).toBe("hana");
    for (let i = 0; i < 3; i++)
      expect(await attempt("hana", "typo-password", "10.3.3.3")).toBeInstanceOf(InvalidCredentialsError);
    expect(await attempt("hana", "typo-password", "10.3.3.3")).toBeInstanceOf(TooManyAttemptsError);
  });
});

describe("usernames and e-mails in any case", () => {
  it("refuses a username that differs from a taken one only by case", async () => {
    const { accounts } = service();
    await accounts.register({ username: "custone", email: "custone@example.com", password: "right-password" });
    for (const username of ["CUSTONE", "CustOne", " custone "]) {
      const error = await registerParsed(accounts, {
        username,
        email: `${username.trim()}-2@example.com`,
        password: "right-password",
      }).catch((e) => e);
      expect(error, username).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(`The username "${username.trim()}" is already taken.`);
    }
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .filter((u) => u.username.toLowerCase() === "custone"),
    ).toHaveLength(1);
  });

  it("signs in by username in any case or by e-mail in any case, keeping the username as typed at sign-up", async () => {
    const { accounts } = service();
    const jo = await accounts.register({ username: "JoBloggs", email: "jo.bloggs@example.com", password: "right-password" });
    for (const name of ["JoBloggs", "jobloggs", "JOBLOGGS", "jo.bloggs@example.com", "Jo.Bloggs@Example.COM"]) {
      const user = await accounts.login({ username: name, password: "right-password", clientIp: "10.5.5.5" });
      expect(user, name).toMatchObject({ id: jo.id, username: "JoBloggs" });
    }
    await expect(
      accounts.login({ username: "jo.bloggs@example.com", password: "wrong-password", clientIp: "10.5.5.5" }),
    ).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it("keeps @ out of new usernames, so a sign-in name with one is an e-mail", async () => {
    const { accounts } = service();
    const error = await registerParsed(accounts, {
      username: "me@example.com",
      email: "me@example.com",
      password: "right-password",
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual({ username: ["Username cannot contain @"] });
  });
});

describe("accounts.updateProfile", () => {
  it("validates, blanks empty fields, keeps e-mails unique and never touches role or password", async () => {
    const { accounts } = service();
    const gina = await accounts.register({ username: "gina", email: "gina@example.com", password: "secret1" });
    const update = (fields: object) => accounts.updateProfile(gina.id, parseInput(profileUpdateSchema, fields));
    const updated = update({
      firstName: "Gina",
      phone: "",
      email: "GINA2@example.com",
      ...{ role: "admin", passwordHash: "x", username: "root" },
    });
    expect(updated).toMatchObject({
      firstName: "Gina",
      phone: null,
      email: "gina2@example.com",
      role: "customer",
      username: "gina",
    });
    expect(() => update({ email: "dora@example.com" })).toThrow("An account with dora@example.com already exists.");
    expect(() => update({ email: "bad" })).toThrow("Invalid email address");
    expect(() => update({ zipCode: "x".repeat(21) })).toThrow(ValidationError);
  });
});

describe("accounts.changePassword", () => {
  it("needs the current password and ends every other session", async () => {
    const { accounts, sessions } = service();
    const hal = await accounts.register({ username: "hal", email: "hal@example.com", password: "old-password" });
    const here = sessions.create(hal.id);
    const elsewhere = sessions.create(hal.id);
    const change = (currentPassword: string, newPassword: string) =>
      accounts.changePassword(hal.id, here.sessionId, { currentPassword, newPassword });
    await expect(change("not-it", "new-password")).rejects.toThrow("Current password is incorrect");
    expect(() => parseInput(changePasswordSchema, { currentPassword: "", newPassword: "new-password" })).toThrow(
      "Enter your current password",
    );
    expect(() => parseInput(changePasswordSchema, { currentPassword: "old-password", newPassword: "short" })).toThrow(
      "Password must be at least 6 characters",
    );
    await change("old-password", "new-password");
    expect(sessions.validate(here.token)).not.toBeNull();
    expect(sessions.validate(elsewhere.token)).toBeNull();
    await expect(accounts.login({ username: "hal", password: "old-password", clientIp: "10.3.0.1" })).rejects.toThrow();
    expect((await accounts.login({ username: "hal", password: "new-password", clientIp: "10.3.0.1" })).id).toBe(hal.id);
  });
});

describe("password reset", () => {
  it("mails a single-use link, stores only the token's hash, and replaces older links", async () => {
    const s = service();
    const { accounts, mail, sessions, inbox } = s;
    const ivy = await accounts.register({ username: "ivy", email: "ivy@example.com", password: "old-password" });
    await accounts.requestPasswordReset(parseInput(resetRequestSchema, { email: "IVY@example.com" }).email);
    const first = (await deliveredToken(s, "ivy@example.com"))!;
    await accounts.requestPasswordReset("ivy@example.com");
    const second = (await deliveredToken(s, "ivy@example.com"))!;
    expect(second).not.toBe(first);
    expect(inbox.last("ivy@example.com")!.text).toContain(`https://shop.example/reset-password?token=${second}`);
    expect(inbox.last("ivy@example.com")!.html).toContain(`https://shop.example/reset-password?token=${second}`);
    // The outbox keeps the message without its secret.
    expect(JSON.stringify(mail.outbox(500))).not.toContain(second);
    const rows = t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, ivy.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(second));
    expect(JSON.stringify(rows)).not.toContain(second);
    expect(rows[0]!.expiresAt - Date.now()).toBeGreaterThan(RESET_TOKEN_TTL_MS - 60_000);

    const session = sessions.create(ivy.id);
    await expect(accounts.resetPassword({ token: first, password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
    // A short password never reaches the service: every adapter parses the input with the one schema first.
    expect(() => parseInput(resetPasswordSchema, { token: second, password: "short" })).toThrow(
      "Password must be at least 6 characters",
    );
    const user = await accounts.resetPassword({ token: second, password: "new-password" });
    expect(user.id).toBe(ivy.id);
    expect(sessions.validate(session.token)).toBeNull();
    expect(t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, ivy.id)).all()).toHaveLength(0);
    await expect(accounts.resetPassword({ token: second, password: "another-password" })).rejects.toThrow(INVALID_RESET_LINK);
    expect((await accounts.login({ username: "ivy", password: "new-password", clientIp: "10.4.0.1" })).id).toBe(ivy.id);
  });

  it("resolves the same for an unknown address and sends nothing", async () => {
    const { accounts, mail } = service();
    const before = mail.outbox(500).length;
    await expect(accounts.requestPasswordReset("nobody@example.com")).resolves.toBeUndefined();
    expect(mail.outbox(500).length).toBe(before);
    expect(() => parseInput(resetRequestSchema, { email: "not an email" })).toThrow("Invalid email address");
  });

  it("refuses a link an hour old", async () => {
    let at = Date.now();
    const s = service({}, () => at);
    await s.accounts.register({ username: "jack", email: "jack@example.com", password: "old-password" });
    await s.accounts.requestPasswordReset("jack@example.com");
    const token = (await deliveredToken(s, "jack@example.com"))!;
    const { accounts } = s;
    at += RESET_TOKEN_TTL_MS;
    await expect(accounts.resetPassword({ token: token, password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
    await expect(accounts.resetPassword({ token: "", password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
    await expect(accounts.resetPassword({ token: "garbage!", password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
  });

  it("leaves no token (or anything that works as one) in any table once the mail is delivered", async () => {
    const s = service();
    await s.accounts.register({ username: "lou", email: "lou@example.com", password: "old-password" });
    await s.accounts.requestPasswordReset("lou@example.com");
    const token = (await deliveredToken(s, "lou@example.com"))!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(tablesHolding(t.db, token)).toEqual([]);
    const row = s.mail.outbox(500).find((m) => m.to === "lou@example.com")!;
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row.text).toContain(`https://shop.example/reset-password?token=${TOKEN_SLOT}`);
    // What is stored (the hash, the outbox text) opens nothing.
    const stored = t.db.select().from(passwordResetTokens).all().at(-1)!;
    await expect(s.accounts.resetPassword({ token: stored.tokenHash, password: "new-password" })).rejects.toThrow(
      INVALID_RESET_LINK,
    );
    await expect(s.accounts.resetPassword({ token: TOKEN_SLOT, password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
  });

  it("kills the token of a failed send, and the retry mails a new one that works once", async () => {
    const errors = expectConsoleError();
    const s = service();
    const mo = await s.accounts.register({ username: "moe", email: "moe@example.com", password: "old-password" });
    s.inbox.failing = true;
    await s.accounts.requestPasswordReset("moe@example.com");
    await s.mail.idle();
    const lost = tokenIn(s.inbox.refused.at(-1), "/reset-password")!;
    expect(lost).toMatch(/^[a-z2-7]{32}$/);
    expect(s.mail.outbox(1)[0]).toMatchObject({ to: "moe@example.com", status: "failed", attempts: 1 });
    expect(tablesHolding(t.db, lost)).toEqual([]);
    expect(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, mo.id)).all()).toEqual([]);
    await expect(s.accounts.resetPassword({ token: lost, password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);

    s.inbox.failing = false;
    expect(await s.mail.retryPending()).toBe(1);
    const token = tokenIn(s.inbox.last("moe@example.com"), "/reset-password")!;
    expect(token).not.toBe(lost);
    expect(s.mail.outbox(1)[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(tablesHolding(t.db, token)).toEqual([]);
    expect((await s.accounts.resetPassword({ token: token, password: "new-password" })).id).toBe(mo.id);
    await expect(s.accounts.resetPassword({ token: token, password: "third-password" })).rejects.toThrow(INVALID_RESET_LINK);
    errors.mockRestore();
  });

  it("leaves only a hash behind when the process dies mid-send, and the restarted worker mails a fresh link", async () => {
    const sessions = createSessionsService(t.db);
    let handed: string | undefined;
    // A relay that never answers: the process "dies" with the message half-sent.
    const stuck = createMailService(t.db, {
      transport: { send: (m) => ((handed = m.text), new Promise(() => {})) },
    });
    const dying = createAccountsService(t.db, { sessions, mail: stuck, links });
    const nat = await dying.register({ username: "nat", email: "nat@example.com", password: "old-password" });
    await dying.requestPasswordReset("nat@example.com");
    await vi.waitFor(() => expect(handed).toBeDefined());
    const inFlight = tokenIn({ from: "", to: "", subject: "", text: handed! }, "/reset-password")!;
    expect(tablesHolding(t.db, inFlight)).toEqual([]);
    expect(stuck.outbox(1)[0]).toMatchObject({ status: "sending", attempts: 1 });

    // After a restart: a new process, the same database. Once the attempt is older than a live one could be, it is retried.
    const inbox = catchMail();
    const mail = createMailService(t.db, { transport: inbox });
    const accounts = createAccountsService(t.db, { sessions, mail, links });
    expect(await mail.retryPending(Date.now() + 6 * 60_000)).toBe(1);
    const token = tokenIn(inbox.last("nat@example.com"), "/reset-password")!;
    expect(token).not.toBe(inFlight);
    await expect(accounts.resetPassword({ token: inFlight, password: "new-password" })).rejects.toThrow(INVALID_RESET_LINK);
    expect((await accounts.resetPassword({ token: token, password: "new-password" })).id).toBe(nat.id);
  });

  it("does not mail a reset link asked for more than an hour ago (a message stuck in retries)", async () => {
    let at = Date.now();
    const errors = expectConsoleError();
    const s = service({}, () => at);
    await s.accounts.register({ username: "ozzy", email: "ozzy@example.com", password: "old-password" });
    s.inbox.failing = true;
    await s.accounts.requestPasswordReset("ozzy@example.com");
    await s.mail.idle();
    s.inbox.failing = false;
    at += RESET_TOKEN_TTL_MS + 1000;
    await s.mail.retryPending();
    expect(s.inbox.last("ozzy@example.com")).toBeUndefined();
    expect(s.mail.outbox(1)[0]).toMatchObject({ to: "ozzy@example.com", status: "cancelled" });
    errors.mockRestore();
  });

  it("sends at most a few reset e-mails per address an hour, answering the same", async () => {
    const { accounts, mail } = service({ resetMailsPerEmail: { limit: 2 } });
    await accounts.register({ username: "kim", email: "kim@example.com", password: "old-password" });
    for (let i = 0; i < 4; i++) await accounts.requestPasswordReset("kim@example.com");
    expect(mail.outbox(500).filter((m) => m.to === "kim@example.com")).toHaveLength(2);
  });
});
