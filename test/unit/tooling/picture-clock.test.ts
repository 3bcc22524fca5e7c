import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { installPictureClock, PICTURE_SLOWDOWN, PICTURE_START, pictureClock } from '../../support/picture-clock.ts';

/** What a page sees of Date once the clock's script has run in it (a realm of its own, as a page is). */
function inPageWithClock(realStart: number, read: string): unknown {
  return runInNewContext(`${pictureClock(realStart).script}\n${read}`);
}

describe("the pictures' clock", () => {
  it('reads the pictures’ start when the run begins, and a second more after twenty of the machine’s', () => {
    const started = inPageWithClock(Date.now(), 'Date.now()') as number;
    expect(started - PICTURE_START).toBeGreaterThanOrEqual(0);
    expect(started - PICTURE_START).toBeLessThan(1_000);
    const later = inPageWithClock(Date.now() - 1_000 * PICTURE_SLOWDOWN, 'Date.now()') as number;
    expect(later - PICTURE_START).toBeGreaterThanOrEqual(1_000);
    expect(later - PICTURE_START).toBeLessThan(2_000);
  });

  it('gives new Date() and Date() its time, and leaves every other date as it is', () => {
    const seen = inPageWithClock(
      Date.now(),
      `({
        year: new Date().getUTCFullYear(),
        month: new Date().getUTCMonth(),
        text: Date(),
        epoch: new Date(0).getTime(),
        parsed: Date.parse('2020-01-02T03:04:05Z'),
        utc: Date.UTC(2020, 0, 2),
        isDate: new Date() instanceof Date && new Date(0) instanceof Date,
        tagged: Object.prototype.toString.call(new Date()),
        sub: new (class extends Date {})(7).getTime(),
      })`,
    );
    expect((seen as { text: string }).text).toContain('2026');
    expect({ ...(seen as object), text: '' }).toEqual({
      year: 2026,
      month: 10,
      text: '',
      epoch: 0,
      parsed: Date.parse('2020-01-02T03:04:05Z'),
      utc: Date.UTC(2020, 0, 2),
      isDate: true,
      tagged: '[object Date]',
      sub: 7,
    });
  });

  it('the emulator’s side reads the same clock as the pages', () => {
    const realStart = Date.now() - 60_000;
    const node = pictureClock(realStart).now();
    const page = inPageWithClock(realStart, 'Date.now()') as number;
    expect(Math.abs(page - node)).toBeLessThan(100);
  });
});

describe('installPictureClock', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'picture-clock-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  }

  it('puts the clock first in every page’s head and first in the worker', () => {
    const out = build({
      'manifest.json': JSON.stringify({ background: { service_worker: 'service-worker-loader.js', type: 'module' } }),
      'service-worker-loader.js': "import './assets/worker.js';\n",
      'src/popup/popup.html':
        '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" src="/assets/popup.js"></script>\n  </head>\n</html>\n',
    });
    const clock = pictureClock();
    installPictureClock(out, clock);
    expect(readFileSync(join(out, 'picture-clock.js'), 'utf8')).toBe(clock.script);
    const page = readFileSync(join(out, 'src/popup/popup.html'), 'utf8');
    expect(page.indexOf('<script src="/picture-clock.js"></script>')).toBeGreaterThan(page.indexOf('<head>'));
    expect(page.indexOf('<script src="/picture-clock.js"></script>')).toBeLessThan(page.indexOf('/assets/popup.js'));
    expect(readFileSync(join(out, 'service-worker-loader.js'), 'utf8')).toBe("import '/picture-clock.js';\nimport './assets/worker.js';\n");
  });

  it('puts the clock first among Firefox’s background scripts', () => {
    const out = build({ 'manifest.json': JSON.stringify({ background: { scripts: ['service-worker-loader.js'], type: 'module' } }) });
    installPictureClock(out, pictureClock());
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { background: { scripts: string[] } };
    expect(manifest.background.scripts).toEqual(['picture-clock.js', 'service-worker-loader.js']);
  });

  it('refuses a page it could not put the clock in, rather than make pictures on two clocks', () => {
    const out = build({
      'manifest.json': JSON.stringify({ background: { service_worker: 'w.js' } }),
      'w.js': '',
      'odd.html': '<p>no head</p>',
    });
    expect(() => installPictureClock(out, pictureClock())).toThrow('odd.html has no <head>');
  });
});
