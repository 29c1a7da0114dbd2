// Seeds DATABASE_PATH if empty and makes the generated covers its catalogue shows that MEDIA_DIR lacks (the server
// would make them in the background once it listens); `--records N` then grows the catalogue to N records for
// benchmarks (they borrow the shop's covers).
import { closeDb, databasePath, getDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { growCatalogue, seedIfEmpty } from "../db/seed/run";
import { loadConfig } from "../server/config";
import { createMediaService } from "../server/services/media";
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
const result = seedIfEmpty(db, { seed: config.SEED });
console.log(result.seeded ? `Seeded ${databasePath()} (seed ${config.SEED}).` : `${databasePath()} was already seeded.`);
const covers = await createMediaService(db, config.mediaDir).fillMissingCovers();
if (covers.written > 0) console.log(`Made ${covers.written} missing covers in ${config.mediaDir}.`);
if (total !== undefined) {
  const added = growCatalogue(db, { seed: config.SEED, total });
  console.log(`Added ${added} benchmark records.`);
}
console.log(`Catalogue: ${total ?? result.records} records; took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
closeDb();
