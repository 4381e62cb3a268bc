import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { CLI_PATH, ensureCliBuilt } from './helpers/cliHarness';
import { everyObject, gitIn, machine, machineEnv, refsOf, userRemote, type Machine } from './helpers/remoteFixtures';
import { noise, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// `agents remote` against real remotes: a bare repository over file://, `git daemon` on a port of
// the test's, two clones pushing at once, pushes and fetches killed half-way, prune, and a remote
// whose content was crafted to hurt.

interface PushJson {
  push: { plans: { plan_id: string; status: string; reason?: string; checkpoints_sent: string[]; checkpoints_on_remote: number; withheld: { path: string; reason: string }[] }[] };
}
interface FetchJson {
  fetch: { plans: { plan_id: string; status: string; reason?: string; checkpoints_added: string[] }[] };
}

function newPlan(m: Machine, title: string, checkpoints: number, change: (i: number) => void = (i) => write(m.root, 'work.txt', `step ${i}\n`)): { planId: string; ids: string[] } {
  const planId = m.json<{ plan: PlanJson }>(['plan', 'create', '--title', title]).plan.plan_id;
  const ids: string[] = [];
  for (let i = 0; i < checkpoints; i++) {
    change(i);
    ids.push(m.json<{ checkpoint: CheckpointJson }>(['plan', 'checkpoint', planId, '--reason', `step ${i}`]).checkpoint.checkpoint_id);
  }
  return { planId, ids };
}

function cloneMachine(dir: string, bare: string, name: string): Machine {
  const m = machine(path.join(dir, name), path.join(dir, `config-${name}`));
  gitIn(dir, 'clone', '--quiet', bare, m.root);
  return m;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function runAsync(m: Machine, args: readonly string[], detached = false): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd: m.root, env: machineEnv(m), detached });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** Processes whose command line holds all of `words` and whose folder is inside `root`. */
function gitProcessesOf(root: string, words: readonly string[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!words.every((w) => cmd.includes(w))) continue;
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd.startsWith(root)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function waitFor<T>(what: string, probe: () => T | undefined, deadlineMs = 120_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('agents remote over real transports', function () {
  this.timeout(600_000);
  const tempDir = useTempDirs();
  before(() => ensureCliBuilt());

  it('git daemon on a port of the test: push over git://, fetch over git://, same ids', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const port = await freePort();
    const daemon = spawn('git', ['daemon', '--export-all', '--enable=receive-pack', '--reuseaddr', '--informative-errors', '--listen=127.0.0.1', `--port=${port}`, `--base-path=${dir}`, dir], {
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
      stdio: 'ignore',
    });
    try {
      const url = `git://127.0.0.1:${port}/origin.git`;
      await waitFor('git daemon', () => (spawnSync('git', ['ls-remote', url], { stdio: 'ignore' }).status === 0 ? true : undefined));
      const a = cloneMachine(dir, bare, 'a');
      const { planId, ids } = newPlan(a, 'over the network', 3);
      a.json(['remote', 'enable']);
      const pushed = a.json<PushJson>(['remote', 'push', url]).push.plans;
      assert.deepEqual(pushed.map((p) => [p.plan_id, p.status, p.checkpoints_sent.length]), [[planId, 'pushed', 3]]);
      const b = cloneMachine(dir, bare, 'b');
      const fetched = b.json<FetchJson>(['remote', 'fetch', url]).fetch.plans;
      assert.deepEqual(fetched.map((p) => [p.plan_id, p.status, p.checkpoints_added]), [[planId, 'fetched', ids]]);
      assert.deepEqual(
        b.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', planId]).checkpoints.map((c) => c.checkpoint_id),
        ids,
      );
      // An unreachable remote: a message a person can act on.
      const offline = a.cli(['remote', 'push', `git://127.0.0.1:${await freePort()}/origin.git`]);
      assert.equal(offline.code, 1);
      assert.match(offline.stderr, /cannot be reached/);
    } finally {
      daemon.kill('SIGKILL');
    }
  });

  it('two clones push at once (their own plans, and one plan twice): every push lands, fast-forward only', async () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const userRefs = refsOf(bare);
    const a = cloneMachine(dir, bare, 'a');
    const c = cloneMachine(dir, bare, 'c');
    const planA = newPlan(a, 'plan of A', 2);
    const planC = newPlan(c, 'plan of C', 2);
    a.json(['remote', 'enable']);
    c.json(['remote', 'enable']);
    const runs = [runAsync(a, ['--format', 'json', 'remote', 'push', 'origin']), runAsync(c, ['--format', 'json', 'remote', 'push', 'origin']), runAsync(a, ['--format', 'json', 'remote', 'push', 'origin'])];
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) assert.equal(r.code, 0, r.stderr + r.stdout);
    const statuses = results.map((r) => (JSON.parse(r.stdout) as PushJson).push.plans.map((p) => p.status).join());
    assert.equal(statuses[1], 'pushed');
    assert.deepEqual([statuses[0], statuses[2]].sort(), statuses[0] === statuses[2] ? ['pushed', 'pushed'] : ['pushed', 'up_to_date']);
    const refs = refsOf(bare);
    assert.ok(refs[`refs/cleveragents/v1/plans/${planA.planId}`] && refs[`refs/cleveragents/v1/plans/${planC.planId}`]);
    for (const [ref, oid] of Object.entries(userRefs)) assert.equal(refs[ref], oid);
    // Each plan ref's history only ever moved forward: no commit of it was replaced.
    gitIn(bare, 'fsck', '--full', '--no-dangling');
    const b = cloneMachine(dir, bare, 'b');
    const fetched = b.json<FetchJson>(['remote', 'fetch', 'origin']).fetch.plans;
    assert.deepEqual(fetched.map((p) => p.status), ['fetched', 'fetched']);
  });

  it('a push the remote turns down once (as when another push got there first) is read again and retried', () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const a = cloneMachine(dir, bare, 'a');
    a.json(['remote', 'enable']);
    const { planId, ids } = newPlan(a, 'retried', 2);
    // The remote's own hook (the test's, on the server side) declines the first push it sees.
    const marker = path.join(dir, 'declined-once');
    writeFileSync(path.join(bare, 'hooks', 'pre-receive'), `#!/bin/sh\nif [ ! -e '${marker}' ]; then : > '${marker}'; echo 'busy: another push is landing' >&2; exit 1; fi\nexit 0\n`, { mode: 0o755 });
    const pushed = a.json<PushJson>(['remote', 'push', 'origin']).push.plans[0]!;
    assert.ok(existsSync(marker), 'the remote turned the first push down');
    assert.deepEqual([pushed.plan_id, pushed.status, pushed.checkpoints_sent], [planId, 'pushed', ids]);
    assert.ok(refsOf(bare)[`refs/cleveragents/v1/plans/${planId}`]);
  });

  it('a checkpoint pruned here stays on the remote until "remote prune"; a deleted plan loses its ref; nothing else is touched', () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const a = cloneMachine(dir, bare, 'a');
    a.json(['remote', 'enable']);
    const kept = newPlan(a, 'kept plan', 2, (i) => write(a.root, 'kept.txt', `kept ${i} unique-to-a-pruned-checkpoint\n`));
    a.json(['plan', 'policy', kept.planId, '--max-checkpoints', '2']);
    const gone = newPlan(a, 'deleted plan', 1, () => write(a.root, 'gone.txt', 'unique-to-the-deleted-plan\n'));
    a.json(['remote', 'push', 'origin']);
    // A third checkpoint prunes the first (max 2); the push keeps the remote's copy of it (rows are immutable by id).
    write(a.root, 'kept.txt', 'kept 2\n');
    rmSync(path.join(a.root, 'gone.txt'));
    const [prunedId] = a.json<{ pruned: string[] }>(['plan', 'checkpoint', kept.planId]).pruned;
    assert.ok(prunedId !== undefined && kept.ids.includes(prunedId));
    const listed = a.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', kept.planId]).checkpoints.map((x) => x.checkpoint_id);
    assert.ok(!listed.includes(prunedId));
    const second = a.json<PushJson>(['remote', 'push', 'origin']).push.plans.find((p) => p.plan_id === kept.planId)!;
    assert.equal(second.checkpoints_on_remote, 3);
    a.json(['plan', 'delete', '--yes', gone.planId]);
    const dry = a.json<{ prune: { plans: { plan_id: string; status: string; checkpoints_removed: string[] }[] } }>(['remote', 'prune', 'origin', '--dry-run']).prune.plans;
    assert.deepEqual(dry.map((p) => p.status).sort(), ['would_delete', 'would_rewrite']);
    assert.ok(refsOf(bare)[`refs/cleveragents/v1/plans/${gone.planId}`], 'a dry run changes nothing');
    const pruned = a.json<{ prune: { plans: { plan_id: string; status: string; checkpoints_removed: string[] }[] } }>(['remote', 'prune', 'origin']).prune.plans;
    assert.deepEqual(pruned.find((p) => p.plan_id === kept.planId), { plan_id: kept.planId, status: 'rewritten', checkpoints_removed: [prunedId] });
    assert.equal(pruned.find((p) => p.plan_id === gone.planId)!.status, 'deleted');
    const refs = refsOf(bare);
    assert.equal(refs[`refs/cleveragents/v1/plans/${gone.planId}`], undefined);
    assert.ok(refs['refs/heads/main'] && refs['refs/tags/v1']);
    // Nothing reaches the pruned snapshots any more: the remote's own gc reclaims them.
    gitIn(bare, 'gc', '--quiet', '--prune=now');
    const left = everyObject(bare).text;
    assert.ok(!left.includes('unique-to-the-deleted-plan'));
    const prunedIndex = kept.ids.indexOf(prunedId);
    assert.ok(!left.includes(`kept ${prunedIndex} unique-to-a-pruned-checkpoint`), 'the pruned checkpoint’s file is gone from the remote');
    assert.ok(left.includes(`kept ${1 - prunedIndex} unique-to-a-pruned-checkpoint`), 'the kept checkpoint’s file is still there');
    const b = cloneMachine(dir, bare, 'b');
    b.json(['remote', 'fetch', 'origin']);
    assert.deepEqual(
      b.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', kept.planId]).checkpoints.map((x) => x.checkpoint_id),
      listed,
    );
  });

  it('fetch takes only what is asked (--plan, --since) and never overwrites a plan of this workspace', () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const a = cloneMachine(dir, bare, 'a');
    a.json(['remote', 'enable']);
    const one = newPlan(a, 'one', 1);
    const two = newPlan(a, 'two', 1);
    a.json(['remote', 'push', 'origin']);
    const b = cloneMachine(dir, bare, 'b');
    const later = b.json<FetchJson>(['remote', 'fetch', 'origin', '--since', '2999-01-01']).fetch.plans;
    assert.deepEqual(later.map((p) => p.status), ['skipped', 'skipped']);
    assert.deepEqual(b.json<{ plans: PlanJson[] }>(['plan', 'list']).plans, []);
    const picked = b.json<FetchJson>(['remote', 'fetch', 'origin', '--plan', two.planId.slice(0, 20)]).fetch.plans;
    assert.deepEqual(picked.map((p) => [p.plan_id, p.status]), [[two.planId, 'fetched']]);
    assert.deepEqual(b.json<{ plans: PlanJson[] }>(['plan', 'list']).plans.map((p) => p.plan_id), [two.planId]);
    assert.equal(b.json<FetchJson>(['remote', 'fetch', 'origin', '--plan', two.planId]).fetch.plans[0]!.status, 'up_to_date');
    // A moves the plan on; the next push and fetch bring its row along.
    a.json(['plan', 'start', two.planId]);
    assert.equal(a.json<PushJson>(['remote', 'push', 'origin', '--plan', two.planId]).push.plans[0]!.status, 'pushed');
    assert.equal(b.json<FetchJson>(['remote', 'fetch', 'origin', '--plan', two.planId]).fetch.plans[0]!.status, 'fetched');
    assert.equal(b.json<{ plan: PlanJson }>(['plan', 'show', two.planId]).plan.state, 'executing');

    // A copy of A's folder (its database too) holds plan "one" as its own: the fetch refuses it, by name.
    const copy = machine(path.join(dir, 'copy'), path.join(dir, 'config-copy'));
    gitIn(dir, 'clone', '--quiet', bare, copy.root);
    cpSync(path.join(a.root, '.cleveragents', 'cleveragents.db'), path.join(copy.root, '.cleveragents', 'cleveragents.db'), { force: true });
    const refused = copy.json<FetchJson>(['remote', 'fetch', 'origin', '--plan', one.planId]).fetch.plans[0]!;
    assert.equal(refused.status, 'refused');
    assert.match(refused.reason!, /a plan of this workspace has the same id/);
    // And the copy pushing its plan "one" meets A's on the remote: refused, A's left as it was.
    copy.json(['remote', 'enable']);
    const tipBefore = refsOf(bare)[`refs/cleveragents/v1/plans/${one.planId}`];
    const clash = copy.json<PushJson>(['remote', 'push', 'origin', '--plan', one.planId]).push.plans[0]!;
    assert.equal(clash.status, 'refused');
    assert.match(clash.reason!, /recorded by another workspace/);
    assert.equal(refsOf(bare)[`refs/cleveragents/v1/plans/${one.planId}`], tipBefore);
    // Only the workspace that recorded a plan pushes it: B's fetched copy is refused by name.
    b.json(['remote', 'enable']);
    const back = b.json<PushJson>(['remote', 'push', 'origin', '--plan', two.planId]).push.plans[0]!;
    assert.equal(back.status, 'refused');
    assert.match(back.reason!, /fetched from a remote/);
  });

  it('a remote crafted to hurt: a document that does not parse and a snapshot naming .git are refused, nothing is written', () => {
    const dir = tempDir();
    const bare = userRemote(dir);
    const b = cloneMachine(dir, bare, 'b');
    const craft = path.join(dir, 'craft');
    gitIn(dir, 'init', '--quiet', craft);
    const hash = (text: string) => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: craft, input: text, encoding: 'utf8' }).trim();
    const mktree = (entries: string) => execFileSync('git', ['mktree', '--missing'], { cwd: craft, input: entries, encoding: 'utf8' }).trim();
    const evilSnapshot = mktree(`100644 blob ${hash('[core]\n\tfsmonitor = touch /tmp/pwned\n')}\tconfig\n`);
    const withDotGit = mktree(`040000 tree ${evilSnapshot}\t.git\n`);
    const planId = '01JD0000000000000000000000';
    const checkpointId = '01JD0000000000000000000001';
    const doc = (tree: string) =>
      JSON.stringify({
        format: 'cleveragents-plan/1',
        origin: { workspace_id: '01JD0000000000000000000002', machine: 'm', user: 'u', agent: null },
        plan: { plan_id: planId, title: 't', state: 'executing', sandbox_path: '.', sandbox_kind: 'in_place', base_ref: null, retention: { max_checkpoints: 50, auto_prune: true }, created_at: '2026-12-01T00:00:00.000Z', updated_at: '2026-12-01T00:00:00.000Z' },
        state_changes: [],
        checkpoints: [{ checkpoint_id: checkpointId, decision_id: null, checkpoint_type: 'manual', resource_id: null, size_bytes: 1, created_at: '2026-12-01T00:00:00.000Z', metadata: { reason: null, source_tool: null, phase: null, extra: {}, skipped: [] }, tree, withheld: [] }],
        prompts_included: false,
      });
    const planCommit = (json: string, tree: string) => {
      const snapshots = mktree(`040000 tree ${tree}\t${checkpointId}\n`);
      const root = mktree(`100644 blob ${hash(json)}\tplan.json\n040000 tree ${snapshots}\tsnapshots\n`);
      return gitIn(craft, 'commit-tree', root, '-m', 'crafted').trim();
    };
    // 1: the document has a field no version writes.
    const badDoc = planCommit(doc(evilSnapshot).replace('"prompts_included":false', '"prompts_included":false,"run":"rm -rf /"'), evilSnapshot);
    gitIn(craft, 'push', '--quiet', bare, `${badDoc}:refs/cleveragents/v1/plans/${planId}`);
    const first = b.json<FetchJson>(['remote', 'fetch', 'origin']).fetch.plans[0]!;
    assert.equal(first.status, 'refused');
    assert.match(first.reason!, /plan\.json is not one this version reads/);
    // 2: a well-formed document whose snapshot writes into .git: git's own object checks refuse the fetch.
    const dotGit = planCommit(doc(withDotGit), withDotGit);
    gitIn(craft, 'push', '--quiet', bare, `+${dotGit}:refs/cleveragents/v1/plans/${planId}`);
    const second = b.cli(['remote', 'fetch', 'origin']);
    assert.equal(second.code, 1, second.stdout);
    assert.match(second.stderr, /Could not fetch from .*dotgit|Could not fetch from .*\.git/i);
    // 3: one whose snapshot writes into .cleveragents (git has nothing against it): ours refuse it.
    const ours = mktree(`040000 tree ${evilSnapshot}\t.cleveragents\n`);
    gitIn(craft, 'push', '--quiet', bare, `+${planCommit(doc(ours), ours)}:refs/cleveragents/v1/plans/${planId}`);
    const third = b.json<FetchJson>(['remote', 'fetch', 'origin']).fetch.plans[0]!;
    assert.equal(third.status, 'refused');
    assert.match(third.reason!, /holds a path a restore must never write .*\.cleveragents/);
    assert.deepEqual(b.json<{ plans: PlanJson[] }>(['plan', 'list']).plans, []);
    assert.ok(!readFileSync(path.join(b.root, '.git', 'config'), 'utf8').includes('pwned'));
  });

  for (const phase of ['push', 'fetch'] as const) {
    it(`a ${phase} killed while git transfers leaves both sides consistent, and the next one finishes`, async () => {
      const dir = tempDir();
      const bare = userRemote(dir);
      const a = cloneMachine(dir, bare, 'a');
      a.json(['remote', 'enable']);
      // Big enough that the transfer takes a while (incompressible content, several snapshots).
      const { planId, ids } = newPlan(a, 'big', 3, (i) => write(a.root, `big-${i}.bin`, noise(4 * 1024 * 1024, i)));
      const b = cloneMachine(dir, bare, 'b');
      if (phase === 'push') {
        const run = runAsync(a, ['remote', 'push', 'origin'], true);
        const pids = await waitFor('git push', () => {
          const found = gitProcessesOf(a.root, ['push', '--porcelain']);
          return found.length ? found : undefined;
        });
        process.kill(-run.child.pid!, 'SIGKILL');
        await run.done;
        assert.ok(pids.length > 0);
      } else {
        a.json(['remote', 'push', 'origin']);
        const run = runAsync(b, ['remote', 'fetch', 'origin'], true);
        await waitFor('git fetch', () => {
          const found = [...gitProcessesOf(b.root, ['fetch', '--no-tags']), ...gitProcessesOf(b.root, ['index-pack', '--stdin'])];
          return found.length ? found : undefined;
        });
        process.kill(-run.child.pid!, 'SIGKILL');
        await run.done;
      }
      // The remote: whole (fsck), the user's refs as they were, our ref absent or complete.
      gitIn(bare, 'fsck', '--full', '--no-dangling');
      const ref = refsOf(bare)[`refs/cleveragents/v1/plans/${planId}`];
      if (ref !== undefined) gitIn(bare, 'cat-file', '-e', `${ref}:plan.json`);
      // This side: its commands work, and the next push and fetch finish the job.
      a.json(['plan', 'list']);
      b.json(['plan', 'list']);
      a.json(['remote', 'push', 'origin']);
      const fetched = b.json<FetchJson>(['remote', 'fetch', 'origin']).fetch.plans[0]!;
      assert.ok(['fetched', 'up_to_date'].includes(fetched.status), fetched.reason);
      assert.deepEqual(
        b.json<{ checkpoints: CheckpointJson[] }>(['plan', 'checkpoints', planId]).checkpoints.map((c) => c.checkpoint_id),
        ids,
      );
      for (const m of [a, b]) {
        const left = existsSync(path.join(m.root, '.cleveragents', 'remote')) ? readdirSync(path.join(m.root, '.cleveragents', 'remote')).filter((n) => n.startsWith('tmp-')) : [];
        assert.deepEqual(left, [], 'the killed command’s transport folder is swept by the next one');
      }
      // B rolls back to the last checkpoint: the files are there, byte for byte.
      b.json(['plan', 'rollback', '--yes', planId, ids[2]!]);
      for (let i = 0; i < 3; i++) assert.ok(readFileSync(path.join(b.root, `big-${i}.bin`)).equals(noise(4 * 1024 * 1024, i)));
    });
  }
});
