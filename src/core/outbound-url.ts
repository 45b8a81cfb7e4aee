import { AppError, type IssueCode } from "./errors";

/** IPv4 ranges no user-given URL may target: loopback, private, link-local, CGNAT, "this network", multicast and reserved. */
const BLOCKED_IPV4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xe0000000, 3],
];

function ipv4ToInt(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, part) => acc * 256 + Number(part), 0);
}

function isBlockedIpv4(value: number): boolean {
  return BLOCKED_IPV4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

function isBlockedIpv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (address === "::" || address === "::1") return true;
  if (/^f[cd]/.test(address) || /^fe[89ab]/.test(address) || address.startsWith("ff")) return true;
  const mapped = /^::ffff:(.+)$/.exec(address)?.[1];
  if (mapped) {
    const dotted = ipv4ToInt(mapped);
    if (dotted !== null) return isBlockedIpv4(dotted);
    const [high, low] = mapped.split(":").map((h) => parseInt(h, 16));
    if (high !== undefined && low !== undefined && !Number.isNaN(high) && !Number.isNaN(low)) return isBlockedIpv4(high * 65536 + low);
  }
  return false;
}

const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Checks a URL a user gave us (site, webhook) before we store or call it: http(s) only, no
 * credentials in it, and no loopback/private/link-local target unless allowPrivate is set
 * (local development and tests). Returns the normalized URL without a trailing slash.
 */
export function assertOutboundUrl(raw: string, options: { allowPrivate: boolean; field?: string }): string {
  const field = options.field ?? "url";
  // A 400 about the field, with an issue on it: clients place it next to the field and phrase it by code.
  const refuse = (problem: string, code: IssueCode = "invalid_format") =>
    new AppError("invalid_address", `${field} ${problem}`, [{ path: field, code, message: problem }]);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse("is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("must use http or https");
  if (url.username || url.password) throw refuse("must not contain a user name or password");
  // The URL parser has already lower-cased the host, applied IDNA and turned decimal, octal and
  // hex IPv4 forms into dotted ones; trailing dots ("localhost.", "x.internal..") name the same
  // host, so they go before the checks and from the stored URL.
  const host = url.hostname.replace(/\.+$/, "");
  if (host === "") throw refuse("has no host name");
  if (host !== url.hostname) url.hostname = host;
  if (!options.allowPrivate) {
    const ipv4 = ipv4ToInt(host);
    const isPrivate =
      (ipv4 !== null && isBlockedIpv4(ipv4)) ||
      (host.startsWith("[") && isBlockedIpv6(host)) ||
      INTERNAL_NAMES.test(host) ||
      !host.includes(".");
    if (isPrivate) throw refuse("points to a private, loopback or internal address, which is not allowed", "private_address");
  }
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}
