/**
 * What a member of staff may do in the back office: one permission per area and action. Every admin page, action,
 * `admin.*` procedure, export and upload names the permission it needs, and the server refuses anyone without it.
 */
export const PERMISSIONS = [
  { key: "orders.view", area: "orders", label: "Orders: view" },
  { key: "orders.dispatch", area: "orders", label: "Orders: pack and dispatch (shipping queue, slips, labels)" },
  { key: "orders.cancel", area: "orders", label: "Orders: cancel" },
  { key: "orders.refund", area: "orders", label: "Orders: refund" },
  { key: "stock.manage", area: "stock", label: "Stock and goods-in" },
  { key: "catalogue.edit", area: "catalogue", label: "Catalogue and prices (records, used copies, imports)" },
  { key: "schedule.manage", area: "schedule", label: "Release schedule" },
  { key: "customers.view", area: "customers", label: "Customers: view" },
  { key: "customers.export", area: "customers", label: "Customers: export their data (CSV)" },
  { key: "email.manage", area: "email", label: "Email marketing" },
  { key: "promotions.manage", area: "promotions", label: "Discounts and promotions (codes, slides, lists)" },
  { key: "instagram.manage", area: "instagram", label: "Instagram" },
  { key: "club.manage", area: "club", label: "Record club" },
  { key: "analysis.view", area: "analysis", label: "Business analysis" },
  { key: "shipping.settings", area: "shipping", label: "Delivery rates and customs settings" },
  { key: "staff.manage", area: "staff", label: "Staff and settings (roles, invites, audit log)" },
] as const;

export type Permission = (typeof PERMISSIONS)[number]["key"];

/**
 * What a page open to every member of staff declares (the dashboard, the staff member's own set-up): no grantable
 * permission, only an active back-office account.
 */
export const ANY_STAFF = "back-office" as const;
export type PagePermission = Permission | typeof ANY_STAFF;

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS.map((p) => p.key);

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export const BUILT_IN_ROLES = {
  owner: { name: "Owner", permissions: ALL_PERMISSIONS },
  manager: { name: "Manager", permissions: ALL_PERMISSIONS.filter((p) => p !== "staff.manage") },
  packer: { name: "Packer", permissions: ["orders.view", "orders.dispatch", "stock.manage"] },
  marketer: { name: "Marketer", permissions: ["email.manage", "promotions.manage", "instagram.manage"] },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];

export function isBuiltInRole(value: string): value is BuiltInRole {
  return Object.hasOwn(BUILT_IN_ROLES, value);
}

/** A staff role as the back office resolves it: a built-in one, or one the owner made. */
export interface StaffRole {
  key: string;
  name: string;
  permissions: readonly Permission[];
  builtIn: boolean;
}

export function builtInRole(key: BuiltInRole): StaffRole {
  return { key, name: BUILT_IN_ROLES[key].name, permissions: BUILT_IN_ROLES[key].permissions, builtIn: true };
}

/**
 * The staff role an account holds. A customer holds none; an admin account without one (made before staff roles
 * existed, or by `user:create --admin`) is an owner. An unknown key (a custom role since removed) grants nothing.
 */
export function roleOf(
  user: { role: string; staffRole: string | null },
  customRoles: (key: string) => StaffRole | undefined,
): StaffRole | null {
  if (user.role !== "admin") return null;
  const key = user.staffRole ?? "owner";
  if (isBuiltInRole(key)) return builtInRole(key);
  return customRoles(key) ?? { key, name: key, permissions: [], builtIn: false };
}

/** May a holder of `role` do what needs `permission`? Every staff member may open what needs ANY_STAFF. */
export function may(role: StaffRole | null, permission: PagePermission): boolean {
  if (!role) return false;
  if (permission === ANY_STAFF) return true;
  return role.permissions.includes(permission);
}

/** Owners and managers must use a second factor; other roles when the owner switches it on for all staff. */
export function requiresTwoFactor(role: StaffRole | null, requiredForAllStaff: boolean): boolean {
  if (!role) return false;
  if (role.key === "owner" || role.key === "manager") return true;
  return requiredForAllStaff;
}

/** The area a permission belongs to ("orders.refund" → "orders"), as the audit log files it. */
export function areaOf(permission: PagePermission): string {
  return permission === ANY_STAFF ? "back-office" : permission.slice(0, permission.indexOf("."));
}
