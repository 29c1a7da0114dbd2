// Seeds DATABASE_PATH if empty; `--records N` then grows the catalogue to N records for benchmarks.
import { closeDb, databasePath, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { growCatalogue, seedIfEmpty } from "../db/seed/run";
import { loadConfig } from "../server/config";
import { cliArgs } from "./args";

const args = cliArgs({ records: { type: "string" } });
const total = args.records === undefined ? undefined : Number(args.records);
if (total !== undefined && (!Number.isInteger(total) || total < 1)) {
  console.error("--records must be a positive whole number, e.g. --records 100000");
  process.exit(1);
}

const config = loadConfig();
const db = getDb();
runMigrations(db);
const started = performance.now();
const result = await seedIfEmpty(db, { seed: config.SEED, mediaDir: config.mediaDir });
console.log(result.seeded ? `Seeded ${databasePath()} (seed ${config.SEED}).` : `${databasePath()} was already seeded.`);
if (total !== undefined) {
  const added = growCatalogue(db, { seed: config.SEED, total });
  console.log(`Added ${added} benchmark records.`);
}
console.log(`Catalogue: ${total ?? result.records} records; took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
closeDb();
