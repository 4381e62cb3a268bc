// The checkpoint engine against plain git doing the same work, in one run, on synthetic
// workspaces. Prints medians and ratios (ours / plain git). Not a test: figures, not verdicts.
// Usage: npm run bench -- [--sizes S,M,L] [--runs 5] [--keep] [--verbose] [--markdown FILE]
//        npm run bench -- --repo DIR [--from REV] [--steps 10] [--repo DIR2 …]   (real history; no
//        synthetic sizes unless --sizes is given too)
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { ulid } from 'ulid';
import { writeFileAtomic } from '../src/adapters/files/atomicFile';
import { createWorkspaceServices, type WorkspaceServices } from '../src/composition';
import type { Logger } from '../src/core/ports';
import { median, PlainGit, settle, time, type Row } from './benchCommon';
import { BLAME_MARKERS, benchSection, databaseGrowthTable, DB_GROWTH_MARKERS, HOOKS_MARKERS, hookMarkdownTable, markdownTable, profileMarkdown, SAVE_MARKERS, sampledMarkdownTable, withBenchSection, type Markers } from './benchMarkdown';
import { benchRepository } from './benchRepository';
import { describeWarmUp, warmResidentProcess } from './benchWarmUp';
import { parseHookBenchArgs, type HookBenchArgs } from './benchHookEvents';
import type { HookProfile, HookRow } from './benchHookReport';
import { benchHooks } from './benchHooks';
import { benchSave } from './benchSave';
import { benchDatabaseGrowth, FOLD_EVERY } from './benchDatabaseGrowth';
import { benchBlame } from './benchBlame';

const USAGE = `Usage: npm run bench -- [--sizes S,M,L] [--repo DIR]... [--from REV] [--steps N] [--runs N] [--keep] [--verbose] [--markdown FILE]
       npm run bench -- --repo DIR... --hooks [--agent claude-code] [--steps N] [--cli-checkpoints N] [--prompt-every N] [--daemon all|both|fast|on|off] [--profile] [--runs N] [--markdown FILE]

  --sizes S,M,L   synthetic workspaces (1k files / 10 MB, 10k / 100 MB, 50k / 300 MB); default S,M without --repo
  --repo DIR      a git repository (only read) whose history is replayed as an agent's edits; repeatable
  --from REV      the commit to start from (default: as many commits before HEAD as are replayed)
  --steps N       commits to replay (default 10); with --hooks, N less a quarter of it are the
                  hooked tool calls (one fewer with --profile), and the CLI's checkpoints take
                  commits of their own after them (--cli-checkpoints)
  --runs N        runs per step; medians are printed (default 5)
  --keep          keep the temporary workspaces
  --verbose       print each snapshot's phases
  --db-growth     only time \`agents plan checkpoint\` with 1,000 and 50,000 rows in the database
                  (--db-rows A,B,... for other sizes); its figures go between
                  <!-- bench-db-growth:start --> and <!-- bench-db-growth:end -->
  --blame         only \`agents blame\` of a 2,000-line file with 200 checkpoints touching it, against
                  \`git blame\` over a linear history of the same 200 versions (a new process each),
                  and where one call's time goes; its figures go between <!-- bench-blame:start -->
                  and <!-- bench-blame:end -->
  --markdown FILE write the table, with the date, the machine and this command, between the
                  <!-- bench:start --> and <!-- bench:end --> markers of FILE (at its end when it has
                  none; FILE is made when missing), e.g. --markdown docs/PERFORMANCE.md

  --save          the engine's part of a save with automatic checkpoints: the pre_write a save
                  waits for, on --save-files generated files (default 50000) with 20 changed;
                  its figures go between <!-- bench-save:start --> and <!-- bench-save:end -->
  --hooks         the hooked path instead: each repository's history replayed as an agent's session,
                  each commit one tool call between the hook commands \`agents hook install\` writes
                  (a new process per event, the event's JSON on stdin), against plain git's snapshots;
                  its figures go between <!-- bench-hooks:start --> and <!-- bench-hooks:end -->
  --agent NAME    whose hooks and events: claude-code (default), copilot, cursor, gemini, cline
  --cli-checkpoints N  \`agents plan checkpoint\` calls timed per run, each on a commit of its own
                  after the hooked calls' (default: as many as the hooked tool calls)
  --prompt-every N  a prompt event before every Nth tool call (default 5)
  --daemon MODE   all (default): the hooks as \`agents hook install\` writes them, through its
                  launcher's fast client (perl or curl to the resident process), then the same
                  naming node with the resident process on, then off (CLEVERAGENTS_NO_DAEMON=1);
                  both: the last two; fast; on; off
  --profile       also where a hooked call's time goes: phase timers (AGENTS_HOOK_TIMINGS=1) over
                  the run's calls, and node's CPU profile of one pre_write and one post_step`;

function parseOptions() {
  try {
    return parseArgs({
      options: {
        sizes: { type: 'string' },
        repo: { type: 'string', multiple: true },
        from: { type: 'string' },
        steps: { type: 'string', default: '10' },
        runs: { type: 'string', default: '5' },
        keep: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        markdown: { type: 'string' },
        hooks: { type: 'boolean', default: false },
        save: { type: 'boolean', default: false },
        'save-files': { type: 'string', default: '50000' },
        agent: { type: 'string' },
        'prompt-every': { type: 'string' },
        daemon: { type: 'string' },
        profile: { type: 'boolean', default: false },
        'cli-checkpoints': { type: 'string' },
        'db-growth': { type: 'boolean', default: false },
        blame: { type: 'boolean', default: false },
        'db-rows': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}
const values = parseOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const RUNS = Math.max(1, Number(values.runs));
const hookArgs: HookBenchArgs | undefined = (() => {
  if (!values.hooks) return undefined;
  const parsed = parseHookBenchArgs({ agent: values.agent, steps: values.steps, runs: values.runs, 'prompt-every': values['prompt-every'], daemon: values.daemon, profile: values.profile, 'cli-checkpoints': values['cli-checkpoints'] });
  if (!parsed.ok) {
    console.error(`${parsed.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if ((values.repo ?? []).length === 0) {
    console.error(`--hooks needs --repo DIR\n\n${USAGE}`);
    process.exit(2);
  }
  return parsed.args;
})();
const SIZES: Record<string, { files: number; bytes: number }> = {
  S: { files: 1_000, bytes: 10 * 1024 * 1024 },
  M: { files: 10_000, bytes: 100 * 1024 * 1024 },
  L: { files: 50_000, bytes: 300 * 1024 * 1024 },
};
/** `--verbose` prints the engine's own timings of each phase of a snapshot. */
const quiet: Logger = { debug: (m) => values.verbose && console.log(`      ${m}`), info: (m) => values.verbose && console.log(`      ${m}`), warn: (m) => console.warn(m), error: (m) => console.error(m) };

const rows: Row[] = [];
const loadAtStart = os.loadavg()[0]!;
const hookRows: HookRow[] = [];
const profiles: HookProfile[] = [];
const hookNotes: string[] = [];
/** `--blame`: where one call's time goes. */
const blameNotes: string[] = [];



/** Deterministic incompressible bytes. */
function noise(bytes: number, seed: number): Buffer {
  const out = Buffer.alloc(bytes);
  let x = (seed * 2654435761 + 1) >>> 0;
  for (let i = 0; i < bytes; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, Math.min(i, bytes - 4));
  }
  return out;
}

/** Source-like files in nested folders, three 2 MiB binaries, and an ignored node_modules/. */
function generate(root: string, spec: { files: number; bytes: number }): string[] {
  const binaries = 3;
  const perFile = Math.floor((spec.bytes - binaries * 2 * 1024 * 1024) / spec.files);
  const files: string[] = [];
  for (let i = 0; i < spec.files; i++) {
    const rel = `src/m${i % 20}/d${Math.floor(i / 20) % 25}/file${i}.ts`;
    files.push(rel);
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    const text = `export const v${i} = ${i};\n`.padEnd(perFile, '/* filler text of a source file */\n');
    writeFileSync(abs, text);
  }
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  for (let b = 0; b < binaries; b++) writeFileSync(path.join(root, `assets/blob${b}.bin`), noise(2 * 1024 * 1024, b + 1));
  for (let i = 0; i < 500; i++) {
    const abs = path.join(root, `node_modules/pkg${i % 50}/lib/f${i}.js`);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, `module.exports = ${i};\n`);
  }
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  return files;
}


function modify(root: string, files: string[], count: number, round: number): void {
  for (let i = 0; i < count; i++) {
    const rel = files[(i * 7919 + round * 31) % files.length]!;
    writeFileSync(path.join(root, rel), `export const changed = ${round}_${i};\n`);
  }
}


/** Median cost of creating (and closing) an empty file in a folder: the conditions of a run. */
function fileCreationMs(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const costs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    closeSync(openSync(path.join(dir, `probe-${i}`), 'wx'));
    costs.push(performance.now() - start);
  }
  for (let i = 0; i < 30; i++) unlinkSync(path.join(dir, `probe-${i}`));
  return median(costs);
}

function dirSize(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

async function benchSize(name: string, spec: { files: number; bytes: number }, base: string): Promise<void> {
  // Two identical workspaces, one per side, each with its store at the same place inside
  // (`.cleveragents/checkpoints/shadow.git`), made in the same order: where a folder sits on disk
  // changes what creating a file in it costs (ext4 puts a file's inode near its folder's, and a
  // freshly generated workspace leaves the block groups around it nearly full), and a checkpoint
  // creates a file per changed object. With one shared workspace the two stores landed in different
  // block groups and creating a file cost 0.02 ms in one and 0.9 ms in the other.
  console.log(`\n[${name}] generating 2 x ${spec.files} files / ${(spec.bytes / 1048576).toFixed(0)} MB ...`);
  const root = path.join(base, name, 'ours');
  const plainRoot = path.join(base, name, 'plain');
  const files = generate(root, spec);
  generate(plainRoot, spec);
  settle();
  const plain = new PlainGit(path.join(plainRoot, '.cleveragents', 'checkpoints', 'shadow.git'), plainRoot);
  const both = (change: (workspace: string) => void): void => {
    change(root);
    change(plainRoot);
  };
  const probe = (gitDir: string) => `${fileCreationMs(path.join(gitDir, 'objects', 'ab')).toFixed(2)} ms`;
  const record = (step: string, ours: number[], theirs: number[]): void => {
    settle();
    const row = { size: name, step, ours: median(ours), plain: median(theirs) };
    rows.push(row);
    console.log(`  ${step.padEnd(34)} ours ${row.ours.toFixed(0).padStart(6)} ms   plain git ${row.plain.toFixed(0).padStart(6)} ms   ratio ${(row.ours / row.plain).toFixed(2)}`);
    if (values.verbose) console.log(`      creating a file in an object folder now: ours ${probe(path.join(root, '.cleveragents/checkpoints/shadow.git'))}, plain git ${probe(plain.gitDir)}`);
  };
  const open = (): WorkspaceServices => createWorkspaceServices({ workspaceRoot: root, wasmDir: path.join(__dirname), logger: quiet });
  /** A new, empty store of ours. */
  const reopen = (old: WorkspaceServices): WorkspaceServices => {
    old.dispose();
    rmSync(old.checkpointDir, { recursive: true, force: true });
    rmSync(old.databasePath, { force: true });
    return open();
  };

  // First checkpoint: a new store each run. Plain git both ways: `add -A` (a file per object, the
  // usual way) and with its blobs streamed into one pack, as ours does.
  const firstRuns = name === 'S' ? RUNS : Math.min(RUNS, 3);
  const oursFirst: number[] = [];
  const plainFirst: number[] = [];
  const plainPackedFirst: number[] = [];
  let s = open();
  let planId = '';
  let plainBase = '';
  for (let r = 0; r < firstRuns; r++) {
    s = reopen(s);
    planId = (await s.plans.createPlan({ title: 'bench' })).plan_id;
    oursFirst.push(await time(() => s.checkpoints.createCheckpoint(planId)));
    plain.init();
    plainFirst.push(await time(() => plain.checkpoint()));
    plain.init();
    plainPackedFirst.push(await time(() => (plainBase = plain.checkpoint(true))));
  }
  record('first checkpoint', oursFirst, plainFirst);
  record('first checkpoint, plain git packing', oursFirst, plainPackedFirst);
  // The later steps thus start from stores of the same shape. With 10,000 loose objects, plain
  // git's object folders went to other block groups than ours, and the comparison measured the
  // disk's layout, not the work.
  const baseline = (await s.checkpoints.listCheckpoints(planId))[0]!;

  for (const count of [10, 100]) {
    const o: number[] = [];
    const p: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      both((w) => modify(w, files, count, r + count));
      o.push(await time(() => s.checkpoints.createCheckpoint(planId)));
      p.push(await time(() => plain.checkpoint()));
    }
    record(`incremental, ${count} files changed`, o, p);
  }
  {
    const o: number[] = [];
    const p: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      o.push(await time(() => s.checkpoints.createCheckpoint(planId)));
      p.push(await time(() => plain.checkpoint()));
    }
    record('no-change checkpoint', o, p);
  }
  {
    const o: number[] = [];
    const p: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      both((w) => modify(w, files, 10, 500 + r));
      o.push(await time(() => s.checkpoints.previewRollback(planId, baseline.checkpoint_id)));
      p.push(
        await time(() => {
          plain.git('add', '-A');
          const tree = plain.git('write-tree');
          plain.git('diff-tree', '-r', '--name-status', '--no-renames', tree, plainBase);
        }),
      );
    }
    record('preview of a rollback', o, p);
  }
  {
    // 100 modified, 20 added, 20 deleted since a checkpoint, then back to it. Both sides take a
    // safety snapshot first and list the paths the rollback changed (a rollback's result names them).
    const o: number[] = [];
    const p: number[] = [];
    const target = (await s.checkpoints.createCheckpoint(planId)).checkpoint;
    const plainTarget = plain.checkpoint();
    const mess = (w: string, r: number): void => {
      modify(w, files, 100, 900 + r);
      for (let i = 0; i < 20; i++) writeFileSync(path.join(w, `src/added-${r}-${i}.ts`), `new ${i}\n`);
      for (let i = 0; i < 20; i++) unlinkSync(path.join(w, files[(i * 104729 + 13) % files.length]!));
    };
    for (let r = 0; r < RUNS; r++) {
      both((w) => mess(w, r));
      o.push(await time(() => s.checkpoints.rollbackToCheckpoint(planId, target.checkpoint_id)));
      p.push(await time(() => plain.rollback(plainTarget)));
    }
    record('rollback 100 M + 20 A + 20 D', o, p);
  }
  {
    // Store size: 50 checkpoints of 10 changed files and one changed 2 MiB binary each.
    s = reopen(s);
    planId = (await s.plans.createPlan({ title: 'disk' })).plan_id;
    plain.init();
    for (let r = 0; r < 50; r++) {
      both((w) => {
        modify(w, files, 10, 2000 + r);
        writeFileSync(path.join(w, 'assets/blob0.bin'), noise(2 * 1024 * 1024, 100 + r));
      });
      await s.checkpoints.createCheckpoint(planId);
      plain.checkpoint();
    }
    const before = dirSize(s.checkpointDir);
    const plainSize = dirSize(plain.gitDir);
    await s.plans.setRetentionPolicy(planId, { max_checkpoints: 10 });
    modify(root, files, 10, 3000);
    const { pruned } = await s.checkpoints.createCheckpoint(planId);
    await s.snapshotter.exclusive(planId, () => s.snapshotter.collectGarbage());
    const after = dirSize(s.checkpointDir);
    const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
    console.log(`  store after 50 checkpoints: ours ${mb(before)} (plain git, loose: ${mb(plainSize)}); after pruning ${pruned.length} to max 10 + gc: ${mb(after)}`);
    rows.push({ size: name, step: 'store MB after 50 checkpoints', ours: before / 1048576, plain: plainSize / 1048576 });
    rows.push({ size: name, step: 'store MB after pruning to 10 + gc', ours: after / 1048576, plain: Number.NaN });
  }
  s.dispose();
}

/**
 * A workspace whose database holds `plans` plans of 100 checkpoints each (the most a plan keeps):
 * one real checkpoint per plan, the rest copies of its row under new ids (what `plan list` reads
 * is the database, not the snapshots).
 */
async function workspaceWithCheckpoints(base: string, plans: number): Promise<string> {
  const workspace = path.join(base, `cli-${plans}-plans`);
  mkdirSync(workspace, { recursive: true });
  writeFileSync(path.join(workspace, 'a.txt'), 'a\n');
  const s = createWorkspaceServices({ workspaceRoot: workspace, wasmDir: __dirname, logger: quiet });
  try {
    for (let p = 0; p < plans; p++) {
      const plan = await s.plans.createPlan({ title: `plan ${p}` });
      await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 100 });
      const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
      const start = Date.parse(checkpoint.created_at);
      await s.store.write((uow) => {
        for (let i = 1; i < 100; i++) uow.checkpoints.insert({ ...checkpoint, checkpoint_id: ulid(start + i), created_at: new Date(start + i).toISOString() });
      });
    }
  } finally {
    s.dispose();
  }
  return workspace;
}

/** What every `agents` call pays before any work: node's start, the bundle, sql.js; against `node -e 0`. */
async function cliFixedCost(base: string): Promise<Row[]> {
  const cli = path.join(__dirname, 'cli.js');
  const run = (args: string[], cwd = base): number => {
    const start = performance.now();
    execFileSync(process.execPath, args, { cwd, stdio: 'ignore' });
    return performance.now() - start;
  };
  const workspace = path.join(base, 'cli-fixed-cost');
  mkdirSync(workspace, { recursive: true });
  execFileSync(process.execPath, [cli, '--workspace', workspace, 'plan', 'create', '--title', 'fixed cost'], { stdio: 'ignore' });
  const runs = Math.max(RUNS, 7);
  const measure = (args: string[]): number[] => Array.from({ length: runs }, () => run(args));
  const node = measure(['-e', '0']);
  console.log('\n[CLI fixed cost]');
  const out: Row[] = [];
  const large = await workspaceWithCheckpoints(base, 50);
  for (const [step, args, warmIn] of [
    ['agents --version', [cli, '--version'], undefined],
    ['agents plan list (1 plan)', [cli, '--workspace', workspace, 'plan', 'list'], workspace],
    ['agents plan list (50 plans, 5,000 checkpoints)', [cli, '--workspace', large, 'plan', 'list'], large],
  ] as const) {
    // `plan list` is served by the workspace's resident process: timed once it runs and is warm,
    // as in steady use (benchWarmUp.ts); its first calls are printed, untimed.
    if (warmIn !== undefined) {
      const warmUp = await warmResidentProcess({ workspace: warmIn, env: process.env, cli, first: () => run([...args]), served: () => run([...args]) });
      console.log(`  ${describeWarmUp(warmUp, 'plan list', 'plan list')}`);
    }
    const ours = measure([...args]);
    const row = { size: 'CLI', step: `${step} vs node -e 0`, ours: median(ours), plain: median(node) };
    out.push(row);
    console.log(`  ${row.step.padEnd(44)} ours ${row.ours.toFixed(0).padStart(6)} ms   node ${row.plain.toFixed(0).padStart(6)} ms   ratio ${(row.ours / row.plain).toFixed(2)}`);
  }
  return out;
}

/** A word of the command line as a reader would retype it. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The markers this run writes between: each kind of run has its own section. */
function runMarkers(): Markers | undefined {
  if (hookArgs) return HOOKS_MARKERS;
  if (values.save) return SAVE_MARKERS;
  if (values['db-growth']) return DB_GROWTH_MARKERS;
  if (values.blame) return BLAME_MARKERS;
  return undefined;
}

/** `--db-rows A,B`: the database sizes of `--db-growth` (default 1,000 and 50,000). */
function dbRows(): number[] | undefined {
  if (values['db-rows'] === undefined) return undefined;
  const sizes = values['db-rows'].split(',').map((x) => Number(x.trim()));
  if (sizes.length < 2 || sizes.some((n) => !Number.isInteger(n) || n < 2 || n > 1_000_000)) {
    console.error(`--db-rows takes two or more whole numbers from 2 to 1,000,000, e.g. 1000,50000\n\n${USAGE}`);
    process.exit(2);
  }
  return sizes;
}

/** The run's section, written into FILE between its markers (the rest of FILE stays as it is). */
async function writeMarkdown(file: string, markers: Markers | undefined = runMarkers(), table?: string, runs = RUNS): Promise<void> {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown processor';
  const section = benchSection({
    date: new Date(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu,
    cores: os.cpus().length,
    git: execFileSync('git', ['--version'], { encoding: 'utf8' }).trim(),
    node: process.version,
    command: ['npm', 'run', 'bench', '--', ...process.argv.slice(2)].map(shellWord).join(' '),
    runs,
    rows,
    load: [loadAtStart, os.loadavg()[0]!],
    ...(hookArgs ? { hookRows, profiles, notes: hookNotes } : {}),
    ...(blameNotes.length > 0 ? { notes: blameNotes } : {}),
    ...(table !== undefined ? { table } : {}),
  }, markers);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  await writeFileAtomic(file, withBenchSection(before, section, markers));
  console.log(`\nWrote the figures into ${file}`);
}

async function main(): Promise<void> {
  // A page whose markers do not pair is refused before the long run, not after it.
  if (values.markdown && existsSync(values.markdown)) withBenchSection(readFileSync(values.markdown, 'utf8'), '', runMarkers());
  const base = mkdtempSync(path.join(os.tmpdir(), 'ca-bench-'));
  if (hookArgs) {
    console.log(`CleverAgents Checkpoints benchmark of the hooked path (${hookArgs.agent}); git ${execFileSync('git', ['--version'], { encoding: 'utf8' }).trim()}; ${os.cpus().length} cores`);
    for (const repo of values.repo ?? []) {
      const result = await benchHooks({ repo, from: values.from, ...hookArgs, base, logger: quiet });
      hookRows.push(...result.rows);
      profiles.push(...result.profiles);
      hookNotes.push(...result.notes);
    }
    if (profiles.length > 0) console.log(`\n${profileMarkdown(profiles)}`);
    console.log(`\n${hookMarkdownTable(hookRows)}`);
    if (values.markdown) await writeMarkdown(values.markdown);
    if (values.keep) console.log(`\nKept the workspaces in ${base}`);
    else rmSync(base, { recursive: true, force: true });
    return;
  }
  console.log(`CleverAgents Checkpoints benchmark: medians of ${RUNS} runs; git ${execFileSync('git', ['--version'], { encoding: 'utf8' }).trim()}; ${os.cpus().length} cores`);
  if (values['db-growth']) {
    // Alone: `agents plan checkpoint` with 1,000 and 50,000 rows (or --db-rows) in the database.
    const grown = await benchDatabaseGrowth({ distDir: __dirname, base, runs: RUNS, logger: quiet, sizes: dbRows() });
    const table = databaseGrowthTable(grown, FOLD_EVERY);
    console.log(`\n${table}`);
    if (values.markdown) await writeMarkdown(values.markdown, DB_GROWTH_MARKERS, table, Math.max(5, RUNS));
    if (!values.keep) rmSync(base, { recursive: true, force: true });
    return;
  }
  const repos = values.repo ?? [];
  if (values.blame) {
    const blame = await benchBlame({ base, runs: RUNS, logger: quiet, distDir: __dirname });
    rows.push(...blame.rows);
    blameNotes.push(...blame.notes);
    console.log(`\n${markdownTable(rows)}`);
    if (values.markdown) await writeMarkdown(values.markdown);
    if (values.keep) console.log(`\nKept the workspaces in ${base}`);
    else rmSync(base, { recursive: true, force: true });
    return;
  }
  if (values.save) {
    const table = sampledMarkdownTable(await benchSave({ files: Math.max(100, Number(values['save-files'])), changed: 20, runs: RUNS, base, verbose: values.verbose }));
    console.log(`\n${table}`);
    if (values.markdown) await writeMarkdown(values.markdown, SAVE_MARKERS, table);
    if (!values.keep) rmSync(base, { recursive: true, force: true });
    return;
  }
  for (const size of (values.sizes ?? (repos.length > 0 ? '' : 'S,M')).split(',').filter(Boolean)) {
    const spec = SIZES[size.trim()];
    if (!spec) throw new Error(`unknown size ${size} (S, M or L)`);
    await benchSize(size.trim(), spec, base);
  }
  for (const repo of repos) {
    rows.push(...(await benchRepository({ repo, from: values.from, steps: Math.max(2, Number(values.steps)), runs: RUNS, base, logger: quiet })));
  }
  rows.push(...(await cliFixedCost(base)));
  mkdirSync('.bench', { recursive: true });
  writeFileSync(path.join('.bench', 'results.json'), JSON.stringify(rows, null, 2));
  console.log(`\n${markdownTable(rows)}`);
  if (values.markdown) await writeMarkdown(values.markdown);
  if (values.keep) console.log(`\nKept the workspaces in ${base}`);
  else rmSync(base, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
