import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildForEmulator } from '../support/build-extension.ts';

export const BENCH_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4712);
export const BENCH_DIST = 'dist-bench';
export const BENCH_CLIENT_ID = 'digipost-mailbox-demo';
export const BENCH_CLIENT_SECRET = 'demo-secret-change-me';
/** Letters' content too, so the benchmark can open a letter (the default scope reads only their descriptions), and uploads for the upload row. */
export const BENCH_SCOPE = 'READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO READ_DOCUMENT_CONTENT UPLOAD_DOCUMENT';
/** The baseline page, copied next to the built pages (never part of src/ or of a release). */
export const BLANK_PAGE = 'bench/blank.html';

/** The extension as a distributor would build it for the emulator, plus the blank baseline page. */
export async function buildBench(): Promise<void> {
  await buildForEmulator(BENCH_DIST, `http://127.0.0.1:${BENCH_PORT}`, BENCH_CLIENT_ID, BENCH_CLIENT_SECRET, { scope: BENCH_SCOPE });
  const target = join(BENCH_DIST, BLANK_PAGE);
  mkdirSync(join(BENCH_DIST, 'bench'), { recursive: true });
  copyFileSync('test/bench/blank.html', target);
}
