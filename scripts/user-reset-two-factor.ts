// Removes an account's second factor: npm run user:reset-two-factor -- --username U
// For the only owner who lost their phone and recovery codes (nobody else can let them in). Run on the server, so
// whoever runs it already holds the database; it also ends the account's sessions and is written to the audit log.
import { closeDb, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createServices } from "../server/services";
import { cliArgs } from "./args";

const usage = "Usage: npm run user:reset-two-factor -- --username U";

let args;
try {
  args = cliArgs({ username: { type: "string" } });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (!args.username) {
  console.error(usage);
  process.exit(1);
}

const db = getDb();
runMigrations(db);
try {
  const services = createServices(db, { mediaDir: "", mailTransport: { send: async () => {} } });
  const result = services.twoFactor.resetByCommand(args.username, "server command");
  if (!result) {
    console.error(`No account is called "${args.username}".`);
    process.exitCode = 1;
  } else {
    console.log(
      `${result.hadTwoFactor ? "Removed the second factor and recovery codes of" : "No second factor was set for"} ` +
        `"${args.username}" (id ${result.userId}); ended ${result.sessionsEnded} session(s). ` +
        "They sign in with their password and, if their role needs it, set up a new app at once.",
    );
  }
} finally {
  closeDb();
}
