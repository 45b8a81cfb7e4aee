import { describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors";
import { assertOutboundUrl } from "../../src/core/outbound-url";
import { parseConfig } from "../../src/config";
import { testEnv } from "../harness";

// The production setting: ALLOW_PRIVATE_URLS=false, built through the real config parser.
const production = parseConfig({ ...testEnv, ALLOW_PRIVATE_URLS: "false" });
const check = (url: string) => assertOutboundUrl(url, { allowPrivate: production.allowPrivateUrls, field: "webhookUrl" });

function refusal(url: string): string {
  try {
    check(url);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe("assertOutboundUrl with ALLOW_PRIVATE_URLS=false", () => {
  it("is what the production config says", () => {
    expect(production.allowPrivateUrls).toBe(false);
    expect(parseConfig({ ...testEnv, ALLOW_PRIVATE_URLS: "true" }).allowPrivateUrls).toBe(true);
  });

  it.each([
    "http://127.0.0.1/",
    "http://127.8.9.10:8080/x",
    "http://10.0.0.1",
    "http://172.16.5.4",
    "http://172.31.255.255",
    "http://192.168.1.1",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1",
    "http://0.0.0.0",
    "http://[::1]/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://localhost/",
    "http://api.localhost/",
    "http://printer.local/",
    "http://db.internal/",
    "http://intranet/",
    "http://2130706433/",
    "http://0x7f.0.0.1/",
    // Trailing dots name the same host (found by probing every route, hardening issue).
    "http://localhost./",
    "http://LOCALHOST./",
    "http://foo.localhost./",
    "http://metadata.google.internal./",
    "http://x.internal./",
    "http://x.local./",
    "http://intranet./",
    "http://localhost../",
    "http://127.0.0.1./",
    "http://169.254.169.254./latest/meta-data",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://[::ffff:7f00:1]/",
    "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/",
  ])("refuses %s", (url) => {
    expect(refusal(url)).toBe("webhookUrl points to a private, loopback or internal address, which is not allowed");
  });

  it.each([
    ["ftp://example.com/", "webhookUrl must use http or https"],
    ["file:///etc/passwd", "webhookUrl must use http or https"],
    ["https://user:pass@example.com/", "webhookUrl must not contain a user name or password"],
    ["not a url", "webhookUrl is not a valid URL"],
    ["http://./", "webhookUrl has no host name"],
  ])("refuses %s", (url, message) => {
    expect(refusal(url)).toBe(message);
  });

  it("accepts public addresses and normalizes them", () => {
    expect(check("https://hooks.example.com/autopilot/")).toBe("https://hooks.example.com/autopilot");
    expect(check("https://172.32.0.1/x#frag")).toBe("https://172.32.0.1/x");
    expect(check("http://8.8.8.8")).toBe("http://8.8.8.8");
    expect(check("https://Hooks.Example.COM./x")).toBe("https://hooks.example.com/x");
    expect(check("https://bücher.example/")).toBe("https://xn--bcher-kva.example");
  });

  it("accepts loopback when private URLs are allowed", () => {
    expect(assertOutboundUrl("http://127.0.0.1:8080/", { allowPrivate: true })).toBe("http://127.0.0.1:8080");
  });
});
