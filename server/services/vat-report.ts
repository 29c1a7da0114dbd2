import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vatReport, type VatMonth, type VatReport, type VatReportSale } from "../../app/domain/international/vat-report";

/** A bought gift voucher is not a sale: its VAT is due when it is spent (docs/decisions/0074). */
const notVoucherSale = sql.raw(`o.kind != 'gift_voucher'`);

const saleColumns = sql.raw(`o.country_code as countryCode, o.vat_treatment as vatTreatment, o.vat_country as vatCountry,
  o.vat_rate_basis_points as vatRateBasisPoints, o.export_reason as exportReason, o.total_pence as totalPence,
  o.vat_pence as vatPence,
  coalesce((select sum(l.vat_pence) from order_lines l where l.order_id = o.id and l.vat_scheme = 'margin'), 0) as marginVatPence`);

/**
 * The monthly VAT report (app/domain/international/vat-report.ts): every order paid in the month, whatever became
 * of it since (a later refund is that later month's adjustment), and the refunds given in the month.
 */
export function createVatReportService(db: Db) {
  return {
    month(month: VatMonth): VatReport {
      const sales = db.all<VatReportSale>(sql`
        select ${saleColumns} from orders o
        where o.paid_at >= ${month.startUtc} and o.paid_at < ${month.endUtc} and ${notVoucherSale}`);
      const refunds = db.all<VatReportSale & { amountPence: number }>(sql`
        select ${saleColumns}, f.amount_pence as amountPence
        from refunds f join orders o on o.id = f.order_id
        where f.created_at >= ${month.startUtc} and f.created_at < ${month.endUtc} and o.paid_at is not null
          and ${notVoucherSale}`);
      return vatReport(
        sales,
        refunds.map(({ amountPence, ...order }) => ({ order, amountPence })),
      );
    },
  };
}

export type VatReportService = ReturnType<typeof createVatReportService>;
