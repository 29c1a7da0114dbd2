import { describe, expect, it } from "vitest";
import { artistReply, recordLine, recordSentence, recordsReply, toMatch, type RecordFacts } from "./catalogue-reply";

const TODAY = "2026-11-22";
const record = (over: Partial<RecordFacts>): RecordFacts => ({
  id: 1,
  title: "Blue Train",
  artist: "John Coltrane",
  releaseDate: "1957-09-01",
  stockQuantity: 20,
  pricePence: 2499,
  ...over,
});

describe("stock wording (spec §9)", () => {
  it("reads 'In Stock', 'Running Low' (above 5 up to 10), 'Not In Stock' (0) and pre-orders with their date", () => {
    expect(recordSentence(toMatch(record({ stockQuantity: 20 }), TODAY))).toBe(
      '"Blue Train" by John Coltrane is In Stock at £24.99.',
    );
    expect(recordSentence(toMatch(record({ stockQuantity: 3 }), TODAY))).toBe(
      '"Blue Train" by John Coltrane is In Stock at £24.99.',
    );
    expect(recordSentence(toMatch(record({ stockQuantity: 8 }), TODAY))).toBe(
      '"Blue Train" by John Coltrane is Running Low at £24.99, so don\'t wait too long.',
    );
    expect(recordSentence(toMatch(record({ stockQuantity: 0 }), TODAY))).toBe(
      '"Blue Train" by John Coltrane is Not In Stock at the moment.',
    );
    expect(recordSentence(toMatch(record({ stockQuantity: 0, releaseDate: "2026-12-05" }), TODAY))).toBe(
      '"Blue Train" by John Coltrane is a Pre-Order, released on 5 December 2026 (£24.99). Your card is charged when you order.',
    );
    // Released today: no longer a pre-order.
    expect(toMatch(record({ releaseDate: TODAY }), TODAY).state).toBe("in-stock");
  });

  it("links to the record page", () => {
    expect(toMatch(record({ id: 12 }), TODAY).path).toBe("/vinyl/12-john-coltrane-blue-train");
  });

  it("lists several records, and an artist's records with a link to all of them", () => {
    const a = toMatch(record({ id: 1 }), TODAY);
    const b = toMatch(record({ id: 2, title: "A Love Supreme", stockQuantity: 6 }), TODAY);
    const c = toMatch(record({ id: 3, title: "Coda", releaseDate: "2027-01-15" }), TODAY);
    expect(recordLine(c)).toBe('• "Coda" by John Coltrane: Pre-Order, released on 15 January 2027');
    expect(recordsReply([a, b])).toEqual({
      reply:
        'I found these records:\n• "Blue Train" by John Coltrane: In Stock\n• "A Love Supreme" by John Coltrane: Running Low',
      links: [
        { href: "/vinyl/1-john-coltrane-blue-train", label: "Blue Train by John Coltrane" },
        { href: "/vinyl/2-john-coltrane-a-love-supreme", label: "A Love Supreme by John Coltrane" },
      ],
    });
    const artist = artistReply("John Coltrane", [a, b, c], 7);
    expect(artist.reply).toBe(
      'Here\'s what we have by John Coltrane:\n• "Blue Train": In Stock\n• "A Love Supreme": Running Low\n• "Coda": Pre-Order, released on 15 January 2027\n…and 4 more.',
    );
    expect(artist.links.at(-1)).toEqual({ href: "/browse?q=John+Coltrane", label: "Everything by John Coltrane" });
    expect(recordsReply([])).toEqual({ reply: null, links: [] });
    expect(artistReply("X", [], 0)).toEqual({ reply: null, links: [] });
  });
});
