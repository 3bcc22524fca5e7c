import type { Environment } from './machine.ts';

export interface Row {
  figure: string;
  value: string;
  goal: string;
  /** undefined: nothing to hold it to (no goal, or not measurable yet). */
  met: boolean | undefined;
}

const verdict = (met: boolean | undefined) => (met === undefined ? '–' : met ? 'met' : 'NOT MET');

function markdownTable(rows: readonly Row[]): string {
  const lines = ['| Figure | Measured | Goal | Met |', '|---|---|---|---|'];
  for (const row of rows) lines.push(`| ${row.figure} | ${row.value} | ${row.goal} | ${verdict(row.met)} |`);
  return lines.join('\n');
}

export function consoleTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [r.figure, r.value, r.goal, verdict(r.met)]);
  const header = ['Figure', 'Measured', 'Goal', 'Met'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function markdownReport(rows: readonly Row[], env: Environment, notes: readonly string[], sections: readonly string[] = []): string {
  return [
    '# Benchmarks',
    '',
    'What a user feels, measured by `npm run bench` (test/bench/) on the extension built for the local',
    'emulator, in headless Chromium (and the popup in headless Firefox ESR: rows named Firefox). Times are the median of repeated runs with the interquartile',
    'range; "navigation start" is the page\'s own `performance.timeOrigin`. Regenerate with `npm run bench`.',
    '',
    `- Machine: ${env.cpu}, ${env.cores} cores, ${env.memory} memory`,
    `- Versions: Node ${env.node}, Chromium ${env.chromium}, puppeteer-core ${env.puppeteer}`,
    `- Date: ${env.date}`,
    '',
    markdownTable(rows),
    '',
    '## How each figure is taken',
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    ...sections,
  ].join('\n');
}
