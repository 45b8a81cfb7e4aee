import { describe, expect, it } from "vitest";
import { inspectImage, MAX_DECODED_PIXELS } from "../../src/media/convert";
import { readDeclaredSize } from "../../src/media/image-dimensions";
import { sniffImageType } from "../../src/media/image-type";
import { AppError } from "../../src/core/errors";
import { convertFixture } from "./media-harness";
import { encodeAnimatedGif, encodeJpeg, encodePng, encodePngBombHeader, withExifOrientation } from "./images";

function refusal(bytes: Uint8Array): AppError {
  try {
    inspectImage(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("image type from the bytes", () => {
  it("recognises each accepted format and reads its declared size", async () => {
    const png = await encodePng(321, 123);
    const cases: Array<[Uint8Array, string, number, number]> = [
      [png, "image/png", 321, 123],
      [encodeJpeg(200, 75), "image/jpeg", 200, 75],
      [
        encodeAnimatedGif(64, 48, [
          [255, 0, 0],
          [0, 0, 255],
          [0, 255, 0],
        ]),
        "image/gif",
        64,
        48,
      ],
      [await convertFixture(png, "image/webp"), "image/webp", 321, 123],
      [await convertFixture(png, "image/avif"), "image/avif", 321, 123],
    ];
    for (const [bytes, type, width, height] of cases) {
      expect(sniffImageType(bytes)).toBe(type);
      expect(readDeclaredSize(bytes, type as never)).toMatchObject({ width, height });
    }
  });

  it("counts the frames of an animated GIF", () => {
    const gif = encodeAnimatedGif(10, 10, [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(readDeclaredSize(gif, "image/gif")).toEqual({ width: 10, height: 10, frames: 3 });
  });

  it("finds the JPEG frame header after other segments (EXIF)", () => {
    const jpeg = withExifOrientation(encodeJpeg(40, 24), 6);
    expect(readDeclaredSize(jpeg, "image/jpeg")).toEqual({ width: 40, height: 24, frames: 1 });
  });

  it("ignores the name and declared type: text is not an image, whatever it is called", () => {
    expect(sniffImageType(new TextEncoder().encode("just some text, saved as photo.png"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x42, 0x4d, 0, 0, 0, 0]))).toBeNull(); // BMP
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("gives no size for headers cut short", async () => {
    const png = await encodePng(10, 10);
    expect(readDeclaredSize(png.subarray(0, 20), "image/png")).toBeNull();
    const jpeg = encodeJpeg(16, 16);
    expect(readDeclaredSize(jpeg.subarray(0, 100), "image/jpeg")).toBeNull(); // before the SOF segment
    expect(readDeclaredSize(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]), "image/gif")).toBeNull();
  });
});

describe("pixel budget, from the headers", () => {
  it("refuses a tiny PNG that declares 50,000 × 50,000 px as 422 before any decoding", async () => {
    const bomb = await encodePngBombHeader();
    expect(bomb.length).toBeLessThan(1000);
    const error = refusal(bomb);
    expect(error.status).toBe(422);
    expect(error.message).toContain("50000 × 50000");
  });

  it("counts every frame of an animation", () => {
    // 2,000 × 2,000 is 4 MP a frame: fine alone, over budget as 13 frames.
    const frames = Array.from({ length: 13 }, (_, i) => [i, i, i] as [number, number, number]);
    expect(4_000_000 * 13).toBeGreaterThan(MAX_DECODED_PIXELS);
    const error = refusal(encodeAnimatedGif(2000, 2000, frames));
    expect(error.status).toBe(422);
    expect(error.message).toContain("13 frames");
  });

  it("refuses a side over 12,000 px even when the area fits", async () => {
    const error = refusal(await encodePngBombHeader(20_000, 10));
    expect(error.status).toBe(422);
  });

  it("accepts a large but reasonable photo header", async () => {
    expect(inspectImage(await encodePngBombHeader(8000, 6000)).size).toEqual({ width: 8000, height: 6000, frames: 1 });
  });

  it("gives 415 for bytes of no accepted type", () => {
    expect(refusal(new TextEncoder().encode("hello")).status).toBe(415);
  });
});
