import { describe, expect, it } from "vitest";
import { newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { makeExpiredVoucher, makeVoucher, makeVoucherWithCode } from "../../../tests/setup/voucher-fixtures";
import { loader } from "./profile";

const shop = useShopServices();

describe("the profile's gift vouchers and store credit", () => {
  it("lists the customer's own vouchers with last four, balance, expiry and status, and no one else's", async () => {
    const { user } = await newCustomer(shop.s);
    const { user: other } = await newCustomer(shop.s);
    const { voucher: mine, code } = makeVoucherWithCode(shop.t.db, { userId: user.id, amountPence: 1500 });
    const old = makeExpiredVoucher(shop.t.db, { userId: user.id, amountPence: 400 });
    makeVoucher(shop.t.db, { userId: other.id, amountPence: 9900 });
    // A gift bought for their address is not theirs to see by address alone: anyone may sign up with an address.
    makeVoucher(shop.t.db, { kind: "gift", amountPence: 2500, recipientEmail: user.email });
    const out = await settle(() =>
      loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet("/profile", sessionOf(shop.s, user.id).cookie))),
    );
    expect(out.status).toBe(200);
    const vouchers = out.data!.vouchers;
    expect(vouchers.map((v) => v.id).sort()).toEqual([mine.id, old.id].sort());
    expect(vouchers.find((v) => v.id === mine.id)).toEqual({
      id: mine.id,
      kind: "store_credit",
      codeLast4: code.slice(-4),
      initialPence: 1500,
      balancePence: 1500,
      expiresOn: mine.expiresOn,
      standing: "active",
    });
    expect(vouchers.find((v) => v.id === old.id)).toMatchObject({ standing: "expired", balancePence: 400 });
    expect(JSON.stringify(out.data)).not.toContain(code);
  });

  it("is empty for a customer without vouchers", async () => {
    const { user } = await newCustomer(shop.s);
    const out = await settle(() =>
      loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet("/profile", sessionOf(shop.s, user.id).cookie))),
    );
    expect(out.data!.vouchers).toEqual([]);
  });
});
