export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  q1: number;
  q3: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (at - low);
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

/** "123 ms (IQR 110–130, n=15)". */
export function formatMs(summary: Summary): string {
  const r = (v: number) => Math.round(v).toString();
  return `${r(summary.median)} ms (IQR ${r(summary.q1)}–${r(summary.q3)}, n=${summary.n})`;
}

/** "0 (min–max 0–0, n=10)". */
export function formatCount(summary: Summary): string {
  return `${summary.median} (min–max ${summary.min}–${summary.max}, n=${summary.n})`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
}
