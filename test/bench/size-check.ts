// `npm run size`: fails when a built entry's scripts, gzipped, exceed their budget.
// Reads the production build (dist/, or the directory given as the first argument).
// SIZE_BUDGET_POPUP_KB / SIZE_BUDGET_WORKER_KB override a budget (to prove the check fails).
import { BUDGETS, entrySizes, POPUP_STYLES_BUDGET, popupStylesSize, type EntryName } from './bundle-sizes.ts';
import { formatBytes } from './stats.ts';

function budgetFor(entry: EntryName): number | undefined {
  const override = process.env[`SIZE_BUDGET_${entry.toUpperCase()}_KB`];
  if (override !== undefined && override !== '') {
    const kb = Number(override);
    if (!Number.isFinite(kb) || kb <= 0) throw new Error(`SIZE_BUDGET_${entry.toUpperCase()}_KB must be a positive number of kB`);
    return kb * 1000;
  }
  return BUDGETS[entry];
}

const dist = process.argv[2] ?? 'dist';
let failures = 0;
try {
  for (const size of entrySizes(dist)) {
    const budget = budgetFor(size.entry);
    const verdict =
      budget === undefined ? 'no budget' : size.gzip <= budget ? `within ${formatBytes(budget)}` : `OVER ${formatBytes(budget)}`;
    console.log(`${size.entry.padEnd(8)} ${formatBytes(size.gzip).padStart(9)} gzip  ${verdict}  (${size.chunks.length} chunks)`);
    if (budget !== undefined && size.gzip > budget) {
      failures += 1;
      console.error(
        `\n✗ The ${size.entry} script is ${formatBytes(size.gzip)} gzipped, over its budget of ${formatBytes(budget)} by ` +
          `${formatBytes(size.gzip - budget)}. Chunks: ${size.chunks.join(', ')}.\n` +
          `  Find what grew with \`npx vite build\` (it lists each chunk's gzip size); do not raise the budget to pass.`,
      );
    }
  }
  const styles = popupStylesSize(dist);
  const fits = styles.gzip <= POPUP_STYLES_BUDGET;
  console.log(
    `popup styles (in its page) ${formatBytes(styles.gzip)} gzip  ${fits ? 'within' : 'OVER'} ${formatBytes(POPUP_STYLES_BUDGET)}`,
  );
  if (!fits) {
    failures += 1;
    console.error(
      `\n✗ The popup's styles are ${formatBytes(styles.gzip)} gzipped, over their budget of ${formatBytes(POPUP_STYLES_BUDGET)}.`,
    );
  }
} catch (error) {
  console.error(`✗ size check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
if (failures > 0) process.exit(1);
console.log(`✓ Bundle sizes within budget (${dist}).`);
