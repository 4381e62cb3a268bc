import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileOperationJournal } from '../../../src/adapters/files/fileOperationJournal';
import type { WorkspaceServices } from '../../../src/composition';

/**
 * The state a kill in the middle of "roll back from two to one" leaves in the sandbox (`root`, or
 * its folder `sandbox`): a.txt written already, b.txt not yet (or, with `halfWritten`, half), and
 * the record of a process that is gone.
 */
export async function makeInterruptedRollback(
  root: string,
  s: WorkspaceServices,
  options: { halfWritten?: string; sandbox?: string } = {},
): Promise<{ planId: string; record: string }> {
  const sandbox = options.sandbox ?? '.';
  mkdirSync(path.join(root, sandbox), { recursive: true });
  const write = (name: string, text: string) => writeFileSync(path.join(root, sandbox, name), text);
  write('a.txt', 'one\n');
  write('b.txt', 'one\n');
  const plan = await s.plans.createPlan({ title: 'interrupted', sandbox });
  const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'one' });
  write('a.txt', 'two\n');
  write('b.txt', 'two\n');
  const { checkpoint: c2 } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'two' });
  write('a.txt', 'one\n');
  if (options.halfWritten !== undefined) write('b.txt', options.halfWritten);
  const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  await new FileOperationJournal(root).begin({
    type: 'rollback',
    plan_id: plan.plan_id,
    target_checkpoint_id: c1.checkpoint_id,
    undo_checkpoint_id: c2.checkpoint_id,
    sandbox_key: plan.plan_id,
    from_ref: c2.sandbox_ref,
    to_ref: c1.sandbox_ref,
    started_at: new Date().toISOString(),
    pid: dead,
    host: os.hostname(),
  });
  return { planId: plan.plan_id, record: path.join(root, '.cleveragents', 'operations', `${plan.plan_id}.json`) };
}
