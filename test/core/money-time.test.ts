import { describe, expect, it } from "vitest";
import { formatKurus, parseTryToKurus } from "../../src/core/money";
import { addMonths, toIsoSeconds } from "../../src/core/time";

describe("formatKurus", () => {
  it("shows kuruş as lira with two places", () => {
    expect(formatKurus(15_000)).toBe("150.00");
    expect(formatKurus(15_050)).toBe("150.50");
    expect(formatKurus(0)).toBe("0.00");
    expect(formatKurus(1)).toBe("0.01");
    expect(formatKurus(99)).toBe("0.99");
    expect(formatKurus(100)).toBe("1.00");
    expect(formatKurus(123_456_789)).toBe("1234567.89");
  });

  it("keeps the sign of negative amounts", () => {
    expect(formatKurus(-250)).toBe("-2.50");
    expect(formatKurus(-1)).toBe("-0.01");
  });

  it("refuses amounts that are not whole kuruş", () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(() => formatKurus(bad)).toThrow(RangeError);
  });
});

describe("parseTryToKurus", () => {
  it("reads lira amounts with up to two decimals, without floating point", () => {
    expect(parseTryToKurus("150")).toBe(15_000);
    expect(parseTryToKurus("150.5")).toBe(15_050);
    expect(parseTryToKurus("150.50")).toBe(15_050);
    expect(parseTryToKurus("0.01")).toBe(1);
    expect(parseTryToKurus("0.29")).toBe(29);
    expect(parseTryToKurus("1.10")).toBe(110);
    expect(parseTryToKurus(" 5 ")).toBe(500);
    expect(parseTryToKurus("000.07")).toBe(7);
    expect(parseTryToKurus("999999999.99")).toBe(99_999_999_999);
  });

  it("is null for anything else", () => {
    for (const bad of ["", " ", "abc", "1,5", "-1", "+1", "1.234", "1e3", ".5", "5.", "1 000", "NaN", "Infinity", "0x10", "1234567890"]) {
      expect(parseTryToKurus(bad), bad).toBeNull();
    }
  });

  it("round-trips with formatKurus", () => {
    for (const kurus of [0, 1, 10, 99, 100, 101, 15_050, 987_654_321]) expect(parseTryToKurus(formatKurus(kurus))).toBe(kurus);
  });
});

describe("time", () => {
  const utc = (text: string) => new Date(text);

  it("writes ISO 8601 UTC with whole seconds", () => {
    expect(toIsoSeconds(utc("2026-11-22T08:00:00.999Z"))).toBe("2026-11-22T08:00:00Z");
    expect(toIsoSeconds(utc("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05Z");
  });

  it("adds months keeping the day, clamped to the last day of a shorter month", () => {
    expect(toIsoSeconds(addMonths(utc("2026-01-15T10:20:30Z"), 6))).toBe("2026-07-15T10:20:30Z");
    expect(toIsoSeconds(addMonths(utc("2026-08-31T12:00:00Z"), 6))).toBe("2027-02-28T12:00:00Z");
    expect(toIsoSeconds(addMonths(utc("2027-08-31T12:00:00Z"), 6))).toBe("2028-02-29T12:00:00Z");
    expect(toIsoSeconds(addMonths(utc("2026-03-31T00:00:00Z"), 6))).toBe("2026-09-30T00:00:00Z");
    expect(toIsoSeconds(addMonths(utc("2026-01-31T23:59:59Z"), 1))).toBe("2026-02-28T23:59:59Z");
    expect(toIsoSeconds(addMonths(utc("2026-11-30T00:00:00Z"), 6))).toBe("2027-05-30T00:00:00Z");
    expect(toIsoSeconds(addMonths(utc("2026-12-31T00:00:00Z"), 2))).toBe("2027-02-28T00:00:00Z");
  });

  it("goes back in time with negative months and leaves its argument alone", () => {
    const date = utc("2026-03-31T08:00:00Z");
    expect(toIsoSeconds(addMonths(date, -1))).toBe("2026-02-28T08:00:00Z");
    expect(toIsoSeconds(addMonths(date, -12))).toBe("2025-03-31T08:00:00Z");
    expect(toIsoSeconds(date)).toBe("2026-03-31T08:00:00Z");
  });
});
