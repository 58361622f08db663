// bench/results/latest.json: each bench adds its figures to the file, keeping the other bench's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const file = 'bench/results/latest.json';

/** What the figures were measured on; the load average says how busy the machine was. */
export const machine = () => ({
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: Number((os.totalmem() / 1e9).toFixed(1)),
  loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
  node: process.version,
});

export function saveResults(figures: Record<string, unknown>) {
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
}
