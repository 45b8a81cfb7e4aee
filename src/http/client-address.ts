// The key a client's failures are counted under. The address header is parsed, not used as
// text: "203.0.113.7, x" or a zero-padded spelling must not buy a fresh budget, and an IPv6
// client controls a whole /64, so that is the unit it is counted by.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `ip4:203.0.113.7`, `ip6:2001:db8:0:1::/64`, or `unparsed` (every unreadable value shares one budget). */
export function clientAddressKey(header: string | undefined): string {
  const first = (header ?? "")
    .split(",")[0]!
    .trim()
    .replace(/^\[|\](:\d+)?$/g, "");
  const v4 = ipv4(first);
  if (v4) return `ip4:${v4}`;
  const groups = ipv6Groups(first);
  if (!groups) return "unparsed";
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `ip4:${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `ip6:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

function ipv4(text: string): string | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets.join(".") : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail converted, a zone dropped), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.replace(/%.*$/, "").toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(address) || address.split("::").length > 2) return null;
  const [head = "", tail] = address.split("::");
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = ipv4(piece);
        if (!v4) return null;
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  if (!before || !after) return null;
  if (tail === undefined) return before.length === 8 ? before : null;
  const missing = 8 - before.length - after.length;
  return missing >= 1 ? [...before, ...Array<number>(missing).fill(0), ...after] : null;
}
