import { describe, expect, it } from "vitest";
import { paidUsedCopyOrder, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { pageGet, routeArgs, settle } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { loader } from "./shipping-print";

const shop = useShopServices();
const print = (query: string, cookie: string) => {
  const request = pageGet(`/admin/shipping-management/print?${query}`, cookie);
  return settle(() => loader(routeArgs({ db: shop.t.db, services: shop.s }, request)));
};

describe("packing slips", () => {
  it("name a used copy by its number and reference, with both grades, and leave the new pressing plain", async () => {
    const admin = await signedInAdmin(shop);
    const { orderNumber, copy } = await paidUsedCopyOrder(shop, admin);
    const out = await print(`kind=slips&selected=${orderNumber}`, admin.cookie);
    const lines = out.data!.parcels[0]!.lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]!.copy).toBeNull();
    expect(lines[1]!.copy).toEqual({
      copy: `Used copy #${copy.id}`,
      reference: copy.catalogueId,
      grades: "Media: VG+ · Sleeve: VG",
    });
  });

  it("refuse a request without orders with a 400", async () => {
    const admin = await signedInAdmin(shop);
    expect(await print("kind=slips", admin.cookie)).toMatchObject({ thrown: true, status: 400 });
  });
});
