/**
 * A minimal PNG encoder (8-bit palette, no interlace) for the offline image model: the Worker has
 * no image library, but CompressionStream("deflate") writes the zlib stream IDAT needs. A
 * palette keeps a 1536×1024 picture at one byte a pixel, a third of RGB's work to fill and
 * compress.
 */

import { concatBytes, crc32 } from "../../core/crypto";

/** Fills one row with palette indexes, one byte a pixel. */
export type PixelRow = (y: number, row: Uint8Array) => void;

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** `tEXt`: a Latin-1 keyword, a NUL, Latin-1 text (characters outside Latin-1 become `?`). */
function textChunk(keyword: string, text: string): Uint8Array {
  const latin1 = `${keyword}\0${text}`;
  return chunk(
    "tEXt",
    Uint8Array.from(latin1, (c) => (c.charCodeAt(0) <= 0xff ? c.charCodeAt(0) : 0x3f)),
  );
}

/** zlib (RFC 1950): the Compression Streams "deflate" format, which is what PNG's IDAT holds. */
async function zlib(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A palette PNG: `palette` holds up to 256 RGB triples, `fillRow` paints each row with their
 * indexes; `text` becomes tEXt chunks.
 */
export async function encodePalettePng(
  width: number,
  height: number,
  palette: Uint8Array,
  fillRow: PixelRow,
  text: Record<string, string> = {},
): Promise<Uint8Array> {
  if (palette.length === 0 || palette.length > 768 || palette.length % 3 !== 0)
    throw new RangeError("a PNG palette holds 1 to 256 RGB triples");
  const stride = width + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    // Byte 0 of each row is the filter type, 0 (None).
    fillRow(y, raw.subarray(y * stride + 1, (y + 1) * stride));
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bits per palette index
  header[9] = 3; // colour type: indexed colour
  const parts = [
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", palette),
    ...Object.entries(text).map(([keyword, value]) => textChunk(keyword, value)),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  return concatBytes(parts);
}
