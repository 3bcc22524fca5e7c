import { fireEvent, render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorInfo } from '../../src/shared/errors.ts';
import { ErrorAlert } from '../../src/ui/components.tsx';
import { ErrorView } from '../../src/viewer/ErrorView.tsx';
import { LANGUAGES } from '../support/catalogue-i18n.ts';
import { extension } from '../support/fake-extension.ts';

/*
 * Issue #35, point 5: every failure of the catalogue says in words what happened. The HTTP status,
 * the service's own code and message, a media type or an address are for the curious, under the
 * closed "Details", never in the sentence a person reads first.
 */

/** What the service and the browser may tell about a failure, as the worker passes it on. */
const DETAIL = 'INTERNAL_SERVER_ERROR: not JSON: application/vnd.digipost-v2+json at https://www.digipost.no/post/api';

/** The text a person reads: closed details show only their summary. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const details of copy.querySelectorAll('details:not([open])'))
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent.replace(/\s+/g, ' ');
}

/** What the service's internals look like when they leak into a sentence. */
const LEAKS: readonly [string, RegExp][] = [
  // The status every error below carries (a sentence may give a size, 100 MB).
  ['an HTTP status', /\bHTTP\b|\b502\b/],
  ['a media type', /\b(application|text|image)\/[\w.+-]+|\bJSON\b/i],
  ['an address', /\b[a-z]+:\/\/|\/post\//i],
  ['a code or a relation name', /\b[A-Za-z]+_[A-Za-z0-9_]+\b/],
  ['a placeholder', /\$\w+\$?/],
];

describe.each(LANGUAGES)('every error in words (%s)', (language) => {
  const errors: ErrorInfo[] = ERROR_CODES.map((code) => ({ code, status: 502, detail: DETAIL, permission: 'READ_RECEIPTS' }));

  it.each(errors.map((error) => [error.code, error] as const))(
    '%s: a sentence with no status, media type, address or code; those under Details',
    (_code, error) => {
      extension.language = language;
      for (const alert of [
        <ErrorAlert error={error} />,
        <ErrorView error={error} onRetry={() => undefined} onConnect={() => undefined} />,
      ]) {
        const { container, unmount } = render(alert);
        const sentence = container.querySelector('.alert-message')?.textContent ?? '';
        expect(sentence.length, 'a sentence').toBeGreaterThan(10);
        expect(sentence).not.toContain(`error_${error.code}`);
        const shown = readable(container);
        for (const [what, pattern] of LEAKS) expect(shown, `${what} in "${shown}"`).not.toMatch(pattern);
        // Details has it all, for whoever asks.
        const summary = container.querySelector('details > summary');
        expect(summary).not.toBeNull();
        if (summary) fireEvent.click(summary);
        container.querySelector('details')?.setAttribute('open', '');
        expect(readable(container)).toContain('HTTP 502');
        expect(readable(container)).toContain(DETAIL);
        unmount();
      }
    },
  );
});
