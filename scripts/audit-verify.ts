// Checks the audit log's hash chain: npm run audit:verify
// Every row's hash covers its content and the row before it, so a row edited or removed with plain SQL shows up
// here as the first row that no longer matches. Exits 1 when the chain is broken.
import fs from "node:fs";
import { closeDb, databasePath, getDb } from "../db/client";
import { createAuditService } from "../server/services/audit";

const file = databasePath();
if (!fs.existsSync(file)) {
  console.error(`No database at ${file} (set DATABASE_PATH).`);
  process.exit(1);
}

try {
  const { checked, unchained, broken } = createAuditService(getDb()).verify();
  if (broken) {
    console.error(`Audit log broken at row #${broken.id}: ${broken.reason}.`);
    process.exitCode = 1;
  } else {
    console.log(`Audit log intact: ${checked} rows checked (${unchained} from before the chain).`);
  }
} catch (error) {
  console.error(`Could not check the audit log: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  closeDb();
}
