import type { WorkspaceServices } from '../composition';
import type { HookLog } from './hookLog';
import { hookNote, hookTimingsOn } from './hookTimings';

/**
 * The workspace's services for a hook: sql.js and the adapters are loaded only now (an event that
 * needs no checkpoint never loads them), with a lock wait the agent can afford. Warnings go to
 * hooks.log, never to the agent.
 */
export async function hookServices(workspaceRoot: string, databasePath: string | undefined, wasmDir: string, lockTimeoutMs: number | (() => number), log: HookLog): Promise<WorkspaceServices> {
  const { createWorkspaceServices } = await import('../composition');
  return createWorkspaceServices({
    workspaceRoot,
    databasePath,
    wasmDir,
    lockTimeoutMs,
    logger: {
      // the snapshot's phase timings, for the bench's --profile (AGENTS_HOOK_TIMINGS=1)
      debug: hookTimingsOn() ? hookNote : () => undefined,
      info: () => undefined,
      warn: (m) => log.line(`warning: ${m}`),
      error: (m) => log.line(`error: ${m}`),
    },
  });
}
