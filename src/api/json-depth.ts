/**
 * The deepest nesting of objects and arrays an answer of the service may have. Its deepest
 * resource (a page of the inbox: letters, their attachments, their links) is some six levels deep;
 * 64 leaves room for whatever it may grow. A hostile or broken answer nested thousands of levels
 * deep is refused where it is parsed, in words, before code that walks it by recursion (a schema,
 * the messaging between worker and page, a page's renderers) can run out of stack on it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (an object or array at
 * the top is the first level; a string, number, boolean or null is none). Walked with a stack of
 * its own, not by recursion, so no depth can overflow the check itself; it stops at the first
 * object or array found past the limit.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 1 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { item, depth } = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? (item as unknown[]) : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}
