// The checkpoint engine against plain git on a real repository's history: a commit is checked
// out into two temporary workspaces, then the commits after it are replayed as an agent's edits
// (each commit's diff applied to the files with `git apply`, not a checkout), and both sides do the
// same work after each: a checkpoint; then a no-change checkpoint, a preview, a rollback and its
// undo. Once in this process (the engine) and once through the `agents` CLI as a child process
// (node's start included; plain git's side is the same work as one shell command). The repository
// is only read.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../src/composition';
import type { Logger } from '../src/core/ports';
import { median, PlainGit, settle, time, type Row } from './benchCommon';
import { describeWarmUp, warmResidentProcess } from './benchWarmUp';

export interface RepositoryBenchOptions {
  readonly repo: string;
  /** The commit to start from; default: `steps` first-parent commits before the repository's HEAD. */
  readonly from?: string;
  /** How many commits to replay (half in-process, half through the CLI). */
  readonly steps: number;
  readonly runs: number;
  readonly base: string;
  readonly logger: Logger;
}

export const CLI = path.join(__dirname, 'cli.js');

export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
}

export function readRepo(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], { env: cleanEnv(), encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The commits to replay, oldest first, after the one to start from. */
export function history(options: Pick<RepositoryBenchOptions, 'repo' | 'from' | 'steps'>): { start: string; commits: string[] } {
  if (options.from) {
    const start = readRepo(options.repo, 'rev-parse', '--verify', `${options.from}^{commit}`);
    const after = readRepo(options.repo, 'rev-list', '--reverse', '--first-parent', '--ancestry-path', `${start}..HEAD`).split('\n').filter(Boolean);
    return { start, commits: after.slice(0, options.steps) };
  }
  const recent = readRepo(options.repo, 'rev-list', '--first-parent', '-n', String(options.steps + 1), 'HEAD').split('\n').filter(Boolean).reverse();
  return { start: recent[0]!, commits: recent.slice(1) };
}

/**
 * Paths left out of the checkout and of every diff: submodules (an agent's edits never include
 * them), and files whose content the repository does not have at one of these commits (a partial
 * clone, or a mirror without its largest files).
 */
export function pathsLeftOut(repo: string, commits: readonly string[]): string[] {
  const out = new Set<string>();
  for (const commit of commits) {
    const absent = new Set(readRepo(repo, 'rev-list', '--objects', '--missing=print', '--no-walk', commit).split('\n').filter((l) => l.startsWith('?')).map((l) => l.slice(1)));
    for (const line of readRepo(repo, 'ls-tree', '-r', '-z', commit).split('\0')) {
      const m = /^(\d{6}) (blob|commit) ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
      if (m && (m[2] === 'commit' || absent.has(m[3]!))) out.add(m[4]!);
    }
  }
  return [...out];
}

/** Pathspecs for "everything but these". */
export function excluding(paths: readonly string[]): string[] {
  return ['--', '.', ...paths.map((p) => `:(exclude,literal)${p}`)];
}

export function checkout(repo: string, commit: string, dir: string, leftOut: readonly string[]): void {
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', repo, 'archive', commit, ...excluding(leftOut)], { env: cleanEnv(), maxBuffer: 4 * 1024 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar, maxBuffer: 1024 * 1024 });
}

/** Applies a commit's changes to a workspace the way an agent edits files. False when the patch does not apply. */
export function applyCommit(repo: string, parent: string, commit: string, workspaces: readonly string[], patchFile: string, leftOut: readonly string[]): { ok: boolean; paths: number; names: string[] } {
  const patch = execFileSync('git', ['-C', repo, 'diff', '--binary', '--no-renames', '--ignore-submodules', parent, commit, ...excluding(leftOut)], { env: cleanEnv(), maxBuffer: 1024 * 1024 * 1024 });
  writeFileSync(patchFile, patch);
  const names = readRepo(repo, 'diff', '--name-only', '--no-renames', '--ignore-submodules', parent, commit, ...excluding(leftOut)).split('\n').filter(Boolean);
  const paths = names.length;
  if (paths === 0) return { ok: true, paths, names };
  for (const w of workspaces) {
    const r = spawnSync('git', ['apply', '--binary', '--whitespace=nowarn', patchFile], { cwd: w, env: cleanEnv(), encoding: 'utf8' });
    if (r.status !== 0) return { ok: false, paths, names };
  }
  return { ok: true, paths, names };
}

/**
 * `agents` in VS Code's integrated terminal (bin/agents): its fast client hands the `plan` commands
 * it knows to the resident process without starting node (daemonClient/fastClientScript.ts).
 */
const TERMINAL_AGENTS = path.join(__dirname, '..', 'bin', 'agents');

function cli(workspace: string, ...args: string[]): Record<string, unknown> {
  return agents([process.execPath, CLI], workspace, args);
}

function terminalCli(workspace: string, ...args: string[]): Record<string, unknown> {
  return agents(['/bin/sh', TERMINAL_AGENTS], workspace, args);
}

function agents([program, ...start]: string[], workspace: string, args: string[]): Record<string, unknown> {
  const r = spawnSync(program!, [...start, '--workspace', workspace, '--format', 'json', ...args], { encoding: 'utf8', env: cleanEnv(), maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`agents ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** The same snapshot as plain git's `checkpoint()`, as one shell command (what a shell-scripted tool would run). */
export const PLAIN_SNAPSHOT = 'git add -A && t=$(git write-tree) && c=$(git commit-tree "$t" -m cp) && git update-ref "refs/cp/$c" "$c"';

export async function benchRepository(options: RepositoryBenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const label = path.basename(path.resolve(options.repo)) === 'repo' ? path.basename(path.dirname(path.resolve(options.repo))) : path.basename(path.resolve(options.repo));
  const { start, commits } = history(options);
  if (commits.length < 2) throw new Error(`${options.repo}: fewer than 2 commits to replay after ${start}`);
  const files = readRepo(options.repo, 'ls-tree', '-r', '--name-only', start).split('\n').length;
  console.log(`\n[${label}] ${files} files at ${start.slice(0, 12)}; replaying ${commits.length} commits up to ${commits.at(-1)!.slice(0, 12)}`);
  const root = path.join(options.base, label, 'ours');
  const plainRoot = path.join(options.base, label, 'plain');
  const leftOut = pathsLeftOut(options.repo, [start, ...commits]);
  if (leftOut.length > 0) console.log(`  left out (submodules, content missing from the repository): ${leftOut.join(', ')}`);
  checkout(options.repo, start, root, leftOut);
  checkout(options.repo, start, plainRoot, leftOut);
  settle();
  const plain = new PlainGit(path.join(plainRoot, '.cleveragents', 'checkpoints', 'shadow.git'), plainRoot);
  const record = (step: string, ours: number[], theirs: number[]): void => {
    settle();
    const row = { size: label, step, ours: median(ours), plain: median(theirs) };
    rows.push(row);
    console.log(`  ${step.padEnd(44)} ours ${row.ours.toFixed(0).padStart(6)} ms   plain git ${row.plain.toFixed(0).padStart(6)} ms   ratio ${(row.ours / row.plain).toFixed(2)}`);
  };
  const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: __dirname, logger: options.logger });
  const planId = (await s.plans.createPlan({ title: 'bench' })).plan_id;
  const first = (await s.checkpoints.createCheckpoint(planId)).checkpoint;
  plain.init();
  const plainFirst = plain.checkpoint(true);
  const treeOf = (gitDir: string, commit: string) => execFileSync('git', ['--git-dir', gitDir, 'rev-parse', `${commit}^{tree}`], { env: cleanEnv(), encoding: 'utf8' }).trim();
  const oursGitDir = path.join(s.checkpointDir, 'shadow.git');
  let inexact = 0;
  const same = (oursCommit: string, plainCommit: string, what: string): void => {
    if (treeOf(oursGitDir, oursCommit) !== treeOf(plain.gitDir, plainCommit)) {
      inexact++;
      console.log(`  !! ${what}: ours and plain git captured different trees`);
    }
  };
  same(first.sandbox_ref, plainFirst, 'first checkpoint');
  const patchFile = path.join(options.base, label, 'step.patch');
  const half = Math.ceil(commits.length / 2);
  let parent = start;
  const changed: number[] = [];

  // In-process: the engine itself.
  const o: number[] = [];
  const p: number[] = [];
  let last = first;
  for (const commit of commits.slice(0, half)) {
    const applied = applyCommit(options.repo, parent, commit, [root, plainRoot], patchFile, leftOut);
    parent = commit;
    if (!applied.ok) throw new Error(`the diff of ${commit} does not apply; pick another --from`);
    if (applied.paths === 0) continue;
    changed.push(applied.paths);
    settle();
    o.push(await time(async () => (last = (await s.checkpoints.createCheckpoint(planId)).checkpoint)));
    let plainCommit = '';
    p.push(await time(() => (plainCommit = plain.checkpoint())));
    same(last.sandbox_ref, plainCommit, `checkpoint after ${commit.slice(0, 12)}`);
  }
  record(`incremental checkpoint (median ${median(changed)} paths)`, o, p);
  const repeat = async (ours: () => Promise<unknown>, theirs: () => unknown): Promise<[number[], number[]]> => {
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      a.push(await time(ours));
      b.push(await time(theirs));
    }
    return [a, b];
  };
  record('no-change checkpoint', ...(await repeat(() => s.checkpoints.createCheckpoint(planId), () => plain.checkpoint())));
  record(
    'preview of a rollback to the first checkpoint',
    ...(await repeat(
      () => s.checkpoints.previewRollback(planId, first.checkpoint_id),
      () => {
        plain.git('add', '-A');
        plain.git('diff-tree', '-r', '--name-status', '--no-renames', plain.git('write-tree'), plainFirst);
      },
    )),
  );
  {
    const back: number[] = [];
    const undo: number[] = [];
    const plainBack: number[] = [];
    const plainUndo: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      let undoId = '';
      back.push(await time(async () => (undoId = (await s.checkpoints.rollbackToCheckpoint(planId, first.checkpoint_id)).undo_checkpoint_id)));
      let safety = '';
      plainBack.push(await time(() => (safety = plain.rollback(plainFirst))));
      undo.push(await time(() => s.checkpoints.rollbackToCheckpoint(planId, undoId)));
      plainUndo.push(await time(() => plain.rollback(safety)));
    }
    record('rollback to the first checkpoint', back, plainBack);
    record('undo of that rollback', undo, plainUndo);
  }
  s.dispose();

  // Through the CLI, a process per call, as an agent's shell runs it, with the workspace's resident
  // process warm (started by an untimed `plan list`, then an untimed no-change checkpoint): the
  // `plan` commands it serves are timed in steady use, not its start (benchWarmUp.ts).
  const warmUp = await warmResidentProcess({
    workspace: root,
    env: cleanEnv(),
    cli: CLI,
    first: () => cli(root, 'plan', 'list'),
    served: () => cli(root, 'plan', 'checkpoint', planId),
  });
  console.log(`  ${describeWarmUp(warmUp, 'plan list', 'a no-change plan checkpoint')}`);
  // Every other commit through node's CLI (`agents` installed from npm), the others through the
  // terminal's launcher (the fast client, on Linux and macOS): the same work, two front doors.
  const doors = [
    { name: 'CLI', run: cli, ours: [] as number[], plain: [] as number[], changed: [] as number[] },
    ...(process.platform === 'win32' ? [] : [{ name: 'CLI in the terminal (fast client)', run: terminalCli, ours: [] as number[], plain: [] as number[], changed: [] as number[] }]),
  ];
  let turn = 0;
  for (const commit of commits.slice(half)) {
    const applied = applyCommit(options.repo, parent, commit, [root, plainRoot], patchFile, leftOut);
    parent = commit;
    if (!applied.ok) throw new Error(`the diff of ${commit} does not apply; pick another --from`);
    if (applied.paths === 0) continue;
    const door = doors[turn++ % doors.length]!;
    door.changed.push(applied.paths);
    settle();
    door.ours.push(await time(() => door.run(root, 'plan', 'checkpoint', planId)));
    door.plain.push(await time(() => plain.shell(PLAIN_SNAPSHOT)));
  }
  for (const door of doors) {
    if (door.ours.length > 0) record(`${door.name}: incremental checkpoint (median ${median(door.changed)} paths)`, door.ours, door.plain);
    record(`${door.name}: no-change checkpoint`, ...(await repeat(async () => door.run(root, 'plan', 'checkpoint', planId), () => plain.shell(PLAIN_SNAPSHOT))));
  }
  {
    const back: number[] = [];
    const plainBack: number[] = [];
    const undo: number[] = [];
    const plainUndo: number[] = [];
    const plainRollback = (to: string) => `${PLAIN_SNAPSHOT} && git diff-tree -r -z --name-status --no-renames "$c" ${to} >/dev/null && git read-tree -m -u "$c" ${to} && echo "$c"`;
    for (let r = 0; r < options.runs; r++) {
      let undoId = '';
      back.push(await time(() => (undoId = ((cli(root, 'plan', 'rollback', '--yes', planId, first.checkpoint_id).post_rollback_state as { undo_checkpoint_id: string }).undo_checkpoint_id))));
      let safety = '';
      plainBack.push(await time(() => (safety = plain.shell(plainRollback(plainFirst)))));
      undo.push(await time(() => cli(root, 'plan', 'rollback', '--yes', planId, undoId)));
      plainUndo.push(await time(() => plain.shell(plainRollback(safety))));
    }
    record('CLI: rollback to the first checkpoint', back, plainBack);
    record('CLI: undo of that rollback', undo, plainUndo);
  }
  console.log(inexact === 0 ? '  every snapshot of ours held the same tree as plain git\'s' : `  !! ${inexact} snapshot(s) differed from plain git's`);
  return rows;
}
