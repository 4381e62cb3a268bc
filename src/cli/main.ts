// eslint-disable-next-line no-restricted-imports -- the product's own package.json, beside its bundle
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { checkpointCallOf, clearCheckpointCall } from '../daemonClient/callCheckpointId';
import { runCli } from './cli';

// A CLI process runs a handful of SQLite statements and exits. V8's optimizing tier for sql.js's
// WebAssembly costs more CPU than those statements ever win back (measured: about half the time of
// `agents plan list`), so keep to the baseline compiler. Set before sql.js is first loaded.
setFlagsFromString('--liftoff-only');

/** The version in the package.json above this file: `dist/../package.json` in the bundle. */
function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'cleveragents-checkpoints' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not here; look one folder up
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

// A reader that went away (`agents plan list | head -1`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

// A checkpoint id is this call's only when it is bound to this process (src/daemonClient/callCheckpointId.ts);
// taken out of the environment either way, so that no child (git) inherits it.
const checkpointCall = checkpointCallOf(process.env, process.pid);
clearCheckpointCall(process.env);

void runCli({
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  env: process.env,
  checkpointCall,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  wasmDir: __dirname,
  version: packageVersion(),
}).then((code) => {
  // Set, not process.exit(): stdout to a pipe is written asynchronously and must drain first.
  process.exitCode = code;
});
