/**
 * The back office's "buy a collection" form: who sold it, when, under which VAT scheme, and each copy bought (the
 * pressing, its grades, what the shop paid and what it will sell for). One schema for the form, its action and the
 * service. Rows left wholly blank are dropped, so the form can offer a fixed number of rows without JavaScript.
 * The seller's name and address and each copy's price are what HMRC asks of a purchase record the shop makes out
 * itself when buying from the public (VAT Notice 718, record keeping: purchase invoices for margin-scheme goods).
 */
import { z } from "~/domain/shared/zod";
import { usedCopySchema, BAD_PURCHASE_DATE, BAD_PURCHASE_PRICE } from "~/domain/catalogue/used-copy-schema";
import { VAT_SCHEMES } from "./vat-schemes";

export const PURCHASE_ROWS = 8;
export const MAX_PURCHASE_ROWS = 200;
export const NO_COPIES = "Enter at least one copy bought.";
export const NAME_A_PRESSING = "Enter the pressing's catalogue id, or words from its title and artist.";
export const INVOICE_NEEDED = "Enter the dealer's VAT invoice number: standard-rated stock is bought with one.";

const blankToUndefined = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v);
const requiredText = (max: number, missing: string, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).min(1, missing).max(max, tooLong));

const ROW_FIELDS = ["pressing", "mediaGrade", "sleeveGrade", "purchasePrice", "price"] as const;
const isBlankRow = (row: unknown) =>
  !!row &&
  typeof row === "object" &&
  ROW_FIELDS.every((k) => {
    const v = (row as Record<string, unknown>)[k];
    return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  });

export const purchaseRowSchema = z.object({
  pressing: requiredText(200, NAME_A_PRESSING, NAME_A_PRESSING),
  mediaGrade: usedCopySchema.shape.mediaGrade,
  sleeveGrade: usedCopySchema.shape.sleeveGrade,
  purchasePrice: usedCopySchema.shape.purchasePrice.transform((v, ctx) => {
    if (v !== undefined) return v;
    ctx.addIssue({ code: "custom", message: BAD_PURCHASE_PRICE });
    return z.NEVER;
  }),
  price: usedCopySchema.shape.price,
});
/** A copy bought, and the place of its row on the form (for a message beside it). */
export type PurchaseRowInput = z.output<typeof purchaseRowSchema> & { formRow?: number };

export const stockPurchaseSchema = z
  .object({
    sellerName: requiredText(200, "Enter the seller's name.", "Keep the seller's name under 200 characters."),
    sellerAddress: requiredText(500, "Enter the seller's address.", "Keep the address under 500 characters."),
    boughtAt: z.preprocess(blankToUndefined, z.iso.date({ error: BAD_PURCHASE_DATE })),
    vatScheme: z.enum(VAT_SCHEMES, { error: "Choose how the records were bought." }),
    invoiceReference: z.preprocess(
      blankToUndefined,
      z.string().max(60, "Keep the invoice number under 60 characters.").optional(),
    ),
    note: z.preprocess(blankToUndefined, z.string().max(500, "Keep the note under 500 characters.").optional()),
    // A blank row is null, so a message keeps the place of the row it is about; the blanks are dropped after.
    rows: z
      .array(
        z.preprocess((row) => (isBlankRow(row) ? null : row), purchaseRowSchema.nullable()),
        { error: NO_COPIES },
      )
      .transform((rows) => rows.flatMap((row, formRow) => (row ? [{ ...row, formRow }] : [])))
      .refine((rows) => rows.length > 0, NO_COPIES)
      .refine((rows) => rows.length <= MAX_PURCHASE_ROWS, `At most ${MAX_PURCHASE_ROWS} copies at a time.`),
  })
  .superRefine((v, ctx) => {
    if (v.vatScheme === "standard" && !v.invoiceReference) {
      ctx.addIssue({ code: "custom", path: ["invoiceReference"], message: INVOICE_NEEDED });
    }
  });
/** The parsed form; a caller other than the form (a test, a script) may leave out the rows' places. */
export type StockPurchaseInput = Omit<z.output<typeof stockPurchaseSchema>, "rows"> & { rows: PurchaseRowInput[] };

/** How many row inputs the form shows: `?rows=` asks for more (in steps of PURCHASE_ROWS), within the limit. */
export function purchaseRowCount(asked: string | null): number {
  const n = Number(asked);
  if (!Number.isSafeInteger(n) || n <= PURCHASE_ROWS) return PURCHASE_ROWS;
  return Math.min(MAX_PURCHASE_ROWS, Math.ceil(n / PURCHASE_ROWS) * PURCHASE_ROWS);
}

/** Setting or correcting what the shop paid for one copy (the back office's copy list). */
export const copyPurchasePriceSchema = z.object({
  copyId: z.coerce.number({ error: "No such copy." }).int().positive(),
  purchasePrice: purchaseRowSchema.shape.purchasePrice,
});
