import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { renderCover } from "./cover-image";
import { coverSvg } from "./cover-svg";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-cover-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("renderCover", () => {
  it("writes a 600×600 JPEG, creating folders as needed", async () => {
    const out = path.join(dir, "nested", "track-1.jpg");
    await renderCover(coverSvg({ catalogueId: "track-1", title: "Homogenic", artist: "Björk", genre: "Electronic" }), out);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 600, height: 600 });
    expect(fs.readdirSync(path.dirname(out))).toEqual(["track-1.jpg"]);
  });

  it("renders at other sizes", async () => {
    const small = path.join(dir, "small.jpg");
    await renderCover(coverSvg({ catalogueId: "track-2", title: "Pink Moon", artist: "Nick Drake", genre: "Folk" }), small, 300);
    expect(await sharp(small).metadata()).toMatchObject({ width: 300, height: 300 });
  });
});
