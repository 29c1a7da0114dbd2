// Applies pending migrations to DATABASE_PATH (default data/needledrop.db). The server also does this on start.
import { closeDb, databasePath, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";

runMigrations(getDb());
console.log(`Migrations applied to ${databasePath()}`);
closeDb();
