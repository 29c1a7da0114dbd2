/**
 * What the shop buys in: a collection bought from the public (or stock from a dealer), written as one
 * `stock_purchases` row and its used copies in one transaction, with audit rows; the printable purchase record the
 * seller signs; and a copy's purchase price set or corrected later. The "purchase" side of the margin scheme's stock
 * book (HMRC VAT Notice 718, record keeping); the sale side is in stock-book.ts.
 */
import { and, asc, desc, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import type { Grade } from "../../app/domain/catalogue/grades";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { NAME_A_PRESSING, type StockPurchaseInput } from "../../app/domain/vat/stock-purchase-schema";
import type { VatScheme } from "../../app/domain/vat/vat-schemes";
import { writeTransaction, type Db } from "../../db/client";
import { records, stockPurchases, type StockPurchaseRow } from "../../db/schema";
import type { AuditService } from "./audit";
import { shortReference } from "./short-reference";
import type { UsedCopiesService } from "./used-copies";

export interface PurchasedCopy {
  id: number;
  catalogueId: string;
  title: string;
  artist: string;
  mediaGrade: Grade | null;
  sleeveGrade: Grade | null;
  purchasePricePence: number | null;
  pricePence: number;
  sold: boolean;
}

export interface PurchaseRecord {
  purchase: StockPurchaseRow;
  copies: PurchasedCopy[];
}

/** How a copy was bought, as the back office's list of a pressing's copies shows it. */
export interface CopyPurchaseFacts {
  vatScheme: VatScheme;
  purchasePricePence: number | null;
  purchasedAt: string | null;
  purchasedFrom: string | null;
  purchaseReference: string | null;
}

export function createStockPurchasesService(db: Db, deps: { audit: AuditService; usedCopies: Pick<UsedCopiesService, "add"> }) {
  /** The pressing a row names: its catalogue id, else the one pressing whose title and artist hold every word. */
  function pressingFor(text: string, field: string): number {
    const exact = db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(sql`lower(${records.catalogueId})`, text.toLowerCase()), ne(records.condition, "used")))
      .get();
    if (exact) return exact.id;
    const words = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
    const found = db
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          ne(records.condition, "used"),
          ...words.map((w) => like(sql`lower(${records.title} || ' ' || ${records.artist})`, `%${w.replace(/[%_]/g, "")}%`)),
        ),
      )
      .limit(2)
      .all();
    if (found.length === 1) return found[0]!.id;
    const message =
      found.length === 0
        ? `No pressing matches "${text}". ${NAME_A_PRESSING}`
        : `More than one pressing matches "${text}": enter its catalogue id.`;
    throw new ValidationError(message, { [field]: [message] });
  }

  const copiesOf = (purchaseId: number): PurchasedCopy[] =>
    db
      .select({
        id: records.id,
        catalogueId: records.catalogueId,
        title: records.title,
        artist: records.artist,
        mediaGrade: records.mediaGrade,
        sleeveGrade: records.sleeveGrade,
        purchasePricePence: records.purchasePricePence,
        pricePence: records.pricePence,
        sold: sql<number>`${records.stockQuantity} = 0`.mapWith(Boolean),
      })
      .from(records)
      .where(eq(records.stockPurchaseId, purchaseId))
      .orderBy(asc(records.id))
      .all();

  return {
    /**
     * Buys a collection: the purchase row, then each copy listed through the used copies service (one unit on the
     * shelf, its grades, its price paid and selling price, the purchase's scheme, date and seller). All or nothing:
     * a row that names no pressing refuses the whole purchase, with the message beside that row.
     */
    buy(actor: Actor, v: StockPurchaseInput): PurchaseRecord {
      const pressings = v.rows.map((row, i) => pressingFor(row.pressing, `rows[${row.formRow ?? i}].pressing`));
      return writeTransaction(db, () => {
        const purchase = db
          .insert(stockPurchases)
          .values({
            reference: shortReference("PU"),
            sellerName: v.sellerName,
            sellerAddress: v.sellerAddress,
            boughtAt: v.boughtAt,
            vatScheme: v.vatScheme,
            invoiceReference: v.invoiceReference ?? null,
            totalPence: v.rows.reduce((sum, r) => sum + r.purchasePrice, 0),
            note: v.note ?? null,
            staffId: actor.id,
          })
          .returning()
          .get();
        v.rows.forEach((row, i) => {
          deps.usedCopies.add(
            actor,
            pressings[i]!,
            {
              price: row.price,
              mediaGrade: row.mediaGrade,
              sleeveGrade: row.sleeveGrade,
              vatScheme: v.vatScheme,
              purchasePrice: row.purchasePrice,
              purchasedAt: v.boughtAt,
              purchasedFrom: v.sellerName,
            },
            [],
            null,
            { stockPurchaseId: purchase.id },
          );
        });
        deps.audit.record(actor, {
          entityType: "stock purchase",
          entityId: purchase.id,
          action: `collection bought (${v.rows.length} ${v.rows.length === 1 ? "copy" : "copies"})`,
          area: "stock",
          after: {
            reference: purchase.reference,
            seller: v.sellerName,
            boughtAt: v.boughtAt,
            vatScheme: v.vatScheme,
            total: purchase.totalPence,
            copies: v.rows.length,
          },
        });
        return { purchase, copies: copiesOf(purchase.id) };
      });
    },

    /** Every purchase, newest first, with how many copies it brought. */
    list(limit = 200): (StockPurchaseRow & { copies: number })[] {
      return db
        .select({
          purchase: stockPurchases,
          copies: sql<number>`(select count(*) from ${records} where ${records.stockPurchaseId} = ${stockPurchases.id})`,
        })
        .from(stockPurchases)
        .orderBy(desc(stockPurchases.boughtAt), desc(stockPurchases.id))
        .limit(limit)
        .all()
        .map((r) => ({ ...r.purchase, copies: r.copies }));
    },

    /** One purchase and its copies, for its printable record; NotFoundError when there is none. */
    get(reference: string): PurchaseRecord {
      const purchase = db.select().from(stockPurchases).where(eq(stockPurchases.reference, reference)).get();
      if (!purchase) throw new NotFoundError("No purchase with that reference.");
      return { purchase, copies: copiesOf(purchase.id) };
    },

    /** How each of these copies was bought (for the back office only: shoppers never see a purchase price). */
    factsOf(copyIds: readonly number[]): Map<number, CopyPurchaseFacts> {
      if (copyIds.length === 0) return new Map();
      const rows = db
        .select({
          id: records.id,
          vatScheme: records.vatScheme,
          purchasePricePence: records.purchasePricePence,
          purchasedAt: records.purchasedAt,
          purchasedFrom: records.purchasedFrom,
          purchaseReference: stockPurchases.reference,
        })
        .from(records)
        .leftJoin(stockPurchases, eq(stockPurchases.id, records.stockPurchaseId))
        .where(inArray(records.id, [...copyIds]))
        .all();
      return new Map(rows.map(({ id, ...facts }) => [id, facts]));
    },

    /**
     * Sets or corrects what the shop paid for a copy not sold yet (a sold copy's VAT was worked out on the price it
     * had then, kept on its order line). Audited.
     */
    setPurchasePrice(actor: Actor, copyId: number, pence: number, pressingId?: number): void {
      writeTransaction(db, () => {
        const copy = db.select().from(records).where(eq(records.id, copyId)).get();
        if (!copy || copy.condition !== "used" || (pressingId !== undefined && copy.usedOfRecordId !== pressingId)) {
          throw new NotFoundError("No used copy with that id.");
        }
        if (copy.stockQuantity === 0 && copy.purchasePricePence !== null) {
          throw new ConflictError("This copy has been sold: its VAT was worked out on the price paid it had then.");
        }
        if (copy.purchasePricePence === pence) return;
        db.update(records).set({ purchasePricePence: pence }).where(eq(records.id, copyId)).run();
        deps.audit.record(actor, {
          entityType: "record",
          entityId: copyId,
          action: copy.purchasePricePence === null ? "purchase price set" : "purchase price corrected",
          before: { purchasePrice: copy.purchasePricePence },
          after: { purchasePrice: pence },
        });
      });
    },
  };
}

export type StockPurchasesService = ReturnType<typeof createStockPurchasesService>;
