/** The one method of a storage area (browser.storage.*, or a test's stand-in) that reading needs. */
export interface ReadableArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
}

/** The value stored under one key, as the area holds it: unknown until the caller checks it. */
export async function readKey(area: ReadableArea, key: string): Promise<unknown> {
  return (await area.get([key]))[key];
}
