import { setFlagsFromString } from 'node:v8';

// `dist/agentsHookRun.js`: `hook run` done in the calling process, when the resident process is
// off, absent or does not answer in time (src/daemon/clientMain.ts).

// As in cli/main.ts: a few SQLite statements do not repay V8's optimizing tier for sql.js's wasm.
setFlagsFromString('--liftoff-only');

export { runHookInput } from '../hooks/hookRun';
