import { createTwoFilesPatch } from 'diff';

/**
 * A file's change as a unified diff (`--dry-run`), with git's `a/` and `b/` names and /dev/null for
 * a file that is created or removed. jsdiff (`diff`, already in the dependency tree through mocha)
 * does the line matching.
 */
export function unifiedDiff(display: string, before: string | null, after: string | null): string {
  const patch = createTwoFilesPatch(before === null ? '/dev/null' : `a/${display}`, after === null ? '/dev/null' : `b/${display}`, before ?? '', after ?? '', undefined, undefined, { context: 3 });
  // jsdiff puts a line of '=' above the headers, which neither git nor patch writes
  return patch.replace(/^=+\n/, '');
}
