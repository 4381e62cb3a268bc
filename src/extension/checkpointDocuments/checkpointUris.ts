// The read-only documents of files inside checkpoints, as URIs of the scheme CHECKPOINT_SCHEME:
//   cleveragents-checkpoint:/<path in the sandbox>?folder=<workspace folder URI>&plan=<ULID>&checkpoint=<ULID|none>[&snapshot=<object id>]
// The path stays in the URI's path so that editors pick the language from the file name; `none`
// is the empty side of an added or deleted file. A URI can be made by anyone (a link, another
// extension), so every part is validated before anything reads from the store. No `vscode`
// import: unit-tested in plain Node.
import * as z from 'zod';
import { describeIssues, ValidationError } from '../../core/errors';
import { ObjectIdSchema, RelativePathSchema, UlidSchema } from '../../core/ids';

export const CHECKPOINT_SCHEME = 'cleveragents-checkpoint';
export const EMPTY_SIDE = 'none';

export interface CheckpointFileLocation {
  /** The workspace folder's URI, as `Uri.toString()` gives it. */
  readonly folder: string;
  readonly planId: string;
  /** null: the empty document (the side of a diff where the file does not exist). */
  readonly checkpointId: string | null;
  /** Relative to the plan's sandbox, POSIX separators. */
  readonly path: string;
  /**
   * A snapshot no checkpoint names, read instead of the checkpoint: the files as an agent-only
   * rollback from `checkpointId` would leave them (its preview's "after" side).
   */
  readonly snapshot?: string;
}

const QuerySchema = z
  .object({
    folder: z.string().min(1).max(4096),
    plan: UlidSchema,
    checkpoint: z.union([UlidSchema, z.literal(EMPTY_SIDE)]),
    snapshot: ObjectIdSchema.optional(),
  })
  .strict();

/** The path and query of the URI of a file in a checkpoint (the scheme is CHECKPOINT_SCHEME). */
export function formatCheckpointLocation(loc: CheckpointFileLocation): { path: string; query: string } {
  const query = new URLSearchParams({ folder: loc.folder, plan: loc.planId, checkpoint: loc.checkpointId ?? EMPTY_SIDE, ...(loc.snapshot ? { snapshot: loc.snapshot } : {}) });
  return { path: `/${loc.path}`, query: query.toString() };
}

/** The location a URI's path and query name; a ValidationError for anything else. */
export function parseCheckpointLocation(uriPath: string, uriQuery: string): CheckpointFileLocation {
  const params = new URLSearchParams(uriQuery);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) throw new ValidationError(`checkpoint document URI: "${key}" is given twice`);
    raw[key] = value;
  }
  const query = QuerySchema.safeParse(raw);
  if (!query.success) throw new ValidationError(`checkpoint document URI: ${describeIssues(query.error.issues)}`);
  if (!uriPath.startsWith('/')) throw new ValidationError('checkpoint document URI: the path must start with "/"');
  const path = RelativePathSchema.safeParse(uriPath.slice(1));
  if (!path.success || path.data === '.' || path.data.endsWith('/') || path.data.split('/').includes('')) {
    throw new ValidationError(`checkpoint document URI: path ${JSON.stringify(uriPath)} is not a file path in the sandbox`);
  }
  return {
    folder: query.data.folder,
    planId: query.data.plan,
    checkpointId: query.data.checkpoint === EMPTY_SIDE ? null : query.data.checkpoint,
    path: path.data,
    ...(query.data.snapshot ? { snapshot: query.data.snapshot } : {}),
  };
}

/** How many leading bytes are searched for a NUL to call a file binary (git's own heuristic). */
const BINARY_SNIFF_BYTES = 8000;

/** A file's bytes as the text an editor shows; binary files become a one-line note. */
export function checkpointFileText(bytes: Uint8Array): string {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    return `(binary file, ${bytes.length.toLocaleString('en-US')} bytes: not shown)`;
  }
  return new TextDecoder('utf-8').decode(bytes);
}
