import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import { createStateFile, listStateDir, removeStateFile, stateFileInfo } from '../adapters/files/stateFiles';
import type { HookAgent } from '../daemonClient/hookAgents';

// Some things a hook sees are worth one line in hooks.log per session, not one per event: an event
// the hooks do not use (a name we do not know, a new event of a new version of the agent), a turn
// the agent submits that no person wrote. Each is remembered by an empty marker file, made
// exclusively (two hooks at once: one of them makes it) through stateFiles.ts (a planted link or
// FIFO is refused).

/** `.cleveragents/hooks/seen/`: one empty file per (agent, session, note) already logged. */
export function seenDir(root: string): string {
  return path.join(root, '.cleveragents', 'hooks', 'seen');
}

/**
 * Whether `note` is new for this session: true the first time (and the marker is made), false
 * afterwards. A marker that cannot be made (a read-only disk) answers true: a line too many beats
 * a thing dropped silently.
 */
export async function firstInSession(root: string, agent: HookAgent, sessionId: string, note: string): Promise<boolean> {
  const name = createHash('sha256').update(`${agent}\0${sessionId}\0${note}`).digest('hex').slice(0, 32);
  try {
    await ensureDataDir(root);
    return createStateFile(root, path.join(seenDir(root), name));
  } catch {
    return true;
  }
}

/** A marker older than this belongs to a session long over: its note may be logged again, once. */
const MARKER_MAX_AGE_MS = 14 * 24 * 60 * 60_000;

/**
 * Removes up to `max` markers older than two weeks (called when a session starts, so the folder
 * does not grow with every session ever). Best effort: what cannot be removed stays for later.
 */
export function sweepOldMarkers(root: string, max: number): void {
  const dir = seenDir(root);
  let removed = 0;
  try {
    for (const name of listStateDir(root, dir)) {
      if (removed >= max) return;
      const file = path.join(dir, name);
      const info = stateFileInfo(root, file);
      if (info?.isFile() && Date.now() - info.mtimeMs > MARKER_MAX_AGE_MS && removeStateFile(root, file)) removed++;
    }
  } catch {
    // a folder that cannot be read now is swept by a later session
  }
}
