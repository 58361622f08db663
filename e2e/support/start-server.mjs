// Starts the real server for the browser tests on a fresh embedded database of its own.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const documentsDir = `${dataDir}-documents`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(documentsDir, { recursive: true, force: true });
const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    // argon2id at OWASP's floor for the many sign-ins (apps/server/src/lib/password-hashing.ts).
    PASSWORD_HASH_COST: 'minimum',
    ...process.env,
    PGLITE_DIR: dataDir,
    DOCUMENTS_DIR: documentsDir,
    MERIDIAN_DEMO: 'true',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
