import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../../tests/setup/admin-routes";
import { pageGet, routeArgs, settle } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { loader } from "./vat-report-csv";

const shop = useShopServices();

const get = (path: string, cookie: string) =>
  loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path, cookie)) as never);

describe("a table of the VAT report as CSV", () => {
  it("writes the month's IOSS table and logs the export", async () => {
    const admin = await signedInAdmin(shop);
    const response = await get("/admin/vat-report.csv?month=2026-03&table=ioss", admin.cookie);
    expect(response.headers.get("Content-Disposition")).toContain("needledrop-vat-ioss-2026-03.csv");
    const rows = parseCsv(await response.text(), { bom: true }) as string[][];
    expect(rows[0]?.slice(0, 3)).toEqual(["Member state", "Country code", "VAT rate %"]);
    const logged = shop.s.audit.forEntity("export", "vat-report/ioss");
    expect(logged[0]?.after).toEqual({ month: "2026-03" });
  });

  it("answers a 400, not a 500, for a month or a table it does not know", async () => {
    const admin = await signedInAdmin(shop);
    expect((await settle(() => get("/admin/vat-report.csv?month=2026-13&table=ioss", admin.cookie))).status).toBe(400);
    expect((await settle(() => get("/admin/vat-report.csv?month=2026-03&table=moss", admin.cookie))).status).toBe(400);
  });
});
