import fc from 'fast-check';

/*
 * Web addresses for property tests, made as fast-check's webPath and webUrl (with query and
 * fragment) make them, except that a percent-encoded character is drawn here from the Basic
 * Multilingual Plane by its code. fast-check draws it from all of Unicode through a table of every
 * code point that it builds once in each test file: a second or more before the first run, several
 * on a busy machine, for nothing the properties here need.
 */

const UNRESERVED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';

/** A character as it may stand in a path segment (or, with `extra`, in a query or fragment): itself, or percent-encoded. */
function uriCharacter(extra: string): fc.Arbitrary<string> {
  const encoded = fc
    .integer({ min: 0, max: 0xffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => {
      const character = String.fromCharCode(code);
      const escaped = encodeURIComponent(character);
      return escaped !== character ? escaped : `%${code.toString(16)}`;
    });
  const plain = `${UNRESERVED}!$&'()*+,;=:@${extra}`;
  return fc.oneof(
    { weight: 10, arbitrary: fc.mapToConstant({ num: plain.length, build: (index) => plain.charAt(index) }) },
    { weight: 1, arbitrary: encoded },
  );
}

/** A path of zero or more segments, each after a slash. */
export function webPath(): fc.Arbitrary<string> {
  return fc
    .array(fc.string({ unit: uriCharacter(''), maxLength: 10 }), { maxLength: 5 })
    .map((segments) => segments.map((segment) => `/${segment}`).join(''));
}

/** An http or https address: a domain or an IP address (v4 or v6), perhaps a port, a path, perhaps a query and a fragment. */
export function webUrl(): fc.Arbitrary<string> {
  const text = fc.string({ unit: uriCharacter('/?'), maxLength: 15 });
  return fc
    .tuple(
      fc.constantFrom('http', 'https'),
      fc.webAuthority({ withIPv4: true, withIPv6: true, withPort: true }),
      webPath(),
      fc.option(text),
      fc.option(text),
    )
    .map(
      ([scheme, authority, path, query, fragment]) =>
        `${scheme}://${authority}${path}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`,
    );
}
