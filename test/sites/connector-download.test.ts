/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { crc32 } from "../../src/core/crypto";
import { storedZip } from "../../src/core/zip";
import { CONNECTOR_FILES, CONNECTOR_VERSION } from "../../src/sites/connector-files.generated";
import { call } from "../harness";

// The plugin's files on disk, read by Vite at test time: the generated module must match them
// (`npm run connector:bundle` rewrites it).
const onDisk = import.meta.glob("../../wordpress/content-autopilot-connector/**/*", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** The entries of a zip archive, read from its central directory as an unzip tool does; stored (method 0) entries only. */
function readZip(bytes: Uint8Array): { path: string; text: string; crcOk: boolean }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect(view.getUint16(at + 10, true)).toBe(0);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const path = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + size);
    entries.push({ path, text: new TextDecoder().decode(data), crcOk: crc32(data) === crc });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

describe("the connector plugin's files", () => {
  it("are what wordpress/content-autopilot-connector holds (run `npm run connector:bundle` after changing them)", () => {
    const disk = Object.entries(onDisk)
      .map(([path, text]) => ({ path: path.replace("../../wordpress/content-autopilot-connector/", ""), text }))
      .sort((a, b) => a.path.localeCompare(b.path));
    expect(CONNECTOR_FILES.map((file) => file.path).sort()).toEqual(disk.map((file) => file.path));
    for (const file of disk) expect(CONNECTOR_FILES.find((generated) => generated.path === file.path)?.text, file.path).toBe(file.text);
    expect(CONNECTOR_FILES.map((file) => file.path)).toEqual(expect.arrayContaining(["content-autopilot-connector.php", "readme.txt"]));
    expect(onDisk["../../wordpress/content-autopilot-connector/content-autopilot-connector.php"]).toMatch(
      new RegExp(`Version:\\s*${CONNECTOR_VERSION.replace(/\./g, "\\.")}\\b`),
    );
  });
});

describe("storedZip", () => {
  it("writes an archive an unzip tool reads back: names, contents and checksums", () => {
    const files = [
      { path: "a/one.txt", bytes: new TextEncoder().encode("first file\n") },
      { path: "a/ğüşö.php", bytes: new TextEncoder().encode("<?php // ü\n") },
      { path: "empty", bytes: new Uint8Array() },
    ];
    expect(readZip(storedZip(files, new Date("2026-11-24T12:34:56Z")))).toEqual([
      { path: "a/one.txt", text: "first file\n", crcOk: true },
      { path: "a/ğüşö.php", text: "<?php // ü\n", crcOk: true },
      { path: "empty", text: "", crcOk: true },
    ]);
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

describe("GET /api/platforms/wordpress/connector.zip", () => {
  it("serves the plugin in its folder to anyone, with its version, and 304 for a current copy", async () => {
    const res = await call("/api/platforms/wordpress/connector.zip");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="content-autopilot-connector-${CONNECTOR_VERSION}.zip"`);
    expect(res.headers.get("X-Connector-Version")).toBe(CONNECTOR_VERSION);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(entries.map((entry) => entry.path)).toEqual(CONNECTOR_FILES.map((file) => `content-autopilot-connector/${file.path}`));
    expect(entries.every((entry) => entry.crcOk)).toBe(true);
    expect(entries.find((entry) => entry.path === "content-autopilot-connector/content-autopilot-connector.php")?.text).toContain(
      "Plugin Name: Content Autopilot Connector",
    );

    const again = await call("/api/platforms/wordpress/connector.zip", { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
