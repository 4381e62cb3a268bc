// The state of this process's hooks.log writes (boundedFlush.ts), kept on one global record:
// `hook run` is bundled apart from the client that loads it (dist/agentsClient.js loads
// dist/agentsHookRun.js), and the client, which ends the process, must see the writes its loaded
// half started. It imports only core/sharedAcrossBundles.ts (a function, no imports), so that the client's bundle stays small.

import { sharedAcrossBundles } from '../core/sharedAcrossBundles';

export interface LogWriteState {
  /** A write was started and has not ended yet. */
  writing: boolean;
  /** Lines dropped since the last write that got through. */
  dropped: number;
}

/** Each hooks.log's state, by its path. */
export function logWriteStates(): Map<string, LogWriteState> {
  return sharedAcrossBundles('hookLogWrites', () => new Map<string, LogWriteState>());
}

/** Whether a write to a hooks.log started by this process has not ended yet (processExit.ts waits for it only so long). */
export function logWritesUnderWay(): boolean {
  for (const state of logWriteStates().values()) if (state.writing) return true;
  return false;
}
