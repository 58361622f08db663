// npm run content:sync: validates the files under content/ (or CONTENT_DIR) and loads them as a new content version.
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { contentRoot } from '../../prepare';
import { ContentFileError, syncContent } from './sync';

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  const result = await syncContent(database.db, config.CONTENT_DIR ?? contentRoot, { demo: config.demo });
  console.log(
    result.changed
      ? `Content version ${result.version} loaded: ${result.tenants} tenants, ${result.pages} pages.`
      : `Content unchanged: version ${result.version} keeps serving.`,
  );
} catch (error) {
  if (!(error instanceof ContentFileError)) throw error;
  console.error(`Content not loaded; the previous version keeps serving.\n  ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
