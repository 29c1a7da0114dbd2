// Replaces the shop's database with a backup: stop the server first. npm run db:restore -- FILE
import { databasePath } from "../db/client";
import { restoreDatabase } from "../db/backup";
import { cliPositional } from "./args";

const usage = "Usage: npm run db:restore -- FILE   (stop the server first; replaces DATABASE_PATH, default data/needledrop.db)";
const file = cliPositional(usage);
try {
  const { keptAs } = await restoreDatabase(file, databasePath());
  console.log(
    `Restored ${databasePath()} from ${file}; integrity check ok.` +
      (keptAs ? ` The database it replaced is kept as ${keptAs}.` : ""),
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
