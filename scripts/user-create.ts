// Creates an account: npm run user:create -- --username U --email E [--role owner|manager|packer|marketer] [--admin]
// The password is typed at a prompt that does not echo it, or piped on stdin; never on the command line.
import { closeDb, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createAccount } from "../server/services/accounts";
import { DomainError } from "../app/domain/shared/errors";
import { cliArgs } from "./args";
import { BUILT_IN_ROLE_KEYS, isBuiltInRole } from "../app/domain/staff/permissions";
import { readPassword } from "./read-password";

const usage =
  "Usage: npm run user:create -- --username U --email E [--role owner|manager|packer|marketer] [--admin]\n" +
  "--role makes a member of staff with that role (--admin is --role owner); without either, a customer.\n" +
  "The password is asked for at a prompt (not shown), or read from the first line of stdin:\n" +
  "  printf '%s\\n' \"$PASSWORD\" | npm run user:create -- --username U --email E";

if (process.argv.includes("--password") || process.argv.some((a) => a.startsWith("--password="))) {
  console.error("Passwords are not taken on the command line, where shell history and process lists would keep them.\n" + usage);
  process.exit(1);
}

let args;
try {
  args = cliArgs({
    username: { type: "string" },
    email: { type: "string" },
    admin: { type: "boolean" },
    role: { type: "string" },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (!args.username || !args.email) {
  console.error(usage);
  process.exit(1);
}
const staffRole = args.role ?? (args.admin ? "owner" : undefined);
if (staffRole !== undefined && !isBuiltInRole(staffRole)) {
  console.error(`Unknown role "${staffRole}": choose ${BUILT_IN_ROLE_KEYS.join(", ")}.\n${usage}`);
  process.exit(1);
}

const password = await readPassword("Password: ");
if (process.stdin.isTTY && (await readPassword("Password again: ")) !== password) {
  console.error("The passwords do not match; nothing was created.");
  process.exit(1);
}
if (!password) {
  console.error(`No password given.\n${usage}`);
  process.exit(1);
}

const db = getDb();
runMigrations(db);
try {
  const user = await createAccount(db, {
    username: args.username,
    email: args.email,
    password,
    role: staffRole ? "admin" : "customer",
    ...(staffRole ? { staffRole } : {}),
  });
  console.log(`Created ${staffRole ?? user.role} "${user.username}" <${user.email}> (id ${user.id}).`);
  if (staffRole === "owner" || staffRole === "manager") {
    console.log("They will be asked to set up two-factor sign-in (an authenticator app) before any back-office page.");
  }
} catch (error) {
  if (error instanceof DomainError) {
    console.error(`Could not create the account: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  closeDb();
}
