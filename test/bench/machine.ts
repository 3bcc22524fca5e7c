import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { createRequire } from 'node:module';

export interface Environment {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  chromium: string;
  puppeteer: string;
  date: string;
}

function puppeteerVersion(): string {
  const require = createRequire(import.meta.url);
  const file = require.resolve('puppeteer-core/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export function environment(chromiumVersion: string): Environment {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown';
  return {
    cpu,
    cores: cpus().length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    chromium: chromiumVersion,
    puppeteer: puppeteerVersion(),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}
