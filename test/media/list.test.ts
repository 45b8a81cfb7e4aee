import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedToken } from "../harness";
import { upload, type UploadAnswer } from "./media-harness";
import { encodeJpeg, encodePng } from "./images";

interface UploadList {
  count: number;
  totalBytes: number;
  page: number;
  perPage: number;
  uploads: Array<
    UploadAnswer & {
      id: string;
      width: number;
      height: number;
      contentType: string;
      originalName: string | null;
      originalType: string;
      originalBytes: number;
      createdAt: string;
    }
  >;
}

async function list(token: string, query = ""): Promise<UploadList> {
  const res = await call(`/api/uploads${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as UploadList;
}

describe("GET /api/uploads", () => {
  it("starts empty", async () => {
    const { token } = await seedAccount();
    expect(await list(token)).toEqual({ count: 0, totalBytes: 0, page: 1, perPage: 50, uploads: [] });
  });

  it("lists the account's uploads newest first with the total stored bytes", async () => {
    const { token } = await seedAccount();
    const png = await encodePng(500, 100);
    const jpeg = encodeJpeg(2000, 400);
    const first = (await (await upload(token, png, "first.png")).json()) as UploadAnswer;
    const second = (await (await upload(token, jpeg, "second.jpg")).json()) as UploadAnswer;
    const body = await list(token);
    expect(body.count).toBe(2);
    expect(body.totalBytes).toBe(first.bytes + second.bytes);
    expect(body.uploads.map((item) => item.fileName)).toEqual([second.fileName, first.fileName]);
    expect(body.uploads[0]).toMatchObject({
      url: second.url,
      bytes: second.bytes,
      contentType: "image/webp",
      width: 1600,
      height: 320,
      originalName: "second.jpg",
      originalType: "image/jpeg",
      originalBytes: jpeg.length,
    });
    expect(body.uploads[0]!.id).toMatch(/^up_/);
    expect(body.uploads[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("pages, while count and totalBytes cover every upload", async () => {
    const { token } = await seedAccount();
    const answers: UploadAnswer[] = [];
    for (let i = 0; i < 3; i++)
      answers.push((await (await upload(token, await encodePng(10 + i, 10), `p${i}.png`)).json()) as UploadAnswer);
    const total = answers.reduce((sum, answer) => sum + answer.bytes, 0);
    const page1 = await list(token, "?per_page=2");
    const page2 = await list(token, "?per_page=2&page=2");
    const page3 = await list(token, "?per_page=2&page=3");
    expect(page1).toMatchObject({ count: 3, totalBytes: total, page: 1, perPage: 2 });
    expect(page1.uploads).toHaveLength(2);
    expect(page2.uploads).toHaveLength(1);
    expect(page3.uploads).toEqual([]);
    expect(new Set([...page1.uploads, ...page2.uploads].map((item) => item.fileName))).toEqual(
      new Set(answers.map((answer) => answer.fileName)),
    );
  });

  it("shows only the caller's own uploads", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    await upload(owner.token, await encodePng(8, 8), "mine.png");
    expect(await list(other.token)).toMatchObject({ count: 0, totalBytes: 0, uploads: [] });
    expect((await list(owner.token)).count).toBe(1);
  });

  it("does not count refused uploads", async () => {
    const { token } = await seedAccount();
    await expectError(await upload(token, new TextEncoder().encode("text"), "a.png"), 415);
    expect(await list(token)).toMatchObject({ count: 0, totalBytes: 0 });
  });

  it("400 for bad paging values", async () => {
    const { token } = await seedAccount();
    for (const query of ["?per_page=0", "?per_page=101", "?page=0", "?page=abc", "?per_page=1.5"]) {
      const res = await call(`/api/uploads${query}`, { token });
      await expectError(res, 400, "invalid_request");
    }
  });

  it("401 without a token, 403 with a public:read token", async () => {
    await expectError(await call("/api/uploads"), 401, "unauthorized");
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/uploads", { token }), 403, "insufficient_scope");
  });
});
