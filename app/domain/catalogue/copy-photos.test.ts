import { describe, expect, it } from "vitest";
import {
  MAX_COPY_PHOTOS,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  photoBytesProblem,
  photoUploadProblem,
  photoUrl,
  storedPhotoSize,
} from "./copy-photos";

describe("photoUploadProblem", () => {
  it("takes up to the limit, counting the photos a copy has", () => {
    expect(photoUploadProblem([1000, 2000], 0)).toBeNull();
    expect(photoUploadProblem(Array(MAX_COPY_PHOTOS).fill(10), 0)).toBeNull();
    expect(photoUploadProblem([10, 10], MAX_COPY_PHOTOS - 2)).toBeNull();
  });

  it("refuses more than the limit, saying how many the copy has", () => {
    expect(photoUploadProblem(Array(MAX_COPY_PHOTOS + 1).fill(10), 0)).toBe(`Choose at most ${MAX_COPY_PHOTOS} photos.`);
    expect(photoUploadProblem([10], MAX_COPY_PHOTOS)).toContain(`this one has ${MAX_COPY_PHOTOS}`);
  });

  it("refuses a photo over the size limit, and takes one at it", () => {
    expect(photoUploadProblem([PHOTO_MAX_BYTES], 0)).toBeNull();
    expect(photoUploadProblem([10, PHOTO_MAX_BYTES + 1], 0)).toBe(PHOTO_MESSAGES.tooBig);
  });

  it("refuses photos that together pass the upload limit, which the server would refuse unread", () => {
    expect(photoUploadProblem([PHOTO_MAX_BYTES, PHOTO_MAX_BYTES], 0)).toBeNull();
    expect(photoUploadProblem([PHOTO_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_MAX_BYTES], 0)).toBe(PHOTO_MESSAGES.tooMuch);
  });
});

describe("photoBytesProblem", () => {
  it("knows JPEG, PNG and WebP by their first bytes, not their names", () => {
    expect(photoBytesProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(photoBytesProblem(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(photoBytesProblem(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBeNull();
    expect(photoBytesProblem(new TextEncoder().encode("GIF89a"))).toBe(PHOTO_MESSAGES.notAnImage);
    expect(photoBytesProblem(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(
      PHOTO_MESSAGES.notAnImage,
    );
    expect(photoBytesProblem(new Uint8Array())).toBe(PHOTO_MESSAGES.notAnImage);
  });
});

describe("photoUrl", () => {
  it("names a photo by the first 20 hex digits of its hash", () => {
    expect(photoUrl("0123456789abcdef0123456789abcdef")).toBe("/media/photos/0123456789abcdef0123.jpg");
  });

  it("refuses anything but a hex hash, so no name can leave the folder", () => {
    for (const bad of ["../../etc/passwd", "0123456789ABCDEF01234", "0123456789abcdef012", ""]) {
      expect(() => photoUrl(bad), bad).toThrow();
    }
  });
});

describe("storedPhotoSize", () => {
  it("keeps a photo that fits and scales a bigger one down to fit, keeping its shape", () => {
    expect(storedPhotoSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(storedPhotoSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(storedPhotoSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(storedPhotoSize(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });
});
