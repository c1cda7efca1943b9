/**
 * Which network addresses are public (reachable on the internet) and which belong to someone's own
 * network: webhooks (docs/ALERTS.md) may only reach the former, so that a client admin cannot make the
 * server POST into our loopback, private, link-local or cloud-metadata addresses (SSRF). Pure.
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type Range4 = [base: number, bits: number, kind: Exclude<AddressClass, 'public' | 'invalid'>];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const ranges4: Range4[] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'shared'], // carrier-grade NAT
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'], // cloud metadata lives here
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'],
  [v4(198, 51, 100, 0), 24, 'reserved'],
  [v4(203, 0, 113, 0), 24, 'reserved'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'], // includes 255.255.255.255
];

function classify4(n: number): AddressClass {
  for (const [base, bits, kind] of ranges4) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

function parse4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

/** Eight 16-bit groups, or null; a trailing dotted IPv4 and a zone (%eth0) are accepted. */
function parse6(text: string): number[] | null {
  let rest = text.replace(/%.*$/, '').toLowerCase();
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(rest);
  if (dotted) {
    const n = parse4(dotted[0]);
    if (n === null) return null;
    rest = `${rest.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...back].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + back.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...head, ...Array<string>(8 - known).fill('0'), ...back].map((g) => parseInt(g, 16));
}

function classify6(g: number[]): AddressClass {
  const [a, b, c, d, e, f, g6, h] = g as [number, number, number, number, number, number, number, number];
  const embedded = () => classify4(((g6 << 16) | h) >>> 0);
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && h === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside
  if (zeroTo(5) && f === 0xffff) return embedded();
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded();
  if (zeroTo(6)) return 'reserved'; // IPv4-compatible, deprecated
  if ((a & 0xfe00) === 0xfc00) return 'unique-local';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated
  if ((a & 0xff00) === 0xff00) return 'multicast';
  if (a === 0x2001 && b === 0x0db8) return 'reserved'; // documentation
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return 'reserved'; // discard
  return 'public';
}

/** The class of an IP address written as text (IPv4 dotted, IPv6 with or without brackets). */
export function addressClass(address: string): AddressClass {
  const text = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(text.replace(/%.*$/, ''));
  if (family === 4) return classify4(parse4(text)!);
  if (family === 6) {
    const groups = parse6(text);
    return groups ? classify6(groups) : 'invalid';
  }
  return 'invalid';
}

export function isPublicAddress(address: string): boolean {
  return addressClass(address) === 'public';
}

/** `localhost` and its subdomains (RFC 6761) always mean this machine, whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether a URL's host is known to be non-public without asking DNS: an IP literal outside the
 * public ranges, or localhost. Names are checked again, resolved, when the webhook is sent.
 */
export function isNonPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host.replace(/%.*$/, '')) !== 0) return !isPublicAddress(host);
  return isLocalhostName(host);
}
