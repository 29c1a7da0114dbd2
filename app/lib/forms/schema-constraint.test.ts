import { describe, expect, it } from "vitest";
import { z } from "~/domain/shared/zod";
import { BAD_COPY_PRICE, BAD_PURCHASE_PRICE, COPY_PRICE_RANGE, usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import { intakeCopySchema } from "~/domain/intake/intake-schemas";
import { schemaConstraint } from "./schema-constraint";

const blank = (v: unknown) => (v === "" ? undefined : v);

describe("schemaConstraint", () => {
  const constraint = schemaConstraint(
    z.object({
      title: z.string().trim().min(1).max(40),
      note: z.preprocess(blank, z.string().max(500).optional()),
      copies: z.coerce.number().int().min(0).max(99),
      pence: z.coerce.number().int().positive(),
      anyNumber: z.coerce.number().int(),
      code: z
        .string()
        .max(13)
        .transform((v) => v.toUpperCase()),
      tracking: z.string().pipe(
        z
          .string()
          .trim()
          .max(40)
          .transform((v) => v.toUpperCase()),
      ),
      service: z.enum(["tracked48", "tracked24"]),
      lines: z.array(z.object({ quantity: z.coerce.number().int().min(0).max(9) })).max(20),
      either: z.union([z.string().max(5), z.string().max(50)]),
    }),
  );

  it("keeps what Conform finds: required fields and a choice's pattern", () => {
    expect(constraint.title).toMatchObject({ required: true });
    expect(constraint.note).toMatchObject({ required: false });
    expect(constraint.service).toMatchObject({ required: true, pattern: "tracked48|tracked24" });
  });

  it("adds each field's length and number bounds, through preprocesses, transforms and pipes", () => {
    expect(constraint.title).toMatchObject({ minLength: 1, maxLength: 40 });
    expect(constraint.note).toMatchObject({ maxLength: 500 });
    expect(constraint.copies).toMatchObject({ min: 0, max: 99 });
    expect(constraint.pence).toMatchObject({ min: 1 });
    expect(constraint.code).toMatchObject({ maxLength: 13 });
    expect(constraint.tracking).toMatchObject({ maxLength: 40 });
  });

  it("bounds a list's items by their own name, whatever their index", () => {
    expect(constraint["lines[0].quantity"]).toMatchObject({ min: 0, max: 9 });
    expect(constraint["lines[7].quantity"]).toMatchObject({ min: 0, max: 9 });
  });

  it("adds no bound a person typing could not see: a whole number's safe range, or one branch of a union's", () => {
    expect(constraint.anyNumber).not.toHaveProperty("min");
    expect(constraint.anyNumber).not.toHaveProperty("max");
    expect(constraint.either).not.toHaveProperty("maxLength");
  });

  it("reads a form that is turned into another shape by the fields it has", () => {
    const reshaped = z
      .object({ amount: z.string().max(9), reason: z.string().max(500).optional() })
      .transform((form) => ({ pence: Number(form.amount) * 100, reason: form.reason }));
    expect(schemaConstraint(reshaped).amount).toMatchObject({ required: true, maxLength: 9 });
    expect(schemaConstraint(reshaped).reason).toMatchObject({ required: false, maxLength: 500 });
  });
});

describe("the used copy form without JavaScript", () => {
  // The browser refuses to send a form with an empty `required` field: only the fields the shop needs may carry it.
  it("requires the price and the grades, and none of the optional fields (price paid, date, seller, shelf, release)", () => {
    const c = schemaConstraint(usedCopySchema);
    const required = Object.entries(c)
      .filter(([, v]) => v.required)
      .map(([k]) => k)
      .sort();
    expect(required).toEqual(["mediaGrade", "price", "sleeveGrade"]);
  });

  it("reads the price paid in pounds, blank as not given, and refuses what is not money", () => {
    const base = { price: "10", mediaGrade: "VG", sleeveGrade: "VG" };
    expect(usedCopySchema.parse({ ...base, purchasePrice: "" }).purchasePrice).toBeUndefined();
    expect(usedCopySchema.parse({ ...base, purchasePrice: "4.00" }).purchasePrice).toBe(400);
    expect(usedCopySchema.parse({ ...base, purchasePrice: "0" }).purchasePrice).toBe(0);
    const bad = usedCopySchema.safeParse({ ...base, purchasePrice: "four pounds" });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe(BAD_PURCHASE_PRICE);
  });
});

describe("intake's copy form without JavaScript", () => {
  const base = { pressing: "own:12", mediaGrade: "VG", sleeveGrade: "VG" };
  const priceOf = (price: unknown) => {
    const r = intakeCopySchema.safeParse({ ...base, price });
    return r.success ? r.data.copy.price : r.error.issues[0]!.message;
  };

  it("lets the price be left blank (the suggested price) in the browser too", () => {
    expect(schemaConstraint(intakeCopySchema).price?.required).toBe(false);
  });

  it("reads a typed price in pounds, blank as the suggestion, and says what is wrong with the rest", () => {
    expect(priceOf("")).toBeUndefined();
    expect(priceOf("12.50")).toBe(1250);
    expect(priceOf("£9")).toBe(900);
    expect(priceOf("0")).toBe(COPY_PRICE_RANGE);
    expect(priceOf("twelve")).toBe(BAD_COPY_PRICE);
  });
});

describe("schemaConstraint's memory", () => {
  it("works a schema's constraints out once and hands the same answer back", () => {
    const form = z.object({ name: z.string().min(2).max(10) });
    const first = schemaConstraint(form);
    expect(schemaConstraint(form)).toBe(first);
    expect(first.name).toMatchObject({ required: true, minLength: 2, maxLength: 10 });
    expect(schemaConstraint(z.object({ name: z.string().min(2).max(10) }))).not.toBe(first);
  });
});
