import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { HookProgram } from './hookCommandLine';

// Whether a command naming this CLI will still start where an agent or an MCP client runs it. The
// command names the runtime and dist/cli.js by absolute path (a client's PATH, a GUI app's above
// all, need not hold `agents` nor `node`), so what can go wrong is a path that is not there, or
// one that will not stay: npx runs a package from its cache, which npm empties as it likes.

/** npx's cache: `<npm cache>/_npx/<hash>/node_modules/<package>/`. */
const NPX_CACHE = /[\\/]_npx[\\/]/;

/**
 * What may stop a command naming `program` from running, each a sentence for stderr and the
 * JSON's `warnings`; empty when it runs. `exists` is injectable for tests of other layouts.
 */
export function programWarnings(program: HookProgram, exists: (file: string) => boolean = existsSync): string[] {
  const warnings: string[] = [];
  for (const [what, file] of [
    ['the runtime', program.node],
    ['the CLI', program.cli],
  ] as const) {
    if (!path.isAbsolute(file)) warnings.push(`${what} is named as ${JSON.stringify(file)}, not by an absolute path: the command would start only where that resolves`);
    else if (!exists(file)) warnings.push(`${what}, ${file}, does not exist: the command would not start`);
  }
  if (NPX_CACHE.test(program.cli)) {
    warnings.push(
      `this CLI runs from npx's cache (${program.cli}), which npm may clear at any time, and the command would then fail: install the package (npm install --global ./cleveragents-checkpoints-<version>.tgz) and run this again with that \`agents\``,
    );
  }
  return warnings;
}
