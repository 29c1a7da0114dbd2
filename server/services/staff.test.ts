import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, staffInvites, totpCredentials, users } from "../../db/schema";
import { tokenIn } from "../../tests/setup/mail-catcher";
import { newCustomer, pageGet, routeArgs } from "../../tests/setup/route-context";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { hashToken } from "../auth/tokens";

const shop = useShopServices();

let n = 0;
/** A member of staff with a second factor, as the audit log names them. */
async function member(staffRole: string) {
  n += 1;
  const { user } = await newCustomer(shop.s, { username: `staff${n}x${process.pid}` });
  shop.t.db.update(users).set({ role: "admin", staffRole }).where(eq(users.id, user.id)).run();
  shop.t.db.insert(totpCredentials).values({ userId: user.id, secretEncrypted: "test" }).run();
  return { id: user.id, username: user.username, ip: "198.51.100.7", permission: "staff.manage" };
}

async function inviteToken(email: string): Promise<string> {
  await shop.s.mail.idle();
  const token = tokenIn(shop.inbox.last(email, /invited/), "/staff-invite");
  if (!token) throw new Error(`No invitation reached ${email}`);
  return token;
}

describe("staff invitations", () => {
  it("mail a single-use link whose hash alone is stored; a new person joins with the invited role", async () => {
    const owner = await member("owner");
    shop.s.staff.invite(owner, { email: "packer1@example.com", staffRole: "packer" });
    const token = await inviteToken("packer1@example.com");
    const stored = shop.t.db.select().from(staffInvites).where(eq(staffInvites.email, "packer1@example.com")).get()!;
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(shop.s.staff.viewInvite(token)).toMatchObject({ email: "packer1@example.com", roleName: "Packer", accountId: null });
    const { userId } = await shop.s.staff.acceptInvite(
      token,
      { newAccount: { username: "saturday-packer", password: "correct horse" } },
      "203.0.113.9",
    );
    expect(shop.s.staffAccess.roleOf(userId)?.key).toBe("packer");
    // Used once: never again.
    expect(shop.s.staff.viewInvite(token)).toBeNull();
    await expect(
      shop.s.staff.acceptInvite(token, { newAccount: { username: "second-go", password: "correct horse" } }, "203.0.113.9"),
    ).rejects.toThrow(/invalid, used or expired/);
    const rows = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "staff")).all();
    expect(rows.some((r) => r.action === "join" && r.actorIp === "203.0.113.9")).toBe(true);
  });

  it("refuse a link for another address, and one past its 72 hours", async () => {
    const owner = await member("owner");
    shop.s.staff.invite(owner, { email: "marketer1@example.com", staffRole: "marketer" });
    const token = await inviteToken("marketer1@example.com");
    const other = (await newCustomer(shop.s, { email: "someone-else@example.com" })).user;
    await expect(shop.s.staff.acceptInvite(token, { signedIn: other }, "203.0.113.9")).rejects.toThrow(/another e-mail address/);
    expect(shop.s.staffAccess.roleOf(other.id)).toBeNull();

    shop.t.db
      .update(staffInvites)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(staffInvites.tokenHash, hashToken(token)))
      .run();
    expect(shop.s.staff.viewInvite(token)).toBeNull();
  });

  it("let an existing customer with the invited address join when signed in", async () => {
    const owner = await member("owner");
    const customer = (await newCustomer(shop.s, { email: "regular@example.com" })).user;
    shop.s.staff.invite(owner, { email: "regular@example.com", staffRole: "manager" });
    const token = await inviteToken("regular@example.com");
    expect(shop.s.staff.viewInvite(token)?.accountId).toBe(customer.id);
    await shop.s.staff.acceptInvite(token, { signedIn: customer }, "203.0.113.9");
    expect(shop.s.staffAccess.roleOf(customer.id)?.key).toBe("manager");
  });
});

describe("staff roles and deactivation", () => {
  it("keep one active owner, and no one changes their own role", async () => {
    // The only owners in this database are the ones made here and above; deactivate the others first.
    const others = shop.t.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).all();
    const owner = await member("owner");
    for (const o of others)
      shop.t.db.update(users).set({ deactivatedAt: "2026-01-01T00:00:00.000Z" }).where(eq(users.id, o.id)).run();
    const manager = await member("manager");
    expect(() => shop.s.staff.changeRole(owner, owner.id, "manager")).toThrow("You cannot change your own role.");
    expect(() => shop.s.staff.changeRole(manager, manager.id, "owner")).toThrow("You cannot change your own role.");
    expect(() => shop.s.staff.setActive(manager, owner.id, false)).toThrow("The shop must keep at least one active owner.");
    expect(() => shop.s.staff.changeRole(manager, owner.id, "packer")).toThrow("The shop must keep at least one active owner.");
    expect(shop.s.staffAccess.roleOf(owner.id)?.key).toBe("owner");
  });

  it("applies a new role from the next request, and deactivating ends every session at once", async () => {
    const owner = await member("owner");
    const packer = await member("packer");
    const session = shop.s.sessions.create(packer.id, { twoFactorVerified: true });
    const asker = { user: { ...packer, role: "admin" }, clientIp: "198.51.100.7" };
    expect(shop.s.staffAccess.check(asker, "catalogue.edit", "test").ok).toBe(false);
    shop.s.staff.changeRole(owner, packer.id, "manager");
    expect(shop.s.staffAccess.check(asker, "catalogue.edit", "test").ok).toBe(true);

    expect(shop.s.sessions.validate(session.token)).not.toBeNull();
    shop.s.staff.setActive(owner, packer.id, false);
    expect(shop.s.sessions.validate(session.token)).toBeNull();
    expect(shop.s.staffAccess.check(asker, "orders.view", "test")).toEqual({ ok: false, reason: "forbidden" });
    const row = shop.t.db.select().from(auditLog).where(eq(auditLog.action, "deactivate")).all().at(-1)!;
    expect(row.after).toMatchObject({ active: false, sessionsEnded: 1 });
  });

  it("makes custom roles from the same permissions, removable only when nobody holds them", async () => {
    const owner = await member("owner");
    const role = shop.s.staff.createRole(owner, { name: "Used-stock buyer", permissions: ["catalogue.edit", "stock.manage"] });
    const buyer = await member("packer");
    shop.s.staff.changeRole(owner, buyer.id, role.key);
    const asker = { user: { ...buyer, role: "admin" }, clientIp: "198.51.100.7" };
    expect(shop.s.staffAccess.check(asker, "catalogue.edit", "test").ok).toBe(true);
    expect(shop.s.staffAccess.check(asker, "orders.refund", "test").ok).toBe(false);
    expect(() => shop.s.staff.removeRole(owner, role.key)).toThrow(/still holds/);
    expect(() => shop.s.staff.removeRole(owner, "owner")).toThrow(/built-in/);
  });

  it("logs a refusal with who, from where and the permission asked for", async () => {
    const packer = await member("packer");
    const asker = { user: { ...packer, role: "admin" }, clientIp: "203.0.113.50" };
    expect(shop.s.staffAccess.check(asker, "orders.refund", "POST /admin/order-management/ND-1").ok).toBe(false);
    const row = shop.t.db.select().from(auditLog).where(eq(auditLog.action, "refused")).all().at(-1)!;
    expect(row).toMatchObject({
      actorName: packer.username,
      actorIp: "203.0.113.50",
      permission: "orders.refund",
      area: "orders",
    });
  });
});

describe("staff sign-ins", () => {
  it("are written to the audit log when no second factor is asked (a packer's password sign-in)", async () => {
    const { user } = await newCustomer(shop.s);
    shop.t.db.update(users).set({ role: "admin", staffRole: "packer" }).where(eq(users.id, user.id)).run();
    const { context } = routeArgs({ db: shop.t.db, services: shop.s }, pageGet("/auth"), { clientIp: "203.0.113.77" });
    await context.auth.signIn({ id: user.id });
    const row = shop.t.db.select().from(auditLog).where(eq(auditLog.action, "sign-in")).all().at(-1);
    expect(row).toMatchObject({ actorName: user.username, actorIp: "203.0.113.77", area: "sign-in" });
    // A customer's sign-in is not a back-office event.
    const customer = (await newCustomer(shop.s)).user;
    const before = shop.t.db.select().from(auditLog).all().length;
    await routeArgs({ db: shop.t.db, services: shop.s }, pageGet("/auth")).context.auth.signIn({ id: customer.id });
    expect(shop.t.db.select().from(auditLog).all().length).toBe(before);
  });
});

describe("two-factor for all staff", () => {
  it("when the owner switches it on, a packer without a second factor is sent to set one up; the switch is logged", async () => {
    const owner = await member("owner");
    const { user } = await newCustomer(shop.s);
    shop.t.db.update(users).set({ role: "admin", staffRole: "packer" }).where(eq(users.id, user.id)).run();
    const asker = { user: { ...user, role: "admin" }, clientIp: "198.51.100.7" };
    expect(shop.s.staffAccess.check(asker, "orders.dispatch", "test").ok).toBe(true);
    shop.s.staffAccess.setTwoFactorRequiredForAll(owner, true);
    expect(shop.s.staffAccess.check(asker, "orders.dispatch", "test")).toEqual({ ok: false, reason: "two-factor-setup" });
    shop.s.staffAccess.setTwoFactorRequiredForAll(owner, false);
    expect(shop.s.staffAccess.check(asker, "orders.dispatch", "test").ok).toBe(true);
    const rows = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "setting")).all();
    expect(rows.map((r) => r.after)).toEqual([{ twoFactorForAllStaff: true }, { twoFactorForAllStaff: false }]);
  });
});
