import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { staffInvites, staffRoles, totpCredentials, users } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import {
  BUILT_IN_ROLE_KEYS,
  builtInRole,
  isBuiltInRole,
  type Permission,
  type StaffRole,
} from "../../app/domain/staff/permissions";
import {
  customRoleKey,
  INVITE_TTL_MS,
  staffChangeRefusal,
  type InviteInput,
  type StaffMember,
} from "../../app/domain/staff/staff-rules";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { generateToken, hashToken, TOKEN_PATTERN } from "../auth/tokens";
import type { MailLinks } from "../mail/links";
import { staffInviteMail } from "../mail/staff-invite-mail";
import { createAccount } from "./accounts";
import type { AuditService } from "./audit";
import type { MailService, PendingMessage } from "./mail";
import type { SessionsService } from "./sessions";

export const STAFF_INVITE_MAIL_KIND = "staff-invite";

export interface StaffRow {
  id: number;
  username: string;
  email: string;
  staffRole: string;
  roleName: string;
  active: boolean;
  lastSignInAt: string | null;
  twoFactor: boolean;
}

export interface PendingInvite {
  id: number;
  email: string;
  staffRole: string;
  roleName: string;
  expiresAt: number;
  createdAt: string;
}

/** What an invitation link opens: for whom, as what, and whether that address has an account already. */
export interface InviteView {
  email: string;
  staffRole: string;
  roleName: string;
  accountId: number | null;
}

/** An unsent invitation's token column holds a placeholder (the column is unique), replaced when the mail goes. */
const unsent = () => `unsent:${generateToken()}`;

/**
 * The shop's staff: invitations, roles (built-in and custom), deactivation. Every change is written to the audit
 * log in the same transaction; the rules (one active owner at least, no one changes themself) are pure functions in
 * app/domain/staff/staff-rules.ts.
 */
export function createStaffService(
  db: Db,
  deps: { audit: AuditService; mail: MailService; links: MailLinks; sessions: SessionsService; now?: () => number },
) {
  const { audit, mail, links, sessions } = deps;
  const now = deps.now ?? Date.now;

  function customRoles(): StaffRole[] {
    return db
      .select()
      .from(staffRoles)
      .orderBy(asc(staffRoles.name))
      .all()
      .map((r) => ({ key: r.key, name: r.name, permissions: r.permissions as Permission[], builtIn: false }));
  }

  function allRoles(): StaffRole[] {
    return [...BUILT_IN_ROLE_KEYS.map(builtInRole), ...customRoles()];
  }

  function roleNamed(key: string): StaffRole {
    const role = allRoles().find((r) => r.key === key);
    if (!role) throw new ValidationError("That role does not exist.", { staffRole: ["Choose a role"] });
    return role;
  }

  function members(): StaffMember[] {
    return db
      .select({ id: users.id, staffRole: users.staffRole, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.role, "admin"))
      .all()
      .map((m) => ({ id: m.id, staffRole: m.staffRole ?? "owner", active: m.deactivatedAt === null }));
  }

  function memberOrThrow(userId: number): StaffMember & { username: string } {
    const row = db
      .select({ id: users.id, username: users.username, staffRole: users.staffRole, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "admin")))
      .get();
    if (!row) throw new NotFoundError("There is no such member of staff.");
    return { id: row.id, username: row.username, staffRole: row.staffRole ?? "owner", active: row.deactivatedAt === null };
  }

  function refuseUnless(actor: Actor, target: StaffMember, change: { staffRole?: string; active?: boolean }) {
    const refusal = staffChangeRefusal(actor.id, target, change, members());
    if (refusal) throw new ForbiddenError(refusal);
  }

  /** The pending invitation a mailed link should carry: its token is made now, as the mail goes, and only its hash kept. */
  function mintInviteToken(message: PendingMessage) {
    const at = now();
    const invite = db
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.email, message.to), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, at)))
      .orderBy(desc(staffInvites.id))
      .get();
    if (!invite) return null;
    const token = generateToken();
    db.update(staffInvites)
      .set({ tokenHash: hashToken(token) })
      .where(eq(staffInvites.id, invite.id))
      .run();
    return {
      token,
      revoke: () => db.update(staffInvites).set({ tokenHash: unsent() }).where(eq(staffInvites.id, invite.id)).run(),
    };
  }
  mail.mintTokensFor(STAFF_INVITE_MAIL_KIND, mintInviteToken);

  function openInvite(token: string) {
    if (!TOKEN_PATTERN.test(token)) return null;
    const invite = db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, hashToken(token)))
      .get();
    if (!invite || invite.usedAt !== null || invite.expiresAt <= now()) return null;
    return invite;
  }

  return {
    list(): StaffRow[] {
      const names = new Map(allRoles().map((r) => [r.key, r.name]));
      return db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          staffRole: users.staffRole,
          deactivatedAt: users.deactivatedAt,
          lastSignInAt: users.lastSignInAt,
          totp: totpCredentials.userId,
        })
        .from(users)
        .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
        .where(eq(users.role, "admin"))
        .orderBy(asc(users.username))
        .all()
        .map((r) => {
          const staffRole = r.staffRole ?? "owner";
          return {
            id: r.id,
            username: r.username,
            email: r.email,
            staffRole,
            roleName: names.get(staffRole) ?? `${staffRole} (removed)`,
            active: r.deactivatedAt === null,
            lastSignInAt: r.lastSignInAt,
            twoFactor: r.totp !== null,
          };
        });
    },

    pendingInvites(): PendingInvite[] {
      const names = new Map(allRoles().map((r) => [r.key, r.name]));
      return db
        .select()
        .from(staffInvites)
        .where(and(isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now())))
        .orderBy(desc(staffInvites.id))
        .all()
        .map((i) => ({
          id: i.id,
          email: i.email,
          staffRole: i.staffRole,
          roleName: names.get(i.staffRole) ?? i.staffRole,
          expiresAt: i.expiresAt,
          createdAt: i.createdAt,
        }));
    },

    roles: allRoles,

    /** Mails a single-use link valid for 72 hours; only its hash is ever stored. */
    invite(actor: Actor, input: InviteInput): void {
      const role = roleNamed(input.staffRole);
      const messageId = writeTransaction(db, () => {
        const existing = db.select({ role: users.role }).from(users).where(eq(users.email, input.email)).get();
        if (existing?.role === "admin")
          throw new ConflictError(`${input.email} is already on the staff.`, { email: ["Already on the staff"] });
        // A new invitation to the same address replaces the older ones.
        db.update(staffInvites)
          .set({ usedAt: now() })
          .where(and(eq(staffInvites.email, input.email), isNull(staffInvites.usedAt)))
          .run();
        const invite = db
          .insert(staffInvites)
          .values({
            email: input.email,
            staffRole: role.key,
            tokenHash: unsent(),
            invitedBy: actor.id,
            expiresAt: now() + INVITE_TTL_MS,
          })
          .returning({ id: staffInvites.id })
          .get();
        audit.record(actor, {
          entityType: "staff-invite",
          entityId: invite.id,
          action: "invite",
          after: { email: input.email, staffRole: role.key },
        });
        const content = staffInviteMail({
          roleName: role.name,
          invitedBy: actor.username,
          link: links.withToken("/staff-invite"),
          validHours: INVITE_TTL_MS / 3_600_000,
        });
        return mail.enqueue({ to: input.email, ...content, kind: STAFF_INVITE_MAIL_KIND });
      });
      mail.dispatch(messageId);
    },

    withdrawInvite(actor: Actor, inviteId: number): void {
      writeTransaction(db, () => {
        const done = db
          .update(staffInvites)
          .set({ usedAt: now() })
          .where(and(eq(staffInvites.id, inviteId), isNull(staffInvites.usedAt)))
          .returning({ email: staffInvites.email })
          .get();
        if (!done) throw new NotFoundError("That invitation has already been used or withdrawn.");
        audit.record(actor, {
          entityType: "staff-invite",
          entityId: inviteId,
          action: "withdraw",
          before: { email: done.email },
        });
      });
    },

    changeRole(actor: Actor, userId: number, staffRole: string): void {
      const role = roleNamed(staffRole);
      writeTransaction(db, () => {
        const target = memberOrThrow(userId);
        refuseUnless(actor, target, { staffRole: role.key });
        if (target.staffRole === role.key) return;
        db.update(users).set({ staffRole: role.key }).where(eq(users.id, userId)).run();
        audit.record(actor, {
          entityType: "staff",
          entityId: userId,
          action: "change role",
          before: { username: target.username, staffRole: target.staffRole },
          after: { username: target.username, staffRole: role.key },
        });
      });
    },

    /** Deactivating ends every session of the person at once; reactivating lets them sign in again. */
    setActive(actor: Actor, userId: number, active: boolean): void {
      writeTransaction(db, () => {
        const target = memberOrThrow(userId);
        refuseUnless(actor, target, { active });
        if (target.active === active) return;
        db.update(users)
          .set({ deactivatedAt: active ? null : new Date(now()).toISOString() })
          .where(eq(users.id, userId))
          .run();
        const ended = active ? 0 : sessions.invalidateUserSessions(userId);
        audit.record(actor, {
          entityType: "staff",
          entityId: userId,
          action: active ? "reactivate" : "deactivate",
          before: { username: target.username, active: target.active },
          after: { username: target.username, active, ...(active ? {} : { sessionsEnded: ended }) },
        });
      });
    },

    createRole(actor: Actor, input: { name: string; permissions: Permission[] }): StaffRole {
      const key = customRoleKey(input.name);
      return writeTransaction(db, () => {
        if (db.select({ key: staffRoles.key }).from(staffRoles).where(eq(staffRoles.key, key)).get()) {
          throw new ConflictError("A role with that name already exists.", { name: ["Already taken"] });
        }
        const permissions = [...new Set(input.permissions)];
        db.insert(staffRoles).values({ key, name: input.name, permissions }).run();
        audit.record(actor, {
          entityType: "staff-role",
          entityId: key,
          action: "create",
          after: { name: input.name, permissions: permissions.join(" ") },
        });
        return { key, name: input.name, permissions, builtIn: false };
      });
    },

    /** A custom role nobody holds may go; a built-in role never does. */
    removeRole(actor: Actor, key: string): void {
      if (isBuiltInRole(key)) throw new ForbiddenError("The built-in roles cannot be removed.");
      writeTransaction(db, () => {
        const role = db.select().from(staffRoles).where(eq(staffRoles.key, key)).get();
        if (!role) throw new NotFoundError("That role does not exist.");
        const holder = db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, "admin"), eq(users.staffRole, key)))
          .get();
        if (holder) throw new ConflictError("Someone still holds that role; give them another role first.");
        db.delete(staffRoles).where(eq(staffRoles.key, key)).run();
        audit.record(actor, {
          entityType: "staff-role",
          entityId: key,
          action: "remove",
          before: { name: role.name, permissions: role.permissions.join(" ") },
        });
      });
    },

    /** What an invitation link opens, or null when it is unknown, used, withdrawn or past its 72 hours. */
    viewInvite(token: string): InviteView | null {
      const invite = openInvite(token);
      if (!invite) return null;
      const account = db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).get();
      const roleName = allRoles().find((r) => r.key === invite.staffRole)?.name ?? invite.staffRole;
      return { email: invite.email, staffRole: invite.staffRole, roleName, accountId: account?.id ?? null };
    },

    /**
     * Accepts an invitation: the signed-in account whose address it is joins the staff, or a new account is made for
     * that address. The link works once; for another address it is refused.
     */
    async acceptInvite(
      token: string,
      who: { signedIn: { id: number; email: string; username: string } } | { newAccount: { username: string; password: string } },
      clientIp: string,
    ): Promise<{ userId: number; staffRole: string }> {
      const invite = openInvite(token);
      if (!invite)
        throw new NotFoundError("This invitation link is invalid, used or expired. Ask the shop's owner for a new one.");
      let userId: number;
      let username: string;
      if ("signedIn" in who) {
        if (who.signedIn.email !== invite.email) {
          throw new ForbiddenError("This invitation is for another e-mail address. Sign out, then open the link again.");
        }
        userId = who.signedIn.id;
        username = who.signedIn.username;
      } else {
        if (db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).get()) {
          throw new ConflictError("An account with this e-mail address exists: sign in to it first, then open the link again.");
        }
        const created = await createAccount(db, { ...who.newAccount, email: invite.email, role: "customer" });
        userId = created.id;
        username = created.username;
      }
      return writeTransaction(db, () => {
        // Claimed in one conditional write: two presses of the same link make one member of staff.
        const claimed = db
          .update(staffInvites)
          .set({ usedAt: now() })
          .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt)))
          .run().changes;
        if (claimed === 0) throw new NotFoundError("This invitation link has already been used.");
        db.update(users)
          .set({ role: "admin", staffRole: invite.staffRole, deactivatedAt: null })
          .where(eq(users.id, userId))
          .run();
        audit.record(
          { id: userId, username, ip: clientIp },
          {
            entityType: "staff",
            entityId: userId,
            action: "join",
            area: "staff",
            after: { email: invite.email, staffRole: invite.staffRole },
          },
        );
        return { userId, staffRole: invite.staffRole };
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
