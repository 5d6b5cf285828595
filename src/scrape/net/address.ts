/**
 * Classifies IP literals as public or as one of the non-public ranges a scraper
 * must never reach. IPv6 forms that carry an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4, Teredo) are judged by the IPv4 address they carry,
 * because that is where the packets end up.
 */

export type BlockedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'ietf_protocol'
  | 'unique_local'
  | 'site_local';

export type AddressRange = 'public' | BlockedRange;

interface RangeRule {
  readonly prefix: Uint8Array;
  readonly bits: number;
  readonly range: BlockedRange;
}

// Order matters: the first matching rule wins, so narrower ranges come first.
const IPV4_RULES: readonly RangeRule[] = [
  v4Rule('255.255.255.255/32', 'broadcast'),
  v4Rule('0.0.0.0/8', 'unspecified'),
  v4Rule('10.0.0.0/8', 'private'),
  v4Rule('100.64.0.0/10', 'cgnat'),
  v4Rule('127.0.0.0/8', 'loopback'),
  v4Rule('169.254.0.0/16', 'link_local'),
  v4Rule('172.16.0.0/12', 'private'),
  v4Rule('192.0.0.0/24', 'ietf_protocol'),
  v4Rule('192.0.2.0/24', 'documentation'),
  // Deprecated 6to4 relay anycast: not a destination anyone should scrape.
  v4Rule('192.88.99.0/24', 'reserved'),
  v4Rule('192.168.0.0/16', 'private'),
  v4Rule('198.18.0.0/15', 'benchmarking'),
  v4Rule('198.51.100.0/24', 'documentation'),
  v4Rule('203.0.113.0/24', 'documentation'),
  v4Rule('224.0.0.0/4', 'multicast'),
  v4Rule('240.0.0.0/4', 'reserved'),
];

const IPV6_RULES: readonly RangeRule[] = [
  v6Rule('::/128', 'unspecified'),
  v6Rule('::1/128', 'loopback'),
  v6Rule('100::/64', 'reserved'),
  v6Rule('2001:2::/48', 'benchmarking'),
  v6Rule('2001:10::/28', 'reserved'),
  v6Rule('2001:20::/28', 'reserved'),
  v6Rule('2001:db8::/32', 'documentation'),
  v6Rule('3fff::/20', 'documentation'),
  v6Rule('5f00::/16', 'reserved'),
  v6Rule('fc00::/7', 'unique_local'),
  v6Rule('fe80::/10', 'link_local'),
  v6Rule('fec0::/10', 'site_local'),
  v6Rule('ff00::/8', 'multicast'),
];

/** IPv6 prefixes whose last 32 bits are an IPv4 address. */
const IPV6_TAIL_EMBEDDING: readonly { prefix: Uint8Array; bits: number }[] = [
  { prefix: parseIPv6Strict('::ffff:0:0'), bits: 96 }, // IPv4-mapped
  { prefix: parseIPv6Strict('::ffff:0:0:0'), bits: 96 }, // IPv4-translated (RFC 2765)
  { prefix: parseIPv6Strict('64:ff9b::'), bits: 96 }, // NAT64 well-known prefix
  // Local-use NAT64 (RFC 8215); deployments embed the IPv4 address in the last 32 bits.
  { prefix: parseIPv6Strict('64:ff9b:1::'), bits: 48 },
  // IPv4-compatible (deprecated); :: and ::1 are matched by the rules above first.
  { prefix: parseIPv6Strict('::'), bits: 96 },
];

const IPV6_GLOBAL_UNICAST = parseIPv6Strict('2000::');
const IPV6_6TO4 = parseIPv6Strict('2002::');
const IPV6_TEREDO = parseIPv6Strict('2001::');

/** True when `value` is an IPv4 or IPv6 literal this module can classify. */
export function isIpLiteral(value: string): boolean {
  return parseIp(value) !== undefined;
}

/**
 * Returns `'public'` or the blocked range `ip` falls in. Accepts IPv4 dotted
 * quads and IPv6 literals (with or without brackets or a zone id).
 * @throws TypeError when `ip` is not an IP literal.
 */
export function classifyAddress(ip: string): AddressRange {
  const parsed = parseIp(ip);
  if (parsed === undefined) throw new TypeError(`Not an IP address: ${JSON.stringify(ip)}`);
  return parsed.length === 4 ? classifyIPv4(parsed) : classifyIPv6(parsed);
}

export function isBlockedAddress(ip: string): boolean {
  return classifyAddress(ip) !== 'public';
}

function classifyIPv4(bytes: Uint8Array): AddressRange {
  return IPV4_RULES.find((rule) => matches(bytes, rule.prefix, rule.bits))?.range ?? 'public';
}

function classifyIPv6(bytes: Uint8Array): AddressRange {
  const direct = IPV6_RULES.find((rule) => matches(bytes, rule.prefix, rule.bits));
  if (direct) return direct.range;

  for (const embedding of IPV6_TAIL_EMBEDDING) {
    if (matches(bytes, embedding.prefix, embedding.bits)) return classifyIPv4(bytes.subarray(12, 16));
  }
  if (matches(bytes, IPV6_6TO4, 16)) return classifyIPv4(bytes.subarray(2, 6));
  if (matches(bytes, IPV6_TEREDO, 32)) return classifyTeredo(bytes);
  // Outside 2000::/3 nothing is allocated for global unicast.
  if (!matches(bytes, IPV6_GLOBAL_UNICAST, 3)) return 'reserved';
  return 'public';
}

/** Teredo carries the server's IPv4 address in clear and the client's inverted. */
function classifyTeredo(bytes: Uint8Array): AddressRange {
  const server = classifyIPv4(bytes.subarray(4, 8));
  if (server !== 'public') return server;
  const client = Uint8Array.from(bytes.subarray(12, 16), (byte) => byte ^ 0xff);
  return classifyIPv4(client);
}

function matches(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  if (bytes.length !== prefix.length) return false;
  const fullBytes = Math.floor(bits / 8);
  for (let i = 0; i < fullBytes; i++) {
    if (bytes[i] !== prefix[i]) return false;
  }
  const remainingBits = bits % 8;
  if (remainingBits === 0) return true;
  const mask = (0xff << (8 - remainingBits)) & 0xff;
  return ((bytes[fullBytes] ?? 0) & mask) === ((prefix[fullBytes] ?? 0) & mask);
}

function parseIp(value: string): Uint8Array | undefined {
  return parseIPv4(value) ?? parseIPv6(value);
}

/** Strict dotted quad: four decimal octets, no leading zeros (they would be octal elsewhere). */
export function parseIPv4(value: string): Uint8Array | undefined {
  const parts = value.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (const [index, part] of parts.entries()) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    bytes[index] = octet;
  }
  return bytes;
}

export function parseIPv6(input: string): Uint8Array | undefined {
  let value = input;
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  const zoneStart = value.indexOf('%');
  if (zoneStart !== -1) value = value.slice(0, zoneStart);
  if (!value.includes(':')) return undefined;

  const words: number[] = [];
  const halves = value.split('::');
  if (halves.length > 2) return undefined;
  const head = parseWords(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? parseWords(halves[1] ?? '', true) : [];
  if (head === undefined || tail === undefined) return undefined;

  if (halves.length === 1) {
    if (head.length !== 8) return undefined;
    words.push(...head);
  } else {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    words.push(...head, ...new Array<number>(missing).fill(0), ...tail);
  }

  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return bytes;
}

/** Parses colon-separated hex words; the last may be a dotted quad when `allowIPv4Tail`. */
function parseWords(part: string, allowIPv4Tail: boolean): number[] | undefined {
  if (part === '') return [];
  const groups = part.split(':');
  const words: number[] = [];
  for (const [index, group] of groups.entries()) {
    const isLast = index === groups.length - 1;
    if (isLast && allowIPv4Tail && group.includes('.')) {
      const v4 = parseIPv4(group);
      if (v4 === undefined) return undefined;
      words.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      continue;
    }
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    words.push(parseInt(group, 16));
  }
  return words;
}

function parseIPv6Strict(value: string): Uint8Array {
  const bytes = parseIPv6(value);
  if (bytes === undefined) throw new Error(`Bad IPv6 constant ${value}`);
  return bytes;
}

function v4Rule(cidr: string, range: BlockedRange): RangeRule {
  const [address = '', bits = ''] = cidr.split('/');
  const prefix = parseIPv4(address);
  if (prefix === undefined) throw new Error(`Bad IPv4 constant ${cidr}`);
  return { prefix, bits: Number(bits), range };
}

function v6Rule(cidr: string, range: BlockedRange): RangeRule {
  const [address = '', bits = ''] = cidr.split('/');
  return { prefix: parseIPv6Strict(address), bits: Number(bits), range };
}
