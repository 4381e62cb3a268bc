import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CLI_PATH, REPO_ROOT, cliEnv, runCli, type CliRun } from './cliHarness';
import { expectedHookAnswer } from './hookAnswers';
import { write } from './sandboxFixtures';

// Machines, remotes and agent sessions for the tests of `agents remote` (src/remote): real git
// repositories in temp folders, the built CLI, the agents' real hook payloads.

/** A 40-character AWS secret key of the documented example's shape. */
export const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
export const GITHUB_TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;

/** Plain git for the test's own setup (isolated from the user's config). */
export function gitIn(cwd: string, ...args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  for (const key of Object.keys(env)) if (key.startsWith('GIT_') && !['GIT_CONFIG_NOSYSTEM', 'GIT_CONFIG_GLOBAL', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL'].includes(key)) delete env[key];
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** A bare repository with the user's own history: a main branch, a tag, HEAD on main. */
export function userRemote(dir: string): string {
  const bare = path.join(dir, 'origin.git');
  gitIn(dir, 'init', '--bare', '--quiet', '--initial-branch=main', bare);
  const seed = path.join(dir, 'seed');
  gitIn(dir, 'init', '--quiet', '--initial-branch=main', seed);
  write(seed, 'notes.txt', 'one\n');
  write(seed, 'old/a.txt', 'old a\n');
  write(seed, 'src/main.ts', 'export {};\n');
  gitIn(seed, 'add', '-A');
  gitIn(seed, 'commit', '--quiet', '-m', 'the user’s first commit');
  gitIn(seed, 'tag', 'v1');
  gitIn(seed, 'push', '--quiet', bare, 'main', 'v1');
  return bare;
}

/** Every ref of a repository, with what it points at. */
export function refsOf(bare: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of gitIn(bare, 'for-each-ref', '--format=%(objectname) %(refname)').split('\n')) {
    if (!line) continue;
    const [oid, ref] = line.split(' ');
    out[ref!] = oid!;
  }
  return out;
}

/** The content of every object a repository holds (loose and packed), as one latin1 string. */
export function everyObject(bare: string): { count: number; text: string } {
  const r = spawnSync('git', ['cat-file', '--batch-all-objects', '--batch', '--unordered'], { cwd: bare, env: { ...process.env, GIT_DIR: bare }, maxBuffer: 512 * 1024 * 1024 });
  const text = r.stdout.toString('latin1');
  return { count: (text.match(/^[0-9a-f]{40} (?:blob|tree|commit|tag) \d+$/gm) ?? []).length, text };
}

/** One machine: a workspace folder and its own config folder (where `agents remote enable` writes). */
export interface Machine {
  readonly root: string;
  readonly config: string;
  cli(args: readonly string[]): CliRun;
  json<T = Record<string, unknown>>(args: readonly string[]): T;
}

export function machine(root: string, config: string): Machine {
  const env = { XDG_CONFIG_HOME: config, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const cli = (args: readonly string[]) => runCli(root, args, { env });
  return {
    root,
    config,
    cli,
    json<T>(args: readonly string[]): T {
      const r = cli(['--format', 'json', ...args]);
      if (r.code !== 0) throw new Error(`agents ${args.join(' ')} failed (${r.code}): ${r.stdout}${r.stderr}`);
      return r.json<T>();
    },
  };
}

/** The environment `agents` gets in these tests, for a test that starts it itself. */
export function machineEnv(m: Machine): NodeJS.ProcessEnv {
  return cliEnv({ XDG_CONFIG_HOME: m.config, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' });
}

const FIXTURES = path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks', 'claude-code');

/** One Claude Code hook call, as the agent makes it. */
export function claudeHook(root: string, session: string, name: string, prompt?: string): void {
  const input = readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')
    .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt ?? ''))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(root).slice(1, -1))
    .replaceAll('{{SESSION}}', session);
  const env = { ...cliEnv({ CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' }) };
  const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', 'claude-code'], { cwd: root, input, env, encoding: 'utf8', timeout: 120_000 });
  const event = (JSON.parse(input) as { hook_event_name?: string }).hook_event_name;
  if (r.status !== 0 || r.stdout !== expectedHookAnswer('claude-code', event) || r.stderr !== '') throw new Error(`hook ${name} failed (${r.status}): ${r.stdout}${r.stderr}`);
}
