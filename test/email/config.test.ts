import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config";
import { panelOrigin } from "../../src/email/links";
import { testEnv } from "../harness";

const emailOf = (vars: Record<string, string>) => parseConfig({ ...testEnv, ...vars }).email;

describe("the e-mail vars", () => {
  it("default to the binding, a sender at noreply@ PUBLIC_BASE_URL's host, and a 50.00 TRY low-balance line", () => {
    expect(emailOf({ PUBLIC_BASE_URL: "https://autopilot.example.com/" })).toEqual({
      provider: "cloudflare",
      from: { name: "Content Autopilot", email: "noreply@autopilot.example.com" },
      devSinkUrl: null,
      lowBalanceKurus: 5_000,
      dailyLimitPerAccount: 200,
    });
  });

  it('read EMAIL_FROM as `Name <address>`, `"Name" <address>` or an address, and LOW_BALANCE_TRY in lira', () => {
    expect(emailOf({ EMAIL_FROM: "Yayın Ekibi <yayin@example.com>" }).from).toEqual({ name: "Yayın Ekibi", email: "yayin@example.com" });
    expect(emailOf({ EMAIL_FROM: '"Autopilot, Inc" <a@example.com>' }).from).toEqual({ name: "Autopilot, Inc", email: "a@example.com" });
    expect(emailOf({ EMAIL_FROM: "a@example.com" }).from).toEqual({ name: "", email: "a@example.com" });
    expect(emailOf({ LOW_BALANCE_TRY: "120.5", EMAIL_PROVIDER: "off" })).toMatchObject({ lowBalanceKurus: 12_050, provider: "off" });
  });

  it("refuse a malformed sender, an unknown provider or a bad sink URL, naming the var", () => {
    expect(() => emailOf({ EMAIL_FROM: "Autopilot <not an address>" })).toThrow(/EMAIL_FROM must be an address like/);
    expect(() => emailOf({ EMAIL_PROVIDER: "smtp" })).toThrow(/EMAIL_PROVIDER/);
    expect(() => emailOf({ EMAIL_DEV_SINK_URL: "ftp://x" })).toThrow(/EMAIL_DEV_SINK_URL/);
    expect(() => emailOf({ LOW_BALANCE_TRY: "fifty" })).toThrow(/LOW_BALANCE_TRY/);
  });
});

describe("the origin of e-mail links", () => {
  const originOf = (vars: Record<string, string>) => panelOrigin(parseConfig({ ...testEnv, ...vars }));

  it("is PUBLIC_BASE_URL when set; else, outside production, LOCAL_PANEL_URL (the port npm run dev serves on)", () => {
    expect(originOf({ PUBLIC_BASE_URL: "https://autopilot.example.com/", LOCAL_PANEL_URL: "http://localhost:9000" })).toBe(
      "https://autopilot.example.com",
    );
    expect(originOf({ ENVIRONMENT: "development", LOCAL_PANEL_URL: "http://localhost:9000/" })).toBe("http://localhost:9000");
    expect(originOf({ ENVIRONMENT: "development" })).toBe("http://localhost:8787");
    expect(originOf({ ENVIRONMENT: "production", LOCAL_PANEL_URL: "http://localhost:9000" })).toBeNull();
    expect(() => originOf({ LOCAL_PANEL_URL: "localhost:9000" })).toThrow(/LOCAL_PANEL_URL/);
  });
});
