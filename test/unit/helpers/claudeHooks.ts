import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CLI_PATH } from './cliHarness';

/** The environment Claude Code gives its hooks in `root`; the waits long enough for a busy machine (no missed fences in these tests). */
export function claudeHookEnv(root: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('GIT_') || key.startsWith('AGENTS_') || key === 'CLAUDE_PROJECT_DIR') delete env[key];
  return { ...env, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '120000', AGENTS_HOOK_BUDGET_MS: '120000' };
}

/** One hook event of a Claude Code session, as Claude Code runs it: a new process of the built CLI with the event on stdin; it must exit 0. Returns its stderr. */
export function claudeHook(root: string, sessionId: string, event: Record<string, unknown>, extraEnv: NodeJS.ProcessEnv = {}): string {
  const input = JSON.stringify({ session_id: sessionId, transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', ...event });
  const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', 'claude-code'], { cwd: root, input, env: { ...claudeHookEnv(root), ...extraEnv }, encoding: 'utf8', timeout: 180_000 });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `hook ${String(event.hook_event_name)}: ${r.stderr}`);
  return r.stderr;
}
