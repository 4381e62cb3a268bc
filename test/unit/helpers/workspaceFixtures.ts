// Named setups for the engine tests: a workspace holding these files, a plan with these
// checkpoints. Each test then shows what it sets up in one line and spends the rest on what it checks.
import type { WorkspaceServices } from '../../../src/composition';
import type { Checkpoint } from '../../../src/core/checkpoint';
import type { Plan } from '../../../src/core/plan';
import { write } from './sandboxFixtures';

/** Files by path relative to the workspace (POSIX separators) → content. */
export type Files = Readonly<Record<string, string | Buffer>>;

/** The folder `root` holding `files`, with the folders they need; returns `root`. */
export function workspaceWith(root: string, files: Files): string {
  for (const [rel, content] of Object.entries(files)) write(root, rel, content);
  return root;
}

export interface PlanWithCheckpoints {
  readonly plan: Plan;
  /** In the order they were taken. */
  readonly checkpoints: readonly Checkpoint[];
}

export interface PlanOptions {
  /** Default `p`. */
  readonly title?: string;
  readonly isolated?: boolean;
  /** Runs before the checkpoint number `i` (0-based) is taken: change the files it will capture. */
  readonly before?: (i: number) => void;
}

/** A new plan of `s` and `count` checkpoints taken one after another. */
export async function planWithCheckpoints(s: WorkspaceServices, count: number, options: PlanOptions = {}): Promise<PlanWithCheckpoints> {
  const plan = await s.plans.createPlan({ title: options.title ?? 'p', ...(options.isolated ? { isolated: true } : {}) });
  const checkpoints: Checkpoint[] = [];
  for (let i = 0; i < count; i++) {
    options.before?.(i);
    checkpoints.push((await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint);
  }
  return { plan, checkpoints };
}
