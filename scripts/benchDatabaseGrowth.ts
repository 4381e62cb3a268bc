// How `agents plan checkpoint` through the built CLI grows with the database: a 1-file sandbox
// whose database holds 1,000 checkpoint rows against the same with 50,000 (issue 24's target: at
// most 1.2×). Not a test: figures, not verdicts. Run by `npm run bench -- --db-growth`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ulid } from 'ulid';
import { DEFAULT_WRITE_LOG } from '../src/adapters/sqlStore/sqlJsCheckpointStore';
import { createWorkspaceServices } from '../src/composition';
import type { Logger } from '../src/core/ports';
import { median } from './benchCommon';
import type { DatabaseGrowthRow } from './benchMarkdown';

export interface DatabaseGrowthOptions {
  /** The folder of the built CLI (`dist/`, holding cli.js and sql-wasm.wasm). */
  readonly distDir: string;
  /** A scratch folder; the workspaces are made inside it. */
  readonly base: string;
  /** Timed checkpoints per size; the median is reported (at least 5). */
  readonly runs: number;
  readonly logger: Logger;
  /** Rows in the database of each workspace; default 1,000 and 50,000. */
  readonly sizes?: readonly number[];
}

/** How often the write log is folded into the file, as the table's header says it. */
export const FOLD_EVERY = `once per ${DEFAULT_WRITE_LOG.foldEntries} writes or ${DEFAULT_WRITE_LOG.foldBytes / 1024} KiB of log`;

/** One plan's checkpoints per filler plan, as many as a plan keeps at most. */
const ROWS_PER_PLAN = 100;

/**
 * A workspace with one file, one plan to checkpoint, and `rows` checkpoint rows of other plans
 * (copies of a real checkpoint's row under new ids), written in one transaction.
 */
async function workspaceWithRows(options: DatabaseGrowthOptions, rows: number): Promise<{ root: string; planId: string }> {
  const root = path.join(options.base, `db-growth-${rows}`);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  const s = createWorkspaceServices({ workspaceRoot: root, wasmDir: options.distDir, logger: options.logger });
  try {
    const template = await s.plans.createPlan({ title: 'filler template' });
    const { checkpoint } = await s.checkpoints.createCheckpoint(template.plan_id, { reason: 'a checkpoint as the CLI writes it' });
    const start = Date.parse(checkpoint.created_at);
    await s.store.write((uow) => {
      for (let p = 0; p * ROWS_PER_PLAN < rows - 1; p++) {
        const planId = ulid(start + p);
        uow.plans.insert({ ...template, plan_id: planId, title: `filler ${p}`, retention: { max_checkpoints: ROWS_PER_PLAN, auto_prune: true } });
        for (let i = 0; i < ROWS_PER_PLAN && p * ROWS_PER_PLAN + i < rows - 1; i++) {
          const at = start + p * ROWS_PER_PLAN + i;
          uow.checkpoints.insert({ ...checkpoint, checkpoint_id: ulid(at), plan_id: planId, created_at: new Date(at).toISOString() });
        }
      }
    });
    const plan = await s.plans.createPlan({ title: 'timed' });
    // Every row in the file itself, so that each size starts alike (and a release without the log reads it).
    await s.store.fold();
    return { root, planId: plan.plan_id };
  } finally {
    s.dispose();
  }
}

/** Times `agents plan checkpoint` per size, sizes interleaved run by run so that drift hits all alike. */
export async function benchDatabaseGrowth(options: DatabaseGrowthOptions): Promise<DatabaseGrowthRow[]> {
  const sizes = options.sizes ?? [1_000, 50_000];
  const runs = Math.max(5, options.runs);
  const cli = path.join(options.distDir, 'cli.js');
  const workspaces: { rows: number; root: string; planId: string }[] = [];
  for (const rows of sizes) workspaces.push({ rows, ...(await workspaceWithRows(options, rows)) });
  const times = new Map<number, number[]>(sizes.map((n) => [n, []]));
  let edit = 0;
  const checkpoint = (w: (typeof workspaces)[number]): number => {
    edit += 1;
    writeFileSync(path.join(w.root, 'a.txt'), `edit ${edit}\n`);
    const start = performance.now();
    execFileSync(process.execPath, [cli, '--workspace', w.root, 'plan', 'checkpoint', w.planId], { stdio: 'ignore' });
    return performance.now() - start;
  };
  for (const w of workspaces) checkpoint(w); // warm the disk cache and the plan's first snapshot
  for (let r = 0; r < runs; r++) for (const w of workspaces) times.get(w.rows)!.push(checkpoint(w));

  console.log(`\n[database growth: agents plan checkpoint, 1-file sandbox, medians of ${runs} runs]`);
  const baseline = median(times.get(sizes[0]!)!);
  const out: DatabaseGrowthRow[] = [];
  for (const w of workspaces) {
    const ms = median(times.get(w.rows)!);
    const dbDir = path.join(w.root, '.cleveragents');
    const bytes = statSync(path.join(dbDir, 'cleveragents.db')).size;
    let logBytes = 0;
    try {
      logBytes = statSync(path.join(dbDir, 'cleveragents.db.log')).size;
    } catch {
      // no write log: the database was saved whole
    }
    console.log(
      `  ${w.rows.toLocaleString('en-US').padStart(7)} rows (${(bytes / 1e6).toFixed(1)} MB, log ${(logBytes / 1e3).toFixed(0)} kB)` +
        `   ${ms.toFixed(0).padStart(5)} ms   ratio to ${sizes[0]!.toLocaleString('en-US')} rows ${(ms / baseline).toFixed(2)}`,
    );
    let foldMs: number | undefined;
    if (logBytes > 0) {
      // What the log puts off: its fold, paid once per DEFAULT_WRITE_LOG.foldEntries writes or foldBytes of log.
      const s = createWorkspaceServices({ workspaceRoot: w.root, wasmDir: options.distDir, logger: options.logger });
      try {
        await s.store.read(() => undefined);
        const start = performance.now();
        await s.store.fold();
        foldMs = performance.now() - start;
        console.log(`          its fold (${FOLD_EVERY}): ${foldMs.toFixed(0)} ms`);
      } finally {
        s.dispose();
      }
    }
    out.push({ rows: w.rows, databaseBytes: bytes, logBytes, samples: times.get(w.rows)!, ...(foldMs === undefined ? {} : { foldMs }) });
  }
  return out;
}
