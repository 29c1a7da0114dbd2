// Creates an account: npm run user:create -- --username U --email E [--admin]
// The password is typed at a prompt that does not echo it, or piped on stdin; never on the command line.
import { closeDb, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createAccount } from "../server/services/accounts";
import { DomainError } from "../app/domain/shared/errors";
import { cliArgs } from "./args";
import { readPassword } from "./read-password";

const usage =
  "Usage: npm run user:create -- --username U --email E [--admin]\n" +
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
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (!args.username || !args.email) {
  console.error(usage);
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
    role: args.admin ? "admin" : "customer",
  });
  console.log(`Created ${user.role} "${user.username}" <${user.email}> (id ${user.id}).`);
} catch (error) {
  if (error instanceof DomainError) {
    console.error(`Could not create the account: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  closeDb();
}
