import { describe, expect, it } from "vitest";
import { DEFAULT_ECHO_LIMIT, echoKnownFields, formFieldLimits } from "./form-echo";
import { z } from "./zod";

const schema = z
  .object({
    email: z.string().trim().max(254),
    postalCode: z.string().transform((v) => v.toUpperCase()),
    note: z.string().max(10).optional().default(""),
    quantity: z.coerce.number().int(),
  })
  .refine((v) => v.quantity > 0);

describe("formFieldLimits", () => {
  it("finds every field with its length limit, through optional, default, transform and refine", () => {
    expect(Object.fromEntries(formFieldLimits(schema))).toEqual({
      email: 254,
      postalCode: DEFAULT_ECHO_LIMIT,
      note: 10,
      quantity: DEFAULT_ECHO_LIMIT,
    });
  });

  it("reads each option of a union, keeping the larger limit", () => {
    const union = z.union([z.object({ a: z.string().max(5) }), z.object({ a: z.string().max(8), b: z.string().max(3) })]);
    expect(Object.fromEntries(formFieldLimits(union))).toEqual({ a: 8, b: 3 });
  });
});

describe("echoKnownFields", () => {
  it("drops fields the form does not have and cuts the rest to their limits", () => {
    const stuffed = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra${i}`, "y".repeat(60)]));
    const result = {
      status: "error" as const,
      initialValue: { ...stuffed, email: "e".repeat(5_000), note: ["a".repeat(50), "b"], quantity: "3" },
      fields: [...Object.keys(stuffed), "email", "note", "quantity"],
      error: { email: ["Too long"] },
    };
    const echoed = echoKnownFields(result, formFieldLimits(schema));
    expect(echoed.initialValue).toEqual({ email: "e".repeat(254), note: ["a".repeat(10), "b"], quantity: "3" });
    expect(echoed.fields).toEqual(["email", "note", "quantity"]);
    expect(echoed.error).toEqual({ email: ["Too long"] });
    expect(JSON.stringify(echoed).length).toBeLessThan(600);
  });

  it("leaves a reply without values alone", () => {
    expect(echoKnownFields({ initialValue: null }, formFieldLimits(schema))).toEqual({ initialValue: null });
  });
});
