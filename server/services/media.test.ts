import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { records } from "../../db/schema";
import { createMediaService } from "./media";

let t: TestDb | undefined;
let mediaDir = "";
afterEach(() => {
  t?.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A catalogue of `n` records showing their own generated covers, plus the given others. */
function catalogue(n: number, others: { catalogueId: string; coverUrl: string }[] = []) {
  t = migratedTestDb();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-media-service-"));
  const own = Array.from({ length: n }, (_, i) => ({ catalogueId: `rec-${i + 1}`, coverUrl: `/media/covers/rec-${i + 1}.jpg` }));
  t.db
    .insert(records)
    .values(
      [...own, ...others].map((r, i) => ({
        ...r,
        title: `Title ${i}`,
        artist: "Artist",
        genre: "Jazz",
        audioUrl: `/media/audio/${r.catalogueId}.wav`,
        duration: 30,
        pricePence: 999,
      })),
    )
    .run();
  return createMediaService(t.db, mediaDir);
}
const coverFiles = () => fs.readdirSync(path.join(mediaDir, "covers")).sort();

describe("generated covers", () => {
  it("are made on request for a record's catalogue id, once, and never for an unknown or unsafe id", async () => {
    const media = catalogue(1);
    const [a, b] = await Promise.all([media.coverFile("rec-1"), media.coverFile("rec-1")]);
    expect(a).toBe(path.join(mediaDir, "covers", "rec-1.jpg"));
    expect(b).toBe(a);
    const made = fs.statSync(a!).mtimeMs;
    await media.coverFile("rec-1");
    expect(fs.statSync(a!).mtimeMs).toBe(made);
    expect(await media.coverFile("no-such")).toBeNull();
    expect(await media.coverFile("../rec-1")).toBeNull();
    expect(coverFiles()).toEqual(["rec-1.jpg"]);
  });

  it("are filled in the background for what the catalogue shows only, and a second fill makes none", async () => {
    const media = catalogue(3, [
      // An imported record shows the stock photo until it is given a cover: nothing to make for it.
      { catalogueId: "imported-1", coverUrl: "/images/default-cover.jpg" },
      // A record borrowing another's cover, one with a legacy '.ki' address, and an uploaded cover (not remade).
      { catalogueId: "borrower", coverUrl: "/media/covers/rec-1.jpg" },
      { catalogueId: "legacy", coverUrl: "/media/covers/legacy.ki" },
      { catalogueId: "uploaded", coverUrl: "/media/covers/uploaded-0123456789.jpg" },
    ]);
    expect(await media.fillMissingCovers()).toEqual({ checked: 4, written: 4, finished: true });
    expect(coverFiles()).toEqual(["legacy.jpg", "rec-1.jpg", "rec-2.jpg", "rec-3.jpg"]);
    fs.rmSync(path.join(mediaDir, "covers", "rec-2.jpg"));
    expect(await media.fillMissingCovers()).toEqual({ checked: 4, written: 1, finished: true });
  });

  it("are filled a batch of records at a time, with turns of the event loop between, and stop when told", async () => {
    // Records showing covers that are already there cost no rendering: only the reading is measured.
    const media = catalogue(450);
    expect((await media.fillMissingCovers({ goOn: () => false })).finished).toBe(false);
    expect(fs.existsSync(path.join(mediaDir, "covers"))).toBe(false);

    let made = 0;
    let turnsWhileFilling = 0;
    let filling = true;
    const turn = () => {
      if (!filling) return;
      turnsWhileFilling++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const fill = await media.fillMissingCovers({ goOn: () => made++ < 5 });
    filling = false;
    expect(fill).toMatchObject({ written: 5, finished: false });
    expect(turnsWhileFilling).toBeGreaterThan(0);
  });
});
