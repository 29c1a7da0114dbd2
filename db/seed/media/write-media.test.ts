import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { audioUrlFor, coverUrlFor, ensureCover, ensurePreview } from "./write-media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-media-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const items = [
  { catalogueId: "track-1", title: "Blue Train", artist: "John Coltrane", genre: "Jazz" },
  { catalogueId: "track-2", title: "Ágætis byrjun", artist: "Sigur Rós", genre: null },
  { catalogueId: "track-3", title: "A & B <C>", artist: "D 'E' \"F\"", genre: "House" },
];

describe("ensureCover", () => {
  it("writes a missing cover once, and nothing on a second call", async () => {
    const made = await Promise.all(items.map((item) => ensureCover(dir, item)));
    expect(made.map((m) => m.written)).toEqual([true, true, true]);
    expect(made[0]!.file).toBe(path.join(dir, "covers", "track-1.jpg"));
    expect(fs.readdirSync(path.join(dir, "covers")).sort()).toEqual(["track-1.jpg", "track-2.jpg", "track-3.jpg"]);
    expect((await ensureCover(dir, items[1]!)).written).toBe(false);
  });

  it("replaces only files that are missing", async () => {
    fs.rmSync(path.join(dir, "covers", "track-2.jpg"));
    expect((await ensureCover(dir, items[1]!)).written).toBe(true);
    expect((await ensureCover(dir, items[0]!)).written).toBe(false);
  });

  it("refuses catalogue ids that are not safe file names", async () => {
    await expect(ensureCover(dir, { ...items[0]!, catalogueId: "../escape" })).rejects.toThrow(/Unsafe/);
  });
});

describe("ensurePreview", () => {
  it("writes a record's preview on first request only", async () => {
    const file = await ensurePreview(dir, items[0]!);
    expect(file).toBe(path.join(dir, "audio", "track-1.wav"));
    const first = fs.statSync(file);
    expect(first.size).toBeGreaterThan(100_000);
    expect(fs.readFileSync(file).subarray(0, 4).toString("ascii")).toBe("RIFF");
    await ensurePreview(dir, items[0]!);
    expect(fs.statSync(file).mtimeMs).toBe(first.mtimeMs);
  });

  it("refuses unsafe ids", async () => {
    await expect(ensurePreview(dir, { catalogueId: "../x", genre: null })).rejects.toThrow(/Unsafe/);
  });
});

describe("media URLs", () => {
  it("point at the media folder", () => {
    expect(coverUrlFor("track-12")).toBe("/media/covers/track-12.jpg");
    expect(audioUrlFor("track-12")).toBe("/media/audio/track-12.wav");
  });
});
