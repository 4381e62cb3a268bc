// The engine's part of a save with automatic checkpoints (`npm run bench -- --save [--save-files
// N]`): what the extension's AutoCheckpointer does while VS Code holds the save (its
// onWillSaveTextDocument wait, 1.5 s at most): the plan read, then createCheckpointIfChanged of a
// pre_write, on the sandbox test/integration/saveParticipantCost.itest.ts generates (default
// 50,000 files, L's count; 20 changed since the last checkpoint), in this process as in the
// extension host. The whole save, VS Code's own work included, is that test's figure.
import { appendFileSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices } from '../src/composition';
import type { Logger } from '../src/core/ports';
import { median, settle, time } from './benchCommon';
import type { SampledRow } from './benchMarkdown';

export interface SaveBenchOptions {
  readonly files: number;
  readonly changed: number;
  readonly runs: number;
  readonly base: string;
  readonly verbose: boolean;
}

/** The same files as the integration test: 40 folders, a 1 KB source file each, an hour old. */
function generate(sandbox: string, files: number): string[] {
  const rels: string[] = [];
  const old = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < files; i++) {
    const rel = `dir${i % 40}/file${i}.ts`;
    const file = path.join(sandbox, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `export const value${i} = ${i};\n${'// filler line of a source file\n'.repeat(30)}`);
    utimesSync(file, old, old);
    rels.push(rel);
  }
  return rels;
}

export async function benchSave(options: SaveBenchOptions): Promise<SampledRow[]> {
  const label = `save, ${options.files.toLocaleString('en-US')} files`;
  const workspace = path.join(options.base, 'save');
  const sandbox = path.join(workspace, 'save-cost');
  console.log(`\n[${label}] generating ...`);
  const rels = generate(sandbox, options.files);
  settle();
  const phases: string[] = [];
  const logger: Logger = { debug: (m) => phases.push(m), info: () => undefined, warn: (m) => console.warn(m), error: (m) => console.error(m) };
  const s = createWorkspaceServices({ workspaceRoot: workspace, wasmDir: __dirname, logger });
  const rows: SampledRow[] = [];
  const record = (step: string, ms: number[]) => {
    rows.push({ workspace: label, step, samples: ms });
    console.log(`  ${step.padEnd(58)} ${median(ms).toFixed(0).padStart(6)} ms   (runs: ${ms.map((x) => x.toFixed(0)).join(', ')})`);
  };
  try {
    const plan = await s.plans.createPlan({ title: 'Save cost', sandbox: 'save-cost' });
    await s.plans.setState(plan.plan_id, 'executing');
    const take = (type: 'pre_write' | 'post_step') =>
      time(async () => {
        // what AutoCheckpointer.take does
        await s.plans.getPlan(plan.plan_id);
        await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type, reason: 'Automatic: before writes', sourceTool: 'auto-checkpoint', phase: 'execute' });
      });
    record('first checkpoint (outside any save)', [await take('pre_write')]);
    const pre: number[] = [];
    const unchanged: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      for (let i = 0; i < options.changed; i++) appendFileSync(path.join(sandbox, rels[(r * 7919 + i * 104729) % rels.length]!), `// changed by a tool ${r}\n`);
      settle();
      phases.length = 0;
      pre.push(await take('pre_write'));
      if (options.verbose || r === 0) for (const p of phases) console.log(`      ${p}`);
      // the save itself, and its post_step (outside the save's wait)
      appendFileSync(path.join(sandbox, rels[r]!), '// edited in VS Code\n');
      await take('post_step');
      settle();
      phases.length = 0;
      unchanged.push(await take('pre_write'));
      if (options.verbose || r === 0) for (const p of phases) console.log(`      ${p}`);
    }
    record(`save's pre_write, ${options.changed} files changed since the last checkpoint`, pre);
    record('save\'s pre_write, nothing changed (the check alone)', unchanged);
  } finally {
    s.dispose();
  }
  return rows;
}
