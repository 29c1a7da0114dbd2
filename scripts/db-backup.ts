// Online backup of the shop's database while it runs: npm run db:backup -- FILE
import { databasePath } from "../db/client";
import { backupDatabase } from "../db/backup";
import { cliPositional } from "./args";

const usage = "Usage: npm run db:backup -- FILE   (copies DATABASE_PATH, default data/needledrop.db, to a new FILE)";
const file = cliPositional(usage);
try {
  const result = await backupDatabase(databasePath(), file);
  console.log(
    `Backed up ${databasePath()} to ${result.file}: ${result.pages} pages, ${(result.bytes / 1024 / 1024).toFixed(1)} MB ` +
      `in ${Math.round(result.milliseconds)} ms; integrity check ok.`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
