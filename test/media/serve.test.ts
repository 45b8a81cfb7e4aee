import { beforeAll, describe, expect, it } from "vitest";
import { mediaKeyFromPath, mediaKeyFromUrl, mediaUrl } from "../../src/media/store";
import { call, expectError, seedAccount } from "../harness";
import { upload, type UploadAnswer } from "./media-harness";
import { encodePng } from "./images";
import { testEnv } from "../harness";

let file: UploadAnswer;
let stored: Uint8Array;
let etag: string;

beforeAll(async () => {
  const { token } = await seedAccount();
  const res = await upload(token, await encodePng(300, 200), "served.png");
  file = (await res.json()) as UploadAnswer;
  const object = await testEnv.MEDIA.get(`uploads/${file.fileName}`);
  stored = new Uint8Array(await object!.arrayBuffer());
  etag = object!.httpEtag;
});

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("GET /api/media/{path}", () => {
  it("serves the stored file without a token, with type, length, ETag and a year of caching", async () => {
    const res = await call(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("ETag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("Content-Length")).toBe(String(file.bytes));
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Last-Modified")).toMatch(/GMT$/);
    expect(await bytesOf(res)).toEqual(stored);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await call(file.url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("ETag")).toBe(etag);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("304 when If-None-Match holds the ETag (also weak, in a list, or *)", async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await call(file.url, { headers: { "If-None-Match": ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it("200 with the body when If-None-Match names another version", async () => {
    const res = await call(file.url, { headers: { "If-None-Match": '"something-else"' } });
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(stored);
  });

  it("404 JSON for a file that does not exist", async () => {
    const body = await expectError(await call("/api/media/uploads/nope-aaaaaaaaaaaa.webp"), 404, "not_found");
    expect(body.message).toBe("Media file not found");
    await expectError(await call("/api/media/uploads/nope.webp", { headers: { Range: "bytes=0-1" } }), 404, "not_found");
  });
});

describe("GET /api/media/{path}: Range", () => {
  const size = () => stored.length;

  it("206 for a range, with Content-Range and exactly those bytes", async () => {
    const res = await call(file.url, { headers: { Range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes 0-99/${size()}`);
    expect(res.headers.get("Content-Length")).toBe("100");
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(await bytesOf(res)).toEqual(stored.subarray(0, 100));
  });

  it("206 for an open range, a suffix range and a range running past the end (clamped)", async () => {
    const open = await call(file.url, { headers: { Range: "bytes=100-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("Content-Range")).toBe(`bytes 100-${size() - 1}/${size()}`);
    expect(await bytesOf(open)).toEqual(stored.subarray(100));

    const suffix = await call(file.url, { headers: { Range: "bytes=-50" } });
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${size() - 50}-${size() - 1}/${size()}`);
    expect(await bytesOf(suffix)).toEqual(stored.subarray(size() - 50));

    const past = await call(file.url, { headers: { Range: `bytes=10-${size() + 1000}` } });
    expect(past.headers.get("Content-Range")).toBe(`bytes 10-${size() - 1}/${size()}`);
    expect(await bytesOf(past)).toEqual(stored.subarray(10));
  });

  it("416 JSON with Content-Range */size when the range starts past the end", async () => {
    for (const range of [`bytes=${size()}-`, `bytes=${size() + 10}-${size() + 20}`, "bytes=-0"]) {
      const res = await call(file.url, { headers: { Range: range } });
      expect(res.headers.get("Content-Range"), range).toBe(`bytes */${size()}`);
      await expectError(res, 416, "range_not_satisfiable");
    }
  });

  it("serves the whole file for Range headers it does not take (other units, several ranges, nonsense)", async () => {
    for (const range of ["items=0-1", "bytes=0-1,5-6", "bytes=abc", "bytes=50-10"]) {
      const res = await call(file.url, { headers: { Range: range } });
      expect(res.status, range).toBe(200);
      expect(await bytesOf(res)).toEqual(stored);
    }
  });

  it("honours If-Range: the range only applies to the same version", async () => {
    const same = await call(file.url, { headers: { Range: "bytes=0-9", "If-Range": etag } });
    expect(same.status).toBe(206);
    const changed = await call(file.url, { headers: { Range: "bytes=0-9", "If-Range": '"older"' } });
    expect(changed.status).toBe(200);
    expect(await bytesOf(changed)).toEqual(stored);
  });
});

describe("GET /api/media/{path}: paths that try to leave the media store are 404", () => {
  it("refuses encoded slashes, backslashes and dots, even when they decode to a stored file", async () => {
    const attempts = [
      `/api/media/uploads%2F${file.fileName}`,
      `/api/media/uploads%2f${file.fileName}`,
      `/api/media/uploads%5C${file.fileName}`,
      `/api/media/uploads/..%2F..%2Fsecret`,
      `/api/media/uploads/%2e%2e%2F%2e%2e%2Fsecret`,
      `/api/media/%2e%2e%5C%2e%2e%5Cetc%5Cpasswd`,
      `/api/media/uploads/.${file.fileName}`,
      `/api/media/uploads/${file.fileName}%00.png`,
      `/api/media/uploads//${file.fileName}`,
      `/api/media/uploads/`,
      `/api/media/`,
    ];
    for (const path of attempts) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      await expectError(res, 404, "not_found");
    }
  });

  it("never turns a raw path with dot segments, backslashes or escapes into a key", () => {
    for (const raw of [
      "..",
      "uploads/..",
      "uploads/../x.webp",
      "uploads\\x.webp",
      "..\\x",
      "uploads/%2e%2e",
      "uploads/a%2Fb",
      "",
      "uploads//x",
      "/uploads/x",
    ]) {
      expect(mediaKeyFromPath(raw), raw).toBeNull();
    }
    expect(mediaKeyFromPath("uploads/bread-k3J9sQ0aLm2P.webp")).toBe("uploads/bread-k3J9sQ0aLm2P.webp");
  });

  it("maps keys to URLs and back for the rest of the code", () => {
    expect(mediaUrl("heroes/x.webp")).toBe("/api/media/heroes/x.webp");
    expect(mediaUrl("heroes/x.webp", "https://api.example.com/")).toBe("https://api.example.com/api/media/heroes/x.webp");
    expect(mediaKeyFromUrl("https://api.example.com/api/media/heroes/x.webp")).toBe("heroes/x.webp");
    expect(mediaKeyFromUrl("/api/media/uploads/a.webp")).toBe("uploads/a.webp");
    expect(mediaKeyFromUrl("https://elsewhere.example/picture.webp")).toBeNull();
  });
});
