import { describe, expect, it } from "vitest";
import { previewWav } from "./preview-wav";

function parse(wav: Uint8Array) {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const ascii = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  return {
    riff: ascii(0),
    riffSize: view.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    fmtSize: view.getUint32(16, true),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bits: view.getUint16(34, true),
    data: ascii(36),
    dataSize: view.getUint32(40, true),
    sample: (i: number) => view.getInt16(44 + 2 * i, true),
  };
}

describe("previewWav", () => {
  const wav = previewWav({ catalogueId: "track-12", genre: "Jazz" });
  const h = parse(wav);

  it("writes a valid 16-bit mono PCM RIFF/WAVE header", () => {
    expect(h.riff).toBe("RIFF");
    expect(h.wave).toBe("WAVE");
    expect(h.fmt).toBe("fmt ");
    expect(h.fmtSize).toBe(16);
    expect(h.format).toBe(1);
    expect(h.channels).toBe(1);
    expect(h.sampleRate).toBe(16000);
    expect(h.bits).toBe(16);
    expect(h.blockAlign).toBe(2);
    expect(h.byteRate).toBe(32000);
    expect(h.data).toBe("data");
    expect(h.dataSize).toBe(8 * 16000 * 2);
    expect(wav.byteLength).toBe(44 + h.dataSize);
    expect(h.riffSize).toBe(wav.byteLength - 8);
  });

  it("is audible, normalised and never clips", () => {
    const n = h.dataSize / 2;
    let sum = 0;
    let peak = 0;
    for (let i = 0; i < n; i++) {
      const v = h.sample(i) / 32768;
      sum += v * v;
      peak = Math.max(peak, Math.abs(v));
    }
    expect(Math.sqrt(sum / n)).toBeGreaterThan(0.05);
    expect(peak).toBeGreaterThan(0.7);
    expect(peak).toBeLessThan(0.85);
    // Fades at both ends: no click on start or stop.
    expect(Math.abs(h.sample(0))).toBeLessThan(200);
    expect(Math.abs(h.sample(n - 1))).toBeLessThan(200);
  });

  it("is deterministic per catalogue id and differs between ids", () => {
    const same = (other: Uint8Array) => Buffer.from(other).equals(Buffer.from(wav));
    expect(same(previewWav({ catalogueId: "track-12", genre: "Jazz" }))).toBe(true);
    expect(same(previewWav({ catalogueId: "track-13", genre: "Jazz" }))).toBe(false);
  });

  it("supports other lengths, 11025 Hz and 8-bit, for every genre", () => {
    for (const genre of ["Blues", "House", "Techno", "Pop", "Folk", "Classical", "Hip Hop", "Reggae", "Ambient", "Soul", null]) {
      const short = parse(previewWav({ catalogueId: "track-1", genre, seconds: 3, sampleRate: 11025, bitsPerSample: 8 }));
      expect(short.sampleRate).toBe(11025);
      expect(short.bits).toBe(8);
      expect(short.dataSize).toBe(3 * 11025);
    }
    expect(() => previewWav({ catalogueId: "x", genre: null, seconds: 0 })).toThrow();
  });
});
