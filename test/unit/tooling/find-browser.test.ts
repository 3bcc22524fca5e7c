import { describe, expect, it } from 'vitest';
import { findBrowser } from '../../support/find-browser.ts';

const search = {
  purpose: 'Chromium for the end-to-end tests',
  envVar: 'CHROMIUM_PATH',
  paths: ['/nonexistent/chromium'],
  debianPackage: 'chromium',
  alternative: 'a Chromium or Chrome binary',
};

describe('finding the browser the tests drive', () => {
  it('prefers the environment variable', () => {
    expect(findBrowser(search, { CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('falls back to the known paths', () => {
    expect(findBrowser({ ...search, paths: ['/nonexistent/a', process.execPath] }, {})).toBe(process.execPath);
  });

  it('says exactly what to install when there is none', () => {
    expect(() => findBrowser(search, {})).toThrow(/CHROMIUM_PATH is not set and \/nonexistent\/chromium does not exist/);
    expect(() => findBrowser(search, {})).toThrow(/sudo apt-get update && sudo apt-get install -y chromium/);
  });

  it('names a variable that points nowhere', () => {
    expect(() => findBrowser(search, { CHROMIUM_PATH: '/nowhere/chrome' })).toThrow(
      /CHROMIUM_PATH is set to \/nowhere\/chrome, but nothing is there/,
    );
  });
});
