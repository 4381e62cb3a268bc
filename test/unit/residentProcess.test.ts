import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { createWorkspaceServices } from '../../src/composition';
import { cliEnv, ensureCliBuilt } from './helpers/cliHarness';
import { BASE_ENV, DIST, NO_DAEMON, PERL, VERSION, agents, alive, event, hook, hooksLog, json, newWorkspace, running, status, until, type Status } from './helpers/residentProcessFixtures';
import { RecordingLogger } from './helpers/storeFixtures';
import { git, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// The resident process (src/daemon, docs/AGENTS.md "The resident process"), with real processes:
// the built CLI as the agents run it, the daemon it starts, kills and stops of both. No timing is
// asserted: a wait below is only ever for something to happen.

/** Every plan's checkpoints as the user sees them: what, why, and the files (the tree), ids aside. */
function history(root: string, env: Record<string, string> = NO_DAEMON): string[] {
  const plans = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], env).plans;
  return plans.flatMap((plan) =>
    json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', plan.plan_id], env).checkpoints.map((c) => {
      const tree = git(root, `--git-dir=${path.join(root, '.cleveragents', 'checkpoints', 'shadow.git')}`, 'rev-parse', `${c.sandbox_ref}^{tree}`).trim();
      return `${plan.title} | ${c.checkpoint_type} | ${c.metadata.reason} | ${c.metadata.phase} | ${JSON.stringify(c.metadata.extra)} | ${tree}`;
    }),
  );
}

/** A prompt, then tool calls that write, write nothing, and write again: each through `call`. */
async function session(root: string, call: (input: string) => unknown): Promise<void> {
  await call(event(root, 'UserPromptSubmit', { prompt: 'add b' }));
  const tool = (name: string, toolName: string, file?: string) => event(root, name, { tool_name: toolName, tool_use_id: `t-${toolName}`, tool_input: file ? { file_path: path.join(root, file) } : { command: 'ls' } });
  await call(tool('PreToolUse', 'Write', 'src/b.ts'));
  write(root, 'src/b.ts', 'export const b = 2;\n');
  await call(tool('PostToolUse', 'Write', 'src/b.ts'));
  await call(tool('PreToolUse', 'Bash'));
  await call(tool('PostToolUse', 'Bash'));
  await call(event(root, 'UserPromptSubmit', { prompt: 'change a' }));
  await call(tool('PreToolUse', 'Edit', 'src/app.ts'));
  write(root, 'src/app.ts', 'export const a = 3;\n');
  await call(tool('PostToolUse', 'Edit', 'src/app.ts'));
}

/**
 * Starts `dist/agentsDaemon.js` (or a wrapper of it) for `root` by hand, as a client does: through a
 * shell that leaves at once, so that the daemon is no child of this test (a child of ours that
 * dies stays a zombie while spawnSync blocks us, and would look alive to the lock's owner check).
 * Resolves to its pid, from its log.
 */
async function startDaemonBy(script: string, root: string, env: Record<string, string> = {}): Promise<number> {
  const log = path.join(root, '.cleveragents', 'logs', 'daemon.log');
  mkdirSync(path.dirname(log), { recursive: true });
  const seen = existsSync(log) ? readFileSync(log, 'utf8').length : 0;
  spawnSync('/bin/sh', ['-c', '"$0" "$1" "$2" >>"$3" 2>&1 &', process.execPath, script, root, log], { cwd: root, env: cliEnv({ ...BASE_ENV, ...env }) });
  return until(`${path.basename(script)} listens`, () => {
    const match = /listening: pid (\d+)/.exec(readFileSync(log, 'utf8').slice(seen));
    return match ? Number(match[1]) : undefined;
  });
}

const socketOf = (root: string) => path.join(root, '.cleveragents', 'run', 'agents.sock');

/** A wrapper around the real daemon that SIGKILLs it when it is about to write a reply starting with `prefix`. */
function killingDaemon(dir: string, prefix: string): string {
  const script = path.join(dir, 'killing-daemon.js');
  writeFileSync(
    script,
    `const net = require('node:net');
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (data, ...rest) {
  if (typeof data === 'string' && data.startsWith(${JSON.stringify(prefix)})) process.kill(process.pid, 'SIGKILL');
  return write.call(this, data, ...rest);
};
require(${JSON.stringify(path.join(DIST, 'agentsDaemon.js'))});
`,
  );
  return script;
}

/**
 * A wrapper around the real daemon (git started from it: CLEVERAGENTS_NO_GIT_RELAY=1) whose `git
 * write-tree` starts `seconds` late: a checkpoint whose files are read at once and whose tree and
 * row come long after.
 */
function slowTreeDaemon(dir: string, seconds: number): string {
  const script = path.join(dir, 'slow-tree-daemon.js');
  writeFileSync(
    script,
    `const cp = require('node:child_process');
const spawn = cp.spawn;
cp.spawn = function (file, args, options) {
  if (file === 'git' && Array.isArray(args) && args.includes('write-tree')) return spawn.call(this, '/bin/sh', ['-c', 'sleep ${seconds}; exec "$0" "$@"', file, ...args], options);
  return spawn.apply(this, arguments);
};
require(${JSON.stringify(path.join(DIST, 'agentsDaemon.js'))});
`,
  );
  return script;
}

describe('the resident process', function () {
  this.timeout(180_000);
  const started: number[] = [];
  // Registered before the temporary folders' removal, so that it runs first.
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  });
  const tempDir = useTempDirs('ca-daemon-');

  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  /** Remembers the pid of the daemon of `root` (to be killed after the test, whatever happens). */
  async function daemonOf(root: string): Promise<Status> {
    const s = await running(root);
    started.push(s.pid);
    return s;
  }

  it('is started by the first call that finds a store, and serves the next ones', async () => {
    const root = newWorkspace(tempDir());
    // No store yet: nothing to keep warm, and nothing is started.
    assert.equal(agents(root, ['plan', 'list']).code, 0);
    assert.equal(existsSync(path.join(root, '.cleveragents', 'run')), false, 'no store, no process');
    // An event that takes no checkpoint leaves a log line in .cleveragents, and no database: still nothing to keep warm.
    hook(root, 'not json');
    hook(root, 'not json either');
    assert.match(hooksLog(root), /stdin is not JSON/);
    assert.equal(existsSync(path.join(root, '.cleveragents', 'run')), false, 'no database, no process');
    json(root, ['plan', 'create', '--title', 'first'], NO_DAEMON);
    const first = agents(root, ['plan', 'list']);
    assert.match(first.stdout, /first/);
    const daemon = await daemonOf(root);
    assert.equal(daemon.version, VERSION);
    assert.ok(daemon.rss_bytes > 0, 'it reports its memory');
    // Its start loaded the database for hooks and for the CLI; the default database named (as VS
    // Code's terminal names it) is the same one, not a third.
    await until('both databases loaded', () => status(root).warm_databases === 2 || undefined, 10_000);
    const before = status(root).requests;
    const second = agents(root, ['plan', 'list'], { env: { AGENTS_DATABASE: '.cleveragents/cleveragents.db' } });
    assert.equal(second.stdout, first.stdout, 'the same answer as in-process');
    assert.equal(status(root).requests, before + 2, 'the list (and this status) went to it');
    assert.equal(status(root).warm_databases, 2);
    assert.equal(status(root).pid, daemon.pid, 'the same process');
    // the global options may come first, as with every command; its output is JSON, so text is refused
    const elsewhere = agents(path.dirname(root), ['--format', 'json', '--workspace', root, 'daemon', 'status']);
    assert.equal(elsewhere.code, 0, elsewhere.stdout + elsewhere.stderr);
    assert.equal((JSON.parse(elsewhere.stdout) as Status).pid, daemon.pid);
    const text = agents(root, ['--format', 'text', 'daemon', 'status']);
    assert.equal(text.code, 2);
    assert.match(text.stderr, /usage: agents daemon status\|stop/);
    const log = readFileSync(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8');
    assert.match(log, new RegExp(`listening: pid ${daemon.pid}`));
    assert.match(log, /warm: rss \d/);
    // It starts git through the perl relay where there is perl (gitRelay.test.ts tests the relay).
    assert.match(log, PERL ? /git starts through a perl relay/ : /git starts from this process/);
  });

  it('is started by the hook that made the store, once it has answered: the session’s first tool call finds it running', async () => {
    const root = newWorkspace(tempDir());
    // The session's first prompt: no store before it, its plan and database after it. Nothing but
    // this hook can start the process here (`daemon status` starts none).
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'first of the session' }));
    const daemon = await daemonOf(root);
    await until('its database loaded', () => status(root).warm_databases === 2 || undefined, 10_000);
    const before = status(root).requests;
    hook(root, event(root, 'PreToolUse', { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'src', 'b.ts') } }));
    assert.equal(status(root).requests, before + 2, 'the first tool call (and this status) went to it');
    assert.equal(status(root).pid, daemon.pid);
    assert.doesNotMatch(hooksLog(root), /resident process not used/);
  });

  it('as it starts, watches the folders of the sandbox checkpointed last: the second no-change pre_write it serves runs no status', async () => {
    const root = newWorkspace(tempDir());
    write(root, 'src/deep/c.ts', 'export const c = 1;\n');
    // The session's plan and its first snapshot, by a hook of its own (no process yet).
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'first' }), NO_DAEMON);
    agents(root, ['plan', 'list'], { env: { CLEVERAGENTS_DAEMON_TRACE: '1' } });
    const daemon = await daemonOf(root);
    // The workspace, src and src/deep: not .git, not the store.
    assert.equal(await until('its watch of the session’s sandbox is ready', () => status(root).watched_folders || undefined), 3);
    const pre = () => hook(root, event(root, 'PreToolUse', { tool_name: 'Bash', tool_use_id: 't-ls', tool_input: { command: 'ls' } }));
    // The first runs a status (the watch has no record of the snapshot taken by another process);
    // the second is answered by the watch.
    pre();
    pre();
    const log = readFileSync(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8');
    assert.match(log, new RegExp(`\\[${daemon.pid}\\] watching the folders of plan [0-9A-Z]{26} ahead of its next snapshot`));
    // (the log writes a `;` as `\x3b`)
    assert.equal(log.match(/not taken(?:;|\\x3b) no change since, the folder watch says/g)?.length, 1, log);
    assert.equal(log.match(/the same files as [0-9a-f]+, not taken(?:;|\\x3b) prepare .* status /g)?.length, 1, log);
  });

  it('keeps the database loaded between requests, and answers with what other processes wrote meanwhile: a whole save, a write-log entry, a fold', async () => {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'first'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    const daemon = await daemonOf(root);
    // Its titles, and whether the process read the database file for it (the store says so with --debug).
    const served = (): { titles: string[]; fileRead: boolean } => {
      const r = agents(root, ['--format', 'json', '--debug', 'plan', 'list']);
      assert.equal(r.code, 0, r.stderr);
      return { titles: (JSON.parse(r.stdout) as { plans: PlanJson[] }).plans.map((p) => p.title).sort(), fileRead: /Loaded .*cleveragents\.db/.test(r.stderr) };
    };
    served();
    assert.deepEqual(served(), { titles: ['first'], fileRead: false }, 'unchanged: answered from the database it holds');
    // Another process saves the file whole (a small database).
    json(root, ['plan', 'create', '--title', 'saved whole'], NO_DAEMON);
    assert.deepEqual(served(), { titles: ['first', 'saved whole'], fileRead: true });
    assert.deepEqual(served(), { titles: ['first', 'saved whole'], fileRead: false });
    // Another process appends to the write log (the file itself unchanged).
    const logged = async (title: string) => {
      const other = createWorkspaceServices({ workspaceRoot: root, wasmDir: DIST, logger: new RecordingLogger(), writeLog: { minDatabaseBytes: 0, foldBytes: 1 << 30, foldEntries: 1 << 30 } });
      try {
        await other.plans.createPlan({ title });
      } finally {
        other.dispose();
      }
    };
    const dbFile = path.join(root, '.cleveragents', 'cleveragents.db');
    const fileBefore = readFileSync(dbFile);
    await logged('logged');
    assert.ok(existsSync(`${dbFile}.log`) && readFileSync(dbFile).equals(fileBefore), 'the change is in the log alone');
    // a new log is checked against the file it was written on: read with it once…
    assert.deepEqual(served(), { titles: ['first', 'logged', 'saved whole'], fileRead: true });
    // …and what is appended to it later is applied to the database held, the file not read again
    await logged('logged again');
    assert.deepEqual(served(), { titles: ['first', 'logged', 'logged again', 'saved whole'], fileRead: false });
    // Another process folds the log into the file, then logs again.
    assert.equal(agents(root, ['db', 'fold'], { env: NO_DAEMON }).code, 0);
    await logged('after the fold');
    assert.deepEqual(served(), { titles: ['after the fold', 'first', 'logged', 'logged again', 'saved whole'], fileRead: true });
    const now = status(root);
    assert.equal(now.pid, daemon.pid, 'one process served them all');
    assert.ok(now.requests >= daemon.requests + 7, `the lists went to it (${daemon.requests} → ${now.requests} requests)`);
  });

  it('takes exactly the checkpoints, with the same trees, as the hooks take without it', async () => {
    const plain = newWorkspace(tempDir());
    const served = newWorkspace(tempDir());
    await session(plain, (input) => hook(plain, input, NO_DAEMON));
    // The first call makes the store and the plan, and starts the process, which serves all the others.
    let calls = 0;
    await session(served, async (input) => {
      hook(served, input);
      // the first made the store, the second (finding one) started the process
      if (++calls === 2) await daemonOf(served);
    });
    const same = () => {
      const expected = history(plain);
      // read through the resident process: behind the rest of the hooks it answered early
      assert.deepEqual(history(served, {}).map((l) => l.replace(served, '<root>')), expected.map((l) => l.replace(plain, '<root>')));
      return expected;
    };
    // two prompts and two writes; the pre_writes and the Bash calls found nothing changed
    const session1 = same();
    assert.equal(session1.length, 4, `prompts and writes:\n${session1.join('\n')}`);
    // The user deletes the session's plan: the next prompt makes a new one (the warm process sees the deletion).
    for (const [root, env] of [[plain, NO_DAEMON], [served, {}]] as const) {
      const planId = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], NO_DAEMON).plans[0]!.plan_id;
      json(root, ['plan', 'delete', '--yes', planId], NO_DAEMON);
      hook(root, event(root, 'UserPromptSubmit', { prompt: 'after the delete' }), env);
    }
    const afterDelete = same();
    assert.equal(afterDelete.length, 1, `the new plan's prompt:\n${afterDelete.join('\n')}`);
    assert.match(afterDelete[0]!, /Before: "after the delete"/);
    const daemon = await daemonOf(served);
    assert.ok(daemon.requests >= 8, `the process served the session's calls (${daemon.requests} requests)`);
    assert.doesNotMatch(hooksLog(served), /resident process not used/);
  });

  it('a hook answered once its files are read holds the next request until its row is written: a command right after it sees the checkpoint', async () => {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'add b' }), NO_DAEMON);
    const planId = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], NO_DAEMON).plans[0]!.plan_id;
    started.push(await startDaemonBy(slowTreeDaemon(tempDir(), 2), root, { CLEVERAGENTS_NO_GIT_RELAY: '1' }));
    write(root, 'src/b.ts', 'export const b = 2;\n');
    hook(root, event(root, 'PostToolUse', { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'src/b.ts') } }));
    // served by the same process, behind the hook's rest (its tree comes 2 s after its answer)
    const served = json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId]).checkpoints;
    assert.deepEqual(served.map((c) => c.checkpoint_type), ['manual', 'post_step']);
    assert.equal(git(root, `--git-dir=${path.join(root, '.cleveragents', 'checkpoints', 'shadow.git')}`, 'show', `${served[1]!.sandbox_ref}:src/b.ts`), 'export const b = 2;\n');
    assert.match(hooksLog(root), /PostToolUse Write: post_step \S+ in plan/);
    assert.equal((await daemonOf(root)).requests, 3, 'the hook and the command were served by the resident process (and this status)');
    assert.doesNotMatch(hooksLog(root), /resident process not used/);
  });

  it('a stop while a hook’s work goes on after its answer: the process writes the row before it exits', async () => {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'add b' }), NO_DAEMON);
    const planId = json<{ plans: PlanJson[] }>(root, ['plan', 'list'], NO_DAEMON).plans[0]!.plan_id;
    const pid = await startDaemonBy(slowTreeDaemon(tempDir(), 1), root, { CLEVERAGENTS_NO_GIT_RELAY: '1' });
    started.push(pid);
    write(root, 'src/b.ts', 'export const b = 2;\n');
    hook(root, event(root, 'PostToolUse', { tool_name: 'Write', tool_use_id: 't-1', tool_input: { file_path: path.join(root, 'src/b.ts') } }));
    // answered before its tree (1 s late) was written; the stop is answered at once, the exit waits
    const stop = agents(root, ['daemon', 'stop']);
    assert.equal(stop.code, 0, stop.stdout + stop.stderr);
    await until('the stopped process has gone', () => !alive(pid) || undefined);
    const list = json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints;
    assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'post_step']);
    assert.match(hooksLog(root), /PostToolUse Write: post_step \S+ in plan/);
  });

  it('a client of another version does the work itself and restarts the process in its own version', async () => {
    const dir = tempDir();
    const root = newWorkspace(dir);
    json(root, ['plan', 'create', '--title', 'versions'], NO_DAEMON);
    // A real daemon build of another version: dist/ copied, its version string replaced.
    const other = path.join(dir, 'other-dist');
    mkdirSync(other);
    for (const name of readdirSync(DIST)) if (name.endsWith('.js') || name.endsWith('.wasm')) copyFileSync(path.join(DIST, name), path.join(other, name));
    const daemonFile = path.join(other, 'agentsDaemon.js');
    const source = readFileSync(daemonFile, 'utf8');
    assert.ok(source.includes(JSON.stringify(VERSION)), 'the bundle carries its version');
    writeFileSync(daemonFile, source.split(JSON.stringify(VERSION)).join(JSON.stringify(`${VERSION}-other`)));
    const oldPid = await startDaemonBy(daemonFile, root);
    started.push(oldPid);

    const list = agents(root, ['--format', 'json', 'plan', 'list']);
    assert.equal(list.code, 0, list.stderr);
    assert.equal((JSON.parse(list.stdout) as { plans: PlanJson[] }).plans[0]!.title, 'versions', 'done in-process');
    await until('the other version exits', () => !alive(oldPid));
    const fresh = await daemonOf(root);
    assert.equal(fresh.version, VERSION);
    assert.notEqual(fresh.pid, oldPid);
  });

  for (const [moment, prefix] of [
    ['in the middle of its work', '{"t":"beat"}'],
    ['after its work, before its answer', '{"t":"done"'],
  ] as const) {
    it(`a process SIGKILLed ${moment}: the call completes in-process, with one prompt checkpoint`, async () => {
      const dir = tempDir();
      const root = newWorkspace(dir);
      hook(root, event(root, 'UserPromptSubmit', { prompt: 'first' }), NO_DAEMON);
      const pid = await startDaemonBy(killingDaemon(dir, prefix), root);
      started.push(pid);
      // Enough changed files that the checkpoint outlasts the first heartbeat (every 200 ms).
      for (let i = 0; i < 4000; i++) write(root, `gen/d${i % 50}/f${i}.ts`, `export const v${i} = ${i};\n`);
      hook(root, event(root, 'UserPromptSubmit', { prompt: 'second' }), { AGENTS_HOOK_BUDGET_MS: '20000' });
      await until('the daemon was killed', () => !alive(pid));
      const prompts = history(root).filter((l) => l.includes('| Before: "second" |'));
      assert.equal(prompts.length, 1, `one checkpoint for the prompt:\n${history(root).join("\n")}\n${hooksLog(root)}`);
      assert.match(hooksLog(root), /resident process not used: (the process closed the connection before answering|no acknowledgement)/);
    });
  }

  it('a process SIGKILLed after it took a `plan checkpoint`, before its answer: the call answers with that checkpoint and takes no second', async () => {
    const dir = tempDir();
    const root = newWorkspace(dir);
    const planId = json<{ plan: PlanJson }>(root, ['plan', 'create', '--title', 'once'], NO_DAEMON).plan.plan_id;
    const pid = await startDaemonBy(killingDaemon(dir, '{"t":"done"'), root);
    started.push(pid);
    write(root, 'src/c.ts', 'export const c = 1;\n');
    const made = json<{ checkpoint: CheckpointJson }>(root, ['plan', 'checkpoint', planId, '--reason', 'once']);
    await until('the daemon was killed', () => !alive(pid));
    const taken = json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints;
    assert.deepEqual(
      taken.map((c) => `${c.checkpoint_id} ${c.metadata.reason}`),
      [`${made.checkpoint.checkpoint_id} once`],
      'the process took it; the call answered with it and took none itself',
    );
    assert.match(made.checkpoint.metadata.extra.checkpoint_call ?? '', /^[0-9A-HJKMNP-TV-Z]{26}$/, 'recorded with the token of the call that took it');
    // The same id in the environment of another call (inherited, not chosen for it): ignored, so
    // that call takes a checkpoint of its own (issue 34: it used to answer with this one).
    write(root, 'src/c.ts', 'export const c = 2;\n');
    const again = json<{ checkpoint: CheckpointJson }>(root, ['plan', 'checkpoint', planId, '--reason', 'again'], { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: made.checkpoint.checkpoint_id });
    assert.notEqual(again.checkpoint.checkpoint_id, made.checkpoint.checkpoint_id);
    assert.equal(json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints.length, 2);
    // Nor is it another plan's answer: that plan takes its own too.
    const other = json<{ plan: PlanJson }>(root, ['plan', 'create', '--title', 'other'], NO_DAEMON).plan.plan_id;
    const own = json<{ checkpoint: CheckpointJson }>(root, ['plan', 'checkpoint', other], { ...NO_DAEMON, AGENTS_CHECKPOINT_ID: made.checkpoint.checkpoint_id });
    assert.equal(own.checkpoint.plan_id, other);
  });

  it('a stopped process (SIGSTOP): hook calls and CLI commands complete in-process', async () => {
    const root = newWorkspace(tempDir());
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'first' }), NO_DAEMON);
    agents(root, ['plan', 'list']);
    const daemon = await daemonOf(root);
    process.kill(daemon.pid, 'SIGSTOP');
    write(root, 'src/d.ts', 'export const d = 1;\n');
    hook(root, event(root, 'PreToolUse', { tool_name: 'Write', tool_input: { file_path: path.join(root, 'src/d.ts') } }));
    assert.match(hooksLog(root), /PreToolUse Write: pre_write \w+ in plan/, 'the checkpoint was taken in-process');
    assert.match(hooksLog(root), /resident process not used: no acknowledgement/);
    const planId = json<{ plans: PlanJson[] }>(root, ['plan', 'list']).plans[0]!.plan_id;
    write(root, 'src/e.ts', 'export const e = 1;\n');
    const made = json<{ checkpoint: CheckpointJson }>(root, ['plan', 'checkpoint', planId, '--reason', 'while stopped']);
    assert.equal(made.checkpoint.metadata.reason, 'while stopped');
    assert.equal(alive(daemon.pid), true, 'it was stopped, not dead');
    process.kill(daemon.pid, 'SIGCONT');
  });

  it('exits when idle', async () => {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'idle'], NO_DAEMON);
    agents(root, ['plan', 'list'], { env: { CLEVERAGENTS_DAEMON_IDLE_MS: '1500' } });
    const daemon = await daemonOf(root);
    await until('the idle process exits', () => !alive(daemon.pid));
    assert.equal(existsSync(socketOf(root)), false, 'it removed its socket');
    assert.match(readFileSync(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8'), /exiting: idle for 1500 ms, rss [\d.]+ MB/);
  });

  it('collects the store\'s garbage once no request came for a while, never inside the call that made it due', async () => {
    const root = newWorkspace(tempDir());
    const planId = json<{ plan: PlanJson }>(root, ['plan', 'create', '--title', 'gc'], NO_DAEMON).plan.plan_id;
    json(root, ['plan', 'policy', planId, '--max-checkpoints', '3'], NO_DAEMON);
    const counter = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git', 'unpinned-since-gc');
    const unpinned = () => (existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0);
    // A process that waits ten minutes before its maintenance: whatever is collected, a call did it.
    const patient = { CLEVERAGENTS_DAEMON_MAINTENANCE_MS: '600000' };
    agents(root, ['plan', 'list'], { env: patient });
    const first = await daemonOf(root);
    const before = status(root).requests;
    // From the fourth checkpoint on, each drops a pin; the 25th dropped makes a collection due.
    for (let i = 0; unpinned() < 26; i++) {
      write(root, 'src/app.ts', `export const a = ${i};\n`);
      json(root, ['plan', 'checkpoint', planId], patient);
      if (i > 40) assert.fail(`no collection became due: ${unpinned()} pins dropped`);
    }
    assert.equal(status(root).pid, first.pid);
    assert.ok(status(root).requests >= before + 26, 'the process took the checkpoints');
    assert.equal(unpinned(), 26, 'no call collected (it would have reset the count)');
    // A process with a short quiet time collects after the next request it serves.
    agents(root, ['daemon', 'stop']);
    await until('the process has stopped', () => !status(root).running);
    const quick = { CLEVERAGENTS_DAEMON_MAINTENANCE_MS: '200' };
    agents(root, ['plan', 'list'], { env: quick });
    await daemonOf(root);
    agents(root, ['plan', 'list'], { env: quick });
    await until('the idle process collected', () => unpinned() === 0);
    // The counter is reset inside the collection, the log line written after it: waited for too.
    await until('the log says so', () => /collected the store's garbage in \d+ ms/.test(readFileSync(path.join(root, '.cleveragents', 'logs', 'daemon.log'), 'utf8')));
    assert.equal(json<{ checkpoints: CheckpointJson[] }>(root, ['plan', 'checkpoints', planId], NO_DAEMON).checkpoints.length, 3, 'the kept checkpoints are still there');
  });

  it('exits when its .cleveragents folder is deleted, or replaced', async () => {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'gone'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    const first = await daemonOf(root);
    rmSync(path.join(root, '.cleveragents'), { recursive: true, force: true, maxRetries: 5 });
    await until('the process of a deleted store exits', () => !alive(first.pid));

    json(root, ['plan', 'create', '--title', 'again'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    const second = await daemonOf(root);
    // replaced by a copy (another folder at the same path): the process no longer serves it
    renameSync(path.join(root, '.cleveragents'), path.join(root, 'old-store'));
    mkdirSync(path.join(root, '.cleveragents'));
    await until('the process of a replaced store exits', () => !alive(second.pid));
  });

  it('its folder is 0700 and its socket 0600; a folder open to others is not used', async () => {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'modes'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    const daemon = await daemonOf(root);
    assert.equal(lstatSync(path.join(root, '.cleveragents', 'run')).mode & 0o777, 0o700);
    assert.equal(lstatSync(socketOf(root)).mode & 0o777, 0o600);
    chmodSync(path.join(root, '.cleveragents', 'run'), 0o755);
    const before = daemon.requests;
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'open folder' }));
    assert.match(hooksLog(root), /resident process not used: .*run is open to other users \(mode 755\)/);
    chmodSync(path.join(root, '.cleveragents', 'run'), 0o700);
    assert.equal(status(root).requests, before + 1, 'only this status reached it');
  });

  it('a run folder that is a symbolic link is not used, even to a live process', async () => {
    const dir = tempDir();
    const other = newWorkspace(path.join(dir));
    json(other, ['plan', 'create', '--title', 'other'], NO_DAEMON);
    agents(other, ['plan', 'list']);
    const otherDaemon = await daemonOf(other);
    const root = path.join(dir, 'second');
    mkdirSync(root);
    git(root, 'init', '-q');
    write(root, 'x.txt', 'x\n');
    json(root, ['plan', 'create', '--title', 'linked'], NO_DAEMON);
    symlinkSync(path.join(other, '.cleveragents', 'run'), path.join(root, '.cleveragents', 'run'));
    const before = status(other).requests;
    const list = agents(root, ['--format', 'json', 'plan', 'list']);
    assert.equal((JSON.parse(list.stdout) as { plans: PlanJson[] }).plans[0]!.title, 'linked', 'done in-process, in its own store');
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'linked run' }));
    assert.match(hooksLog(root), /resident process not used: .*run is a symbolic link/);
    assert.equal(status(other).requests, before + 1, 'the other workspace\'s process got nothing but its own status');
    assert.equal(alive(otherDaemon.pid), true);
  });

  it('refuses a request for another workspace, and a malformed one', async () => {
    const root = newWorkspace(tempDir());
    json(root, ['plan', 'create', '--title', 'mine'], NO_DAEMON);
    agents(root, ['plan', 'list']);
    await daemonOf(root);
    const ask = (line: string) =>
      new Promise<string>((resolve, reject) => {
        const here = process.cwd();
        process.chdir(path.dirname(socketOf(root)));
        const socket = net.createConnection('agents.sock');
        process.chdir(here);
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (text += d));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write(`${line}\n`);
      });
    const elsewhere = newWorkspace(tempDir());
    const refused = await ask(JSON.stringify({ version: VERSION, kind: 'cli', argv: ['plan', 'list'], cwd: elsewhere, env: {} }));
    assert.match(refused, /"t":"refused".*another workspace/);
    const malformed = await ask(JSON.stringify({ version: VERSION, kind: 'cli', argv: ['plan', 'delete', 'x'], cwd: root, env: {} }));
    assert.match(malformed, /"t":"refused".*bad request/);
  });

  it('CLEVERAGENTS_NO_DAEMON=1: no process is started, and a running one is not asked', async () => {
    const root = newWorkspace(tempDir());
    await session(root, (input) => hook(root, input, NO_DAEMON));
    agents(root, ['plan', 'list'], { env: NO_DAEMON });
    assert.equal(existsSync(path.join(root, '.cleveragents', 'run')), false, 'nothing started');
    agents(root, ['plan', 'list']);
    const daemon = await daemonOf(root);
    hook(root, event(root, 'UserPromptSubmit', { prompt: 'off' }), NO_DAEMON);
    agents(root, ['plan', 'list'], { env: NO_DAEMON });
    assert.equal(status(root).requests, daemon.requests + 1, 'only the status reached it');
  });
});
