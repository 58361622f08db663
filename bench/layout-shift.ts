// npm run bench:cls [username] [--choice-made] (after npm run build:web): cumulative layout shift (and the performance score) of /login, the signed-in hub
// and, for db.deferred (the default), a step and check your answers of its retirement application, in
// Lighthouse's median mobile run of five, with the elements that moved. Prints figures; never a pass/fail test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLighthouse } from './lighthouse';
import { freePort, startServer } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-cls-'));
const server = await startServer(await freePort(), { PGLITE_DIR: dataDir });
try {
  const cookieChoiceMade = process.argv.includes('--choice-made');
  const username = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'db.deferred';
  const pages = await runLighthouse(server.url, username, username === 'db.deferred', { cookieChoiceMade });
  for (const [name, page] of Object.entries(pages)) {
    console.log(
      `${name}: CLS ${page.cumulativeLayoutShift}${name === 'login' ? ' (target: below 0.05)' : ''}, performance ${page.performance} (runs ${page.performanceOfEachRun.join(', ')})`,
    );
    for (const shift of page.layoutShifts) console.log(`  ${shift.score}  ${shift.element}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
