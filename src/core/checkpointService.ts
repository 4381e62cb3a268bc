import { AgentOnlyConflictError, agentOnlySummary, checkpointSpans, type AgentOnlyConflict, type AgentOnlyPreview, type AgentOnlySummary } from './agentOnlyRollback';
import { CorrectionMergeConflictError, type CorrectionToolCall } from './correctionToolCalls';
import { CheckpointSchema, CreateCheckpointOptionsSchema, type Checkpoint, type CreateCheckpointOptions } from './checkpoint';
import { BusinessRuleViolation, NotFoundError, OperationCancelled, UncapturedFilesError, ValidationError, describeIssues } from './errors';
import { ObjectIdSchema, RelativePathSchema, UlidSchema } from './ids';
import { isTerminal, type Plan } from './plan';
import type { CorrectionWork } from './interruptedOperation';
import { type CapturedBefore, type CapturedPath, type Clock, type IdGenerator, type Logger, type OperationJournal, type SandboxSnapshotter, type Snapshot, type CheckpointStore, type WorkspaceFiles } from './ports';
import { confirmSandboxes, exclusiveOnSandboxes, resolveSandbox, type ResolvedSandbox } from './lockedSandbox';
import { checkpointsToRetain } from './retainedCheckpoints';
import { mayPrune, selectCheckpointsToPrune } from './retentionPolicy';
import { isLeftAlone, parseRestorePaths } from './restorePaths';
import { nextRollbackNumber, safetyReason } from './safetyNames';
import { beginOperation, journaledApply, refuseWhileInterrupted } from './operationRecords';
import { reverseChanges, type PathChange, type RollbackOutcome } from './rollbackResult';
import { findUndoneWork, type UndoneWork } from './undoneWork';

export interface ServiceDeps {
  readonly store: CheckpointStore;
  readonly snapshotter: SandboxSnapshotter;
  readonly workspace: WorkspaceFiles;
  readonly journal: OperationJournal;
  /** This process, as journal records name it. */
  readonly processInfo: { readonly pid: number; readonly host: string; readonly process_started?: string };
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

export interface CreatedCheckpoint {
  readonly checkpoint: Checkpoint;
  /** Ids of the checkpoints the retention policy removed to make room. */
  readonly pruned: string[];
}

/** The name that pins a checkpoint in the shadow store. */
export function pinName(planId: string, checkpointId: string): string {
  return `${planId}/${checkpointId}`;
}

export function parseId(value: unknown, what: string): string {
  const parsed = UlidSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what} ${JSON.stringify(value)} ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** A correction that a rollback (or a restore of paths) carries out: recorded with it, done right after its files. */
export interface AttachedCorrection {
  readonly work: CorrectionWork;
  /** Records the correction (or its undo); given the rollback's safety checkpoint, which undoes its files. */
  readonly afterFiles: (undoCheckpointId: string) => Promise<void>;
}

/** A step of a long restore, as it goes: capturing the files as they are, then writing. */
export type RestoreStep = { readonly phase: 'safety' } | { readonly phase: 'writing'; readonly written: number; readonly total: number };

/**
 * What a caller may watch and ask of a rollback or a restore of paths: how far it got, and
 * whether to stop. Stopping is honoured only before the first write (the safety checkpoint is
 * dropped, nothing changed); once files are being written it runs to the end, and Undo Rollback
 * (its safety checkpoint) takes it back.
 */
export interface RestoreControl {
  readonly progress?: (step: RestoreStep) => void;
  /** Asked right before the first write. */
  readonly cancelled?: () => boolean;
  /** What a stop is called in its message ("Revert", "Undo"): the caller's name for the operation. */
  readonly operation?: string;
}

/** Checkpoints of a plan's sandbox: taking them, listing, comparing, and rolling back to one. */
export class CheckpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async createCheckpoint(planId: string, options: CreateCheckpointOptions = {}): Promise<CreatedCheckpoint> {
    return (await this.create(planId, options, false))!;
  }

  /**
   * A checkpoint, unless the sandbox's files are exactly its last checkpoint's (then undefined,
   * and nothing is written): what automatic checkpoints take, in one pass over the files.
   */
  /**
   * With `before`, the paths it names once the files are read are shown as captured before the
   * writes that came since (see {@link captureBeforeWrite}), here and in the no-change comparison.
   */
  async createCheckpointIfChanged(planId: string, options: CreateCheckpointOptions = {}, before?: CapturedBefore): Promise<CreatedCheckpoint | undefined> {
    return this.create(planId, options, true, before);
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

  private async create(planId: string, options: CreateCheckpointOptions, onlyIfChanged: boolean, before?: CapturedBefore): Promise<CreatedCheckpoint | undefined> {
    const id = parseId(planId, 'plan id');
    const parsed = CreateCheckpointOptionsSchema.safeParse(options);
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
    const opts = parsed.data;
    const plan = await this.requirePlan(id);
    if (isTerminal(plan.state)) throw new BusinessRuleViolation('Checkpoint blocked: plan is already applied');
    const sandbox = await this.requireSandbox(plan, 'Checkpoint blocked: sandbox is missing');
    return exclusiveOnSandboxes(this.deps, id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, id, 'Checkpoint');
      if (opts.checkpointId !== undefined) {
        const made = await this.deps.store.read((uow) => uow.checkpoints.get(opts.checkpointId!));
        if (made && made.plan_id !== id) throw new ValidationError(`checkpoint id ${opts.checkpointId} is another plan's checkpoint`);
        // Made already, by an earlier call of this same request: that one is the answer.
        if (made) return { checkpoint: made, pruned: [] };
      }
      await this.dropOrphanPins(id);
      const checkpointId = opts.checkpointId ?? this.deps.ids.next();
      const message = `${opts.type}: ${opts.reason ?? ''}`.trim();
      const latest = onlyIfChanged ? await this.deps.store.read((uow) => uow.checkpoints.listForPlan(id).at(-1)) : undefined;
      const snap = latest
        ? await this.deps.snapshotter.snapshotIfChanged(sandbox, pinName(id, checkpointId), message, latest.sandbox_ref, before)
        : await this.deps.snapshotter.snapshot(sandbox, pinName(id, checkpointId), message, before);
      if (!snap) return undefined;
      const recorded = await this.recordCheckpoint(pinName(id, checkpointId), () =>
        this.toCheckpoint(plan, checkpointId, snap, {
          checkpoint_type: opts.type,
          decision_id: opts.decisionId ?? null,
          resource_id: opts.resourceId ?? null,
          metadata: { reason: opts.reason ?? null, source_tool: opts.sourceTool ?? null, phase: opts.phase ?? null, extra: opts.extra ?? {} },
        }),
        true,
      );
      await this.unpin(id, recorded.pruned);
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

  /** A plan's checkpoints, oldest first. */
  async listCheckpoints(planId: string): Promise<Checkpoint[]> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      if (!uow.plans.get(id)) throw new NotFoundError('plan', id);
      return uow.checkpoints.listForPlan(id);
    });
  }

  async getCheckpoint(planId: string, checkpointId: string): Promise<Checkpoint> {
    const { checkpoint } = await this.findCheckpoint(planId, checkpointId);
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
    const { plan, checkpoint } = await this.findCheckpoint(planId, checkpointId);
    // Under the store's lock, like every other change of its refs.
    await this.deps.snapshotter.exclusive(plan.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Delete');
      await this.deps.store.write((uow) => uow.checkpoints.delete(checkpoint.checkpoint_id));
      await this.unpin(plan.plan_id, [checkpoint.checkpoint_id]);
      this.deps.logger.info(`Deleted checkpoint ${checkpoint.checkpoint_id} of plan ${plan.plan_id}`);
    });
  }

  /** What a rollback to the checkpoint would change, without changing anything. */
  async previewRollback(planId: string, checkpointId: string): Promise<PathChange[]> {
    return this.previewRestore(planId, checkpointId, undefined);
  }

  /**
   * Whose work a rollback to the checkpoint (changing `changes`, as its preview lists them) would
   * undo besides the plan's own: other plans over the same files, and decisions not in `reverting`.
   * What is found is advice for the confirmation: a snapshot that cannot be read is skipped (and logged).
   */
  async undoneWork(planId: string, checkpointId: string, changes: readonly PathChange[], reverting: ReadonlySet<string> = new Set()): Promise<UndoneWork[]> {
    const { plan, checkpoint } = await this.findCheckpoint(planId, checkpointId);
    if (changes.length === 0) return [];
    const { plans, checkpoints, decisions } = await this.deps.store.read((uow) => {
      const all = uow.plans.list();
      return { plans: all, checkpoints: new Map(all.map((p) => [p.plan_id, uow.checkpoints.listForPlan(p.plan_id)])), decisions: uow.decisions.listForPlan(plan.plan_id) };
    });
    return findUndoneWork({
      plan,
      target: checkpoint,
      paths: changes.map((c) => c.path),
      plans,
      checkpointsOf: (id) => checkpoints.get(id) ?? [],
      decisions,
      reverting,
      changedBetween: async (from, to) => {
        try {
          return await this.deps.snapshotter.changesWithContent(from, to);
        } catch (error) {
          this.deps.logger.warn(`Could not compare snapshots ${from} and ${to} to find whose work a rollback undoes: ${error instanceof Error ? error.message : String(error)}`);
          return [];
        }
      },
    });
  }

  /** What restoring these paths (files or folders) from the checkpoint would change, without changing anything. */
  async previewRestorePaths(planId: string, checkpointId: string, paths: readonly string[]): Promise<PathChange[]> {
    return this.previewRestore(planId, checkpointId, parseRestorePaths(paths));
  }

  /**
   * Restores the sandbox to the checkpoint after the spec's guards, and first records a safety
   * checkpoint of the current state so that the rollback can itself be rolled back.
   */
  async rollbackToCheckpoint(planId: string, checkpointId: string, attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, undefined, attached, undefined, control);
  }

  /**
   * Like a rollback, for the chosen paths only (files or folders): they become what the checkpoint
   * holds there (a path it does not hold is removed); every other path stays as it is. Same guards,
   * same safety checkpoint (rolling back to it undoes the restore), same journal.
   */
  async restorePaths(planId: string, checkpointId: string, paths: readonly string[], attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, parseRestorePaths(paths), attached, undefined, control);
  }

  /**
   * Undoes the agent and keeps the rest: of what changed since the checkpoint, only the changes
   * made inside the agent's tool calls (each fenced by a pre_write and a post_step) are taken out,
   * merged three ways onto the files as they are now (see core/agentOnlyRollback.ts). Where the
   * agent and someone else changed the same path in ways that cannot be merged, nothing is written
   * (AgentOnlyConflictError lists them). Same guards, safety checkpoint, journal and undo as a rollback.
   */
  async rollbackAgentOnly(planId: string, checkpointId: string, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, undefined, undefined, { kind: 'agent_only' }, control);
  }

  /**
   * A correction's restore that keeps others' work: the changes made in `calls` (stretches of the
   * plan's checkpoints) are taken out of the files as they are now, path by path with the same
   * three-way merge as an agent-only rollback, and only `paths` are written. Where a path cannot be
   * merged, nothing is written (CorrectionMergeConflictError). Same guards, safety checkpoint,
   * journal and undo as {@link restorePaths}.
   */
  async revertChanges(planId: string, checkpointId: string, calls: readonly CorrectionToolCall[], paths: readonly string[], attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, parseRestorePaths(paths), attached, { kind: 'tool_calls', calls }, control);
  }

  /** What {@link revertChanges} would write (the files now against the merge), and the paths it cannot merge; nothing is changed. */
  async previewRevertChanges(
    planId: string,
    checkpointId: string,
    calls: readonly CorrectionToolCall[],
    paths: readonly string[],
  ): Promise<{ changes: PathChange[]; conflicts: AgentOnlyConflict[]; target?: string }> {
    const only = parseRestorePaths(paths);
    const { checkpoint, sandbox } = await this.guardRollback(planId, checkpointId);
    return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
      const now = await this.deps.snapshotter.snapshot(sandbox, null, 'correction preview');
      const reverted = await this.deps.snapshotter.revertToolCalls(now.ref, toolCallRefs(calls));
      if (reverted.conflicts.length > 0) return { changes: [], conflicts: reverted.conflicts };
      const leaveAlone = skippedPaths(checkpoint, now);
      const changes = (await this.deps.snapshotter.changes(now.ref, reverted.target)).filter((c) => !isLeftAlone(c.path, leaveAlone) && isLeftAlone(c.path, only));
      const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
      if (uncaptured.length > 0) throw new UncapturedFilesError('Rollback', uncaptured);
      // The merge's snapshot holds more than `paths` change (only they are written), but for those it is what they become.
      return { changes, conflicts: [], target: reverted.target };
    });
  }

  /** What {@link rollbackAgentOnly} would change, keep and refuse, without changing anything. */
  async previewAgentOnlyRollback(planId: string, checkpointId: string): Promise<AgentOnlyPreview> {
    const { checkpoint, sandbox } = await this.guardRollback(planId, checkpointId);
    return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
      const now = await this.deps.snapshotter.snapshot(sandbox, null, 'agent-only rollback preview');
      const { target, summary } = await this.agentOnlyTarget(checkpoint, now.ref);
      if (summary.conflicts.length > 0) return { changes: [], summary };
      const leaveAlone = skippedPaths(checkpoint, now);
      const changes = (await this.deps.snapshotter.changes(now.ref, target)).filter((c) => !isLeftAlone(c.path, leaveAlone));
      const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
      if (uncaptured.length > 0) throw new UncapturedFilesError('Rollback', uncaptured);
      return { changes, summary, target };
    });
  }

  /**
   * The snapshot `nowRef` with the agent's tool calls since the checkpoint taken out, and what that
   * keeps and cannot do. Call it under the store's lock, with `nowRef` just taken.
   */
  private async agentOnlyTarget(checkpoint: Checkpoint, nowRef: string): Promise<{ target: string; summary: AgentOnlySummary }> {
    const list = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(checkpoint.plan_id));
    const spans = checkpointSpans(list, list.findIndex((c) => c.checkpoint_id === checkpoint.checkpoint_id));
    const refOf = (c: Checkpoint | undefined): string => c?.sandbox_ref ?? nowRef;
    // Tool calls in a row (no one else's span between them) are taken out as one.
    const calls: { before: string; after: string }[] = [];
    spans.forEach((s, i) => {
      if (!s.agent) return;
      if (i > 0 && spans[i - 1]!.agent) calls[calls.length - 1]!.after = refOf(s.to);
      else calls.push({ before: s.from.sandbox_ref, after: refOf(s.to) });
    });
    const [reverted, others] = await Promise.all([
      this.deps.snapshotter.revertToolCalls(nowRef, calls.reverse()),
      Promise.all(spans.filter((s) => !s.agent).map((s) => this.deps.snapshotter.changes(s.from.sandbox_ref, refOf(s.to)))),
    ]);
    return { target: reverted.target, summary: agentOnlySummary(spans, others.flat().map((c) => c.path), reverted.conflicts) };
  }

  private async previewRestore(planId: string, checkpointId: string, only: readonly string[] | undefined): Promise<PathChange[]> {
    const { checkpoint, sandbox } = await this.guardRollback(planId, checkpointId);
    return exclusiveOnSandboxes(this.deps, checkpoint.plan_id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      const current = await this.deps.snapshotter.changesSince(sandbox, checkpoint.sandbox_ref);
      const leaveAlone = skippedPaths(checkpoint, current);
      const changes = reverseChanges(current.changes).filter((c) => !isLeftAlone(c.path, leaveAlone) && (only === undefined || isLeftAlone(c.path, only)));
      const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
      if (uncaptured.length > 0) throw new UncapturedFilesError('Rollback', uncaptured);
      return changes;
    });
  }

  private async restore(
    planId: string,
    checkpointId: string,
    only: readonly string[] | undefined,
    attached?: AttachedCorrection,
    merge?: MergedRestore,
    control?: RestoreControl,
  ): Promise<RollbackOutcome> {
    const agentOnly = merge?.kind === 'agent_only';
    const started = this.deps.clock.now().getTime();
    const { plan, checkpoint, sandbox } = await this.guardRollback(planId, checkpointId);
    return exclusiveOnSandboxes(this.deps, plan.plan_id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, plan.plan_id, 'Rollback');
      control?.progress?.({ phase: 'safety' });
      const safetyId = this.deps.ids.next();
      const what = only === undefined ? `${agentOnly ? 'agent-only ' : ''}rollback to ${checkpoint.checkpoint_id}` : `restoring ${only.length} path(s) from ${checkpoint.checkpoint_id}`;
      const safety = await this.deps.snapshotter.snapshot(sandbox, pinName(plan.plan_id, safetyId), `safety: before ${what}`);
      const number = await this.deps.store.read((uow) => nextRollbackNumber(uow.checkpoints.listForPlan(plan.plan_id)));
      // An agent-only rollback, or a correction that keeps others' work, restores a target worked
      // out from the files just captured.
      let target = checkpoint.sandbox_ref;
      let agentSummary: AgentOnlySummary | undefined;
      if (merge) {
        try {
          if (merge.kind === 'agent_only') {
            ({ target, summary: agentSummary } = await this.agentOnlyTarget(checkpoint, safety.ref));
            if (agentSummary.conflicts.length > 0) throw new AgentOnlyConflictError(agentSummary.conflicts);
          } else {
            const reverted = await this.deps.snapshotter.revertToolCalls(safety.ref, toolCallRefs(merge.calls));
            if (reverted.conflicts.length > 0) throw new CorrectionMergeConflictError(reverted.conflicts);
            target = reverted.target;
          }
        } catch (error) {
          // Refused before anything was written or recorded: the safety snapshot is not needed.
          await this.unpin(plan.plan_id, [safetyId]);
          throw error;
        }
      }
      const safetyCheckpoint = (): Checkpoint => this.toCheckpoint(plan, safetyId, safety, {
        checkpoint_type: 'manual',
        decision_id: null,
        resource_id: null,
        metadata: {
          reason: safetyReason(number, checkpoint, only, agentOnly),
          source_tool: 'rollback',
          phase: 'rollback',
          extra: { rollback_to: checkpoint.checkpoint_id },
        },
      });
      // The safety checkpoint is recorded while the restore is worked out (which writes nothing);
      // the sandbox is written only once both are done. No pruning here: the target may be an
      // interior checkpoint, and the next checkpoint prunes.
      const [, restore] = await allOrFirstError([
        this.recordCheckpoint(pinName(plan.plan_id, safetyId), safetyCheckpoint, false),
        this.deps.snapshotter.prepareRestore(sandbox, safety.ref, target, skippedPaths(checkpoint, safety), only),
      ]);
      if (restore.uncaptured.length > 0) {
        // Refused before anything was written: the safety checkpoint is not needed.
        await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
        await this.unpin(plan.plan_id, [safetyId]);
        throw new UncapturedFilesError('Rollback', restore.uncaptured);
      }
      const settle = async () => attached?.afterFiles(safetyId);
      if (control?.cancelled?.()) {
        // The last moment a stop leaves everything as it was: the safety checkpoint goes too.
        await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
        await this.unpin(plan.plan_id, [safetyId]);
        throw new OperationCancelled(`${control.operation ?? (only === undefined ? 'Rollback' : 'Restore')} cancelled before any file was written: nothing was changed.`);
      }
      if (restore.changes.length > 0) {
        // Once more right before the first write: the safety snapshot took a while.
        await confirmSandboxes(this.deps.workspace, [sandbox]);
        // Recorded as a rollback: recovery finishes or undoes it the same way (the target is the
        // safety snapshot with the chosen paths taken from the checkpoint).
        await beginOperation(this.deps, {
          type: 'rollback',
          plan_id: plan.plan_id,
          target_checkpoint_id: checkpoint.checkpoint_id,
          undo_checkpoint_id: safetyId,
          sandbox_key: sandbox.key,
          from_ref: safety.ref,
          to_ref: restore.target,
          ...attached?.work,
        });
        const total = restore.changes.length;
        control?.progress?.({ phase: 'writing', written: 0, total });
        await journaledApply(this.deps, plan.plan_id, () => restore.apply(control?.progress && ((written, of) => control.progress!({ phase: 'writing', written, total: of }))));
        // What is attached (a correction's decisions) is done before the record goes: a process
        // killed in between leaves the record, and recovery finishes both or undoes the files.
        try {
          await settle();
        } finally {
          await this.deps.journal.end(plan.plan_id);
        }
      } else {
        await settle();
      }
      const { changes } = restore;
      this.deps.logger.info(
        `${only === undefined ? (agentOnly ? 'Took the agent’s changes out of' : 'Rolled back') : 'Restored paths of'} plan ${plan.plan_id} from ${checkpoint.checkpoint_id}: ${changes.length} path(s)` +
          (agentSummary ? `, ${agentSummary.kept.length} path(s) changed by others kept` : '') +
          `; undo with ${safetyId}`,
      );
      return {
        plan_id: plan.plan_id,
        result: { restored_files_count: changes.length, changed_paths: changes, from_checkpoint_id: checkpoint.checkpoint_id },
        undo_checkpoint_id: safetyId,
        elapsed_seconds: (this.deps.clock.now().getTime() - started) / 1000,
        ...(agentSummary ? { agent_only: agentSummary } : {}),
      };
    });
  }

  /** Paths changed from one checkpoint to another, or to the sandbox as it is now. */
  async diff(planId: string, fromCheckpointId: string, toCheckpointId?: string): Promise<PathChange[]> {
    const { plan, checkpoint: from } = await this.findCheckpoint(planId, fromCheckpointId);
    if (toCheckpointId !== undefined) {
      const { checkpoint: to } = await this.findCheckpoint(planId, toCheckpointId);
      return this.deps.snapshotter.changes(from.sandbox_ref, to.sandbox_ref);
    }
    const sandbox = await this.requireSandbox(plan, 'Diff blocked: sandbox is missing');
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
    await this.requirePlan(parseId(planId, 'plan id'));
    return this.deps.snapshotter.readFile(oid.data, rel.data);
  }

  /** A file's content at a checkpoint; undefined when the checkpoint does not hold it. */
  async readFileAt(planId: string, checkpointId: string, path: string): Promise<Uint8Array | undefined> {
    const rel = RelativePathSchema.safeParse(path);
    if (!rel.success) throw new ValidationError(`path ${JSON.stringify(path)} ${describeIssues(rel.error.issues)}`);
    const { checkpoint } = await this.findCheckpoint(planId, checkpointId);
    return this.deps.snapshotter.readFile(checkpoint.sandbox_ref, rel.data);
  }

  /**
   * Whether the plan's sandbox folder is gone (an isolated copy deleted by hand, or an in-place
   * folder removed): rollback, checkpoints and Start are refused until it is back.
   */
  async sandboxMissing(planId: string): Promise<boolean> {
    const plan = await this.requirePlan(parseId(planId, 'plan id'));
    const dir = await this.deps.workspace.resolveSandbox(plan.sandbox_path);
    return (await this.deps.workspace.folderIdentity(dir)) === undefined;
  }

  /** The rollback guard on the sandbox alone: refused (the reference's message) when it is missing. */
  async guardSandbox(planId: string): Promise<void> {
    await this.requireSandbox(await this.requirePlan(parseId(planId, 'plan id')), BusinessRuleViolation.sandboxMissing().message);
  }

  private async guardRollback(planId: string, checkpointId: string): Promise<{ plan: Plan; checkpoint: Checkpoint; sandbox: ResolvedSandbox }> {
    const { plan, checkpoint } = await this.findCheckpoint(planId, checkpointId);
    if (isTerminal(plan.state)) throw BusinessRuleViolation.planApplied();
    const sandbox = await this.requireSandbox(plan, BusinessRuleViolation.sandboxMissing().message);
    return { plan, checkpoint, sandbox };
  }

  /** The spec's guard order: the checkpoint exists, then it belongs to the plan. */
  private async findCheckpoint(planId: string, checkpointId: string): Promise<{ plan: Plan; checkpoint: Checkpoint }> {
    const pid = parseId(planId, 'plan id');
    const cid = parseId(checkpointId, 'checkpoint id');
    return this.deps.store.read((uow) => {
      const checkpoint = uow.checkpoints.get(cid);
      if (!checkpoint) throw new NotFoundError('checkpoint', cid);
      if (checkpoint.plan_id !== pid) {
        throw new ValidationError(`checkpoint ${cid} belongs to plan ${checkpoint.plan_id}, not to plan ${pid}`);
      }
      const plan = uow.plans.get(pid);
      if (!plan) throw new NotFoundError('plan', pid);
      return { plan, checkpoint };
    });
  }

  private async requirePlan(planId: string): Promise<Plan> {
    const plan = await this.deps.store.read((uow) => uow.plans.get(planId));
    if (!plan) throw new NotFoundError('plan', planId);
    return plan;
  }

  private requireSandbox(plan: Plan, missingMessage: string): Promise<ResolvedSandbox> {
    return resolveSandbox(this.deps.workspace, plan.plan_id, plan.sandbox_path, () => new BusinessRuleViolation(missingMessage));
  }

  private toCheckpoint(plan: Plan, checkpointId: string, snap: Snapshot, fields: Pick<Checkpoint, 'checkpoint_type' | 'decision_id' | 'resource_id'> & { metadata: Omit<Checkpoint['metadata'], 'skipped' | 'file_count'> }): Checkpoint {
    return CheckpointSchema.parse({
      checkpoint_id: checkpointId,
      plan_id: plan.plan_id,
      sandbox_ref: snap.ref,
      filesystem_path: snap.filesystemPath,
      size_bytes: snap.sizeBytes,
      created_at: this.deps.clock.now().toISOString(),
      ...fields,
      metadata: { ...fields.metadata, file_count: snap.fileCount, skipped: snap.skipped },
    });
  }

  /**
   * Stores the checkpoint (and prunes, when asked) in one transaction. Its snapshot is pinned
   * already: if the row cannot be made or stored, the pin goes too. Pruning spares what an undo
   * or a correction needs (checkpointsToRetain), read in the same transaction.
   */
  private async recordCheckpoint(pin: string, make: () => Checkpoint, prune: boolean): Promise<CreatedCheckpoint> {
    try {
      const row = make();
      const pruned = await this.deps.store.write((uow) => {
        const plan = uow.plans.get(row.plan_id);
        if (!plan) throw new NotFoundError('plan', row.plan_id);
        uow.checkpoints.insert(row);
        if (!prune) return [];
        const all = uow.checkpoints.listForPlan(plan.plan_id);
        if (!mayPrune(all.length, plan.retention)) return [];
        const retained = checkpointsToRetain(all, uow.decisions.listForPlan(plan.plan_id), uow.corrections.listForPlan(plan.plan_id));
        const victims = selectCheckpointsToPrune(all.map((c) => c.checkpoint_id), plan.retention, retained);
        for (const v of victims) uow.checkpoints.delete(v);
        return victims;
      });
      return { checkpoint: row, pruned };
    } catch (error) {
      await this.unpinQuietly([pin]);
      throw error;
    }
  }

  /**
   * A process killed between pinning a snapshot and recording its row leaves a pin without a row:
   * under the store's lock, every pin of the plan has its row, so any other is such a leftover.
   */
  private async dropOrphanPins(planId: string): Promise<void> {
    const [pinned, rows] = await Promise.all([this.deps.snapshotter.pinnedCheckpoints(planId), this.deps.store.read((uow) => new Set(uow.checkpoints.listForPlan(planId).map((c) => c.checkpoint_id)))]);
    const orphans = pinned.filter((id) => !rows.has(id));
    if (orphans.length === 0) return;
    this.deps.logger.warn(`Dropping ${orphans.length} snapshot pin(s) of plan ${planId} that have no checkpoint (left by an interrupted process): ${orphans.join(', ')}`);
    await this.unpin(planId, orphans);
  }

  private unpin(planId: string, checkpointIds: readonly string[]): Promise<void> {
    return this.unpinQuietly(checkpointIds.map((c) => pinName(planId, c)));
  }

  /** Unpinning can fail without harm (an orphan pin only costs disk): log, don't fail the operation. */
  private async unpinQuietly(pins: readonly string[]): Promise<void> {
    if (pins.length === 0) return;
    try {
      await this.deps.snapshotter.unpin(pins);
    } catch (error) {
      this.deps.logger.warn(`Could not drop the shadow-store pins ${pins.join(', ')}: ${String(error)}`);
    }
  }
}

/** Like Promise.all, but settles only when every task has: nothing still runs after a failure. */
async function allOrFirstError<T extends readonly unknown[]>(tasks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Paths either snapshot left out: a rollback never touches them. */
function skippedPaths(checkpoint: Checkpoint, current: Pick<Snapshot, 'skipped'>): string[] {
  return [...checkpoint.metadata.skipped.map((s) => s.path), ...current.skipped.map((s) => s.path)];
}

/** How a restore works out its target from the files it just captured: an agent-only rollback's, or a correction's tool calls taken out. */
type MergedRestore = { readonly kind: 'agent_only' } | { readonly kind: 'tool_calls'; readonly calls: readonly CorrectionToolCall[] };

/** The stretches to take out as snapshots, newest first (each is merged onto the result of the one after it). */
function toolCallRefs(calls: readonly CorrectionToolCall[]): { before: string; after: string }[] {
  return calls.map((c) => ({ before: c.from.sandbox_ref, after: c.to.sandbox_ref })).reverse();
}
