import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPence } from "../../app/domain/shared/money";
import { records } from "../../db/schema";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createChatService, INDEX_MAX_AGE_MS, type ChatService } from "./chat";

// VinylBot's catalogue answers against the seeded catalogue, plus a few records of known stock added here.
let t: TestDb;
let chat: ChatService;
let clock = 0;

function addRecord(title: string, artist: string, stockQuantity: number, releaseDate: string): number {
  const n = `engage-${title}-${artist}`.replace(/\W+/g, "-").toLowerCase();
  return t.db
    .insert(records)
    .values({
      catalogueId: n,
      title,
      artist,
      coverUrl: `/media/covers/${n}.jpg`,
      audioUrl: `/media/audio/${n}.mp3`,
      duration: 30,
      pricePence: 2250,
      stockQuantity,
      releaseDate,
    })
    .returning({ id: records.id })
    .get().id;
}

let ids: Record<string, number>;

beforeAll(async () => {
  t = await seededTestDb();
  chat = createChatService(t.db, { now: () => clock });
  ids = {
    plenty: addRecord("Glass Harbour Nocturnes", "Séverine Ångström", 40, "2020-01-01"),
    low: addRecord("Quiet Lantern Waltz", "Séverine Ångström", 8, "2021-01-01"),
    few: addRecord("Paper Comet Suite", "Séverine Ångström", 3, "2022-01-01"),
    out: addRecord("Rusted Meridian", "The Velvet Orchard", 0, "2019-05-05"),
    preOrder: addRecord("Tomorrow's Lighthouse", "The Velvet Orchard", 0, "2026-12-05"),
    hidden: addRecord("Neon City", "The Velvet Orchard", 10, "2019-01-01"),
  };
});

afterAll(() => t.cleanup());

const look = (text: string) => chat.lookup(text, TEST_TODAY);

describe("chat lookup: a record named in a message", () => {
  it("answers 'is Blue Train in stock?' with the spec's wording and a link to the record page", async () => {
    const r = await look("is Blue Train in stock?");
    expect(r.kind).toBe("record");
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]).toMatchObject({ title: "Blue Train", artist: "John Coltrane", state: "in-stock", stock: "In Stock" });
    // The price is the seeded one, read back rather than copied, so re-pricing the seed keeps this test about wording.
    const { pricePence } = t.db
      .select({ pricePence: records.pricePence })
      .from(records)
      .where(eq(records.catalogueId, "blue-train"))
      .get()!;
    expect(r.reply).toBe(`"Blue Train" by John Coltrane is In Stock at ${formatPence(pricePence)}.`);
    expect(r.links).toEqual([{ href: r.matches[0]!.path, label: "Blue Train by John Coltrane" }]);
    expect(r.matches[0]!.path).toMatch(/^\/vinyl\/\d+-john-coltrane-blue-train$/);
  });

  it("words every stock state: In Stock, Running Low, Not In Stock, Pre-Order with its date", async () => {
    expect((await look("Glass Harbour Nocturnes?")).reply).toBe(
      '"Glass Harbour Nocturnes" by Séverine Ångström is In Stock at £22.50.',
    );
    expect((await look("paper comet suite")).matches[0]!.stock).toBe("In Stock");
    expect((await look("do you have quiet lantern waltz")).reply).toBe(
      '"Quiet Lantern Waltz" by Séverine Ångström is Running Low at £22.50, so don\'t wait too long.',
    );
    expect((await look("Is Rusted Meridian available?")).reply).toBe(
      '"Rusted Meridian" by The Velvet Orchard is Not In Stock at the moment.',
    );
    expect((await look("when is Tomorrow's Lighthouse out?")).reply).toBe(
      '"Tomorrow\'s Lighthouse" by The Velvet Orchard is a Pre-Order, released on 5 December 2026 (£22.50). Your card is charged when you order.',
    );
  });

  it("matches case-, accent- and punctuation-insensitively", async () => {
    expect((await look("BLUE TRAIN")).matches[0]?.title).toBe("Blue Train");
    expect((await look("any copies of ascenseur pour lechafaud?")).matches[0]?.title).toBe("Ascenseur pour l'échafaud");
    expect((await look("Ascenseur pour l’Échafaud in stock")).matches[0]?.title).toBe("Ascenseur pour l'échafaud");
  });

  it("prefers the title together with its artist ('Kind of Blue by Miles Davis'), even a short title ('21 by Adele')", async () => {
    const r = await look("Have you got Kind of Blue by Miles Davis?");
    expect(r.kind).toBe("record");
    expect(r.matches.map((m) => m.title)).toEqual(["Kind of Blue"]);
    expect((await look("do you have 21 by Adele")).matches.map((m) => `${m.title}/${m.artist}`)).toEqual(["21/Adele"]);
  });

  it("never answers with a record hidden by its content (placeholder titles)", async () => {
    const r = await look("is Neon City in stock?");
    expect(r.matches.map((m) => m.id)).not.toContain(ids.hidden);
  });
});

describe("chat lookup: an artist named in a message", () => {
  it("lists the artist's records, newest first, with a link to all of them", async () => {
    const r = await look("anything by Séverine Ångström?");
    expect(r.kind).toBe("artist");
    expect(r.artist).toBe("Séverine Ångström");
    expect(r.total).toBe(3);
    expect(r.reply).toBe(
      'Here\'s what we have by Séverine Ångström:\n• "Paper Comet Suite": In Stock\n• "Quiet Lantern Waltz": Running Low\n• "Glass Harbour Nocturnes": In Stock',
    );
    expect(r.links.at(-1)).toEqual({
      href: "/browse?q=S%C3%A9verine+%C3%85ngstr%C3%B6m",
      label: "Everything by Séverine Ångström",
    });
  });

  it("finds artists without accents and without their leading 'The'", async () => {
    expect((await look("do you have any severine angstrom")).artist).toBe("Séverine Ångström");
    expect((await look("got any Velvet Orchard records?")).artist).toBe("The Velvet Orchard");
    expect((await look("got any Velvet Orchard records?")).matches.map((m) => m.stock)).toEqual(["Pre-Order", "Not In Stock"]);
    expect((await look("John Coltrane")).matches.map((m) => m.title)).toContain("Blue Train");
  });
});

describe("chat lookup: nothing named", () => {
  it("answers kind 'none' for small talk, shop questions and common words that happen to be titles", async () => {
    for (const text of ["hello", "how much is delivery?", "what is this", "I need help", "yes please", "the best records", ""]) {
      expect(await look(text), text).toMatchObject({ kind: "none", reply: null, matches: [] });
    }
  });

  it("answers a one-word title only when asked about stock or said alone", async () => {
    expect((await look("I feel blue today")).kind).toBe("none");
    expect((await look("Blue")).matches.map((m) => m.title)).toEqual(["Blue"]);
    expect((await look("do you have Bitches Brew")).kind).toBe("record");
    expect((await look("Is Blue in stock?")).matches.map((m) => m.title)).toEqual(["Blue"]);
  });
});

describe("chat lookup: the name index", () => {
  it("sees records added, renamed and restocked after it was built", async () => {
    expect((await look("is Freshly Pressed Thing in stock?")).kind).toBe("none");
    const id = addRecord("Freshly Pressed Thing", "Newcomer Band", 9, "2020-01-01");
    expect((await look("is Freshly Pressed Thing in stock?")).matches[0]?.stock).toBe("Running Low");
    t.db.update(records).set({ stockQuantity: 0 }).where(eq(records.id, id)).run();
    expect((await look("is Freshly Pressed Thing in stock?")).matches[0]?.stock).toBe("Not In Stock");
    // A rename: the old name stops answering at once (records are re-read), the new one once the index
    // is rebuilt, which starts in the background when it is ten minutes old.
    t.db.update(records).set({ title: "Renamed Pressing" }).where(eq(records.id, id)).run();
    expect((await look("is Freshly Pressed Thing in stock?")).kind).toBe("none");
    expect((await look("is Renamed Pressing in stock?")).kind).toBe("none");
    clock += INDEX_MAX_AGE_MS;
    expect((await look("is Renamed Pressing in stock?")).kind).toBe("none"); // answered by the old index…
    await chat.settled(); // …while the new one is built
    expect((await look("is Renamed Pressing in stock?")).matches[0]?.id).toBe(id);
  });
});
