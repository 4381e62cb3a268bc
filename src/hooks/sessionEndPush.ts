import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { readRemoteSettings, settingsPath } from '../remote/remoteSettings';
import type { HookAgent } from '../daemonClient/hookAgents';
import type { HookLog } from './hookLog';
import { sessionPlanIdOf } from './sessionPlans';

// Push at a session's end (docs/REMOTES.md): when the workspace's remote settings (kept in the
// user's config folder, never in the workspace) name a remote for it, a session's end starts
// `agents hook remote-push-job` detached and returns at once. The agent never waits for the
// network; the job writes its outcome to hooks.log and to `agents remote status`.

export interface RemotePushJob {
  readonly workspaceRoot: string;
  readonly databasePath?: string;
  /** The session's plan; null when the session made none (then nothing is pushed). */
  readonly planId: string | null;
  readonly remote: string;
}

/** Starts the push when the settings ask for one; never throws (a hook must not fail for it). */
export async function startSessionEndPush(
  agent: HookAgent,
  eventName: string,
  sessionId: string,
  location: { readonly workspaceRoot: string; readonly databasePath?: string },
  env: Readonly<Record<string, string | undefined>>,
  wasmDir: string,
  log: HookLog,
): Promise<void> {
  const root = location.workspaceRoot;
  // the agent's own name for the event: which of its events ended the session, in hooks.log
  const at = `${eventName}: session end`;
  // In the resident process `env` holds only the variables a call forwards (daemon/protocol.ts):
  // the config folder, HOME and the SSH agent's socket are then the process's own, inherited
  // from the hook that started it in this user's session.
  const fullEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, val] of Object.entries(env)) if (val !== undefined) fullEnv[k] = val;
  try {
    const settings = await readRemoteSettings(root, settingsPath(fullEnv));
    if (settings?.enabled !== true || settings.push_at_session_end === undefined) return;
    const planId = sessionPlanIdOf(root, agent, sessionId) ?? null;
    if (planId === null) {
      log.line(`${at}: nothing to push (session ${sessionId} recorded no plan)`);
      return;
    }
    const job: RemotePushJob = { workspaceRoot: root, ...(location.databasePath ? { databasePath: location.databasePath } : {}), planId, remote: settings.push_at_session_end };
    const child = spawn(process.execPath, [path.join(wasmDir, 'cli.js'), 'hook', 'remote-push-job'], { cwd: root, detached: true, stdio: ['pipe', 'ignore', 'ignore'], env: fullEnv });
    child.on('error', (error) => log.line(`${at}: the push to the remote could not start: ${error.message}`));
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(job));
    child.unref();
    log.line(`${at}: pushing plan ${planId} in the background (process ${child.pid ?? '?'}), its outcome in "agents remote status"`);
  } catch (error) {
    log.line(`${at}: no push: the remote settings cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}
