import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedToken } from "../harness";
import { storedKeys, upload, uploadRows } from "./media-harness";
import { encodeJpeg, encodePng, encodePngBombHeader, uploadForm } from "./images";

const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** Runs a refused upload and checks it left nothing in R2 or the database. */
async function expectRefusedAndNothingStored(send: (token: string) => Promise<Response>, status: number, code: string) {
  const { token, accountId } = await seedAccount();
  const before = await storedKeys();
  const body = await expectError(await send(token), status, code);
  expect(await storedKeys()).toEqual(before);
  expect(await uploadRows(accountId)).toEqual([]);
  return body;
}

/** A body stream that makes `size` bytes only as they are read, and says how many were read. */
function lazyBody(size: number) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(64 * 1024);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= size) return controller.close();
        const next = chunk.subarray(0, Math.min(chunk.length, size - counter.pulled));
        counter.pulled += next.length;
        controller.enqueue(next.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

/** A multipart body around `fileBytes` bytes of filler, as a stream without a declared length. */
function streamedMultipart(fileBytes: number) {
  const boundary = "----media-test-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const filler = lazyBody(fileBytes);
  const reader = filler.stream.getReader();
  let stage = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (stage === 0) {
          stage = 1;
          return controller.enqueue(head);
        }
        if (stage === 1) {
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          stage = 2;
          return controller.enqueue(tail);
        }
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter: filler.counter, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("POST /api/uploads: refused files store nothing", { timeout: 30_000 }, () => {
  it("415 for a text file renamed .png", async () => {
    const body = await expectRefusedAndNothingStored(
      (token) => upload(token, new TextEncoder().encode("This is a shopping list, not a picture.\n"), "photo.png", "image/png"),
      415,
      "unsupported_media_type",
    );
    expect(body.message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/);
  });

  it("415 for an SVG (not a raster image; could carry script)", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefusedAndNothingStored((token) => upload(token, svg, "logo.svg", "image/svg+xml"), 415, "unsupported_media_type");
  });

  it("422 for a truncated JPEG", async () => {
    const jpeg = encodeJpeg(400, 300);
    const body = await expectRefusedAndNothingStored(
      (token) => upload(token, jpeg.subarray(0, jpeg.length >> 1), "cut.jpg"),
      422,
      "image_corrupt",
    );
    expect(body.message).toMatch(/could not be decoded/);
  });

  it("422 for a PNG whose header is cut short", async () => {
    const png = await encodePng(40, 40);
    await expectRefusedAndNothingStored((token) => upload(token, png.subarray(0, 20), "cut.png"), 422, "image_corrupt");
  });

  it("422 for a tiny PNG that declares 50,000 × 50,000 px (decompression bomb)", async () => {
    const bomb = await encodePngBombHeader();
    const body = await expectRefusedAndNothingStored((token) => upload(token, bomb, "bomb.png"), 422, "image_too_large");
    expect(body.message).toContain("50000 × 50000");
  });

  it("413 for a 16 MB file sent with its Content-Length", async () => {
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    await expectRefusedAndNothingStored((token) => upload(token, big, "big.jpg"), 413, "payload_too_large");
  });

  it("413 from Content-Length before the body is read", async () => {
    const { token, accountId } = await seedAccount();
    const body = lazyBody(16 * 1024 * 1024);
    const res = await call("/api/uploads", {
      method: "POST",
      token,
      body: body.stream,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(16 * 1024 * 1024) },
    });
    await expectError(res, 413, "payload_too_large");
    // Only what the transport buffers ahead may have been pulled, never the 16 MB.
    expect(body.counter.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(await uploadRows(accountId)).toEqual([]);
  });

  it("413 for a 16 MB body without Content-Length, cut off while streaming", async () => {
    const { token, accountId } = await seedAccount();
    const before = await storedKeys();
    const body = streamedMultipart(16 * 1024 * 1024);
    const res = await call("/api/uploads", { method: "POST", token, body: body.stream, headers: { "Content-Type": body.contentType } });
    await expectError(res, 413, "payload_too_large");
    expect(body.counter.pulled).toBeLessThan(MAX_UPLOAD_BYTES + 1024 * 1024); // stopped just past the limit
    expect(await storedKeys()).toEqual(before);
    expect(await uploadRows(accountId)).toEqual([]);
  });

  it("takes a file of exactly 15 MB past the size check (then judges its bytes)", async () => {
    const atLimit = new Uint8Array(MAX_UPLOAD_BYTES); // zeros: not an image, so 415, not 413
    await expectRefusedAndNothingStored((token) => upload(token, atLimit, "limit.bin"), 415, "unsupported_media_type");
    await expectRefusedAndNothingStored(
      (token) => upload(token, new Uint8Array(MAX_UPLOAD_BYTES + 1), "over.bin"),
      413,
      "payload_too_large",
    );
  });
});

describe("POST /api/uploads: malformed requests are 400", () => {
  it("400 for a JSON body", async () => {
    const { token } = await seedAccount();
    const body = await expectError(await call("/api/uploads", { method: "POST", token, json: { file: "x" } }), 400, "invalid_request");
    expect(body.message).toMatch(/multipart\/form-data/);
  });

  it("400 for multipart without a boundary, or a body that is not multipart", async () => {
    const { token } = await seedAccount();
    await expectError(
      await call("/api/uploads", { method: "POST", token, body: "x", headers: { "Content-Type": "multipart/form-data" } }),
      400,
      "invalid_request",
    );
    await expectError(
      await call("/api/uploads", {
        method: "POST",
        token,
        body: "not a multipart body",
        headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      }),
      400,
      "invalid_request",
    );
  });

  it("400 without a body", async () => {
    const { token } = await seedAccount();
    await expectError(
      await call("/api/uploads", { method: "POST", token, headers: { "Content-Type": "multipart/form-data; boundary=abc" } }),
      400,
      "invalid_request",
    );
  });

  it("400 when the field is not named 'file'", async () => {
    const { token } = await seedAccount();
    const form = new FormData();
    form.append("image", new File([await encodePng(8, 8)], "a.png"));
    const body = await expectError(await call("/api/uploads", { method: "POST", token, body: form }), 400, "invalid_request");
    expect(body.message).toMatch(/'file'/);
  });

  it("400 when 'file' is a text field", async () => {
    const { token } = await seedAccount();
    const form = new FormData();
    form.append("file", "just text");
    await expectError(await call("/api/uploads", { method: "POST", token, body: form }), 400, "invalid_request");
  });

  it("400 for two files in one upload", async () => {
    const { token, accountId } = await seedAccount();
    const png = await encodePng(8, 8);
    const form = uploadForm(png, "one.png");
    form.append("file", new File([png], "two.png"));
    await expectError(await call("/api/uploads", { method: "POST", token, body: form }), 400, "invalid_request");
    expect(await uploadRows(accountId)).toEqual([]);
  });

  it("400 for an empty file", async () => {
    const { token } = await seedAccount();
    const body = await expectError(await upload(token, new Uint8Array(), "empty.png"), 400, "empty_file");
    expect(body.message).toMatch(/empty/);
  });
});

describe("POST /api/uploads: auth", () => {
  it("401 without a token, stores nothing", async () => {
    const before = await storedKeys();
    await expectError(
      await call("/api/uploads", { method: "POST", body: uploadForm(await encodePng(8, 8), "a.png") }),
      401,
      "unauthorized",
    );
    expect(await storedKeys()).toEqual(before);
  });

  it("403 for a public:read token", async () => {
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await upload(token, await encodePng(8, 8), "a.png"), 403, "insufficient_scope");
    expect(await uploadRows(accountId)).toEqual([]);
  });

  it("401 before the size check: an anonymous 16 MB Content-Length is not answered 413", async () => {
    const body = lazyBody(16 * 1024 * 1024);
    const res = await call("/api/uploads", {
      method: "POST",
      body: body.stream,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(16 * 1024 * 1024) },
    });
    await expectError(res, 401, "unauthorized");
  });
});
