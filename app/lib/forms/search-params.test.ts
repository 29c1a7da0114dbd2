import { describe, expect, it } from "vitest";
import { z } from "~/domain/shared/zod";
import { readSearchParams } from "./search-params";

const schema = z.object({
  status: z.enum(["paid", "shipped"], { error: "Choose a status" }).optional(),
  page: z.coerce.number({ error: "A page is a number" }).int().min(1, "Pages start at 1").default(1),
});

describe("readSearchParams", () => {
  it("reads the address with the schema, the last value winning", () => {
    expect(readSearchParams(schema, new URLSearchParams("status=paid&page=2&page=3"))).toEqual({
      query: { status: "paid", page: 3 },
      problem: null,
    });
  });

  it("falls back to the schema's defaults for a bad address and says every thing wrong with it", () => {
    expect(readSearchParams(schema, new URLSearchParams("status=lost&page=0"))).toEqual({
      query: { page: 1 },
      problem: "Choose a status; Pages start at 1",
    });
  });
});
