import { formatCount } from './displayText';
import { ValidationError, describeIssues } from './errors';
import { RelativePathSchema, unsafePathReason } from './ids';

/** How many paths one restore may name. */
export const MAX_RESTORE_PATHS = 1000;

/**
 * The paths a restore was asked for, checked and in canonical form (no `./`, no trailing `/`,
 * no duplicates). The root (`.`) is refused: that is a rollback.
 */
export function parseRestorePaths(paths: readonly string[]): string[] {
  if (!Array.isArray(paths) || paths.length === 0) throw new ValidationError('give at least one path to restore');
  if (paths.length > MAX_RESTORE_PATHS) throw new ValidationError(`at most ${formatCount(MAX_RESTORE_PATHS)} paths can be restored at once, not ${formatCount(paths.length)}`);
  const canonical = new Set<string>();
  for (const p of paths) {
    const rel = RelativePathSchema.safeParse(p);
    if (!rel.success) throw new ValidationError(`path ${JSON.stringify(p)} ${describeIssues(rel.error.issues)}`);
    const clean = rel.data.split('/').filter((s) => s !== '' && s !== '.').join('/');
    if (clean === '') throw new ValidationError(`path ${JSON.stringify(p)} is the whole sandbox: roll back to the checkpoint instead`);
    // A correction's paths come from the database: nothing under `.git` or `.cleveragents`, on any platform.
    const unsafe = unsafePathReason(clean, { backslashSeparates: true, foldCase: true });
    if (unsafe !== undefined) throw new ValidationError(`path ${JSON.stringify(p)} cannot be restored: ${unsafe}`);
    canonical.add(clean);
  }
  return [...canonical].sort();
}

/** Whether `path` is one of `prefixes` or inside one of them. */
export function isLeftAlone(path: string, leaveAlone: readonly string[]): boolean {
  return leaveAlone.some((p) => path === p || path.startsWith(`${p}/`));
}
