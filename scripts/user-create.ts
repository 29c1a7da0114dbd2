// Creates an account: npm run user:create -- --username U --email E --password P [--admin]
import { closeDb, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createAccount } from "../server/services/accounts";
import { DomainError } from "../app/domain/shared/errors";
import { cliArgs } from "./args";

const usage = "Usage: npm run user:create -- --username U --email E --password P [--admin]";

let args;
try {
  args = cliArgs({
    username: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    admin: { type: "boolean" },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (!args.username || !args.email || !args.password) {
  console.error(usage);
  process.exit(1);
}

const db = getDb();
runMigrations(db);
try {
  const user = await createAccount(db, {
    username: args.username,
    email: args.email,
    password: args.password,
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
