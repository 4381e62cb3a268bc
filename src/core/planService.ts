import { z } from 'zod';
import { ApplyConflictError, BusinessRuleViolation, NotFoundError, ValidationError, describeIssues } from './errors';
import { isTerminal, PlanSchema, PlanStateSchema, type Plan, type PlanState } from './plan';
import type { SandboxLocation } from './ports';
import { RetentionPolicySchema, type CheckpointRetentionPolicy } from './retentionPolicy';
import type { PathChange } from './rollbackResult';
import { parseId, type ServiceDeps } from './checkpointService';

export const CreatePlanInputSchema = z
  .object({
    title: z.string().trim().min(1, 'title must not be empty').max(200, 'title is longer than 200 characters'),
    sandbox: z.string().min(1).max(4096).optional(),
    isolated: z.boolean().optional(),
  })
  .strict()
  .refine((v) => !(v.isolated && v.sandbox !== undefined), 'give either a sandbox folder or isolated, not both');
export type CreatePlanInput = z.input<typeof CreatePlanInputSchema>;

export interface ApplyPreview {
  /** What the plan's sandbox changed since it was made, as it would land in the workspace. */
  readonly changes: PathChange[];
  /** Paths the workspace changed meanwhile too; any conflict blocks the apply. */
  readonly conflicts: string[];
}

/** The workspace's key in the shadow store: its own persistent index, separate from any plan's. */
export const WORKSPACE_KEY = 'workspace';

/** Plans: creating their sandboxes, their lifecycle, applying and cleaning them up. */
export class PlanService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly defaults: () => CheckpointRetentionPolicy,
  ) {}

  async createPlan(input: CreatePlanInput): Promise<Plan> {
    const parsed = CreatePlanInputSchema.safeParse(input);
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
    const { title, sandbox = '.', isolated = false } = parsed.data;
    // A database that cannot be used stops us before any folder or snapshot is made.
    await this.deps.store.read((uow) => uow.plans.list().length);
    const planId = this.deps.ids.next();
    const now = this.deps.clock.now().toISOString();
    const base = { plan_id: planId, title, state: 'draft' as const, retention: { ...this.defaults() }, created_at: now, updated_at: now };
    if (!isolated) {
      const relative = this.deps.workspace.normalizeSandboxPath(sandbox);
      const dir = await this.deps.workspace.resolveSandbox(relative);
      if (!(await this.deps.workspace.isDirectory(dir))) throw new ValidationError(`sandbox folder "${relative}" does not exist in the workspace`);
      const plan = PlanSchema.parse({ ...base, sandbox_path: relative, sandbox_kind: 'in_place', base_ref: null });
      await this.deps.store.write((uow) => uow.plans.insert(plan));
      return plan;
    }
    const relative = this.deps.workspace.isolatedSandboxPath(planId);
    const dir = await this.deps.workspace.resolveSandbox(relative);
    const workspace = this.workspaceLocation();
    const snapshot = await this.deps.snapshotter.exclusive(WORKSPACE_KEY, () => this.deps.snapshotter.snapshot(workspace, `${planId}/base`, `base of plan ${planId}`));
    const plan = PlanSchema.parse({ ...base, sandbox_path: relative, sandbox_kind: 'isolated', base_ref: snapshot.ref });
    try {
      await this.deps.workspace.createEmptyDirectory(dir);
      await this.deps.snapshotter.exclusive(planId, () => this.deps.snapshotter.materialize({ key: planId, dir }, snapshot.ref));
      await this.deps.store.write((uow) => uow.plans.insert(plan));
    } catch (error) {
      await this.deps.workspace.removeDirectory(dir).catch(() => undefined);
      await this.deps.snapshotter.forgetSandbox(planId).catch(() => undefined);
      await this.deps.snapshotter.unpin([`${planId}/base`]).catch(() => undefined);
      throw error;
    }
    return plan;
  }

  async listPlans(): Promise<Plan[]> {
    return this.deps.store.read((uow) => uow.plans.list());
  }

  async getPlan(planId: string): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    const plan = await this.deps.store.read((uow) => uow.plans.get(id));
    if (!plan) throw new NotFoundError('plan', id);
    return plan;
  }

  /** Moves a plan through its lifecycle; `applied` is reached only by applying, and is final. */
  async setState(planId: string, state: PlanState): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    const parsed = PlanStateSchema.safeParse(state);
    if (!parsed.success) throw new ValidationError(`state ${JSON.stringify(state)}: ${describeIssues(parsed.error.issues)}`);
    if (parsed.data === 'applied') throw new ValidationError('a plan becomes applied by applying it, not by setting its state');
    return this.update(id, (plan) => {
      if (isTerminal(plan.state)) throw new BusinessRuleViolation('State change blocked: plan is already applied');
      return { ...plan, state: parsed.data };
    });
  }

  async setRetentionPolicy(planId: string, changes: Partial<CheckpointRetentionPolicy>): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    return this.update(id, (plan) => {
      const next = RetentionPolicySchema.safeParse({ ...plan.retention, ...changes });
      if (!next.success) throw new ValidationError(describeIssues(next.error.issues));
      return { ...plan, retention: next.data };
    });
  }

  async previewApply(planId: string): Promise<ApplyPreview> {
    const plan = await this.guardApply(planId);
    if (plan.sandbox_kind === 'in_place') return { changes: [], conflicts: [] };
    const { changes, conflicts } = await this.compareWithWorkspace(plan);
    return { changes, conflicts };
  }

  /**
   * Isolated sandbox: brings its changes into the workspace, refusing when the workspace changed
   * the same paths since the sandbox was made. In place: the work is already there; only marks it.
   */
  async applyPlan(planId: string): Promise<{ plan: Plan; changes: PathChange[] }> {
    const plan = await this.guardApply(planId);
    let changes: PathChange[] = [];
    if (plan.sandbox_kind === 'isolated') {
      const compared = await this.compareWithWorkspace(plan);
      if (compared.conflicts.length > 0) throw new ApplyConflictError(compared.conflicts);
      changes = compared.changes;
      if (changes.length > 0) {
        const { snapshotter } = this.deps;
        await snapshotter.exclusive(WORKSPACE_KEY, async () => {
          const workspace = this.workspaceLocation();
          const before = await snapshotter.snapshot(workspace, `${plan.plan_id}/before-apply`, `workspace before applying plan ${plan.plan_id}`);
          const target = await snapshotter.overlay(before.ref, compared.sandboxRef, changes.map((c) => c.path), `${plan.plan_id}/applied`);
          await (await snapshotter.prepareRestore(workspace, before.ref, target.ref, before.skipped.map((s) => s.path))).apply();
        });
      }
    }
    const updated = await this.update(plan.plan_id, (p) => ({ ...p, state: 'applied' }));
    return { plan: updated, changes };
  }

  /** Removes an isolated sandbox; the plan stays, and rollback is refused from then on. */
  async cleanupPlan(planId: string): Promise<Plan> {
    const plan = await this.getPlan(planId);
    if (plan.sandbox_kind !== 'isolated') {
      throw new ValidationError(`plan ${plan.plan_id} works in place in "${plan.sandbox_path}"; it has no isolated sandbox to remove`);
    }
    const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
    await this.deps.snapshotter.exclusive(plan.plan_id, async () => {
      await this.deps.workspace.removeDirectory(dir);
      await this.deps.snapshotter.forgetSandbox(plan.plan_id);
    });
    return this.update(plan.plan_id, (p) => p);
  }

  private async guardApply(planId: string): Promise<Plan> {
    const plan = await this.getPlan(planId);
    if (plan.state === 'applied') throw new BusinessRuleViolation('Apply blocked: plan is already applied');
    if (plan.state === 'cancelled') throw new BusinessRuleViolation('Apply blocked: plan is cancelled');
    if (plan.sandbox_kind === 'isolated') {
      const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
      if (!(await this.deps.workspace.isDirectory(dir))) throw new BusinessRuleViolation('Apply blocked: sandbox is missing');
    }
    return plan;
  }

  private async compareWithWorkspace(plan: Plan): Promise<ApplyPreview & { sandboxRef: string }> {
    if (!plan.base_ref) throw new ValidationError(`isolated plan ${plan.plan_id} has no base snapshot`);
    const { snapshotter } = this.deps;
    const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
    const sandbox = await snapshotter.exclusive(plan.plan_id, () => snapshotter.snapshot({ key: plan.plan_id, dir }, null, 'apply preview'));
    const workspace = await snapshotter.exclusive(WORKSPACE_KEY, () => snapshotter.snapshot(this.workspaceLocation(), null, 'apply preview'));
    const sandboxChanges = await snapshotter.changes(plan.base_ref, sandbox.ref);
    const workspaceChanged = new Set((await snapshotter.changes(plan.base_ref, workspace.ref)).map((c) => c.path));
    const conflicts = sandboxChanges.filter((c) => workspaceChanged.has(c.path)).map((c) => c.path);
    return { changes: sandboxChanges, conflicts, sandboxRef: sandbox.ref };
  }

  private workspaceLocation(): SandboxLocation {
    return { key: WORKSPACE_KEY, dir: this.deps.workspace.root };
  }

  private async update(planId: string, change: (plan: Plan) => Plan): Promise<Plan> {
    return this.deps.store.write((uow) => {
      const plan = uow.plans.get(planId);
      if (!plan) throw new NotFoundError('plan', planId);
      const next = PlanSchema.parse({ ...change(plan), updated_at: this.deps.clock.now().toISOString() });
      uow.plans.update(next);
      return next;
    });
  }
}
