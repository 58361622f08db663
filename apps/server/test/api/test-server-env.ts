/** The settings every test server starts with: the demo, quiet, no web build, its own document folder. */
export const testServerEnv = (documentsDir: string) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  DOCUMENTS_DIR: documentsDir,
  MERIDIAN_DEMO: 'true',
});
