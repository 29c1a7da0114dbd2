/**
 * Gift vouchers for one browser test, made in the run's database through the shop's own voucher ledger (the same
 * hashing and codes the shop uses), as a buyer would hold them: an active voucher and its code, shown once.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, writeTransaction } from "../../../db/client";
import { vouchers } from "../../../db/schema";
import { issueVoucher, mintVoucherCode } from "../../../server/services/voucher-ledger";
import { formatVoucherCode } from "../../../app/domain/vouchers/voucher-code";

function runDb<T>(fn: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(path.join(process.env.E2E_DATA_DIR!, "e2e.db"));
  try {
    return fn(db);
  } finally {
    db.$client.close();
  }
}

/** A paid gift voucher worth `amountPence`, and its code as printed ("ABCD-EFGH-JKMN-PQRS"). */
export function createVoucher(amountPence: number): { id: number; code: string; last4: string } {
  return runDb((db) =>
    writeTransaction(db, () => {
      const today = new Date().toISOString().slice(0, 10);
      const voucher = issueVoucher(db, { kind: "gift", amountPence, issuedOn: today, status: "active" });
      const code = mintVoucherCode(db, voucher.id);
      return { id: voucher.id, code: formatVoucherCode(code), last4: code.slice(-4) };
    }),
  );
}

export function voucherBalance(id: number): number {
  return runDb((db) => db.select({ b: vouchers.balancePence }).from(vouchers).where(eq(vouchers.id, id)).get()!.b);
}
