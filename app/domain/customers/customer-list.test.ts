import { describe, expect, it } from "vitest";
import {
  clubWords,
  customerCsvRow,
  customerListQuerySchema,
  customerListSearch,
  customerName,
  postcodeKey,
} from "./customer-list";

describe("the customer list's address", () => {
  it("reads search, sort and page with defaults, and writes them back leaving the defaults out", () => {
    expect(customerListQuerySchema.parse({})).toEqual({ sort: "spend", page: 1 });
    const q = customerListQuerySchema.parse({ q: "  ada ", sort: "last-order", page: "3" });
    expect(q).toEqual({ q: "ada", sort: "last-order", page: 3 });
    expect(customerListSearch(q)).toBe("?q=ada&sort=last-order&page=3");
    expect(customerListSearch({ sort: "spend", page: 1 })).toBe("");
  });

  it("refuses a sort or page that is not one of its own, in words", () => {
    expect(customerListQuerySchema.safeParse({ sort: "password" }).error?.issues[0]?.message).toBe("Choose a sort from the list");
    expect(customerListQuerySchema.safeParse({ page: "x" }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ q: "a".repeat(101) }).success).toBe(false);
  });
});

describe("a customer's words", () => {
  it("names them by first and last name, else their username", () => {
    expect(customerName({ firstName: "Ada", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
    expect(customerName({ firstName: " ", lastName: null, username: "ada" })).toBe("ada");
  });

  it("matches postcodes without spaces or case, and says club membership with its plan", () => {
    expect(postcodeKey(" sw1a  1aa ")).toBe("SW1A1AA");
    expect(clubWords("one-lp")).toBe("Yes, One LP a month");
    expect(clubWords(null)).toBe("No");
  });

  it("exports spend in pounds and dates as London reads them", () => {
    const row = customerCsvRow({
      id: 7,
      username: "ada",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      zipCode: "SW1A 1AA",
      orderCount: 2,
      spendPence: 123456,
      lastOrderAt: "2026-07-01T09:30:00.000Z",
      clubPlan: "two-lp",
      createdAt: "2026-01-15T12:00:00.000Z",
    });
    expect(row).toEqual([
      "7",
      "Ada Lovelace",
      "ada@example.com",
      "SW1A 1AA",
      "2",
      "1234.56",
      "01/07/2026 10:30",
      "Yes, Two LPs a month",
      "15/01/2026 12:00",
    ]);
  });
});
