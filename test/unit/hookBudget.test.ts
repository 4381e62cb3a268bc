import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, cliEnv, ensureCliBuilt } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, agents, alive, event, hook, hooksLog, json, killAll, newWorkspace, runDetached, running, status, until } from './helpers/residentProcessFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// A hook's answer never waits on its bookkeeping, and nothing is recorded after it (issue 34,
// defects 3, 4 and 9), with real processes: the built CLI as the agents run it and the resident
// process it starts. No timing is asserted: each wait is for something to happen, and a hang
// ends in the harness's 60 s limit of a call.

/** A Claude Code tool call event on `file`. */
function toolEvent(root: string, name: 'PreToolUse' | 'PostToolUse', file: string): string {
  return event(root, name, { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, file) } });
}

function daemonLog(root: string): string {
  const file = path.join(root, '.cleveragents', 'logs', 'daemon.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function checkpoints(root: string): CheckpointJson[] {
  const [plan] = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], NO_DAEMON).plans;
  return json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', plan!.plan_id], NO_DAEMON).checkpoints;
}

/** Holds the store's lock as another live process would (this one, by its pid). */
function holdStoreLock(root: string): () => void {
  const lock = path.join(root, '.cleveragents', 'checkpoints.lock');
  writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), acquired_at: new Date().toISOString(), token: 'held-by-test' }));
  return () => unlinkSync(lock);
}

/** hooks.log made a FIFO that nobody reads: opening it to write waits for good (a stuck disk). */
function stuckHooksLog(root: string): void {
  const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
  rmSync(file, { force: true });
  const made = spawnSync('mkfifo', [file]);
  assert.equal(made.status, 0, 'mkfifo');
}

describe('a hook answers within its budget, and records nothing after it', function () {
  this.timeout(180_000);
  const pids: number[] = [];
  afterEach(() => killAll(pids));
  const tempDir = useTempDirs('ca-hook-budget-');
  before(function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /** A workspace with a hook-fed plan (its first prompt taken) and its resident process running. */
  async function servedWorkspace(): Promise<{ root: string; pid: number }> {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'first' }));
    assert.equal(agents(root, ['plan', 'list']).code, 0);
    const { pid } = await running(root);
    pids.push(pid);
    return { root, pid };
  }

  it('through the resident process, a store locked past the budget: answered in time, logged missed, and no pre_write recorded once the lock goes', async () => {
    const { root } = await servedWorkspace();
    const release = holdStoreLock(root);
    write(root, 'notes.txt', 'the user\n');
    const before = status(root).requests;
    hook(root, toolEvent(root, 'PreToolUse', 'src/app.ts'), { AGENTS_HOOK_BUDGET_MS: '4000' });
    assert.equal(status(root).requests, before + 2, 'the hook went to the resident process');
    assert.match(hooksLog(root), /PreToolUse: checkpoint missed: /);
    // Answered, the agent writes; then the other process lets the lock go.
    write(root, 'src/app.ts', 'export const a = 2; // the agent\n');
    release();
    // The call's work ends: left at the answer (said in daemon.log), or its lock wait ended within the budget.
    await until('the hook call’s work has ended', () => /a hook's work left at its answer \(its budget ran out\) ended/.test(daemonLog(root)) || /PreToolUse: checkpoint missed: Timed out/.test(hooksLog(root)) || undefined);
    assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual'], 'no pre_write holding the agent’s write');
    assert.doesNotMatch(hooksLog(root), /PreToolUse Write: pre_write/, 'the log’s "missed" stays true');
    // the next call is served as usual
    hook(root, toolEvent(root, 'PostToolUse', 'src/app.ts'));
    assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual', 'post_step']);
  });

  it('a hooks.log write that hangs holds neither the answers of the resident process nor its status, stop or SIGTERM', async () => {
    const { root, pid } = await servedWorkspace();
    stuckHooksLog(root);
    const before = status(root).requests;
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'second' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'third' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
    const after = status(root);
    assert.equal(after.pid, pid);
    assert.equal(after.requests, before + 3, 'both hooks went to the resident process, and its status answers');
    assert.deepEqual(checkpoints(root).map((c) => c.metadata.reason), ['Before: "first"', 'Before: "second"', 'Before: "third"']);
    const stop = agents(root, ['daemon', 'stop']);
    assert.equal(stop.code, 0, stop.stdout + stop.stderr);
    await until('the stopped process has gone', () => !alive(pid) || undefined);
    // A new one, stuck the same way, ends on SIGTERM.
    assert.equal(agents(root, ['plan', 'list']).code, 0);
    const next = await running(root);
    pids.push(next.pid);
    assert.notEqual(next.pid, pid);
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'fourth' }), { AGENTS_HOOK_BUDGET_MS: '4000' });
    assert.equal(status(root).pid, next.pid);
    process.kill(next.pid, 'SIGTERM');
    await until('the process has gone after SIGTERM', () => !alive(next.pid) || undefined);
  });

  it('a request that waits long (a command waiting for the store lock) holds neither status nor stop', async () => {
    const { root, pid } = await servedWorkspace();
    const [plan] = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], NO_DAEMON).plans;
    const release = holdStoreLock(root);
    const base = status(root).requests;
    const waiting = runDetached(process.execPath, [CLI_PATH, 'plan', 'checkpoint', plan!.plan_id], { cwd: root, env: cliEnv(BASE_ENV), input: '' });
    // Each status answers while the command is served: the count shows when it came.
    let polls = 0;
    await until('the command is being served', () => status(root).requests > base + ++polls || undefined);
    assert.equal(status(root).pid, pid);
    const stop = agents(root, ['daemon', 'stop']);
    assert.equal(stop.code, 0, stop.stdout + stop.stderr);
    await until('the stopped process has gone', () => !alive(pid) || undefined);
    // Its client, left unanswered, does the command itself once the lock is free.
    release();
    const done = await waiting;
    assert.equal(done.code, 0, done.stdout + done.stderr);
    assert.deepEqual(checkpoints(root).map((c) => c.checkpoint_type), ['manual', 'manual']);
  });

  it('in the hook’s own process, a hooks.log write that hangs does not hold the answer, nor the process’s end', () => {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'first' }), NO_DAEMON);
    stuckHooksLog(root);
    const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', 'claude-code'], {
      cwd: root,
      input: event(root, 'UserPromptSubmit', { prompt: 'second' }),
      env: cliEnv({ ...BASE_ENV, ...NO_DAEMON, CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_BUDGET_MS: '4000' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.error, undefined, 'it ended');
    assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
    // A thread stuck on the write would hold process.exit(): the process ends itself (SIGKILL)
    // after a grace period. (With the state files opened non-blocking, the write fails at once
    // and the exit is 0.)
    assert.ok(r.status === 0 || r.signal === 'SIGKILL', `exit ${r.status} ${r.signal}: ${r.stderr}`);
    assert.deepEqual(checkpoints(root).map((c) => c.metadata.reason), ['Before: "first"', 'Before: "second"']);
  });

  it('a first snapshot that ends after the hook stopped waiting is recorded late, and no agent-only rollback starts from it', async () => {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'go' }), { ...NO_DAEMON, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '0' });
    assert.match(hooksLog(root), /continues in the background: if it ends after this answer it is recorded marked late/);
    const [first] = await until('the first snapshot is recorded', () => (existsSync(path.join(root, '.cleveragents', 'cleveragents.db')) && checkpoints(root).length > 0 ? checkpoints(root) : undefined));
    assert.equal(first!.metadata.extra.late, '1');
    assert.match(hooksLog(root), /background manual \w+ in plan \w+ \(the plan's first snapshot, in process \d+, recorded late: /);
    const planId = first!.plan_id;
    const refused = agents(root, ['--format', 'json', 'plan', 'rollback', planId, first!.checkpoint_id, '--agent-only', '--yes'], { env: NO_DAEMON });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stdout + refused.stderr, /recorded late, after the agent had been answered/);
    // A prompt answered in time is not late.
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'next' }), NO_DAEMON);
    assert.deepEqual(checkpoints(root).map((c) => c.metadata.extra.late ?? 'on time'), ['1', 'on time']);
  });
});
