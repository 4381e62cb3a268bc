import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import * as path from 'node:path';
import { ensureDataDir } from '../adapters/files/nodeWorkspaceFiles';
import type { HookAgent } from './hookAgents';

// Some things a hook sees are worth one line in hooks.log per session, not one per event: an event
// the hooks do not use (a name we do not know, a new event of a new version of the agent), a turn
// the agent submits that no person wrote. Each is remembered by an empty marker file, made with
// O_EXCL (two hooks at once: one of them makes it) and O_NOFOLLOW (a planted link is refused).

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
    await mkdir(seenDir(root), { recursive: true, mode: 0o700 });
    const handle = await open(path.join(seenDir(root), name), constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0), 0o600);
    await handle.close();
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}
