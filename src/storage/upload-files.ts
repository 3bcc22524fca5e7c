/**
 * Files waiting to be uploaded, kept as Blobs in the extension's own IndexedDB until they are saved
 * or the person cancels. A Blob stored there is kept on disk by both browsers and read back as a
 * reference, not copied into memory, so a 100 MiB file costs no 100 MiB here; and Try again finds
 * the same bytes without fetching the file again. The page that takes a file stores it; the worker,
 * which alone holds the token, reads it by id and sends it.
 */

export interface StoredFile {
  blob: Blob;
  /** The file's own name (shown, and sent with the file). */
  name: string;
  /** When it was stored (epoch ms), so a file nobody came back for can be cleared. */
  storedAt: number;
}

const DB_NAME = 'uploads';
const STORE = 'files';
/** A file left behind (the tab closed mid-way) is cleared after a day. */
const STALE_MS = 24 * 60 * 60 * 1000;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export async function putFile(id: string, file: StoredFile): Promise<void> {
  await run('readwrite', (store) => store.put(file, id));
}

export async function getFile(id: string): Promise<StoredFile | undefined> {
  const value = (await run('readonly', (store) => store.get(id))) as unknown;
  if (typeof value !== 'object' || value === null) return undefined;
  const { blob, name, storedAt } = value as Partial<StoredFile>;
  return blob instanceof Blob && typeof name === 'string' && typeof storedAt === 'number' ? { blob, name, storedAt } : undefined;
}

export async function deleteFile(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}

/** Forgets every waiting file (at sign-out). */
export async function clearAllFiles(): Promise<void> {
  await run('readwrite', (store) => store.clear());
}

/** Clears files older than a day: a tab closed before Save or Cancel leaves its file behind. */
export async function clearStaleFiles(now: number): Promise<void> {
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const cursor = tx.objectStore(STORE).openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        const storedAt = (at.value as Partial<StoredFile> | undefined)?.storedAt;
        if (typeof storedAt !== 'number' || now - storedAt > STALE_MS) at.delete();
        at.continue();
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}
