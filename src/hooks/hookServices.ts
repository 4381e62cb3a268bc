import type { WorkspaceServices } from '../composition';
import type { HookLog } from './hookLog';

/**
 * The workspace's services for a hook: sql.js and the adapters are loaded only now (an event that
 * needs no checkpoint never loads them), with a lock wait the agent can afford. Warnings go to
 * hooks.log, never to the agent.
 */
export async function hookServices(workspaceRoot: string, databasePath: string | undefined, wasmDir: string, lockTimeoutMs: number, log: HookLog): Promise<WorkspaceServices> {
  const { createWorkspaceServices } = await import('../composition');
  return createWorkspaceServices({
    workspaceRoot,
    databasePath,
    wasmDir,
    lockTimeoutMs,
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: (m) => log.line(`warning: ${m}`),
      error: (m) => log.line(`error: ${m}`),
    },
  });
}
