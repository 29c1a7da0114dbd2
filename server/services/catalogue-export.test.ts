import { beforeAll, describe, expect, it } from "vitest";
import { recordCount, upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { exportCatalogueCsv } from "./catalogue-export";
import { createCatalogueImportService, type CatalogueImportService } from "./catalogue-import";

const admin = useCatalogueAdmin();
let imports: CatalogueImportService;

beforeAll(() => {
  imports = createCatalogueImportService(admin.t.db, { importDir: admin.importDir });
});

describe("the catalogue's export", () => {
  it("exports the whole catalogue in the import's columns", async () => {
    const csv = exportCatalogueCsv(admin.t.db);
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "catalogue_number,title,artist,genre,price,format,label,release_date,physical_release_date,year,condition,duration,rating,new_release,best_seller,description,stock,published",
    );
    expect(lines.length).toBeGreaterThan(recordCount(admin.t.db));
    // Importing the export back changes nothing for the records it can match.
    const preview = await imports.previewImport(upload(csv));
    expect(preview.plan.counts.update).toBe(0);
    expect(preview.plan.counts.create).toBe(0);
  });
});
