import { concatBytes, crc32 } from "./crypto";

// Zip archives stored without compression (method 0), with no dependency: the WordPress plugin's
// download (a few small files, `storedZip`) and an account's export (written to R2 as a stream,
// from the headers `zipLayout` gives). APPNOTE.TXT 6.3, sections 4.3.7 (local file header),
// 4.3.12 (central directory header) and 4.3.16 (end of central directory record). No ZIP64: at
// most ZIP_MAX_ENTRIES files and ZIP_MAX_BYTES in all.

export const ZIP_MAX_ENTRIES = 0xffff;
export const ZIP_MAX_BYTES = 0xffffffff;

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

/** A file of an archive whose bytes are elsewhere: what its headers need. */
export interface ZipEntryHeader {
  path: string;
  size: number;
  crc: number;
}

/** The headers of an archive: each file's local header (its bytes follow it), then the trailer (central directory and end record). */
export interface ZipLayout {
  locals: Uint8Array<ArrayBuffer>[];
  trailer: Uint8Array<ArrayBuffer>;
  /** The whole archive's size in bytes. */
  size: number;
}

/** MS-DOS date and time, the only timestamps a plain zip header has (2-second precision, no zone). */
function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** The headers of an archive of `entries`, every file dated `modified`; UTF-8 names (flag bit 11). Throws past the limits. */
export function zipLayout(entries: ZipEntryHeader[], modified: Date): ZipLayout {
  if (entries.length > ZIP_MAX_ENTRIES) throw new RangeError(`A zip without ZIP64 holds at most ${ZIP_MAX_ENTRIES} files`);
  const encoder = new TextEncoder();
  const { time, day } = dosDateTime(modified);
  const locals: Uint8Array<ArrayBuffer>[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.path);
    const local = new Uint8Array(30 + name.length);
    const header = new DataView(local.buffer);
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true); // version needed: 2.0
    header.setUint16(6, 0x0800, true); // UTF-8 names
    header.setUint16(8, 0, true); // stored
    header.setUint16(10, time, true);
    header.setUint16(12, day, true);
    header.setUint32(14, entry.crc, true);
    header.setUint32(18, entry.size, true);
    header.setUint32(22, entry.size, true);
    header.setUint16(26, name.length, true);
    header.setUint16(28, 0, true);
    local.set(name, 30);

    const central = new Uint8Array(46 + name.length);
    const record = new DataView(central.buffer);
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 0x0314, true); // made by: Unix, 2.0
    record.setUint16(6, 20, true);
    record.setUint16(8, 0x0800, true);
    record.setUint16(10, 0, true);
    record.setUint16(12, time, true);
    record.setUint16(14, day, true);
    record.setUint32(16, entry.crc, true);
    record.setUint32(20, entry.size, true);
    record.setUint32(24, entry.size, true);
    record.setUint16(28, name.length, true);
    record.setUint32(38, (0o100644 << 16) >>> 0, true); // a regular file, rw-r--r--
    record.setUint32(42, offset, true);
    central.set(name, 46);

    locals.push(local);
    centrals.push(central);
    offset += local.length + entry.size;
    if (offset > ZIP_MAX_BYTES) throw new RangeError("A zip without ZIP64 holds at most 4 GiB");
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const trailer = new DataView(end.buffer);
  trailer.setUint32(0, 0x06054b50, true);
  trailer.setUint16(8, entries.length, true);
  trailer.setUint16(10, entries.length, true);
  trailer.setUint32(12, centralSize, true);
  trailer.setUint32(16, offset, true);
  const all = concatBytes([...centrals, end]);
  return { locals, trailer: all, size: offset + all.length };
}

/** The archive of `entries`, every file dated `modified`. */
export function storedZip(entries: ZipEntry[], modified: Date): Uint8Array<ArrayBuffer> {
  const { locals, trailer } = zipLayout(
    entries.map((entry) => ({ path: entry.path, size: entry.bytes.length, crc: crc32(entry.bytes) })),
    modified,
  );
  return concatBytes([...entries.flatMap((entry, i) => [locals[i]!, entry.bytes]), trailer]);
}
