import { crc32 } from "../../src/core/crypto";

/** A file of an archive as its central directory describes it, with its bytes checked against its CRC-32. */
export interface UnzippedFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * Reads a stored (method 0) zip the way an unzip tool does: the end record, then the central
 * directory, then each local header and its bytes. Throws on anything a tool would refuse.
 */
export function readZip(archive: Uint8Array): Map<string, UnzippedFile> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.length - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error("no end of central directory record");
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  if (centralOffset + centralSize !== end) throw new Error("the central directory does not end where the end record starts");
  const decoder = new TextDecoder();
  const files = new Map<string, UnzippedFile>();
  let at = centralOffset;
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`central header ${i} has no signature`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const path = decoder.decode(archive.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0) throw new Error(`${path}: method ${method}, not stored`);
    if (view.getUint32(localOffset, true) !== 0x04034b50) throw new Error(`${path}: no local header`);
    const localName = view.getUint16(localOffset + 26, true);
    const localExtra = view.getUint16(localOffset + 28, true);
    const start = localOffset + 30 + localName + localExtra;
    const bytes = archive.subarray(start, start + size);
    if (crc32(bytes) !== crc) throw new Error(`${path}: CRC-32 does not match`);
    files.set(path, { path, bytes });
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

export const jsonOf = (file: UnzippedFile | undefined): unknown => {
  if (!file) throw new Error("no such file in the archive");
  return JSON.parse(new TextDecoder().decode(file.bytes));
};
