import { describe, expect, it } from "vitest";
import { z } from "~/domain/shared/zod";
import { readParams, readSearchParams } from "./search-params";

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

describe("readParams", () => {
  const byId = z.object({ postId: z.coerce.number().int().positive() });

  it("reads a page's path parameters with the schema", () => {
    expect(readParams(byId, { postId: "12" })).toEqual({ postId: 12 });
  });

  it("answers anything the schema refuses with a 404: no such page", () => {
    let thrown: unknown;
    try {
      readParams(byId, { postId: "twelve" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
