import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { verifyPassword } from "../auth/password";
import { createAccount } from "./accounts";

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
    await expect(
      createAccount(t.db, { username: "alice", email: "new@example.com", password: "secret1" }),
    ).rejects.toThrow('The username "alice" is already taken.');
    await expect(
      createAccount(t.db, { username: "alice2", email: "ALICE@example.com", password: "secret1" }),
    ).rejects.toThrow("An account with alice@example.com already exists.");
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
