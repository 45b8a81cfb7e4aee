import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createOfflineImageModel, OFFLINE_IMAGE_NOTE } from "../../../src/adapters/image-model/offline";
import { crc32 } from "../../media/images";

const images = (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
const stream = (bytes: Uint8Array) => new Blob([bytes]).stream();

interface Chunk {
  type: string;
  data: Uint8Array;
  crcMatches: boolean;
}

/** The chunks of a PNG, each with its CRC checked by the tests' own CRC-32. */
function chunksOf(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crcMatches = crc32(png.subarray(offset + 4, offset + 8 + length)) === view.getUint32(offset + 8 + length);
    chunks.push({ type, data, crcMatches });
    offset += 12 + length;
  }
  return chunks;
}

async function inflate(zlib: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([zlib]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("offline image model", () => {
  it("says what it is", () => {
    expect(createOfflineImageModel()).toMatchObject({ provider: "offline", model: "offline-placeholder", offline: true });
  });

  it("makes a well-formed 1536×1024 palette PNG whose tEXt chunk says it is a placeholder", async () => {
    const { bytes, declaredType, usage } = await createOfflineImageModel().generate({ prompt: "A lighthouse at dawn" });
    expect(declaredType).toBe("image/png");
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 1, costUsd: 0 });
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const chunks = chunksOf(bytes);
    expect(chunks.map((chunk) => chunk.type)).toEqual(["IHDR", "PLTE", "tEXt", "tEXt", "tEXt", "IDAT", "IEND"]);
    expect(chunks[1]!.data.length).toBe(256 * 3);
    expect(chunks.every((chunk) => chunk.crcMatches)).toBe(true);
    const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
    expect([header.getUint32(0), header.getUint32(4), header.getUint8(8), header.getUint8(9)]).toEqual([1536, 1024, 8, 3]);
    const texts = chunks.filter((chunk) => chunk.type === "tEXt").map((chunk) => new TextDecoder("latin1").decode(chunk.data));
    expect(texts).toContain(`Description\0${OFFLINE_IMAGE_NOTE}`);

    // IDAT must be a zlib stream (RFC 1950 header, not raw deflate) holding every row and its filter byte.
    const idat = chunks.find((chunk) => chunk.type === "IDAT")!.data;
    expect(idat[0]! & 0x0f).toBe(8); // compression method: deflate
    expect(((idat[0]! << 8) | idat[1]!) % 31).toBe(0);
    expect((await inflate(idat)).length).toBe(1024 * (1 + 1536));
  });

  it("the Images binding reads it as a 1536×1024 PNG and can decode it", async () => {
    const { bytes } = await createOfflineImageModel().generate({ prompt: "A lighthouse at dawn" });
    expect(await images.info(stream(bytes))).toEqual({ format: "image/png", fileSize: bytes.length, width: 1536, height: 1024 });
    // A transform decodes every pixel, so a bad IDAT or CRC would fail here.
    const webp = await images.input(stream(bytes)).transform({ width: 800 }).output({ format: "image/webp" });
    const out = new Uint8Array(await new Response(webp.image()).arrayBuffer());
    expect(await images.info(stream(out))).toMatchObject({ format: "image/webp", width: 800 });
  });

  it("is deterministic: the same prompt gives the same bytes, another prompt other bytes", async () => {
    const model = createOfflineImageModel();
    const first = await model.generate({ prompt: "A lighthouse at dawn" });
    const again = await createOfflineImageModel().generate({ prompt: "A lighthouse at dawn" });
    const other = await model.generate({ prompt: "A bowl of soup" });
    expect(again.bytes).toEqual(first.bytes);
    expect(other.bytes).not.toEqual(first.bytes);
  });
});
