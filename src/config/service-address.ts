/** Why a service address was refused; each reason has a message in the i18n catalogue. */
type AddressProblem =
  'address_empty' | 'address_invalid' | 'address_not_https' | 'address_has_credentials' | 'address_has_fragment' | 'address_has_query';

export type AddressCheck = { ok: true; baseUrl: string; origin: string } | { ok: false; problem: AddressProblem };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Validates a service address and normalises it to `scheme://host[:port][/path]` without a
 * trailing slash, so `${baseUrl}/post/api` is always well formed.
 */
export function checkServiceAddress(input: string): AddressCheck {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'address_empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'address_invalid' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return { ok: false, problem: 'address_not_https' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'address_has_credentials' };
  if (text.includes('#')) return { ok: false, problem: 'address_has_fragment' };
  if (url.search !== '') return { ok: false, problem: 'address_has_query' };
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, baseUrl: `${url.origin}${path}`, origin: url.origin };
}

/**
 * How a browser reads the host of a host-permission match pattern. Chrome matches a port written
 * in it. Firefox matches no port (MDN, "Match patterns"; Mozilla bugs 1362809 and 1468162): it
 * accepts `http://127.0.0.1:4710/*` and lists it as held, yet never matches a request against it,
 * so the extension's requests there go out as cross-origin requests, with a CORS preflight the
 * service does not answer. Firefox is therefore asked for the host alone, which covers its every port.
 */
export type PortMatching = 'matches-port' | 'host-only';

/** The host-permission match pattern that covers a service address's origin in a browser that matches ports as given. */
export function originPattern(origin: string, ports: PortMatching): string {
  const url = new URL(origin);
  return `${url.protocol}//${ports === 'matches-port' ? url.host : url.hostname}/*`;
}
