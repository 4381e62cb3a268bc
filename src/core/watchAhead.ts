import { resolveSandbox } from './lockedSandbox';
import { isTerminal, type Plan } from './plan';
import type { ServiceDeps } from './serviceDeps';

/**
 * Starts the folder watch of the sandbox most recently checkpointed, among plans still under way,
 * ahead of its next snapshot (SandboxSnapshotter.watchAhead): the resident process does it as it
 * starts, so that its walk of the folders runs during the agent's turn with its model and the
 * session's first quick tool calls already find it done. The plan watched, or undefined (none).
 */
export async function watchNewestSandbox(deps: Pick<ServiceDeps, 'store' | 'workspace' | 'snapshotter'>): Promise<string | undefined> {
  const newest = await deps.store.read((uow) => {
    let found: { plan: Plan; at: string } | undefined;
    for (const plan of uow.plans.list()) {
      if (isTerminal(plan.state)) continue;
      const last = uow.checkpoints.lastForPlan(plan.plan_id);
      if (last && (!found || last.created_at > found.at)) found = { plan, at: last.created_at };
    }
    return found?.plan;
  });
  if (!newest) return undefined;
  const sandbox = await resolveSandbox(deps.workspace, newest.plan_id, newest.sandbox_path);
  return sandbox.identity !== undefined && (await deps.snapshotter.watchAhead(sandbox)) ? newest.plan_id : undefined;
}
