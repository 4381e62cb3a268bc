import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import { createStateFile } from '../adapters/files/stateFiles';
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
