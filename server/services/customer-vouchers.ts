/**
 * A signed-in customer's own gift vouchers and store credit, for their profile: those on their account only (store
 * credit given to them, by a return or as goodwill). Gift vouchers bought for an address are not matched to an account
 * by that address: an account's address is not proven, so a stranger could claim it (docs/decisions/0076).
 */
import { desc, eq } from "drizzle-orm";
import { voucherStanding, type VoucherStanding } from "../../app/domain/vouchers/voucher-admin";
import type { Db } from "../../db/client";
import { vouchers, type VoucherRow } from "../../db/schema";

export interface CustomerVoucher {
  id: number;
  kind: VoucherRow["kind"];
  codeLast4: string | null;
  initialPence: number;
  balancePence: number;
  expiresOn: string;
  standing: VoucherStanding;
}

/** At most this many are listed, newest first. */
export const CUSTOMER_VOUCHERS_SHOWN = 50;

export function createCustomerVouchersService(db: Db) {
  return {
    list(userId: number, today: string): CustomerVoucher[] {
      return db
        .select()
        .from(vouchers)
        .where(eq(vouchers.userId, userId))
        .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
        .limit(CUSTOMER_VOUCHERS_SHOWN)
        .all()
        .map((v) => ({
          id: v.id,
          kind: v.kind,
          codeLast4: v.codeLast4,
          initialPence: v.initialPence,
          balancePence: v.balancePence,
          expiresOn: v.expiresOn,
          standing: voucherStanding(v, today),
        }));
    },
  };
}

export type CustomerVouchersService = ReturnType<typeof createCustomerVouchersService>;
