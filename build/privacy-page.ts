// Why this step exists: the options page links to the privacy statement, and an extension page may
// load nothing from the web, so PRIVACY.md ships in the extension as privacy.html: the statement of
// the version installed, readable offline.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** The Markdown shown as it is written (escaped, in a <pre>), in a page that runs no script. */
export function privacyPage(markdown: string): string {
  const text = markdown.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width">\n' +
    '<title>Digipost Mailbox – privacy statement / personvernerklæring</title>\n' +
    '<style>body { margin: 0 auto; max-width: 46rem; padding: 1.5rem; font: 1rem/1.5 system-ui, sans-serif; } ' +
    'pre { white-space: pre-wrap; font: inherit; } @media (prefers-color-scheme: dark) { body { background: #1c1b22; color: #fbfbfe; } }</style>\n' +
    `</head>\n<body>\n<pre>${text}</pre>\n</body>\n</html>\n`
  );
}

/** privacy.html, made from PRIVACY.md at the top of the project. */
export function privacyStatement(): Plugin {
  return {
    name: 'privacy-statement',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'privacy.html', source: privacyPage(readFileSync('PRIVACY.md', 'utf8')) });
    },
  };
}
