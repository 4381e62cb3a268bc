import * as z from 'zod';
import { RelativePathSchema } from './ids';

// How a path differs between two snapshots: what every rollback, preview and diff lists. A file of
// its own, below the rollback's result and the ports that both use it.

export const ChangeKindSchema = z.enum(['added', 'modified', 'deleted']);
export type ChangeKind = z.infer<typeof ChangeKindSchema>;

/** One path that differs, relative to the sandbox with POSIX separators. */
export const PathChangeSchema = z.object({ path: RelativePathSchema, change: ChangeKindSchema });
export type PathChange = z.infer<typeof PathChangeSchema>;
