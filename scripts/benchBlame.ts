// `agents blame` against `git blame` over the same history (`npm run bench -- --blame`): a
// 2,000-line file and 200 checkpoints that each changed it (tool calls, and every tenth an edit
// between them), and a git repository whose 200 commits are those same versions, one after the
// other. Both are timed as a person runs them: a new process, the text output. The checkpoints are
// taken as the resident process takes the hooks' (services that stay, each checkpoint a request
// after which the keeper of line attribution, src/core/provenance/blameKeeper.ts, brings the changed paths'
// attribution up to it), so the first rows time the first `agents blame` after such a session.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../src/composition';
import { BlameKeeper } from '../src/core/provenance/blameKeeper';
import { RequestActivity } from '../src/daemon/requestActivity';
import type { Logger } from '../src/core/ports';
import { median, settle, type Row } from './benchCommon';
import { blamePhases } from './benchBlameProfile';
import { describeWarmUp, warmResidentProcess } from './benchWarmUp';

export interface BlameBenchOptions {
  readonly base: string;
  readonly runs: number;
  readonly logger: Logger;
  /** The folder of the bundles (dist/). */
  readonly distDir: string;
  readonly lines?: number;
  readonly checkpoints?: number;
}

/** Deterministic pseudo-random numbers (xorshift), so that every run edits the same lines. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

/** One version after another: each changes a few lines, and now and then inserts or deletes one. */
function versions(lines: number, count: number): string[][] {
  const next = random(37);
  let text = Array.from({ length: lines }, (_, i) => `export const value${i} = compute(${i}, 'line ${i} of the original file');`);
  const out = [text];
  for (let v = 1; v <= count; v++) {
    text = [...text];
    for (let k = 0; k < 5; k++) {
      const at = Math.floor(next() * text.length);
      text[at] = `export const value${at} = compute(${at}, 'changed in version ${v}');`;
    }
    const at = Math.floor(next() * text.length);
    if (v % 3 === 0) text.splice(at, 0, `// a line added in version ${v}`);
    if (v % 3 === 1 && text.length > lines) text.splice(at, 1);
    out.push(text);
  }
  return out;
}

/** The rows, and where the time of one call without a resident process goes (lines of text). */
export interface BlameBenchResult {
  readonly rows: Row[];
  readonly notes: string[];
}

export async function benchBlame(options: BlameBenchOptions): Promise<BlameBenchResult> {
  const lineCount = options.lines ?? 2000;
  const count = options.checkpoints ?? 200;
  const label = `blame, ${lineCount.toLocaleString('en-US')} lines`;
  console.log(`\n[${label}] ${count} checkpoints touching the file, and a git history of the same ${count} commits ...`);
  const all = versions(lineCount, count);
  const ours = path.join(options.base, 'blame', 'ours');
  const plain = path.join(options.base, 'blame', 'plain');
  const file = 'src/big.ts';
  for (const dir of [ours, plain]) mkdirSync(path.join(dir, 'src'), { recursive: true });
  const write = (dir: string, v: number) => writeFileSync(path.join(dir, file), `${all[v]!.join('\n')}\n`);

  // Ours: a plan over the folder, its first checkpoint on the first version, then a checkpoint per
  // version: a tool call's post_step (the hooks skip a pre_write that would find nothing changed),
  // every tenth a manual checkpoint after an edit between tool calls.
  // Each checkpoint is a request, as the hooks' are in the resident process: the keeper waits while
  // one is under way and gives way to the next one, and is told when each is done. Between two
  // checkpoints it is let finish: an agent's tool call takes longer than one step (the time of its
  // steps is summed apart).
  const s = createWorkspaceServices({ workspaceRoot: ours, wasmDir: options.distDir, logger: options.logger, deferGarbageCollection: true });
  const activity = new RequestActivity();
  let steps = 0;
  let stops = 0;
  const keeper = new BlameKeeper({ activity, onStep: () => (steps += 1), onStopped: () => (stops += 1), log: (m) => console.log(`  !! ${m}`) });
  let keeping = 0;
  const request = async (work: () => Promise<unknown>) => {
    activity.began();
    try {
      await work();
    } finally {
      activity.ended();
      keeper.note(s);
      const began = performance.now();
      await keeper.settled();
      keeping += performance.now() - began;
    }
  };
  try {
    const plan = await s.plans.createPlan({ title: 'blame bench' });
    await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 100, auto_prune: false });
    write(ours, 0);
    await request(() => s.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'Before: "bench"', extra: { agent: 'claude-code' } }));
    for (let v = 1; v <= count; v++) {
      write(ours, v);
      const tool = v % 10 !== 0;
      await request(() => s.checkpoints.createCheckpoint(plan.plan_id, tool ? { type: 'post_step', sourceTool: 'Edit', reason: `After Edit ${file}`, extra: { agent: 'claude-code', tool_use_id: `toolu_${v}`, file_path: file } } : { type: 'manual', reason: `checkpoint ${v}` }));
    }
  } finally {
    keeper.close();
    s.dispose();
  }
  const keeperNote = `the keeper of line attribution: ${steps} steps (one version each), stopped ${stops} times for a checkpoint under way, ${keeping.toFixed(0)} ms in all (${(keeping / Math.max(1, steps)).toFixed(1)} ms a step), after the checkpoints' requests`;
  console.log(`  ${keeperNote}`);

  // Plain git: the same versions as a linear history.
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: plain, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  git('init', '-q');
  for (let v = 0; v <= count; v++) {
    write(plain, v);
    git('add', file);
    git('commit', '-qm', `version ${v}`);
  }
  settle();

  const run = (cmd: string, args: readonly string[], cwd: string, extra: NodeJS.ProcessEnv = {}): number => {
    const start = performance.now();
    execFileSync(cmd, args, { cwd, env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 256 * 1024 * 1024 });
    return performance.now() - start;
  };
  const cli = path.join(options.distDir, 'cli.js');
  // What agents blame keeps between calls (the attribution at each plan's last checkpoint).
  const kept = path.join(ours, '.cleveragents', 'checkpoints', 'blame');
  const keptNow = () => readdirSync(kept).sort().join(' ');
  const keptBySession = keptNow();
  // One untimed run each: the page cache holds both stores, as it does for anyone who asks twice.
  // (A call finding the attribution kept at the last checkpoint writes nothing: each timed call
  // below is a first call after the session, as the check after them says.)
  run(process.execPath, [cli, 'blame', file], ours, { CLEVERAGENTS_NO_DAEMON: '1' });
  run('git', ['blame', '--', file], plain);
  const rows: Row[] = [];
  const measure = (step: string, args: readonly string[], gitArgs: readonly string[], extra: NodeJS.ProcessEnv, before?: () => void): void => {
    const o: number[] = [];
    const p: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      before?.();
      o.push(run(process.execPath, [cli, ...args], ours, extra));
      p.push(run('git', gitArgs, plain));
    }
    const row = { size: label, step, ours: median(o), plain: median(p) };
    rows.push(row);
    console.log(`  ${step.padEnd(60)} ours ${row.ours.toFixed(0).padStart(6)} ms   plain git ${row.plain.toFixed(0).padStart(6)} ms   ratio ${(row.ours / row.plain).toFixed(2)}   (runs: ours ${o.map((x) => x.toFixed(0)).join(', ')}; git ${p.map((x) => x.toFixed(0)).join(', ')})`);
  };
  const text = ['blame', file];
  const json = ['--format', 'json', 'blame', file];
  const gitText = ['blame', '--', file];
  const gitJson = ['blame', '--porcelain', '--', file];
  // A new process that does it all (node's start, the bundle, sql.js), as without a resident process;
  // the attribution an earlier call kept in the store's area is read, as it is by anyone who asks twice.
  const none = { CLEVERAGENTS_NO_DAEMON: '1' };
  measure('agents blame vs git blame, none, first call after a hooked session', text, gitText, none);
  if (keptNow() !== keptBySession) console.log('  !! the calls wrote to the kept attribution: the row above is not of first calls');
  // The same call served by a resident process just started (warmed with `agents plan list`): no answer of its own kept in memory.
  const stop = () => execFileSync(process.execPath, [cli, 'daemon', 'stop', '--workspace', ours], { env, stdio: 'ignore' });
  const firstServed: number[] = [];
  const firstGit: number[] = [];
  for (let r = 0; r < options.runs; r++) {
    stop();
    const listed = () => run(process.execPath, [cli, 'plan', 'list'], ours);
    const started = await warmResidentProcess({ workspace: ours, env, cli, first: listed, served: listed });
    if (started.problem) console.log(`  !! ${started.problem}`);
    firstServed.push(run(process.execPath, [cli, ...text], ours));
    firstGit.push(run('git', gitText, plain));
  }
  stop();
  const served = { size: label, step: 'agents blame vs git blame, resident (just started), first call after a hooked session', ours: median(firstServed), plain: median(firstGit) };
  rows.push(served);
  console.log(`  ${served.step.padEnd(60)} ours ${served.ours.toFixed(0).padStart(6)} ms   plain git ${served.plain.toFixed(0).padStart(6)} ms   ratio ${(served.ours / served.plain).toFixed(2)}   (runs: ours ${firstServed.map((x) => x.toFixed(0)).join(', ')}; git ${firstGit.map((x) => x.toFixed(0)).join(', ')})`);
  measure('agents blame vs git blame, no resident process', text, gitText, none);
  measure('agents blame --format json vs git blame --porcelain, none', json, gitJson, none);
  // The first call over these checkpoints: nothing kept, all 200 versions read and compared.
  measure('agents blame vs git blame, none, nothing kept (first call)', text, gitText, none, () => rmSync(kept, { recursive: true, force: true }));
  run(process.execPath, [cli, ...text], ours, none);
  // Where the time of one call without a resident process goes: node's profiler on one more call.
  const profileDir = mkdtempSync(path.join(options.base, 'blame-profile-'));
  const wall = run(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, cli, ...text], ours, none);
  const profile = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  const notes = profile ? blamePhases(JSON.parse(readFileSync(path.join(profileDir, profile), 'utf8')), wall) : [];
  for (const n of notes) console.log(`  ${n}`);
  // As in steady use: the workspace's resident process (which the hooks start) serves it.
  const warm = await warmResidentProcess({ workspace: ours, env, cli, first: () => run(process.execPath, [cli, ...text], ours), served: () => run(process.execPath, [cli, ...text], ours) });
  console.log(`  ${describeWarmUp(warm, 'blame', 'blame')}`);
  measure('agents blame vs git blame, resident process', text, gitText, {});
  measure('agents blame --format json vs git blame --porcelain, resident', json, gitJson, {});
  execFileSync(process.execPath, [cli, 'daemon', 'stop', '--workspace', ours], { env, stdio: 'ignore' });
  return { rows, notes: [keeperNote, ...notes] };
}
