import type * as z from 'zod/mini';

/*
 * zod/mini says only "Invalid input" unless given messages. zod's English catalogue names every
 * string format it knows (e-mail, UUID, IBAN…), a kilobyte of the worker for formats no schema
 * here uses; these are its sentences, word for word, for the issues the extension's schemas raise
 * (no strict object, exclusive union, number step, set, map or file size, no record key that can
 * fail: those would say "Invalid input" or name no unit).
 * The message is all a failure's details show of a mismatch (api/parse.ts).
 */

const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

/** The type zod received, as its catalogue names it: NaN and Infinity by value, an object not plain by its class. */
function received(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? 'number' : String(input);
  if (typeof input !== 'object') return typeof input;
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  // Not every object has a constructor: one made with Object.create(null) has no prototype at all.
  const name =
    Object.getPrototypeOf(input) === Object.prototype ? undefined : (input as { constructor?: { name?: string } }).constructor?.name;
  return name ?? 'object';
}

const primitive = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

function size(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall>, bound: string, limit: unknown): string {
  const unit = UNITS[issue.origin];
  return `expected ${issue.origin} to ${unit ? 'have' : 'be'} ${issue.exact ? 'exactly ' : issue.inclusive ? `${bound}=` : bound}${String(limit)}${unit ? ` ${unit}` : ''}`;
}

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${received(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${primitive(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(primitive).join('|')}`;
    case 'too_big':
      return `Too big: ${size(issue, '<', issue.maximum)}`;
    case 'too_small':
      return `Too small: ${size(issue, '>', issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `Invalid string: must match pattern ${String(issue.pattern)}` : `Invalid ${issue.format}`;
    case 'invalid_union':
      return Array.isArray(issue.options) && issue.options.length > 0
        ? `Invalid discriminator value. Expected ${issue.options.map((o) => `'${String(o)}'`).join(' | ')}`
        : 'Invalid input';
    default:
      return 'Invalid input';
  }
}
