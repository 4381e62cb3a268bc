import { CALL_TOKEN_EXTRA, CreateCheckpointOptionsSchema, type Checkpoint, type CreateCheckpointOptions } from './checkpoint';
import { CheckpointRecords, type CreatedCheckpoint } from './checkpointRecords';
import type { CorrectionToolCall } from './correctionToolCalls';
import type { AgentOnlyConflict, AgentOnlyPreview, ConflictPolicy } from './agentOnlyRollback';
import { BusinessRuleViolation, NotFoundError, ValidationError, describeIssues } from './errors';
import { ObjectIdSchema, RelativePathSchema } from './ids';
import { isTerminal } from './plan';
import type { CapturedBefore, CapturedPath } from './ports';
import { CheckpointNotWaitedForError, type RecordingGate, type RecordingVerdict } from './lateCheckpoints';
import { exclusiveOnSandboxes, resolveSandbox } from './lockedSandbox';
import { refuseWhileInterrupted } from './operationRecords';
import { afterCheckpoint, OPEN_FENCE_EXTRA, type OpenFence } from './openFences';
import { RestoreService, type AttachedCorrection, type RestoreControl } from './restoreService';
import type { PathChange, RollbackOutcome } from './rollbackResult';
import { parseId, pinName, refuseReadOnly, type ServiceDeps } from './serviceDeps';
import type { UndoneWork } from './undoneWork';
import type { AgentOnlyScope } from './agentOnlyScope';
import type { ToolCallChangeRequest } from './toolCallChange';

/**
 * Checkpoints of a plan's sandbox: taking them, listing, comparing; rolling back to one is
 * {@link RestoreService}'s, which the methods below the divider hand on to.
 */
export class CheckpointService {
  private readonly records: CheckpointRecords;
  private readonly restores: RestoreService;

  constructor(private readonly deps: ServiceDeps) {
    this.records = new CheckpointRecords(deps);
    this.restores = new RestoreService(deps, this.records);
  }

  /** `gate`: for a caller that may stop waiting (see core/lateCheckpoints.ts). */
  async createCheckpoint(planId: string, options: CreateCheckpointOptions = {}, gate?: RecordingGate): Promise<CreatedCheckpoint> {
    refuseReadOnly(this.deps, planId, 'a checkpoint');
    return (await this.create(planId, options, false, undefined, gate))!;
  }

  /**
   * A checkpoint, unless the sandbox's files are exactly its last checkpoint's (then undefined,
   * and nothing is written): what automatic checkpoints take, in one pass over the files.
   */
  /**
   * With `before`, the paths it names once the files are read are shown as captured before the
   * writes that came since (see {@link captureBeforeWrite}), here and in the no-change comparison.
   */
  async createCheckpointIfChanged(planId: string, options: CreateCheckpointOptions = {}, before?: CapturedBefore, gate?: RecordingGate): Promise<CreatedCheckpoint | undefined> {
    refuseReadOnly(this.deps, planId, 'a checkpoint');
    return this.create(planId, options, true, before, gate);
  }

  /**
   * A file of the plan's sandbox as it is now, before a write changes it (`path` relative to the
   * sandbox): for a `pre_write` taken after the write, through `createCheckpointIfChanged`'s
   * `before`. The caller gives the plan's sandbox path as it read it with the plan: a save waits
   * for this, and the database is not read again (the folder is resolved and checked as always).
   */
  async captureBeforeWrite(planId: string, sandboxPath: string, path: string): Promise<CapturedPath> {
    const id = parseId(planId, 'plan id');
    const rel = RelativePathSchema.safeParse(path);
    if (!rel.success) throw new ValidationError(describeIssues(rel.error.issues));
    const sandbox = await resolveSandbox(this.deps.workspace, id, this.deps.workspace.normalizeSandboxPath(sandboxPath), () => new BusinessRuleViolation('Checkpoint blocked: sandbox is missing'));
    return this.deps.snapshotter.captureBeforeWrite(sandbox, rel.data);
  }

  private async create(planId: string, options: CreateCheckpointOptions, onlyIfChanged: boolean, before?: CapturedBefore, gate?: RecordingGate): Promise<CreatedCheckpoint | undefined> {
    const id = parseId(planId, 'plan id');
    const parsed = CreateCheckpointOptionsSchema.safeParse(options);
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
    const opts = parsed.data;
    const plan = await this.records.requirePlan(id);
    if (isTerminal(plan.state)) throw new BusinessRuleViolation('Checkpoint blocked: plan is already applied');
    const sandbox = await this.records.requireSandbox(plan, 'Checkpoint blocked: sandbox is missing');
    return exclusiveOnSandboxes(this.deps, id, [sandbox], async () => {
      // A caller answered while this waited for the lock: reading the files now would read what came after.
      if (gate && !gate.stillWaited()) throw new CheckpointNotWaitedForError(id);
      await refuseWhileInterrupted(this.deps, id, 'Checkpoint');
      let chosenId = opts.checkpointId;
      if (chosenId !== undefined) {
        const made = await this.deps.store.read((uow) => uow.checkpoints.get(chosenId!));
        if (made && opts.callToken !== undefined && made.metadata.extra[CALL_TOKEN_EXTRA] !== opts.callToken) {
          // another call's checkpoint under that id: no answer to this call, which takes its own
          this.deps.logger.debug(`checkpoint id ${chosenId} is another call's checkpoint; this one takes a new id`);
          chosenId = undefined;
        } else {
          if (made && made.plan_id !== id) throw new ValidationError(`checkpoint id ${chosenId} is another plan's checkpoint`);
          // Made already, by an earlier call of this same request: that one is the answer.
          if (made) return { checkpoint: made, pruned: [] };
        }
      }
      // Read once: under the store's lock no other process adds or removes this plan's checkpoints.
      // Only the ids and the newest row: an automatic checkpoint does not decode the plan's history.
      const { ids, last } = await this.deps.store.read((uow) => ({ ids: uow.checkpoints.idsForPlan(id), last: uow.checkpoints.lastForPlan(id) }));
      // A baseline that came after the plan's first checkpoint would land inside a fence.
      if (opts.onlyIfFirst === true && ids.length > 0) return undefined;
      const checkpointId = chosenId ?? this.deps.ids.next();
      const message = `${opts.type}: ${opts.reason ?? ''}`.trim();
      const latest = onlyIfChanged ? last : undefined;
      // The gate is asked the moment the files are read: what it says binds the row written after
      // the tree and the commit (a caller may have its answer by then: core/lateCheckpoints.ts).
      let verdict: RecordingVerdict | undefined;
      const read: CapturedBefore | undefined = gate
        ? () => {
            verdict = gate.claim(checkpointId);
            return before ? before() : Promise.resolve([]);
          }
        : before;
      const snap = latest
        ? await this.deps.snapshotter.snapshotIfChanged(sandbox, pinName(id, checkpointId), message, latest.sandbox_ref, read)
        : await this.deps.snapshotter.snapshot(sandbox, pinName(id, checkpointId), message, read);
      // Pins an interrupted process left without a row: dropped once the files are read (a
      // caller may have its answer by then), sparing this checkpoint's own.
      await this.dropOrphanPins(id, snap ? [...ids, checkpointId] : ids);
      const fences = await this.deps.snapshotter.openFences(id);
      const fenced = afterCheckpoint(fences, { type: opts.type, sourceTool: opts.sourceTool, toolUseId: opts.extra?.tool_use_id, taken: snap !== undefined, at: this.deps.clock.now().toISOString() });
      if (!snap) {
        if (fenced.next !== fences) await this.keepFences(id, fenced.next);
        return undefined;
      }
      const recorded = await this.records.recordCheckpoint(pinName(id, checkpointId), () =>
        this.records.toCheckpoint(plan, checkpointId, snap, {
          checkpoint_type: opts.type,
          decision_id: opts.decisionId ?? null,
          resource_id: opts.resourceId ?? null,
          metadata: {
            reason: opts.reason ?? null,
            source_tool: opts.sourceTool ?? null,
            phase: opts.phase ?? null,
            extra: { ...opts.extra, ...(chosenId !== undefined && opts.callToken !== undefined ? { [CALL_TOKEN_EXTRA]: opts.callToken } : {}), ...(fenced.stamp !== undefined ? { [OPEN_FENCE_EXTRA]: fenced.stamp } : {}) },
          },
        }),
        true,
        // a snapshotter that never said its files were read: the gate is asked now
        verdict ?? gate?.claim(checkpointId),
      );
      // The row holds what was open: the fences are cleared after it (a failure before leaves them for the next row).
      if (fenced.next !== fences) await this.keepFences(id, fenced.next);
      await this.records.unpin(id, recorded.pruned);
      if (recorded.pruned.length > 0) await this.deps.snapshotter.collectGarbageIfWorthwhile();
      const c = recorded.checkpoint;
      this.deps.logger.info(
        `Created ${c.checkpoint_type} checkpoint ${c.checkpoint_id} of plan ${id}: ${snap.fileCount} file(s), ${c.size_bytes} bytes` +
          (snap.skipped.length ? `, ${snap.skipped.length} path(s) not captured` : '') +
          (recorded.pruned.length ? `; pruned by the retention policy: ${recorded.pruned.join(', ')}` : ''),
      );
      return recorded;
    });
  }

  /**
   * Keeps the plan's open fences; a failure is logged and changes no answer: a fence not kept
   * leaves its call's stretch read as before fences were kept, one not cleared makes the next
   * stretch unknown.
   */
  private async keepFences(planId: string, fences: readonly OpenFence[]): Promise<void> {
    try {
      await this.deps.snapshotter.keepOpenFences(planId, fences);
    } catch (error) {
      this.deps.logger.warn(`The open tool calls of plan ${planId} could not be kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Whether the plan has a checkpoint (a count: no row is read). */
  async hasCheckpoints(planId: string): Promise<boolean> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      if (!uow.plans.get(id)) throw new NotFoundError('plan', id);
      return uow.checkpoints.countForPlan(id) > 0;
    });
  }

  /** A plan's checkpoints, oldest first. */
  async listCheckpoints(planId: string): Promise<Checkpoint[]> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      if (!uow.plans.get(id)) throw new NotFoundError('plan', id);
      return uow.checkpoints.listForPlan(id);
    });
  }

  async getCheckpoint(planId: string, checkpointId: string): Promise<Checkpoint> {
    const { checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
    return checkpoint;
  }

  /**
   * The safety checkpoint a rollback took, to undo that rollback. Refused with the reason when it
   * is gone (deleted, or pruned before retention kept the latest one): not a bare "Not found".
   */
  async getUndoCheckpoint(planId: string, checkpointId: string): Promise<Checkpoint> {
    try {
      return await this.getCheckpoint(planId, checkpointId);
    } catch (error) {
      if (!(error instanceof NotFoundError && error.entity === 'checkpoint')) throw error;
      throw new BusinessRuleViolation(
        `Undo blocked: the safety checkpoint ${checkpointId} of this rollback is gone (pruned or deleted), so the files from before the rollback cannot be brought back. Nothing was changed.`,
      );
    }
  }

  async deleteCheckpoint(planId: string, checkpointId: string): Promise<void> {
    refuseReadOnly(this.deps, planId, 'deleting a checkpoint');
    const { plan, checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
    // Under the store's lock, like every other change of its refs.
    await this.deps.snapshotter.exclusive(plan.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Delete');
      await this.deps.store.write((uow) => uow.checkpoints.delete(checkpoint.checkpoint_id));
      await this.records.unpin(plan.plan_id, [checkpoint.checkpoint_id]);
      this.deps.logger.info(`Deleted checkpoint ${checkpoint.checkpoint_id} of plan ${plan.plan_id}`);
    });
  }


  /** Paths changed from one checkpoint to another, or to the sandbox as it is now. */
  async diff(planId: string, fromCheckpointId: string, toCheckpointId?: string): Promise<PathChange[]> {
    const { plan, checkpoint: from } = await this.records.findCheckpoint(planId, fromCheckpointId);
    if (toCheckpointId !== undefined) {
      const { checkpoint: to } = await this.records.findCheckpoint(planId, toCheckpointId);
      return this.deps.snapshotter.changes(from.sandbox_ref, to.sandbox_ref);
    }
    const sandbox = await this.records.requireSandbox(plan, 'Diff blocked: sandbox is missing');
    return exclusiveOnSandboxes(this.deps, plan.plan_id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Diff');
      return (await this.deps.snapshotter.changesSince(sandbox, from.sandbox_ref)).changes;
    });
  }

  /**
   * A file's content in a snapshot of the plan's store that no checkpoint names: the files as an
   * agent-only rollback would leave them (AgentOnlyPreview.target). Undefined when it does not hold
   * the file; an error when the snapshot is gone (the store drops unpinned snapshots in time).
   */
  async readFileAtSnapshot(planId: string, snapshot: string, path: string): Promise<Uint8Array | undefined> {
    const rel = RelativePathSchema.safeParse(path);
    if (!rel.success) throw new ValidationError(`path ${JSON.stringify(path)} ${describeIssues(rel.error.issues)}`);
    const oid = ObjectIdSchema.safeParse(snapshot);
    if (!oid.success) throw new ValidationError(`snapshot ${JSON.stringify(snapshot)} ${describeIssues(oid.error.issues)}`);
    await this.records.requirePlan(parseId(planId, 'plan id'));
    return this.deps.snapshotter.readFile(oid.data, rel.data);
  }

  /** A file's content at a checkpoint; undefined when the checkpoint does not hold it. */
  async readFileAt(planId: string, checkpointId: string, path: string): Promise<Uint8Array | undefined> {
    const rel = RelativePathSchema.safeParse(path);
    if (!rel.success) throw new ValidationError(`path ${JSON.stringify(path)} ${describeIssues(rel.error.issues)}`);
    const { checkpoint } = await this.records.findCheckpoint(planId, checkpointId);
    return this.deps.snapshotter.readFile(checkpoint.sandbox_ref, rel.data);
  }

  /**
   * Whether the plan's sandbox folder is gone (an isolated copy deleted by hand, or an in-place
   * folder removed): rollback, checkpoints and Start are refused until it is back.
   */
  async sandboxMissing(planId: string): Promise<boolean> {
    const plan = await this.records.requirePlan(parseId(planId, 'plan id'));
    const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
    return (await this.deps.workspace.folderIdentity(dir)) === undefined;
  }

  /** The rollback guard on the sandbox alone: refused (the reference's message) when it is missing. */
  async guardSandbox(planId: string): Promise<void> {
    await this.records.requireSandbox(await this.records.requirePlan(parseId(planId, 'plan id')), BusinessRuleViolation.sandboxMissing().message);
  }

  /**
   * A process killed between pinning a snapshot and recording its row leaves a pin without a row:
   * under the store's lock, every pin of the plan has its row, so any other is such a leftover.
   */
  private async dropOrphanPins(planId: string, checkpointIds: readonly string[]): Promise<void> {
    const pinned = await this.deps.snapshotter.pinnedCheckpoints(planId);
    const rows = new Set(checkpointIds);
    const orphans = pinned.filter((id) => !rows.has(id));
    if (orphans.length === 0) return;
    this.deps.logger.warn(`Dropping ${orphans.length} snapshot pin(s) of plan ${planId} that have no checkpoint (left by an interrupted process): ${orphans.join(', ')}`);
    await this.records.unpin(planId, orphans);
  }

  // Restoring: see RestoreService for what each does.

  previewRollback(planId: string, checkpointId: string): Promise<PathChange[]> {
    return this.restores.previewRollback(planId, checkpointId);
  }

  undoneWork(planId: string, checkpointId: string, changes: readonly PathChange[], reverting?: ReadonlySet<string>): Promise<UndoneWork[]> {
    return this.restores.undoneWork(planId, checkpointId, changes, reverting);
  }

  previewRestorePaths(planId: string, checkpointId: string, paths: readonly string[], max?: number): Promise<PathChange[]> {
    return this.restores.previewRestorePaths(planId, checkpointId, paths, max);
  }

  rollbackToCheckpoint(planId: string, checkpointId: string, attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restores.rollbackToCheckpoint(planId, checkpointId, attached, control);
  }

  async restorePaths(planId: string, checkpointId: string, paths: readonly string[], attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    refuseReadOnly(this.deps, planId, 'restoring files (a correction of it)');
    return this.restores.restorePaths(planId, checkpointId, paths, attached, control);
  }

  /** With `change`: Undo This Change, the tool call of the checkpoint taken back from one file (or one hunk of it). */
  rollbackAgentOnly(planId: string, checkpointId: string, control?: RestoreControl, scope?: AgentOnlyScope, change?: ToolCallChangeRequest, conflicts?: ConflictPolicy): Promise<RollbackOutcome> {
    return this.restores.rollbackAgentOnly(planId, checkpointId, control, scope, change, conflicts);
  }

  async revertChanges(planId: string, checkpointId: string, calls: readonly CorrectionToolCall[], paths: readonly string[], attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    refuseReadOnly(this.deps, planId, 'a correction');
    return this.restores.revertChanges(planId, checkpointId, calls, paths, attached, control);
  }

  previewRevertChanges(planId: string, checkpointId: string, calls: readonly CorrectionToolCall[], paths: readonly string[]): Promise<{ changes: PathChange[]; conflicts: AgentOnlyConflict[]; target?: string }> {
    return this.restores.previewRevertChanges(planId, checkpointId, calls, paths);
  }

  previewAgentOnlyRollback(planId: string, checkpointId: string, scope?: AgentOnlyScope, change?: ToolCallChangeRequest, conflicts?: ConflictPolicy): Promise<AgentOnlyPreview> {
    return this.restores.previewAgentOnlyRollback(planId, checkpointId, scope, change, conflicts);
  }
}
