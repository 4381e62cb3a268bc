import * as path from 'node:path';
import * as z from 'zod';
import { DatabasePathSchema } from '../core/databasePath';
import { ValidationError, describeIssues } from '../core/errors';
import { CliEnvironment } from '../cliEnvironment';


const AbsolutePathSchema = z
  .string()
  .refine((p) => !p.includes('\0'), 'must not contain NUL')
  .refine((p) => path.isAbsolute(p), 'must be an absolute path');

export interface WorkspaceLocation {
  /** Absolute path of the workspace folder. */
  readonly workspaceRoot: string;
  /** The database relative to the workspace folder; undefined: the default one. */
  readonly databasePath: string | undefined;
}

/**
 * Where a command works: the folder of `--workspace`, else `$AGENTS_WORKSPACE`, else the current
 * directory; the database `$AGENTS_DATABASE` inside it, else the default one. Empty variables count
 * as unset; a malformed one is an error, never a guess.
 */
export function workspaceLocation(cwd: string, workspaceOption: string | undefined, env: Readonly<Record<string, string | undefined>>): WorkspaceLocation {
  const workspaceVar = fromEnv(env, CliEnvironment.workspace, AbsolutePathSchema);
  const databasePath = fromEnv(env, CliEnvironment.database, DatabasePathSchema);
  return { workspaceRoot: path.resolve(cwd, workspaceOption ?? workspaceVar ?? '.'), databasePath };
}

function fromEnv<T>(env: Readonly<Record<string, string | undefined>>, name: string, schema: z.ZodType<T, string>): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(`environment variable ${name} ${JSON.stringify(raw)}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
