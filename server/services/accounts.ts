import { eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { users, type UserRow } from "../../db/schema";
import { hashPassword } from "../auth/password";
import { ConflictError, ValidationError } from "./errors";

export const newAccountSchema = z.object({
  username: z.string().trim().min(3, "Username must be at least 3 characters").max(40),
  email: z.string().trim().toLowerCase().pipe(z.email("Invalid email address")),
  password: z.string().min(6, "Password must be at least 6 characters").max(200),
  role: z.enum(["customer", "admin"]).default("customer"),
});

export type NewAccount = z.input<typeof newAccountSchema>;

/** What may leave the server about a user: never the password hash. */
export type PublicUser = Omit<UserRow, "passwordHash">;

export function toPublicUser({ passwordHash: _hidden, ...user }: UserRow): PublicUser {
  return user;
}

export async function createAccount(db: Db, input: NewAccount): Promise<PublicUser> {
  const parsed = newAccountSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => i.message).join("; "));
  const { username, email, password, role } = parsed.data;
  const clash = db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)))
    .get();
  if (clash) {
    throw new ConflictError(
      clash.username === username ? `The username "${username}" is already taken.` : `An account with ${email} already exists.`,
    );
  }
  const passwordHash = await hashPassword(password);
  try {
    const row = db.insert(users).values({ username, email, passwordHash, role }).returning().get();
    return toPublicUser(row);
  } catch (error) {
    // Another writer won the race between our check and the insert.
    if (String(error).includes("UNIQUE")) throw new ConflictError("That username or email is already registered.");
    throw error;
  }
}
