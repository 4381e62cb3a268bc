// The words of a command line (`hook`, `status`) with the global options that may come before or
// between them skipped: `agents --format json hook status` is `hook status`. Loaded by dist/cli.js
// to choose a bundle, so it imports nothing.

/** The global options that take a value (`--format json`, `--workspace DIR`). */
const VALUE_OPTIONS = new Set(['--format', '--workspace']);

/** The command line's first `count` words, and where the first of them is in it (-1 when none). */
export function commandWords(args: readonly string[], count: number): { readonly words: string[]; readonly first: number } {
  const words: string[] = [];
  let first = -1;
  for (let i = 0; i < args.length && words.length < count; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) {
      if (first < 0) first = i;
      words.push(arg);
    }
  }
  return { words, first };
}

/** The command line without its first word (the group, `hook`), global options kept in place. */
export function withoutGroup(args: readonly string[]): string[] {
  const { first } = commandWords(args, 1);
  return first < 0 ? [...args] : [...args.slice(0, first), ...args.slice(first + 1)];
}
