/**
 * A storage area (browser.storage.local or .session, or a test's stand-in) as every module takes
 * it: the three calls the extension makes, so the pure modules run in Node over a fake.
 */
export interface KeyValueArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}
