import * as z from 'zod';
import { RelativePathSchema } from './ids';

/** Where a workspace folder's checkpoint database lives unless a setting or `AGENTS_DATABASE` says otherwise. */
export const DEFAULT_DATABASE_PATH = '.cleveragents/cleveragents.db';

/**
 * A database location relative to the workspace folder (the extension's `database.path` setting,
 * the CLI's `AGENTS_DATABASE`): inside the folder, POSIX separators, naming a file.
 */
export const DatabasePathSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .transform((p) => p.replace(/\\/g, '/').replace(/^\.\//, ''))
  .pipe(RelativePathSchema)
  .refine((p) => !p.endsWith('/') && p !== '.', 'must name a file, not a folder');
