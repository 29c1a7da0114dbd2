import { eq } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { appMeta, staffRoles, totpCredentials, users } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import {
  areaOf,
  may,
  requiresTwoFactor,
  roleOf,
  type PagePermission,
  type Permission,
  type StaffRole,
} from "../../app/domain/staff/permissions";
import type { AuditService } from "./audit";

const TWO_FACTOR_FOR_ALL_KEY = "staff_two_factor_required";

/** Who is asking, as a request knows them. */
export interface Asker {
  user: { id: number; username: string; role: string } | null;
  clientIp: string;
}

export type AccessDecision =
  | { ok: true; actor: Actor & { permission: string }; role: StaffRole }
  | { ok: false; reason: "signed-out" }
  | { ok: false; reason: "forbidden" }
  /** The person's role needs a second factor and they have none yet: send them to set one up. */
  | { ok: false; reason: "two-factor-setup" };

/**
 * The one place the back office decides who may do what. Every admin page, action, procedure, export and upload
 * asks it; a refusal of a signed-in person is written to the audit log.
 */
export function createStaffAccessService(db: Db, { audit }: { audit: AuditService }) {
  const cached = createReadCache(db, { max: 2_048 });

  function customRole(key: string): StaffRole | undefined {
    return cached(`role:${key}`, () => {
      const row = db.select().from(staffRoles).where(eq(staffRoles.key, key)).get();
      return row ? { key: row.key, name: row.name, permissions: row.permissions as Permission[], builtIn: false } : undefined;
    });
  }

  function account(userId: number) {
    return cached(
      `user:${userId}`,
      () =>
        db
          .select({
            role: users.role,
            staffRole: users.staffRole,
            deactivatedAt: users.deactivatedAt,
            totp: totpCredentials.userId,
          })
          .from(users)
          .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
          .where(eq(users.id, userId))
          .get() ?? null,
    );
  }

  function twoFactorRequiredForAll(): boolean {
    return cached(
      "two-factor-for-all",
      () => db.select().from(appMeta).where(eq(appMeta.key, TWO_FACTOR_FOR_ALL_KEY)).get()?.value === "1",
    );
  }

  function refuse(asker: Asker, permission: PagePermission, what: string): void {
    if (!asker.user) return;
    audit.record(
      { id: asker.user.id, username: asker.user.username, ip: asker.clientIp, permission },
      { entityType: "access", entityId: what.slice(0, 200), action: "refused", area: areaOf(permission) },
    );
  }

  return {
    /** The staff role a signed-in account holds (null for a customer or a deactivated account). */
    roleOf(userId: number): StaffRole | null {
      const row = account(userId);
      if (!row || row.deactivatedAt) return null;
      return roleOf(row, customRole);
    },

    /**
     * May `asker` do what needs `permission`? `what` names the page or procedure, for the log of refusals. A person
     * whose role needs a second factor they have not set up is sent to set it up (their session, when they have one,
     * has already passed it: a session without the step is not signed in).
     */
    check(asker: Asker, permission: PagePermission, what: string): AccessDecision {
      if (!asker.user) return { ok: false, reason: "signed-out" };
      const row = account(asker.user.id);
      // An account no longer in the database (removed mid-session) has nothing to log a refusal against.
      if (!row) return { ok: false, reason: "forbidden" };
      // Staff by the request's own view of the account (read with the session) and by the database's.
      const role = asker.user.role === "admin" && !row.deactivatedAt ? roleOf(row, customRole) : null;
      if (!role) {
        refuse(asker, permission, what);
        return { ok: false, reason: "forbidden" };
      }
      if (requiresTwoFactor(role, twoFactorRequiredForAll()) && row.totp === null)
        return { ok: false, reason: "two-factor-setup" };
      if (!may(role, permission)) {
        refuse(asker, permission, what);
        return { ok: false, reason: "forbidden" };
      }
      return { ok: true, role, actor: { id: asker.user.id, username: asker.user.username, ip: asker.clientIp, permission } };
    },

    twoFactorRequiredForAll,

    /** The owner's switch: a second factor for every member of staff, not only owners and managers. */
    setTwoFactorRequiredForAll(actor: Actor, on: boolean): void {
      writeTransaction(db, () => {
        const before = twoFactorRequiredForAll();
        db.insert(appMeta)
          .values({ key: TWO_FACTOR_FOR_ALL_KEY, value: on ? "1" : "0" })
          .onConflictDoUpdate({ target: appMeta.key, set: { value: on ? "1" : "0" } })
          .run();
        audit.record(actor, {
          entityType: "setting",
          entityId: TWO_FACTOR_FOR_ALL_KEY,
          action: "change",
          before: { twoFactorForAllStaff: before },
          after: { twoFactorForAllStaff: on },
        });
      });
    },
  };
}

export type StaffAccessService = ReturnType<typeof createStaffAccessService>;
