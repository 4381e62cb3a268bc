import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { sessionFilePath } from '../../src/hooks/sessionPlans';
import { CLI_PATH, REPO_ROOT, cliEnv, daemonModes, ensureCliBuilt, useDaemonMode } from './helpers/cliHarness';
import { git, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Issue 34: a workspace is untrusted, `.cleveragents/` included. Each case here is one a crafted
// clone, tarball or zip can set up; each failed on the main of 2026-12-02. The built CLI is run as
// the agents run it, with and without the resident process.

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A hook call or command as a new process, killed after 60 s: a FIFO that blocks it shows as a signal. */
function agents(root: string, args: readonly string[], input = '', env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], { cwd: root, input, env: cliEnv({ CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', ...env }), encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A hook that makes the store starts the resident process: not in the tests that start it themselves. */
const NO_PROCESS = { CLEVERAGENTS_NO_DAEMON: '1' };

function prompt(root: string, sessionId: string, text = 'add due dates', env: Record<string, string> = {}): Run {
  const r = agents(root, ['hook', 'run', 'claude-code'], JSON.stringify({ session_id: sessionId, hook_event_name: 'UserPromptSubmit', cwd: root, prompt: text }), env);
  assert.equal(r.signal, null, 'the hook ended on its own');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '', 'Claude Code is answered with nothing');
  return r;
}

function mkfifo(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const r = spawnSync('mkfifo', [file]);
  assert.equal(r.status, 0, `mkfifo ${file}`);
}

function checkpointCount(root: string): number {
  const r = agents(root, ['--format', 'json', 'plan', 'list']);
  if (r.code !== 0) return 0;
  let count = 0;
  for (const plan of (JSON.parse(r.stdout) as { plans: { plan_id: string }[] }).plans) {
    count += (JSON.parse(agents(root, ['--format', 'json', 'plan', 'checkpoints', plan.plan_id]).stdout) as { checkpoints: unknown[] }).checkpoints.length;
  }
  return count;
}

const posix = process.platform !== 'win32';

describe('a hostile workspace (issue 34)', function () {
  this.timeout(180_000);
  const temp = useTempDirs('hostile-');
  before(() => ensureCliBuilt());

  /** A clone: a git repository with one file, its `.cleveragents/` as the attacker shipped it. */
  function clone(): { root: string; outside: string } {
    const base = temp();
    const root = path.join(base, 'repo');
    const outside = path.join(base, 'home');
    mkdirSync(outside);
    write(root, 'notes.txt', 'one\n');
    git(root, 'init', '-q');
    return { root, outside };
  }

  for (const mode of daemonModes()) {
    describe(`the resident process ${mode}`, function () {
      useDaemonMode(mode);

      it('hooks.log as a link to the user\'s shell start-up file: nothing is written through it, and the call is answered', function () {
        if (!posix) this.skip();
        const { root, outside } = clone();
        prompt(root, 'first'); // the store exists: with the resident process on, the next calls go through it
        const bashrc = path.join(outside, '.bashrc');
        writeFileSync(bashrc, 'export EDITOR=vi\n');
        rmSync(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
        mkdirSync(path.join(root, '.cleveragents', 'logs'));
        symlinkSync(path.relative(path.join(root, '.cleveragents', 'logs'), bashrc), path.join(root, '.cleveragents', 'logs', 'hooks.log'));
        prompt(root, '$(touch PWNED);`touch PWNED2`', 'another');
        assert.equal(readFileSync(bashrc, 'utf8'), 'export EDITOR=vi\n', 'the link\'s target is untouched');
        assert.ok(lstatSync(path.join(root, '.cleveragents', 'logs', 'hooks.log')).isSymbolicLink(), 'the link is left as it is');
      });

      it('a .cleveragents/logs or .cleveragents/hooks folder that is a link: nothing lands outside, the hook still answers', function () {
        if (!posix) this.skip();
        const { root, outside } = clone();
        prompt(root, 'first');
        for (const name of ['logs', 'hooks']) {
          rmSync(path.join(root, '.cleveragents', name), { recursive: true, force: true });
          mkdirSync(path.join(outside, name));
          symlinkSync(path.join(outside, name), path.join(root, '.cleveragents', name));
        }
        prompt(root, 'second session');
        assert.deepEqual(readdirSync(path.join(outside, 'logs')), [], 'no log outside');
        assert.deepEqual(readdirSync(path.join(outside, 'hooks')), [], 'no session file, lock or marker outside');
      });

      it('a FIFO at hooks.log, and at the session\'s file: the hook answers and exits', function () {
        if (!posix) this.skip();
        const { root } = clone();
        prompt(root, 'first');
        rmSync(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
        mkfifo(path.join(root, '.cleveragents', 'logs', 'hooks.log'));
        mkfifo(sessionFilePath(root, 'claude-code', 'fifo-session'));
        prompt(root, 'fifo-session');
        assert.ok(lstatSync(path.join(root, '.cleveragents', 'logs', 'hooks.log')).isFIFO(), 'left as it is');
      });
    });
  }

  it('log lines are inert in a shell: text from an event can neither run nor redirect', function () {
    if (!posix) this.skip();
    const { root } = clone();
    // a session id is printable ASCII without spaces: ${IFS} stands for them
    prompt(root, '$(touch${IFS}PWNED1);touch${IFS}PWNED2|touch${IFS}PWNED3&&touch${IFS}PWNED4;`touch${IFS}PWNED5`>PWNED6');
    const log = path.join(root, '.cleveragents', 'logs', 'hooks.log');
    assert.match(readFileSync(log, 'utf8'), /made for session \\x24\(touch\\x24\{IFS\}PWNED1\)\\x3btouch/);
    const shell = temp();
    spawnSync('bash', [log], { cwd: shell, encoding: 'utf8' });
    assert.deepEqual(readdirSync(shell), [], 'bash running the log made no file');
  });

  it('a FIFO at logs/daemon.log: starting the resident process does not hang, and says why it did not start', function () {
    if (!posix) this.skip();
    const { root } = clone();
    prompt(root, 'first', 'x', NO_PROCESS);
    rmSync(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
    mkfifo(path.join(root, '.cleveragents', 'logs', 'daemon.log'));
    const client = path.join(REPO_ROOT, 'out', 'src', 'daemonClient', 'client.js');
    const script = `process.stdout.write(String(require(${JSON.stringify(client)}).startDaemon(${JSON.stringify(root)}, ${JSON.stringify(path.join(REPO_ROOT, 'dist'))})))`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.signal, null, 'startDaemon returned');
    assert.match(r.stdout, /not a regular file/);
  });

  it('a logs/daemon.log link: the resident process\'s output goes nowhere outside', function () {
    if (!posix) this.skip();
    const { root, outside } = clone();
    prompt(root, 'first', 'x', NO_PROCESS);
    const target = path.join(outside, 'target');
    writeFileSync(target, 'kept\n');
    rmSync(path.join(root, '.cleveragents', 'logs'), { recursive: true, force: true });
    mkdirSync(path.join(root, '.cleveragents', 'logs'));
    symlinkSync(target, path.join(root, '.cleveragents', 'logs', 'daemon.log'));
    const client = path.join(REPO_ROOT, 'out', 'src', 'daemonClient', 'client.js');
    const script = `process.stdout.write(String(require(${JSON.stringify(client)}).startDaemon(${JSON.stringify(root)}, ${JSON.stringify(path.join(REPO_ROOT, 'dist'))})))`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    assert.match(r.stdout, /is a symbolic link|not a regular file/);
    assert.equal(readFileSync(target, 'utf8'), 'kept\n');
  });

  for (const command of [['hook', 'install', 'claude-code'], ['hook', 'status'], ['hook', 'uninstall', 'claude-code']]) {
    it(`a FIFO at .claude/settings.json: \`agents ${command.join(' ')}\` ends, says so, and changes nothing`, function () {
      if (!posix) this.skip();
      const { root } = clone();
      mkfifo(path.join(root, '.claude', 'settings.json'));
      const r = agents(root, command);
      assert.equal(r.signal, null, 'the command ended on its own');
      if (command[1] !== 'status') assert.notEqual(r.code, 0, `${r.stdout}${r.stderr}`);
      assert.match(`${r.stdout}${r.stderr}`, /\.claude\/settings\.json.*not a regular file/);
      assert.ok(lstatSync(path.join(root, '.claude', 'settings.json')).isFIFO(), 'left as it is');
    });
  }

  describe('prompts stay the user\'s', function () {
    it('the database, its write log, the session files and the logs are private to the user', function () {
      if (!posix) this.skip();
      const { root } = clone();
      prompt(root, 'first');
      write(root, 'notes.txt', 'two\n');
      prompt(root, 'first', 'again');
      const data = path.join(root, '.cleveragents');
      const files = ['cleveragents.db', 'logs/hooks.log', ...readdirSync(path.join(data, 'hooks', 'sessions')).map((n) => `hooks/sessions/${n}`)];
      if (existsSync(path.join(data, 'cleveragents.db.log'))) files.push('cleveragents.db.log');
      for (const file of files) assert.equal(statSync(path.join(data, file)).mode & 0o077, 0, `${file} is 0600`);
      for (const dir of ['logs', 'hooks', 'hooks/sessions']) assert.equal(statSync(path.join(data, dir)).mode & 0o077, 0, `${dir}/ is 0700`);
      assert.ok(checkpointCount(root) >= 2);
    });

    it('a database made 0644 by an earlier release is made 0600 when it is next opened', function () {
      if (!posix) this.skip();
      const { root } = clone();
      prompt(root, 'first');
      const db = path.join(root, '.cleveragents', 'cleveragents.db');
      spawnSync('chmod', ['0644', db]);
      assert.equal(agents(root, ['--format', 'json', 'plan', 'list'], '', { CLEVERAGENTS_NO_DAEMON: '1' }).code, 0);
      assert.equal(statSync(db).mode & 0o777, 0o600);
    });
  });
});
