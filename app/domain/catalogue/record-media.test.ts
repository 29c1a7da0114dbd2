import { describe, expect, it } from "vitest";
import { COVER_MAX_BYTES, checkUpload, sniffAudio, sniffImage } from "./record-media";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("record uploads", () => {
  it("tells images by their content", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImage(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImage(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffImage(bytes("GIF89a"))).toBeNull();
    expect(sniffImage(bytes("<svg xmlns="))).toBeNull();
  });

  it("tells audio by its content", () => {
    expect(sniffAudio(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBe("wav");
    expect(sniffAudio(bytes("OggS", [0]))).toBe("ogg");
    expect(sniffAudio(bytes("ID3", [4, 0]))).toBe("mp3");
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("mp3");
    expect(sniffAudio(bytes("RIFF", [0, 0, 0, 0], "WEBP"))).toBeNull();
    expect(sniffAudio(bytes("hello"))).toBeNull();
  });

  it("refuses uploads by type and size with a clear message", () => {
    expect(checkUpload("cover", bytes("GIF89a"))).toBe("The cover must be a JPEG, PNG or WebP image");
    expect(checkUpload("audio", bytes([0xff, 0xd8, 0xff]))).toBe("The audio preview must be an MP3, WAV or Ogg file");
    const big = new Uint8Array(COVER_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(checkUpload("cover", big)).toBe("The cover must be at most 8 MB");
    expect(checkUpload("cover", big.subarray(0, COVER_MAX_BYTES))).toBeNull();
  });
});
