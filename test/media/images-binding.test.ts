import { describe, expect, it } from "vitest";
import { testEnv } from "../harness";
import { encodeJpeg, encodePng } from "./images";

// What the media code relies on from the local Images binding (miniflare's Sharp-based
// offline mode). If a wrangler upgrade changes any of it, this file says so first.
const stream = (bytes: Uint8Array) => new Blob([bytes]).stream();

async function toWebp(bytes: Uint8Array, width?: number) {
  let transformer = testEnv.IMAGES.input(stream(bytes));
  if (width) transformer = transformer.transform({ width });
  const result = await transformer.output({ format: "image/webp" });
  const out = new Uint8Array(await new Response(result.image()).arrayBuffer());
  return {
    contentType: result.contentType(),
    info: (await testEnv.IMAGES.info(stream(out))) as { format: string; width: number; height: number },
  };
}

describe("local Images binding", () => {
  it("info() reads format, size and dimensions", async () => {
    const png = await encodePng(300, 200);
    expect(await testEnv.IMAGES.info(stream(png))).toEqual({ format: "image/png", fileSize: png.length, width: 300, height: 200 });
  });

  it("width: 1600 does not enlarge a narrow image (we still only ask when the source is wider)", async () => {
    expect((await toWebp(await encodePng(300, 200), 1600)).info).toMatchObject({ format: "image/webp", width: 300, height: 200 });
  });

  it("scales a wide image down, keeping the aspect ratio", async () => {
    expect(await toWebp(encodeJpeg(2400, 600), 1600)).toMatchObject({ contentType: "image/webp", info: { width: 1600, height: 400 } });
  });

  it("info() accepts a truncated JPEG (it reads only the header); the transform then fails", async () => {
    const jpeg = encodeJpeg(400, 300);
    const cut = jpeg.subarray(0, jpeg.length >> 1);
    expect(await testEnv.IMAGES.info(stream(cut))).toMatchObject({ width: 400, height: 300 });
    await expect(toWebp(cut)).rejects.toThrow(/premature end/i);
  });

  it("throws for bytes that are not an image", async () => {
    await expect(testEnv.IMAGES.info(stream(new TextEncoder().encode("not an image")))).rejects.toThrow();
  });
});
