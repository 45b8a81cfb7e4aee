import type { ImageType } from "./image-type";

/** What the file's headers declare, read without decoding any pixel data. */
export interface DeclaredSize {
  width: number;
  height: number;
  /** Frames of an animation (GIF, animated WebP); 1 for a still image. */
  frames: number;
}

type Reader = (bytes: Uint8Array, view: DataView) => DeclaredSize | null;

const still = (width: number, height: number): DeclaredSize | null => (width > 0 && height > 0 ? { width, height, frames: 1 } : null);

const fourCc = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

const readPng: Reader = (bytes, view) => {
  if (bytes.length < 24 || fourCc(bytes, 12) !== "IHDR") return null;
  return still(view.getUint32(16), view.getUint32(20));
};

/** Walks the marker segments up to the first start-of-frame (SOF0-15 except DHT, JPG, DAC). */
const readJpeg: Reader = (bytes, view) => {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (offset + 9 > bytes.length) return null;
      return still(view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
};

/** The logical screen, widened by any frame that reaches past it, and the number of frames. */
const readGif: Reader = (bytes, view) => {
  if (bytes.length < 13) return null;
  let width = view.getUint16(6, true);
  let height = view.getUint16(8, true);
  let frames = 0;
  const packed = bytes[10]!;
  let offset = 13 + (packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0);
  const skipSubBlocks = () => {
    while (offset < bytes.length && bytes[offset] !== 0) offset += bytes[offset]! + 1;
    offset += 1;
  };
  while (offset < bytes.length) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) break; // trailer
    if (introducer === 0x21) {
      offset += 2;
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (offset + 10 > bytes.length) return null;
      width = Math.max(width, view.getUint16(offset + 1, true) + view.getUint16(offset + 5, true));
      height = Math.max(height, view.getUint16(offset + 3, true) + view.getUint16(offset + 7, true));
      frames += 1;
      const flags = bytes[offset + 9]!;
      offset += 10 + (flags & 0x80 ? 3 * (2 << (flags & 0x07)) : 0) + 1; // local colour table, LZW code size
      skipSubBlocks();
    } else {
      break; // garbage after the frames: the decoder stops here too
    }
  }
  if (frames === 0) return null;
  return width > 0 && height > 0 ? { width, height, frames } : null;
};

const readUint24 = (bytes: Uint8Array, offset: number) => bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);

const readWebp: Reader = (bytes, view) => {
  if (bytes.length < 30) return null;
  const chunk = fourCc(bytes, 12);
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return still(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return still((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    let frames = 0;
    for (
      let offset = 12;
      offset + 8 <= bytes.length;
      offset += 8 + view.getUint32(offset + 4, true) + (view.getUint32(offset + 4, true) & 1)
    ) {
      if (fourCc(bytes, offset) === "ANMF") frames += 1;
    }
    const width = readUint24(bytes, 24) + 1;
    const height = readUint24(bytes, 27) + 1;
    return { width, height, frames: Math.max(1, frames) };
  }
  return null;
};

/** ISO-BMFF boxes in [start, end): type and the range of their payload. */
function* boxes(bytes: Uint8Array, view: DataView, start: number, end: number) {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    yield { type: fourCc(bytes, offset + 4), start: offset + header, end: offset + size };
    offset += size;
  }
}

/** AVIF: the largest `ispe` (image spatial extent) in meta/iprp/ipco; the primary item is the largest. */
const readAvif: Reader = (bytes, view) => {
  let best: DeclaredSize | null = null;
  for (const meta of boxes(bytes, view, 0, bytes.length)) {
    if (meta.type !== "meta") continue;
    for (const iprp of boxes(bytes, view, meta.start + 4, meta.end)) {
      if (iprp.type !== "iprp") continue;
      for (const ipco of boxes(bytes, view, iprp.start, iprp.end)) {
        if (ipco.type !== "ipco") continue;
        for (const property of boxes(bytes, view, ipco.start, ipco.end)) {
          if (property.type !== "ispe" || property.start + 12 > property.end) continue;
          const width = view.getUint32(property.start + 4);
          const height = view.getUint32(property.start + 8);
          if (!best || width * height > best.width * best.height) best = { width, height, frames: 1 };
        }
      }
    }
  }
  return best && best.width > 0 && best.height > 0 ? best : null;
};

const READERS: Record<ImageType, Reader> = {
  "image/png": readPng,
  "image/jpeg": readJpeg,
  "image/gif": readGif,
  "image/webp": readWebp,
  "image/avif": readAvif,
};

/** The size the file's headers declare; null when the headers are cut short or make no sense. */
export function readDeclaredSize(bytes: Uint8Array, type: ImageType): DeclaredSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return READERS[type](bytes, view);
  } catch (error) {
    if (error instanceof RangeError) return null; // a length field that points past the end
    throw error;
  }
}
