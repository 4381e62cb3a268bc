import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { checkpointCallOf, clearCheckpointCall, setCheckpointCall } from '../../src/daemonClient/callCheckpointId';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, cliEnv } from './helpers/cliHarness';
import { BASE_ENV, NO_DAEMON, agents, json, killAll, newWorkspace, running, type Run } from './helpers/residentProcessFixtures';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// AGENTS_CHECKPOINT_ID is honoured only from the client that chose it (issue 34, defect 8). A
// project can set the variable for an agent (Claude Code's settings `env`); before, every later
// `plan checkpoint` then printed the checkpoint of that id and captured nothing. Now the id counts
// only beside AGENTS_CHECKPOINT_CALL=<pid>:<token> naming the process that reads it, and an
// existing checkpoint answers only the call holding its token. The built CLI, real workspaces.

const TOKEN_A = 'A0B1C2D3E4F5G6H7J8K9M0NPQR';
const TOKEN_B = 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ';
const INHERITED = '01M8TNR8KK2J8WR6CV5SV70J9Y';

type Checkpointed = { checkpoint: CheckpointJson };

describe('AGENTS_CHECKPOINT_ID: only the call that chose it', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('ca-call-id-');
  const daemons: number[] = [];
  afterEach(() => killAll(daemons));

  function planned(): { root: string; planId: string } {
    const root = newWorkspace(tempDir());
    const planId = json<{ plan: PlanJson }>(root, ['plan', 'create', '--title', 'p', '--sandbox', '.'], NO_DAEMON).plan.plan_id;
    return { root, planId };
  }

  const list = (root: string, planId: string) => json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints;
  /** The paths that differ between two checkpoints of the plan. */
  const changed = (root: string, planId: string, from: string, to: string) => json<{ changes: Array<{ path: string }> }>(root, ['plan', 'diff', planId, from, to], NO_DAEMON).changes.map((c) => c.path);

  /** Two `plan checkpoint` calls with `env`, a file written before each: two checkpoints, each holding its file. */
  let round = 0;
  function twoRealCheckpoints(root: string, planId: string, env: Record<string, string>): void {
    const before = list(root, planId).length;
    round++;
    write(root, 'src/one.ts', `export const one = ${round};\n`);
    const first = json<Checkpointed>(root, ['plan', 'checkpoint', planId, '--reason', 'one'], env).checkpoint;
    write(root, 'src/two.ts', `export const two = ${round};\n`);
    const second = json<Checkpointed>(root, ['plan', 'checkpoint', planId, '--reason', 'two'], env).checkpoint;
    assert.notEqual(first.checkpoint_id, INHERITED, 'the inherited id is not taken');
    assert.notEqual(second.checkpoint_id, first.checkpoint_id, 'the second call took a checkpoint of its own');
    assert.deepEqual(
      list(root, planId)
        .slice(before)
        .map((c) => c.metadata.reason),
      ['one', 'two'],
    );
    assert.deepEqual(changed(root, planId, first.checkpoint_id, second.checkpoint_id), ['src/two.ts'], 'the second captured the file written after the first');
  }

  it('an inherited id, in a plain CLI process: two calls take two real checkpoints; AGENTS_DEBUG says it was ignored', () => {
    const { root, planId } = planned();
    // the first one of that id exists (made by a call long gone): on main every later call answered with it
    const made = spawnSync('/bin/sh', ['-c', `AGENTS_CHECKPOINT_CALL=$$:${TOKEN_A} exec "$0" "$@"`, process.execPath, CLI_PATH, '--format', 'json', 'plan', 'checkpoint', planId], {
      cwd: root,
      env: cliEnv({ ...BASE_ENV, ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED }),
      encoding: 'utf8',
    });
    assert.equal((JSON.parse(made.stdout) as Checkpointed).checkpoint.checkpoint_id, INHERITED, made.stderr);
    twoRealCheckpoints(root, planId, { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED });
    // with the binding too, naming the process that set it (the parent), not this one
    twoRealCheckpoints(root, planId, { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED, AGENTS_CHECKPOINT_CALL: `${process.pid}:${TOKEN_A}` });
    const debug = agents(root, ['plan', 'checkpoint', planId], { env: { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED, AGENTS_DEBUG: '1' } });
    assert.equal(debug.code, 0, debug.stderr);
    assert.match(debug.stderr, /debug: AGENTS_CHECKPOINT_ID is set without AGENTS_CHECKPOINT_CALL \(an inherited value, not this call's\); the checkpoint gets an id of its own/);
    const quiet = agents(root, ['plan', 'checkpoint', planId], { env: { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED } });
    assert.doesNotMatch(quiet.stderr, /AGENTS_CHECKPOINT_ID/, 'said only under AGENTS_DEBUG');
  });

  it('an inherited id, through the resident process and its node client: two real checkpoints', async () => {
    const { root, planId } = planned();
    agents(root, ['plan', 'list']);
    daemons.push((await running(root)).pid);
    json<Checkpointed>(root, ['plan', 'checkpoint', planId], { ...NO_DAEMON });
    const env = { AGENTS_CHECKPOINT_ID: list(root, planId)[0]!.checkpoint_id };
    twoRealCheckpoints(root, planId, env);
    const served = list(root, planId).slice(-2);
    assert.ok(
      served.every((c) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(c.metadata.extra.checkpoint_call ?? '')),
      'each records the token of the call that took it',
    );
  });

  it('an id bound to this process: a checkpoint holding the same token is the answer (a retry); one holding another is not', () => {
    const { root, planId } = planned();
    /** `plan checkpoint` with the pair bound to the CLI's own pid, as the fast client hands it over. */
    const bound = (token: string): Run => {
      const r = spawnSync('/bin/sh', ['-c', `AGENTS_CHECKPOINT_CALL=$$:${token} exec "$0" "$@"`, process.execPath, CLI_PATH, '--format', 'json', 'plan', 'checkpoint', planId], {
        cwd: root,
        env: cliEnv({ ...BASE_ENV, ...NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED }),
        encoding: 'utf8',
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const first = JSON.parse(bound(TOKEN_A).stdout) as Checkpointed;
    assert.equal(first.checkpoint.checkpoint_id, INHERITED);
    assert.equal(first.checkpoint.metadata.extra.checkpoint_call, TOKEN_A);
    write(root, 'src/later.ts', 'export const later = 1;\n');
    const retry = JSON.parse(bound(TOKEN_A).stdout) as Checkpointed;
    assert.equal(retry.checkpoint.checkpoint_id, INHERITED, 'the same call again: the same checkpoint');
    assert.equal(list(root, planId).length, 1);
    const other = JSON.parse(bound(TOKEN_B).stdout) as Checkpointed;
    assert.notEqual(other.checkpoint.checkpoint_id, INHERITED, 'another call: a checkpoint of its own');
    assert.equal(list(root, planId).length, 2);
    assert.deepEqual(changed(root, planId, INHERITED, other.checkpoint.checkpoint_id), ['src/later.ts']);
  });

  it('reads the pair only when it names the reading process, and clears it', () => {
    const env: Record<string, string | undefined> = { AGENTS_CHECKPOINT_ID: INHERITED };
    assert.match(checkpointCallOf(env, 42).ignored ?? '', /without AGENTS_CHECKPOINT_CALL/);
    setCheckpointCall(env, 42, { id: INHERITED, token: TOKEN_A });
    assert.deepEqual(checkpointCallOf(env, 42), { call: { id: INHERITED, token: TOKEN_A } });
    assert.match(checkpointCallOf(env, 43).ignored ?? '', /chosen for process 42, not this one \(43\)/);
    assert.match(checkpointCallOf({ ...env, AGENTS_CHECKPOINT_ID: 'not-an-id' }, 42).ignored ?? '', /not a checkpoint id/);
    assert.ok(checkpointCallOf({ ...env, AGENTS_CHECKPOINT_CALL: `42:${TOKEN_A}x` }, 42).ignored);
    clearCheckpointCall(env);
    assert.deepEqual(env, {});
    assert.deepEqual(checkpointCallOf(env, 42), {});
  });
});
