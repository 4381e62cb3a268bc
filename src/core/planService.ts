import * as z from 'zod';
import type { Checkpoint } from './checkpoint';
import { applyConflicts } from './applyConflicts';
import { ApplyConflictError, BusinessRuleViolation, NotFoundError, StoreError, UncapturedFilesError, ValidationError, describeIssues } from './errors';
import { PlanSchema, PlanStateSchema, type Plan, type PlanState } from './plan';
import { assertTransition, type PlanStateChange } from './planLifecycle';
import { WORKSPACE_KEY, type SandboxLocation, type Snapshot, type UnitOfWork } from './ports';
import { RetentionPolicySchema, type CheckpointRetentionPolicy } from './retentionPolicy';
import type { PathChange } from './rollbackResult';
import { confirmSandboxes, exclusiveOnSandboxes, resolveSandbox, type ResolvedSandbox } from './lockedSandbox';
import { parseId, pinName, refuseReadOnly, type ServiceDeps } from './serviceDeps';
import { beginOperation, journaledApply, refuseWhileInterrupted } from './operationRecords';
import { plural } from './displayText';

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

/** What deleting a plan removed. */
export interface DeletedPlan {
  readonly plan: Plan;
  /** Ids of the checkpoints whose rows and snapshots went with it. */
  readonly checkpointIds: string[];
  /** The isolated sandbox folder removed (relative to the workspace), or null for a plan in place. */
  readonly removedSandbox: string | null;
}

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
      await this.deps.store.write((uow) => this.insertPlan(uow, plan));
      this.logCreated(plan);
      return plan;
    }
    const relative = this.deps.workspace.isolatedSandboxPath(planId);
    const dir = await this.deps.workspace.resolveSandbox(relative);
    const workspace = this.workspaceLocation();
    const snapshot = await this.deps.snapshotter.exclusive(WORKSPACE_KEY, () => this.deps.snapshotter.snapshot(workspace, `${planId}/base`, `base of plan ${planId}`));
    const plan = PlanSchema.parse({ ...base, sandbox_path: relative, sandbox_kind: 'isolated', base_ref: snapshot.ref });
    try {
      await this.deps.workspace.createEmptyDirectory(dir);
      const made = await resolveSandbox(this.deps.workspace, planId, relative, () => new BusinessRuleViolation('Create blocked: the new sandbox folder is gone'));
      await exclusiveOnSandboxes(this.deps, planId, [made], () => this.deps.snapshotter.materialize(made, snapshot.ref));
      await this.deps.store.write((uow) => this.insertPlan(uow, plan));
    } catch (error) {
      await this.deps.workspace.removeDirectory(dir).catch(() => undefined);
      await this.deps.snapshotter.forgetSandbox(planId).catch(() => undefined);
      await this.deps.snapshotter.unpin([`${planId}/base`]).catch(() => undefined);
      throw error;
    }
    this.logCreated(plan);
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

  /**
   * Moves a plan along its lifecycle (planLifecycle.ts); a transition the table does not allow is
   * refused with the ones it does. `applied` is reached only by applying (`applyPlan`).
   */
  async setState(planId: string, state: PlanState): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    refuseReadOnly(this.deps, id, `a change of its state to ${JSON.stringify(state)}`);
    const parsed = PlanStateSchema.safeParse(state);
    if (!parsed.success) throw new ValidationError(`state ${JSON.stringify(state)}: ${describeIssues(parsed.error.issues)}`);
    const to = parsed.data;
    if (to === 'applied') throw new ValidationError('a plan becomes applied by applying it, not by setting its state');
    if (to === 'executing') {
      // Executing means writes are checkpointed: with no sandbox, every checkpoint would fail.
      const plan = await this.getPlan(id);
      const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
      if ((await this.deps.workspace.folderIdentity(dir)) === undefined) {
        throw new BusinessRuleViolation(
          `Start blocked: the sandbox folder "${plan.sandbox_path}" of plan ${id} is missing` +
            (plan.sandbox_kind === 'isolated' ? '; recreate it from the newest checkpoint, or cancel the plan' : '; put the folder back, or cancel the plan'),
        );
      }
    }
    return this.update(id, (plan) => {
      assertTransition(plan.state, to);
      return { ...plan, state: to };
    });
  }

  /** The plan's states over time, oldest first (its creation included). */
  async stateHistory(planId: string): Promise<PlanStateChange[]> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      if (!uow.plans.get(id)) throw new NotFoundError('plan', id);
      return uow.stateChanges.listForPlan(id);
    });
  }

  /** What deleting the plan would remove, refused as the delete itself would be (an interrupted operation). */
  async previewDelete(planId: string): Promise<{ plan: Plan; checkpoints: Checkpoint[] }> {
    const plan = await this.getPlan(planId);
    await refuseWhileInterrupted(this.deps, plan.plan_id, 'Delete');
    const checkpoints = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(plan.plan_id));
    return { plan, checkpoints };
  }

  /**
   * Deletes the plan with everything it owns: its checkpoints' rows and snapshots, its state
   * history and, for an isolated plan, its sandbox. The rows go first, in one transaction: a
   * process killed after that leaves only files nothing refers to, never a checkpoint without its
   * snapshot. Refused while an operation on the plan is interrupted (`recover` first).
   */
  async deletePlan(planId: string): Promise<DeletedPlan> {
    const plan = await this.getPlan(planId);
    const id = plan.plan_id;
    const sandbox = plan.sandbox_kind === 'isolated' ? await resolveSandbox(this.deps.workspace, id, plan.sandbox_path) : null;
    const dir = sandbox?.dir ?? null;
    return exclusiveOnSandboxes(this.deps, id, sandbox ? [sandbox] : [], async () => {
      await refuseWhileInterrupted(this.deps, id, 'Delete');
      const checkpointIds = await this.deps.store.write((uow) => {
        if (!uow.plans.get(id)) throw new NotFoundError('plan', id);
        const ids = uow.checkpoints.listForPlan(id).map((c) => c.checkpoint_id);
        uow.checkpoints.deleteForPlan(id);
        uow.stateChanges.deleteForPlan(id);
        uow.plans.delete(id);
        return ids;
      });
      const pinned = await this.deps.snapshotter.pinnedCheckpoints(id);
      const pins = [...new Set([...checkpointIds, ...pinned])].map((c) => pinName(id, c));
      await this.deps.snapshotter.unpin([...pins, `${id}/base`, `${id}/before-apply`, `${id}/applied`]);
      if (dir) await this.deps.workspace.removeDirectory(dir);
      await this.deps.snapshotter.forgetSandbox(id);
      await this.deps.snapshotter.collectGarbageIfWorthwhile();
      this.deps.logger.info(
        `Deleted plan ${id} (${plan.state}) with ${plural(checkpointIds.length, 'checkpoint')}${checkpointIds.length ? `: ${checkpointIds.join(', ')}` : ''}${dir ? `; removed its sandbox ${plan.sandbox_path}` : ''}`,
      );
      return { plan, checkpointIds, removedSandbox: dir ? plan.sandbox_path : null };
    });
  }

  async setRetentionPolicy(planId: string, changes: Partial<CheckpointRetentionPolicy>): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    refuseReadOnly(this.deps, id, 'a change of its retention');
    return this.update(id, (plan) => {
      const next = RetentionPolicySchema.safeParse({ ...plan.retention, ...changes });
      if (!next.success) throw new ValidationError(describeIssues(next.error.issues));
      return { ...plan, retention: next.data };
    });
  }

  async previewApply(planId: string): Promise<ApplyPreview> {
    const { plan } = await this.guardApply(planId);
    if (plan.sandbox_kind === 'in_place') return { changes: [], conflicts: [] };
    return this.deps.snapshotter.exclusive(WORKSPACE_KEY, async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Apply');
      const { changes, conflicts } = await this.compareWithWorkspace(plan, null);
      return { changes, conflicts };
    });
  }

  /**
   * Isolated sandbox: brings its changes into the workspace, refusing when the workspace changed
   * the same paths (or paths inside or above them) differently since the sandbox was made. In
   * place: the work is already there; only marks it. The check, the write and the state change
   * happen under one lock; if the state cannot be recorded, the workspace is put back.
   */
  async applyPlan(planId: string): Promise<{ plan: Plan; changes: PathChange[] }> {
    refuseReadOnly(this.deps, planId, 'applying it');
    const { plan, sandbox } = await this.guardApply(planId);
    if (plan.sandbox_kind === 'in_place') {
      // Nothing is written, but files half written by an interrupted rollback must not become final.
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Apply');
      return { plan: await this.markApplied(plan.plan_id), changes: [] };
    }
    const { snapshotter } = this.deps;
    const workspace = this.workspaceLocation();
    // The isolated sandbox read from, and the workspace folder written to.
    const folders = [sandbox!, await resolveSandbox(this.deps.workspace, WORKSPACE_KEY, '.', () => new BusinessRuleViolation('Apply blocked: the workspace folder is missing'))];
    return exclusiveOnSandboxes(this.deps, WORKSPACE_KEY, folders, async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Apply');
      const beforePin = `${plan.plan_id}/before-apply`;
      const compared = await this.compareWithWorkspace(plan, beforePin);
      const before = compared.workspace;
      let written: { from: string; to: string } | undefined;
      try {
        if (compared.conflicts.length > 0) throw new ApplyConflictError(compared.conflicts);
        if (compared.changes.length > 0) {
          // Paths the workspace changed the same way come out of the overlay as they are.
          const target = await snapshotter.overlay(before.ref, compared.sandboxRef, compared.changes.map((c) => c.path), `${plan.plan_id}/applied`);
          const restore = await snapshotter.prepareRestore(workspace, before.ref, target.ref, before.skipped.map((s) => s.path));
          if (restore.uncaptured.length > 0) throw new UncapturedFilesError('Apply', restore.uncaptured);
          if (restore.changes.length > 0) {
            // Once more right before the first write: the snapshots took a while.
            await confirmSandboxes(this.deps.workspace, folders);
            const { state } = await this.getPlan(plan.plan_id);
            await beginOperation(this.deps, { type: 'apply', plan_id: plan.plan_id, sandbox_key: WORKSPACE_KEY, from_ref: before.ref, to_ref: restore.target, plan_state_before: state });
            await journaledApply(this.deps, plan.plan_id, () => restore.apply());
            written = { from: before.ref, to: restore.target };
          }
        }
      } catch (error) {
        await snapshotter.unpin([beforePin, `${plan.plan_id}/applied`]).catch(() => undefined);
        throw error;
      }
      let applied: Plan;
      try {
        applied = await this.markApplied(plan.plan_id);
      } catch (error) {
        if (written) await this.putBackWorkspace(plan.plan_id, written, error);
        throw error;
      }
      if (written) await this.deps.journal.end(plan.plan_id);
      return { plan: applied, changes: compared.changes };
    });
  }

  /** Removes an isolated sandbox; the plan stays, and rollback is refused from then on. */
  async cleanupPlan(planId: string): Promise<Plan> {
    refuseReadOnly(this.deps, planId, 'removing its sandbox');
    const plan = await this.getPlan(planId);
    if (plan.sandbox_kind !== 'isolated') {
      throw new ValidationError(`plan ${plan.plan_id} works in place in "${plan.sandbox_path}"; it has no isolated sandbox to remove`);
    }
    const sandbox = await resolveSandbox(this.deps.workspace, plan.plan_id, plan.sandbox_path);
    await exclusiveOnSandboxes(this.deps, plan.plan_id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Cleanup');
      await beginOperation(this.deps, { type: 'cleanup', plan_id: plan.plan_id, sandbox_key: plan.plan_id });
      try {
        await this.deps.workspace.removeDirectory(sandbox.dir);
        await this.deps.snapshotter.forgetSandbox(plan.plan_id);
      } catch (error) {
        // Partly deleted: the record stays for `recover` to finish.
        this.deps.journal.abandon?.(plan.plan_id);
        throw error;
      }
      await this.deps.journal.end(plan.plan_id);
    });
    return this.update(plan.plan_id, (p) => p);
  }

  private async guardApply(planId: string): Promise<{ plan: Plan; sandbox: ResolvedSandbox | undefined }> {
    const plan = await this.getPlan(planId);
    assertTransition(plan.state, 'applied');
    const sandbox =
      plan.sandbox_kind === 'isolated' ? await resolveSandbox(this.deps.workspace, plan.plan_id, plan.sandbox_path, () => new BusinessRuleViolation('Apply blocked: sandbox is missing')) : undefined;
    return { plan, sandbox };
  }

  /**
   * Snapshots the sandbox and the workspace (pinning the latter under `workspacePin` unless null)
   * and compares both with the plan's base. Call it inside `exclusive`.
   */
  private async compareWithWorkspace(plan: Plan, workspacePin: string | null): Promise<ApplyPreview & { sandboxRef: string; workspace: Snapshot }> {
    if (!plan.base_ref) throw new ValidationError(`isolated plan ${plan.plan_id} has no base snapshot`);
    const { snapshotter } = this.deps;
    const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
    const sandbox = await snapshotter.snapshot({ key: plan.plan_id, dir }, null, 'apply preview');
    const workspace = await snapshotter.snapshot(this.workspaceLocation(), workspacePin, `workspace before applying plan ${plan.plan_id}`);
    const [sandboxChanges, workspaceChanges] = await Promise.all([
      snapshotter.changesWithContent(plan.base_ref, sandbox.ref),
      snapshotter.changesWithContent(plan.base_ref, workspace.ref),
    ]);
    return {
      changes: sandboxChanges.map(({ path, change }) => ({ path, change })),
      conflicts: applyConflicts(sandboxChanges, workspaceChanges),
      sandboxRef: sandbox.ref,
      workspace,
    };
  }

  /** The workspace was written but the plan could not be marked applied: undo the write. */
  private async putBackWorkspace(planId: string, written: { from: string; to: string }, cause: unknown): Promise<never> {
    const reason = cause instanceof Error ? cause.message : String(cause);
    try {
      const back = await this.deps.snapshotter.prepareRestore(this.workspaceLocation(), written.to, written.from, []);
      if (back.uncaptured.length > 0) throw new UncapturedFilesError('Apply', back.uncaptured);
      await back.apply();
    } catch (second) {
      // The record stays: `recover` finishes the apply or undoes it.
      this.deps.journal.abandon?.(planId);
      throw new StoreError(
        `${reason} The plan is not marked applied and its changes are in the workspace; run "agents plan recover ${planId}" to finish the apply, or with --undo to take its changes out (${second instanceof Error ? second.message : String(second)}).`,
        { cause },
      );
    }
    await this.deps.journal.end(planId);
    throw new StoreError(`${reason} The plan is not marked applied, and the workspace was put back as it was.`, { cause });
  }

  private markApplied(planId: string): Promise<Plan> {
    return this.update(planId, (p) => {
      assertTransition(p.state, 'applied');
      return { ...p, state: 'applied' };
    });
  }

  /** The end of an apply that `recover` finished for a dead process: applied, if it is not yet. */
  async markAppliedAfterRecovery(planId: string): Promise<Plan> {
    return this.update(parseId(planId, 'plan id'), (p) => ({ ...p, state: 'applied' }));
  }

  /**
   * An apply that `recover --undo` took out of the workspace: a process killed after marking the
   * plan applied (before clearing its record) leaves it applied, so it goes back to the state it
   * had before (the record's, else the one the state history names before `applied`).
   */
  async unmarkAppliedAfterRecovery(planId: string, stateBefore: PlanState | undefined): Promise<Plan> {
    const id = parseId(planId, 'plan id');
    const history = stateBefore === undefined ? await this.stateHistory(id) : [];
    const fallback = history.filter((c) => c.to_state === 'applied').at(-1)?.from_state ?? 'draft';
    return this.update(id, (p) => (p.state === 'applied' ? { ...p, state: stateBefore ?? fallback } : p));
  }

  /**
   * Retitles a plan, only while its title is still `expected` (no rename for people: an agent
   * session's plan, made at the session's start before its first prompt, takes that prompt's title).
   */
  async retitleIf(planId: string, expected: string, title: string): Promise<Plan> {
    refuseReadOnly(this.deps, planId, 'a new title');
    const parsed = CreatePlanInputSchema.shape.title.safeParse(title);
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
    return this.update(parseId(planId, 'plan id'), (p) => (p.title === expected ? { ...p, title: parsed.data } : p));
  }

  /**
   * Brings the workspace's own index up to date with its files (an unpinned snapshot: no
   * checkpoint, no row). A plan over the whole folder starts from a copy of that index, so that
   * its first snapshot reads only what changed since, not every file: called off any agent's path
   * before its first tool call (hook install, Connect an Agent, the extension once hooks are in).
   */
  async warmWorkspaceIndex(): Promise<void> {
    const workspace = this.workspaceLocation();
    await this.deps.snapshotter.exclusive(WORKSPACE_KEY, () => this.deps.snapshotter.snapshot(workspace, null, 'the workspace index'));
  }

  private workspaceLocation(): SandboxLocation {
    return { key: WORKSPACE_KEY, dir: this.deps.workspace.root };
  }

  /** Changes the plan in one transaction; a change of its state is recorded with its time, and logged. */
  private async update(planId: string, change: (plan: Plan) => Plan): Promise<Plan> {
    const [before, next] = await this.deps.store.write((uow) => {
      const plan = uow.plans.get(planId);
      if (!plan) throw new NotFoundError('plan', planId);
      const now = this.deps.clock.now().toISOString();
      const changed = PlanSchema.parse({ ...change(plan), updated_at: now });
      uow.plans.update(changed);
      if (changed.state !== plan.state) uow.stateChanges.insert({ plan_id: planId, from_state: plan.state, to_state: changed.state, changed_at: now });
      return [plan, changed] as const;
    });
    if (before.state !== next.state) this.deps.logger.info(`Plan ${planId} is now ${next.state} (was ${before.state}) at ${next.updated_at}`);
    return next;
  }

  private insertPlan(uow: UnitOfWork, plan: Plan): void {
    uow.plans.insert(plan);
    uow.stateChanges.insert({ plan_id: plan.plan_id, from_state: null, to_state: plan.state, changed_at: plan.created_at });
  }

  private logCreated(plan: Plan): void {
    this.deps.logger.info(`Created plan ${plan.plan_id} (${plan.sandbox_kind === 'isolated' ? 'isolated' : `in place in ${plan.sandbox_path}`}) at ${plan.created_at}`);
  }
}
