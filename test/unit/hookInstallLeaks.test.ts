import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLAUDE_SETTINGS } from './fixtures/hookConfigFixtures';
import { ensureCliBuilt, runCli, type CliRun, ok } from './helpers/cliHarness';

// Issue 35, Deliver 5: installs that do not leak, through the built CLI on real git work trees.
// The store's folder is kept out of git from the install on; a project's shared settings file
// never holds this machine's paths (Claude Code's go to its personal settings.local.json, hooks an
// earlier version put in settings.json are moved out); where the agent has no personal file,
// install and status say so.

const temps: string[] = [];
function tempDir(name: string): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), `hook-leak-${name}-`)));
  temps.push(dir);
  return dir;
}
after(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
before(() => ensureCliBuilt());

function hook(ws: string, home: string, args: readonly string[]): CliRun {
  return runCli(ws, ['hook', ...args], { env: { HOME: home } });
}

function git(cwd: string, args: readonly string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' } });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** A git work tree with one committed file. */
function repo(name: string): string {
  const ws = tempDir(name);
  git(ws, ['init', '-q']);
  writeFileSync(path.join(ws, 'README.md'), 'hello\n');
  git(ws, ['add', '.']);
  git(ws, ['commit', '-q', '-m', 'init']);
  return ws;
}

const hasOurs = (text: string) => text.includes('hook run claude-code');

describe('agents hook install: nothing leaks into git or into shared files', function () {
  this.timeout(120_000);

  it('the store folder is out of git from the install on, and uninstall leaves no trace of it', () => {
    const ws = repo('gitignore');
    const home = tempDir('home');
    writeFileSync(path.join(ws, '.gitignore'), '.claude/settings.local.json\n');
    git(ws, ['add', '.gitignore']);
    git(ws, ['commit', '-q', '-m', 'ignore']);
    ok(hook(ws, home, ['install', 'claude-code']));
    assert.equal(readFileSync(path.join(ws, '.cleveragents/.gitignore'), 'utf8'), '*\n');
    // what Claude's first `git status` shows the model: nothing of ours
    assert.equal(git(ws, ['status', '--porcelain', '--untracked-files=all']), '');
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.equal(existsSync(path.join(ws, '.cleveragents')), false);
    assert.equal(existsSync(path.join(ws, '.claude')), false);
  });

  it('Claude Code: the hooks go to the personal settings.local.json; the shared settings.json stays byte for byte', () => {
    const ws = repo('local');
    const home = tempDir('home');
    mkdirSync(path.join(ws, '.claude'));
    writeFileSync(path.join(ws, '.claude/settings.json'), CLAUDE_SETTINGS);
    const run = ok(hook(ws, home, ['install', 'claude-code']));
    assert.equal(readFileSync(path.join(ws, '.claude/settings.json'), 'utf8'), CLAUDE_SETTINGS);
    assert.ok(hasOurs(readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8')));
    // no .gitignore covers the personal file here: install says so
    assert.match(run.stderr, /warning: \.claude\/settings\.local\.json \(personal: it names this machine's paths\) is not listed in the project's \.gitignore/);
  });

  it('Claude Code: hooks an earlier version put in the shared settings.json are found by status, moved out by install, and found by uninstall', () => {
    const ws = repo('moved');
    const home = tempDir('home');
    writeFileSync(path.join(ws, '.gitignore'), '/.claude/settings.local.json\n');
    // an earlier install: ours in the shared file beside the team's settings
    ok(hook(ws, home, ['install', 'claude-code']));
    const ours = JSON.parse(readFileSync(path.join(ws, '.claude/settings.local.json'), 'utf8')) as { hooks: Record<string, unknown[]> };
    unlinkSync(path.join(ws, '.claude/settings.local.json'));
    const team = JSON.parse(CLAUDE_SETTINGS) as { hooks: Record<string, unknown[]> };
    const earlier = { ...team, hooks: { ...team.hooks, PreToolUse: [...team.hooks.PreToolUse!, ...ours.hooks.PreToolUse!], UserPromptSubmit: ours.hooks.UserPromptSubmit } };
    writeFileSync(path.join(ws, '.claude/settings.json'), `${JSON.stringify(earlier, null, 4)}\n`);

    const status = ok(hook(ws, home, ['status', '--format', 'json'])).json<{ hooks: { agent: string; scope: string; installed: boolean; events: string[]; problems: string[] }[] }>();
    const claude = status.hooks.find((h) => h.agent === 'claude-code' && h.scope === 'project')!;
    assert.equal(claude.installed, true);
    assert.deepEqual(claude.events, ['PreToolUse', 'UserPromptSubmit']);
    assert.match(claude.problems.join('\n'), /\.claude\/settings\.json holds our hooks, with this machine's paths, in the file a team shares: run `agents hook install claude-code` again/);

    const run = ok(hook(ws, home, ['install', 'claude-code', '--format', 'json'])).json<{ hook: { changes: { path: string; action: string }[]; warnings: string[] } }>();
    assert.deepEqual(run.hook.changes.map((c) => [c.path, c.action]), [['.claude/settings.json', 'modify'], ['.claude/settings.local.json', 'create']]);
    assert.deepEqual(run.hook.warnings, [], 'the personal file is ignored by the project');
    const shared = readFileSync(path.join(ws, '.claude/settings.json'), 'utf8');
    assert.equal(hasOurs(shared), false);
    assert.deepEqual(JSON.parse(shared), team);
    const after = ok(hook(ws, home, ['status', '--format', 'json'])).json<{ hooks: { agent: string; scope: string; problems: string[] }[] }>();
    assert.deepEqual(after.hooks.find((h) => h.agent === 'claude-code' && h.scope === 'project')!.problems, []);

    // put back in the shared file, uninstall finds and removes them there too
    writeFileSync(path.join(ws, '.claude/settings.json'), `${JSON.stringify(earlier, null, 4)}\n`);
    ok(hook(ws, home, ['uninstall', 'claude-code']));
    assert.deepEqual(JSON.parse(readFileSync(path.join(ws, '.claude/settings.json'), 'utf8')), team);
    assert.equal(existsSync(path.join(ws, '.claude/settings.local.json')), false);
  });

  it('an agent with no personal file: install and status say its shared file names this machine\'s paths', () => {
    const ws = repo('shared');
    const home = tempDir('home');
    const run = ok(hook(ws, home, ['install', 'cursor']));
    assert.match(run.stderr, /warning: \.cursor\/hooks\.json is a project file that is usually committed, and the hook command in it names this machine's paths/);
    const status = ok(hook(ws, home, ['status']));
    assert.match(status.stderr, /warning: \.cursor\/hooks\.json is a project file that is usually committed/);
    // in the home folder nothing is shared: nothing to say
    const user = ok(hook(ws, home, ['install', 'cursor', '--user']));
    assert.doesNotMatch(user.stderr, /usually committed/);
    assert.deepEqual(readdirSync(ws).sort(), ['.cleveragents', '.cursor', '.git', 'README.md']);
  });
});
