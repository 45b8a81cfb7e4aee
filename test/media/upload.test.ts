import { describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { convertFixture, storedImageInfo, upload, uploadRows, type UploadAnswer } from "./media-harness";
import { encodeAnimatedGif, encodeJpeg, encodePng, withExifOrientation } from "./images";

/** Uploads, checks the answer against what R2 holds, and returns the stored image's info. */
async function uploadAndInspect(bytes: Uint8Array, fileName: string) {
  const { token, accountId } = await seedAccount();
  const res = await upload(token, bytes, fileName);
  expect(res.status, await res.clone().text()).toBe(201);
  const answer = (await res.json()) as UploadAnswer;
  expect(answer.url).toBe(`/api/media/uploads/${answer.fileName}`);
  expect(answer.fileName).toMatch(/^[a-z0-9-]+-[A-Za-z0-9]{12}\.webp$/);
  const stored = await storedImageInfo(`uploads/${answer.fileName}`);
  expect(stored.contentType).toBe("image/webp");
  expect(stored.info.format).toBe("image/webp");
  expect(answer.bytes).toBe(stored.bytes.length);
  const rows = await uploadRows(accountId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    fileName: answer.fileName,
    bytes: answer.bytes,
    width: stored.info.width,
    height: stored.info.height,
    originalBytes: bytes.length,
  });
  return { answer, info: stored.info, row: rows[0]!, token, accountId };
}

// Encoding the 4000 px fixtures and converting them takes a few seconds in workerd.
describe("POST /api/uploads: conversion to webp", { timeout: 30_000 }, () => {
  for (const width of [400, 1600, 4000]) {
    const expectedWidth = Math.min(width, 1600);
    const height = (width * 3) / 4;

    it(`stores a ${width} px PNG as a ${expectedWidth} px webp`, async () => {
      const { info, row } = await uploadAndInspect(await encodePng(width, height), "Holiday photo.png");
      expect(info.width).toBe(expectedWidth);
      expect(info.height).toBe((expectedWidth * 3) / 4);
      expect(row).toMatchObject({ originalType: "image/png", originalName: "Holiday photo.png" });
      expect(row.fileName.startsWith("holiday-photo-")).toBe(true);
    });

    it(`stores a ${width} px JPEG as a ${expectedWidth} px webp`, async () => {
      const { info, row } = await uploadAndInspect(encodeJpeg(width, height), "ekmek tarifi.JPG");
      expect(info.width).toBe(expectedWidth);
      expect(info.height).toBe((expectedWidth * 3) / 4);
      expect(row.originalType).toBe("image/jpeg");
      expect(row.fileName.startsWith("ekmek-tarifi-")).toBe(true);
    });
  }

  it("converts an animated GIF", async () => {
    const { info, row } = await uploadAndInspect(
      encodeAnimatedGif(120, 80, [
        [255, 0, 0],
        [0, 0, 255],
      ]),
      "spinner.gif",
    );
    expect(info).toMatchObject({ width: 120, height: 80 });
    expect(row.originalType).toBe("image/gif");
  });

  it("accepts WebP and AVIF input", async () => {
    const png = await encodePng(1700, 170);
    for (const format of ["image/webp", "image/avif"] as const) {
      const { info, row } = await uploadAndInspect(await convertFixture(png, format), "input");
      expect(row.originalType).toBe(format);
      expect(info).toMatchObject({ width: 1600, height: 160 });
    }
  });

  it("decides the type from the bytes, not from the name or the part's Content-Type", async () => {
    const { row } = await uploadAndInspect(encodeJpeg(64, 64), "actually-a-jpeg.png");
    expect(row.originalType).toBe("image/jpeg");
  });

  it("never scales a narrow image up", async () => {
    const { info } = await uploadAndInspect(await encodePng(37, 23), "tiny.png");
    expect(info).toMatchObject({ width: 37, height: 23 });
  });

  it("keeps a rotated photo at most 1600 px wide after applying its EXIF orientation", async () => {
    // Stored 1200 × 1800 (narrower than the limit), shown turned: 1800 × 1200.
    const { info } = await uploadAndInspect(withExifOrientation(encodeJpeg(1200, 1800), 6), "rotated.jpg");
    expect(info.width).toBe(1600);
    expect(info.height).toBeGreaterThanOrEqual(1066);
    expect(info.height).toBeLessThanOrEqual(1067);
  });

  it("names files without a usable original name 'image-…'", async () => {
    const { answer } = await uploadAndInspect(await encodePng(8, 8), "фото.png");
    expect(answer.fileName).toMatch(/^image-[A-Za-z0-9]{12}\.webp$/);
  });

  it("gives every upload its own file, even with the same name and bytes", async () => {
    const { token } = await seedAccount();
    const png = await encodePng(16, 16);
    const first = (await (await upload(token, png, "same.png")).json()) as UploadAnswer;
    const second = (await (await upload(token, png, "same.png")).json()) as UploadAnswer;
    expect(first.fileName).not.toBe(second.fileName);
  });

  it("serves the returned URL without a token", async () => {
    const { answer } = await uploadAndInspect(await encodePng(400, 300), "served.png");
    const res = await call(answer.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect((await res.arrayBuffer()).byteLength).toBe(answer.bytes);
  });
});
