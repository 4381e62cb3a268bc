import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { PlanJson } from '../../src/envelopes/envelopes';
import { ensureCliBuilt } from './helpers/cliHarness';
import { claudeHook } from './helpers/claudeHooks';
import { AWS_SECRET, everyObject, gitIn, machine, refsOf, userRemote, type Machine } from './helpers/remoteFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Push at a session's end (src/hooks/sessionEndPush.ts): Claude Code's real hook events through the
// built CLI, a bare remote over file://. The hook returns at once; the push runs detached, and its
// outcome reaches hooks.log and `agents remote status`.

interface StatusJson {
  remote_settings: { enabled: boolean; push_at_session_end?: string; last_session_end_push?: { status: string; plan_id: string | null; message: string } };
}

/** Waits for `probe`; on giving up, says what the workspace's hooks.log holds. */
async function until<T>(m: Machine, what: string, probe: () => T | undefined, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}; hooks.log:\n${readFileSync(path.join(m.root, '.cleveragents', 'logs', 'hooks.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function session(m: Machine, id: string, prompt: string): void {
  // The machine's config folder (its remote settings) and a git without this machine's config.
  const env = { XDG_CONFIG_HOME: m.config, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  claudeHook(m.root, id, { hook_event_name: 'SessionStart', source: 'startup' }, env);
  claudeHook(m.root, id, { hook_event_name: 'UserPromptSubmit', prompt }, env);
  claudeHook(m.root, id, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(m.root, 'todo.txt'), content: 'x' }, tool_use_id: `${id}-t1` }, env);
  write(m.root, 'todo.txt', `${id} done\n`);
  claudeHook(m.root, id, { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: path.join(m.root, 'todo.txt'), content: 'x' }, tool_use_id: `${id}-t1`, tool_response: {} }, env);
  claudeHook(m.root, id, { hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' }, env);
}

describe('agents remote: push at a session’s end', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs();
  before(() => ensureCliBuilt());

  it('off by default; once set, SessionEnd pushes the session’s plan in the background, and status says how it went', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const userRefs = refsOf(bare);
    const a = machine(path.join(dir, 'a'), path.join(dir, 'config-a'));
    gitIn(dir, 'clone', '--quiet', bare, a.root);
    write(a.root, '.env', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n`);

    // Nothing set: a session ends, nothing leaves.
    session(a, 's0', 'first session');
    assert.doesNotMatch(readFileSync(path.join(a.root, '.cleveragents', 'logs', 'hooks.log'), 'utf8'), /session end: pushing/);
    assert.deepEqual(refsOf(bare), userRefs);

    // A remote that is none is refused when set; a real one is kept as given.
    const bad = a.cli(['remote', 'enable', '--push-at-session-end', 'upstream']);
    assert.equal(bad.code, 1, bad.stdout);
    assert.match(bad.stderr, /"upstream" is not a remote of the repository/);
    const on = a.json<StatusJson>(['remote', 'enable', '--push-at-session-end', 'origin']);
    assert.equal(on.remote_settings.push_at_session_end, 'origin');
    assert.match(a.cli(['remote', 'status']).stdout, /at a session's end: the session's plan is pushed to origin/);

    session(a, 's1', 'second session');
    const plans = a.json<{ plans: PlanJson[] }>(['plan', 'list']).plans;
    const planId = plans.find((p) => p.title.includes('second session'))!.plan_id;
    const ref = `refs/cleveragents/v1/plans/${planId}`;
    await until(a, 'the plan on the remote', () => (refsOf(bare)[ref] ? true : undefined));
    // Only the ended session's plan: the first session's stays here.
    assert.deepEqual(Object.keys(refsOf(bare)).filter((r) => r.startsWith('refs/cleveragents/')), [ref]);
    const last = await until(a, 'the outcome in status', () => a.json<StatusJson>(['remote', 'status']).remote_settings.last_session_end_push);
    assert.equal(last.status, 'pushed', last.message);
    assert.equal(last.plan_id, planId);
    assert.match(last.message, /\.env/);
    assert.match(a.cli(['remote', 'status']).stdout, /Last push at a session's end: pushed/);
    assert.match(readFileSync(path.join(a.root, '.cleveragents', 'logs', 'hooks.log'), 'utf8'), new RegExp(`session-end push plan ${planId} to .*: pushed`));
    const objects = everyObject(bare).text;
    for (const secret of [AWS_SECRET, 'second session']) assert.ok(!objects.includes(secret), `${secret} reached the remote`);

    // Turned off again: the next session's end sends nothing.
    const off = a.json<StatusJson>(['remote', 'enable', '--no-push-at-session-end']);
    assert.equal(off.remote_settings.push_at_session_end, undefined);
    session(a, 's2', 'third session');
    assert.deepEqual(Object.keys(refsOf(bare)).filter((r) => r.startsWith('refs/cleveragents/')), [ref]);
  });

  it('a remote with no repository: the hook answers as usual, and status says the push failed and why', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const a = machine(path.join(dir, 'a'), path.join(dir, 'config-a'));
    gitIn(dir, 'clone', '--quiet', bare, a.root);
    a.json(['remote', 'enable', '--push-at-session-end', path.join(dir, 'gone.git')]);
    session(a, 's1', 'a session');
    const last = await until(a, 'the outcome in status', () => a.json<StatusJson>(['remote', 'status']).remote_settings.last_session_end_push);
    assert.equal(last.status, 'failed');
    assert.match(last.message, /No repository is there/);
  });
});
