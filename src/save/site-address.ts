/*
 * What the save page says of the address a file comes from, and whether that address is on the
 * person's own machine or network. A page on the web can offer a link to 127.0.0.1 or to a router
 * at 192.168.1.1; fetched with the extension's access, such a request reaches what the site itself
 * could not. So those are fetched only once the person has seen the host and said yes.
 *
 * Only the address as written is judged: a public name that resolves to a private address is not
 * seen here (the page cannot resolve names).
 */

/** The host as a person reads it: no scheme, no path; the port when it is not the scheme's own. */
export function hostAsRead(url: string): string {
  return new URL(url).host;
}

/** The four numbers of an IPv4 address written as such (the URL parser has already normalised 0x7f.1 and the like). */
function ipv4Parts(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

function isPrivateIpv4([a = -1, b = -1]: number[]): boolean {
  return (
    a === 127 || // loopback
    a === 10 ||
    a === 0 || // "this network": 0.0.0.0 reaches the machine itself on most systems
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) // link-local
  );
}

/** The IPv6 address's 16-bit groups, `::` expanded; the URL parser has already written it in its shortest form. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined) => (half ? half.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const groups = halves.length === 2 ? [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

function isPrivateIpv6(groups: number[]): boolean {
  const [first = 0] = groups;
  const allZeroBefore = (index: number) => groups.slice(0, index).every((group) => group === 0);
  if (allZeroBefore(7) && groups[7] === 1) return true; // ::1, loopback
  if (allZeroBefore(8)) return true; // ::, the machine itself
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7, unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10, link-local
  // ::ffff:a.b.c.d, an IPv4 address written as IPv6
  if (allZeroBefore(5) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return isPrivateIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return false;
}

/** Whether `url` names a host on this machine or the person's own network (loopback, private, link-local, .local). */
export function isPrivateNetworkAddress(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups !== undefined && isPrivateIpv6(groups);
  }
  const parts = ipv4Parts(host);
  return parts !== undefined && isPrivateIpv4(parts);
}
