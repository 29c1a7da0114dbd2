import { z } from "~/domain/shared/zod";
import { emailSchema, passwordSchema, usernameSchema } from "~/domain/accounts/auth-schemas";
import { ALL_PERMISSIONS, isBuiltInRole, type Permission } from "./permissions";

/** An invitation link works for 72 hours after it is mailed, once. */
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;

/** A member of staff as the rules about the shop's owners see them. */
export interface StaffMember {
  id: number;
  staffRole: string;
  active: boolean;
}

/**
 * Why a change to a member of staff is refused, or null when it may go ahead. The shop always keeps at least one
 * active owner, and no one changes their own role or deactivates themself (another owner must).
 */
export function staffChangeRefusal(
  actorId: number,
  target: StaffMember,
  change: { staffRole?: string; active?: boolean },
  everyone: readonly StaffMember[],
): string | null {
  if (target.id === actorId) {
    if (change.staffRole !== undefined && change.staffRole !== target.staffRole) return "You cannot change your own role.";
    if (change.active === false) return "You cannot deactivate yourself.";
  }
  const stillOwner = (change.staffRole ?? target.staffRole) === "owner" && (change.active ?? target.active);
  const wasActiveOwner = target.staffRole === "owner" && target.active;
  if (wasActiveOwner && !stillOwner) {
    const otherOwners = everyone.filter((m) => m.id !== target.id && m.staffRole === "owner" && m.active);
    if (otherOwners.length === 0) return "The shop must keep at least one active owner.";
  }
  return null;
}

const roleKeySchema = z
  .string()
  .trim()
  .min(1, "Choose a role")
  .max(40, "Choose a role")
  .regex(/^[a-z][a-z0-9-]*$/, "Choose a role");

export const inviteSchema = z.object({ email: emailSchema, staffRole: roleKeySchema });
export type InviteInput = z.output<typeof inviteSchema>;

export const changeRoleSchema = z.object({ userId: z.coerce.number().int().positive(), staffRole: roleKeySchema });
export const setActiveSchema = z.object({
  userId: z.coerce.number().int().positive(),
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const withdrawInviteSchema = z.object({ inviteId: z.coerce.number().int().positive() });
export const twoFactorForAllSchema = z.object({ required: z.enum(["on", "off"]).transform((v) => v === "on") });

/** A custom role: a name, and at least one of the same permissions the built-in roles are made of. */
export const customRoleSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Give the role a name of 2 to 40 characters")
    .max(40, "Give the role a name of 2 to 40 characters"),
  permissions: z
    .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]), { error: "Choose at least one permission" })
    .min(1, "Choose at least one permission")
    .max(ALL_PERMISSIONS.length),
});
export const removeRoleSchema = z.object({ key: roleKeySchema });

/** The key a custom role is stored under: its name as a slug, never a built-in role's key. */
export function customRoleKey(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
  const key = /^[a-z]/.test(slug) ? slug : `role-${slug || "custom"}`;
  return isBuiltInRole(key) ? `${key}-custom` : key;
}

/** Accepting an invitation as someone new: the account's name and password (the e-mail is the invitation's). */
export const acceptInviteSchema = z
  .object({
    token: z.string().min(20).max(200),
    username: usernameSchema.optional(),
    password: passwordSchema.optional(),
  })
  .refine((v) => (v.username === undefined) === (v.password === undefined), {
    message: "Choose a username and a password",
    path: ["username"],
  });
