import * as path from 'node:path';

// Where the database and its write log live, apart from the store itself: the extension watches
// these files from its first moment, and must not load sql.js to know their names.

/** The folder of the workspace the product owns, and the database file in it. */
export const CLEVERAGENTS_DIR = '.cleveragents';
export const DATABASE_FILE_NAME = 'cleveragents.db';

/** `<workspace>/.cleveragents/cleveragents.db` */
export function defaultDatabasePath(workspaceRoot: string): string {
  return path.join(workspaceRoot, CLEVERAGENTS_DIR, DATABASE_FILE_NAME);
}

/** The write log beside a database: `cleveragents.db.log` (docs/RELIABILITY.md, "The database's write log"). */
export function writeLogPath(databasePath: string): string {
  return `${databasePath}.log`;
}
