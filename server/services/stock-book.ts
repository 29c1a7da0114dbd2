/**
 * The margin scheme's stock book, read from the shop's own rows: every used copy sold under the margin scheme, with
 * how it was bought (its purchase record, or the date, seller and price typed on the copy) and, once paid for, its
 * sale (the order, the buyer, what the copy sold for after its share of any discount, the VAT charged at sale).
 * The rules (which rows a quarter shows, the summary, the CSVs) are pure: app/domain/vat/stock-book.ts.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { todayInLondon } from "../../app/domain/shared/dates";
import { sellingPrices } from "../../app/domain/vat/order-vat";
import {
  rowsForQuarter,
  stockBookCsvRows,
  summariseQuarter,
  summaryCsvRows,
  type MarginSummary,
  type StockBookRow,
  type StockBookSale,
} from "../../app/domain/vat/stock-book";
import type { VatQuarter } from "../../app/domain/vat/vat-quarter";
import { writeCsv } from "../../app/domain/shared/csv";
import type { Db } from "../../db/client";
import { orderLines, orders, records, stockPurchases } from "../../db/schema";

export function createStockBookService(db: Db) {
  /** The paid sale of each copy (the latest, should a copy have come back and sold again). */
  function salesOf(copyIds: number[]): Map<number, StockBookSale> {
    if (copyIds.length === 0) return new Map();
    const sold = db
      .select({ line: orderLines, order: orders })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orderLines.recordId, copyIds), isNotNull(orders.paidAt)))
      .orderBy(orderLines.id)
      .all();
    // What each line sold for needs its order's other lines: the discount is shared across them all.
    const orderIds = [...new Set(sold.map((s) => s.order.id))];
    const allLines =
      orderIds.length === 0
        ? []
        : db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id).all();
    const selling = new Map<number, number>();
    for (const orderId of orderIds) {
      const lines = allLines.filter((l) => l.orderId === orderId);
      const order = sold.find((s) => s.order.id === orderId)!.order;
      const prices = sellingPrices(
        lines.map((l) => ({ pricePence: l.unitPricePence, quantity: l.quantity })),
        order.discountPence,
      );
      lines.forEach((l, i) => selling.set(l.id, prices[i]!));
    }
    return new Map(
      sold.map(({ line, order }) => [
        line.recordId,
        {
          soldOn: todayInLondon(new Date(order.paidAt!)),
          orderNumber: order.orderNumber,
          buyer: order.shippingName,
          sellingPence: selling.get(line.id) ?? line.lineTotalPence,
          vatPence: line.vatPence,
          purchasePricePence: line.purchasePricePence,
          refunded: line.refundedQuantity >= line.quantity,
        },
      ]),
    );
  }

  /** Every margin-scheme copy the shop has had, in stock-number order. */
  function allRows(): StockBookRow[] {
    const copies = db
      .select({ copy: records, purchase: stockPurchases })
      .from(records)
      .leftJoin(stockPurchases, eq(stockPurchases.id, records.stockPurchaseId))
      .where(and(eq(records.condition, "used"), eq(records.vatScheme, "margin")))
      .orderBy(records.id)
      .all();
    const sales = salesOf(copies.map((c) => c.copy.id));
    return copies.map(({ copy, purchase }) => ({
      stockNumber: copy.id,
      catalogueId: copy.catalogueId,
      description: `${copy.artist} – ${copy.title}${copy.mediaGrade ? ` (${copy.mediaGrade}/${copy.sleeveGrade})` : ""}`,
      boughtOn: copy.purchasedAt ?? purchase?.boughtAt ?? null,
      seller: purchase?.sellerName ?? copy.purchasedFrom,
      purchasePricePence: copy.purchasePricePence,
      purchaseReference: purchase
        ? purchase.reference + (purchase.invoiceReference ? ` / ${purchase.invoiceReference}` : "")
        : null,
      sale: sales.get(copy.id) ?? null,
    }));
  }

  return {
    /** The quarter's stock book: copies bought or sold in it, and those still on the shelf. */
    book(quarter: VatQuarter): StockBookRow[] {
      return rowsForQuarter(allRows(), quarter);
    },
    summary(quarter: VatQuarter): MarginSummary {
      return summariseQuarter(allRows(), quarter);
    },
    bookCsv(quarter: VatQuarter): string {
      return writeCsv(stockBookCsvRows(this.book(quarter)), { forSpreadsheets: true });
    },
    summaryCsv(quarter: VatQuarter): string {
      return writeCsv(summaryCsvRows(this.summary(quarter)), { forSpreadsheets: true });
    },
  };
}

export type StockBookService = ReturnType<typeof createStockBookService>;
