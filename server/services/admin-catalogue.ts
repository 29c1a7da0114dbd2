/**
 * The back office's catalogue, as the adapters reach it: its records (admin-records.ts), the CSV export
 * (catalogue-export.ts) and the staged import (catalogue-import.ts) behind one service.
 */
import path from "node:path";
import type { Db } from "../../db/client";
import { createAdminRecordsService } from "./admin-records";
import { exportCatalogueCsv } from "./catalogue-export";
import { createCatalogueImportService } from "./catalogue-import";
import type { AuditService } from "./audit";
import type { EditListeners } from "./record-edits";
import type { UsedCopiesService } from "./used-copies";

export function createAdminCatalogueService(
  db: Db,
  {
    mediaDir,
    importDir = path.join(path.dirname(mediaDir), "imports"),
    wants,
    audit,
    copies,
  }: {
    mediaDir: string;
    importDir?: string;
    wants?: EditListeners;
    audit?: AuditService;
    /** Adds a Discogs inventory's rows as used copies. */
    copies?: Pick<UsedCopiesService, "add">;
  },
) {
  return {
    ...createAdminRecordsService(db, { mediaDir, wants, audit }),
    ...createCatalogueImportService(db, { importDir, wants, copies, audit }),
    exportCsv: () => exportCatalogueCsv(db),
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
