import { describe, expect, it } from "vitest";
import { INVALID_EMAIL, SELECT_GENRE } from "~/domain/newsletter/newsletter-schema";
import { newsletterErrors } from "./newsletter-validation";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("newsletterErrors", () => {
  it("finds nothing wrong with an address and a genre", () => {
    expect(newsletterErrors(form({ email: " Ann@Example.com ", favoriteGenre: "Jazz" }))).toEqual({});
  });

  it("gives each field its spec message, one per field", () => {
    expect(newsletterErrors(form({ email: "not-an-email", favoriteGenre: "" }))).toEqual({
      email: INVALID_EMAIL,
      favoriteGenre: SELECT_GENRE,
    });
  });

  it("treats missing fields as empty", () => {
    expect(newsletterErrors(new FormData())).toEqual({ email: INVALID_EMAIL, favoriteGenre: SELECT_GENRE });
  });
});
