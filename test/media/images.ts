/**
 * Real image files made by the tests themselves: PNG (zlib through CompressionStream + CRC32),
 * baseline JPEG (a small encoder: 4:4:4 YCbCr, the standard Annex K tables) and animated GIF
 * (LZW written as plain 8-bit codes). No dependencies, so the same file also feeds
 * bench/upload.mjs under Node (erasable TypeScript only).
 */

export type Rgb = [number, number, number];
export type PixelFn = (x: number, y: number) => Rgb;

/** A smooth, colourful test picture that compresses like a photo would. */
export const gradient: PixelFn = (x, y) => [(x * 7) & 255, (y * 5) & 255, ((x + y) * 3) & 255];

// ---------------------------------------------------------------- PNG

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

async function zlib(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = 8; // bit depth
  data[9] = 2; // truecolour RGB
  return data;
}

/** An RGB PNG of the given size. */
export async function encodePng(width: number, height: number, pixel: PixelFn = gradient): Promise<Uint8Array> {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    let offset = y * stride + 1; // filter byte 0 (None)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  return concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr(width, height)),
    pngChunk("IDAT", await zlib(raw)),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** A few hundred bytes that declare a huge picture: a decompression bomb's header. */
export async function encodePngBombHeader(width = 50_000, height = 50_000): Promise<Uint8Array> {
  const someRows = await zlib(new Uint8Array(4096));
  return concat([PNG_SIGNATURE, pngChunk("IHDR", ihdr(width, height)), pngChunk("IDAT", someRows), pngChunk("IEND", new Uint8Array())]);
}

// ---------------------------------------------------------------- JPEG

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22,
  37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array(32).fill(99),
];

const DC_LUMA = { bits: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const DC_CHROMA = { bits: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const AC_LUMA = {
  bits: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  values: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91,
    0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a,
    0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53,
    0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
    0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
    0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9,
    0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2,
    0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
const AC_CHROMA = {
  bits: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  values: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14,
    0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17,
    0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a,
    0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
    0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3,
    0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
    0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2,
    0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};

interface HuffmanSpec {
  bits: number[];
  values: number[];
}
interface HuffmanCodes {
  code: Uint16Array;
  length: Uint8Array;
}

function huffmanCodes(spec: HuffmanSpec): HuffmanCodes {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let bitLength = 1; bitLength <= 16; bitLength++) {
    for (let i = 0; i < spec.bits[bitLength - 1]!; i++) {
      const symbol = spec.values[k++]!;
      code[symbol] = next++;
      length[symbol] = bitLength;
    }
    next <<= 1;
  }
  return { code, length };
}

function scaledQuant(base: number[], quality: number): number[] {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return base.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
}

class BitWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  private buffer = 0;
  private count = 0;

  private push(byte: number): void {
    if (this.length + 2 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
    if (byte === 0xff) this.bytes[this.length++] = 0; // byte stuffing
  }

  write(value: number, bits: number): void {
    this.buffer = (this.buffer << bits) | (value & ((1 << bits) - 1));
    this.count += bits;
    while (this.count >= 8) {
      this.count -= 8;
      this.push((this.buffer >>> this.count) & 0xff);
    }
    this.buffer &= (1 << this.count) - 1;
  }

  flush(): Uint8Array {
    if (this.count > 0) this.write(0x7f, 8 - this.count); // pad with ones
    return this.bytes.subarray(0, this.length);
  }
}

const COS = (() => {
  const table = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) table[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return table;
})();

function bitLength(value: number): number {
  let magnitude = Math.abs(value);
  let bits = 0;
  while (magnitude) {
    bits++;
    magnitude >>= 1;
  }
  return bits;
}

function segment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/** A baseline (SOF0) JPEG, quality 1-100 as in libjpeg. */
export function encodeJpeg(width: number, height: number, pixel: PixelFn = gradient, quality = 85): Uint8Array {
  const quant = [scaledQuant(LUMA_QUANT, quality), scaledQuant(CHROMA_QUANT, quality)];
  const dc = [huffmanCodes(DC_LUMA), huffmanCodes(DC_CHROMA)];
  const ac = [huffmanCodes(AC_LUMA), huffmanCodes(AC_CHROMA)];
  const header = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...ZIGZAG.map((i) => quant[0]![i]!), 1, ...ZIGZAG.map((i) => quant[1]![i]!)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]),
    ...segment(0xc4, [
      0x00,
      ...DC_LUMA.bits,
      ...DC_LUMA.values,
      0x10,
      ...AC_LUMA.bits,
      ...AC_LUMA.values,
      0x01,
      ...DC_CHROMA.bits,
      ...DC_CHROMA.values,
      0x11,
      ...AC_CHROMA.bits,
      ...AC_CHROMA.values,
    ]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]),
  ];

  const writer = new BitWriter();
  const previousDc = [0, 0, 0];
  const samples = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];
  const rows = new Float64Array(64);
  const coefficients = new Float64Array(64);

  const encodeBlock = (component: number) => {
    const table = component === 0 ? 0 : 1;
    const block = samples[component]!;
    for (let y = 0; y < 8; y++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let x = 0; x < 8; x++) sum += block[y * 8 + x]! * COS[u * 8 + x]!;
        rows[y * 8 + u] = sum;
      }
    }
    for (let v = 0; v < 8; v++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let y = 0; y < 8; y++) sum += COS[v * 8 + y]! * rows[y * 8 + u]!;
        coefficients[v * 8 + u] = Math.round(sum / quant[table]![v * 8 + u]!);
      }
    }
    const diff = coefficients[0]! - previousDc[component]!;
    previousDc[component] = coefficients[0]!;
    const dcBits = bitLength(diff);
    writer.write(dc[table]!.code[dcBits]!, dc[table]!.length[dcBits]!);
    if (dcBits) writer.write(diff < 0 ? diff - 1 : diff, dcBits);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const value = coefficients[ZIGZAG[k]!]!;
      if (value === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        writer.write(ac[table]!.code[0xf0]!, ac[table]!.length[0xf0]!);
        run -= 16;
      }
      const bits = bitLength(value);
      const symbol = (run << 4) | bits;
      writer.write(ac[table]!.code[symbol]!, ac[table]!.length[symbol]!);
      writer.write(value < 0 ? value - 1 : value, bits);
      run = 0;
    }
    if (run > 0) writer.write(ac[table]!.code[0]!, ac[table]!.length[0]!);
  };

  for (let blockY = 0; blockY < height; blockY += 8) {
    for (let blockX = 0; blockX < width; blockX += 8) {
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const [r, g, b] = pixel(Math.min(blockX + x, width - 1), Math.min(blockY + y, height - 1));
          const i = y * 8 + x;
          samples[0]![i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          samples[1]![i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
          samples[2]![i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      encodeBlock(0);
      encodeBlock(1);
      encodeBlock(2);
    }
  }
  const entropy = writer.flush();
  return concat([new Uint8Array(header), entropy, new Uint8Array([0xff, 0xd9])]);
}

// ---------------------------------------------------------------- GIF

/** An animated GIF: one frame per colour, looping; 7-bit palette so LZW codes stay 8 bits wide. */
export function encodeAnimatedGif(width: number, height: number, frameColours: Rgb[]): Uint8Array {
  const palette = new Uint8Array(128 * 3);
  for (const [i, [r, g, b]] of frameColours.entries()) palette.set([r, g, b], (i + 1) * 3);
  const parts: Uint8Array[] = [
    new TextEncoder().encode("GIF89a"),
    new Uint8Array([width & 0xff, width >> 8, height & 0xff, height >> 8, 0xf6, 0, 0]),
    palette,
    new Uint8Array([0x21, 0xff, 0x0b, ...new TextEncoder().encode("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00]),
  ];
  const CLEAR = 128;
  const END = 129;
  frameColours.forEach((_, frame) => {
    parts.push(new Uint8Array([0x21, 0xf9, 0x04, 0x04, 10, 0, 0, 0])); // 100 ms, keep frame
    parts.push(new Uint8Array([0x2c, 0, 0, 0, 0, width & 0xff, width >> 8, height & 0xff, height >> 8, 0]));
    // A clear code every 100 pixels keeps the dictionary (and the code width) from growing.
    const pixels = width * height;
    const codes = new Uint8Array(pixels + Math.ceil(pixels / 100) + 1);
    let length = 0;
    for (let i = 0; i < pixels; i++) {
      if (i % 100 === 0) codes[length++] = CLEAR;
      codes[length++] = frame + 1;
    }
    codes[length++] = END;
    const blocks = new Uint8Array(1 + length + Math.ceil(length / 255) + 1);
    let offset = 0;
    blocks[offset++] = 7; // LZW minimum code size
    for (let i = 0; i < length; i += 255) {
      const block = codes.subarray(i, Math.min(i + 255, length));
      blocks[offset++] = block.length;
      blocks.set(block, offset);
      offset += block.length;
    }
    blocks[offset++] = 0;
    parts.push(blocks.subarray(0, offset));
  });
  parts.push(new Uint8Array([0x3b]));
  return concat(parts);
}

/** Wraps bytes in a multipart body with one `file` field, as curl -F would send it. */
export function uploadForm(bytes: Uint8Array, fileName = "image.bin", type = "application/octet-stream"): FormData {
  const form = new FormData();
  form.append("file", new File([bytes], fileName, { type }));
  return form;
}

/** The same JPEG with an EXIF APP1 segment saying how to rotate it (6 = turn 90° clockwise). */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const data = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
  const length = data.length + 2;
  return concat([jpeg.subarray(0, 2), new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...data]), jpeg.subarray(2)]);
}
