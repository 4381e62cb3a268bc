import { formatCount } from './displayText';
import { ValidationError, describeIssues } from './errors';
import { RelativePathSchema, unsafePathReason } from './ids';

/**
 * How many paths one restore asked for by a person or an agent may name. The paths a correction
 * works out itself (what the reverted decisions changed, then its undo) have no such limit.
 */
export const MAX_RESTORE_PATHS = 1000;

/**
 * The paths a restore was asked for, checked and in canonical form (no `./`, no trailing `/`,
 * no duplicates). The root (`.`) is refused: that is a rollback.
 */
export function parseRestorePaths(paths: readonly string[], max = MAX_RESTORE_PATHS): string[] {
  if (!Array.isArray(paths) || paths.length === 0) throw new ValidationError('give at least one path to restore');
  if (paths.length > max) throw new ValidationError(`at most ${formatCount(max)} paths can be restored at once, not ${formatCount(paths.length)}`);
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

/**
 * Whether a path is one of `prefixes` or inside one of them: a look-up per folder of the path, so
 * that tens of thousands of paths against tens of thousands of prefixes stay quick.
 */
export function pathsMatcher(prefixes: readonly string[]): (path: string) => boolean {
  const set = new Set(prefixes);
  return (path) => {
    if (set.size === 0) return false;
    for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
      if (set.has(end === path.length ? path : path.slice(0, end))) return true;
    }
    return false;
  };
}
