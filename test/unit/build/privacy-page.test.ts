// The privacy page (build/privacy-page.ts): PRIVACY.md as the options page's link shows it, word for
// word, in a page that can run nothing the statement's text might contain.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { privacyPage } from '../../../build/privacy-page.ts';

/** The text a browser shows in the page's <pre>, entities read back. */
function shownText(page: string): string {
  const [, pre = ''] = /<pre>([\s\S]*)<\/pre>/.exec(page) ?? [];
  return pre.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

describe('the privacy page', () => {
  const statement = readFileSync('PRIVACY.md', 'utf8');

  it('shows PRIVACY.md word for word, Markdown as written, in both languages', () => {
    const page = privacyPage(statement);
    expect(shownText(page)).toBe(statement);
    expect(page).toContain('<pre># Privacy statement — Digipost Mailbox (browser extension)\n');
    expect(page).toContain('<title>Digipost Mailbox – privacy statement / personvernerklæring</title>');
  });

  it('shows markup in the statement as text: no script, no element the text did not come with', () => {
    const markdown = 'A <script>alert(1)</script> & <img src=x onerror=alert(2)> and </pre><b>bold</b>';
    const page = privacyPage(markdown);
    expect(shownText(page)).toBe(markdown);
    expect(page).toContain(
      'A &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt; and &lt;/pre&gt;&lt;b&gt;bold&lt;/b&gt;',
    );
    expect(page).not.toMatch(/<(script|img|b)\b/);
    expect(page.match(/<\/pre>/g)).toHaveLength(1);
  });

  it('is a whole page of its own: UTF-8, English, sized for a phone, light or dark with the system, nothing loaded', () => {
    const page = privacyPage('text');
    expect(page.startsWith('<!doctype html>\n<html lang="en">\n')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('<meta name="viewport" content="width=device-width">');
    expect(page).toContain('@media (prefers-color-scheme: dark)');
    expect(page).not.toMatch(/\b(src|href)=/);
    expect(page.endsWith('</html>\n')).toBe(true);
  });
});
