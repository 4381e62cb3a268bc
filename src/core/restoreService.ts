import { LateCheckpointRollbackError, isLateCheckpoint } from './lateCheckpoints';
import { AgentOnlyConflictError, MARKER_LABELS, agentOnlySummary, type AgentOnlyConflict, type AgentOnlyPreview, type AgentOnlySummary, type ConflictPolicy, type ToolCallRefs } from './agentOnlyRollback';
import { ShortIds, workspaceIds } from './shortIds';
import { scopeStart, scopedToolCalls, type AgentOnlyScope } from './agentOnlyScope';
import type { AuthoredStretch, ToolCallAuthor } from './authorship';
import { isFenced, type AuthorshipRecord } from './authorship';
import { readAuthorship } from './authorshipReader';
import { oncePerPath, undoneByRecord } from './undoneByRecord';
import type { Checkpoint } from './checkpoint';
import type { CheckpointRecords } from './checkpointRecords';
import { CorrectionMergeConflictError, type CorrectionToolCall } from './correctionToolCalls';
import { OperationCancelled, UncapturedFilesError } from './errors';
import type { CorrectionWork } from './interruptedOperation';
import { confirmSandboxes, exclusiveOnSandboxes } from './lockedSandbox';
import { beginOperation, journaledApply, refuseWhileInterrupted } from './operationRecords';
import type { Plan } from './plan';
import type { Snapshot } from './ports';
import { MAX_RESTORE_PATHS, parseRestorePaths, pathsMatcher } from './restorePaths';
import { reverseChanges, type PathChange, type RollbackOutcome } from './rollbackResult';
import { nextRollbackNumber, safetyReason } from './safetyNames';
import { pinName, type ServiceDeps } from './serviceDeps';
import { findUndoneWork, type UndoneWork } from './undoneWork';
import { assertToolCallFence, narrowedToolCall, type ToolCallChangeRequest } from './toolCallChange';

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

/**
 * Rolling a plan's sandbox back to a checkpoint (all of it, chosen paths, the agent's changes
 * only, or a correction's tool calls), and previewing each: every restore first records a safety
 * checkpoint of the files as they are, which undoes it.
 */
export class RestoreService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly records: CheckpointRecords,
  ) {}

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
    const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
    if (changes.length === 0) return [];
    const { plans, checkpoints, decisions } = await this.deps.store.read((uow) => {
      const all = uow.plans.list();
      return { plans: all, checkpoints: new Map(all.map((p) => [p.plan_id, uow.checkpoints.listForPlan(p.plan_id)])), decisions: uow.decisions.listForPlan(plan.plan_id) };
    });
    const paths = changes.map((c) => c.path);
    // The authorship record names the edits made outside tool calls and other sessions' tool
    // calls; plans no hook fences are still found by what they recorded first.
    let record: AuthorshipRecord | undefined;
    try {
      const now = await this.deps.snapshotter.exclusive(plan.plan_id, () => this.deps.snapshotter.snapshot(sandbox, null, 'whose work a rollback undoes'));
      record = await readAuthorship(this.deps, plan, checkpoint, now.ref);
    } catch (error) {
      this.deps.logger.warn(`Could not tell whose changes a rollback of plan ${plan.plan_id} undoes: ${error instanceof Error ? error.message : String(error)}`);
    }
    const fenced = (id: string) => isFenced(checkpoints.get(id) ?? []);
    const found = await findUndoneWork({
      plan,
      target: checkpoint,
      paths,
      plans: record ? plans.filter((p) => p.plan_id === plan.plan_id || !fenced(p.plan_id)) : plans,
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
    if (!record) return found;
    return oncePerPath(found, undoneByRecord(record, paths, plans));
  }

  /**
   * What restoring these paths (files or folders) from the checkpoint would change, without
   * changing anything. `max`: how many paths may be named (a correction's own list has no limit).
   */
  async previewRestorePaths(planId: string, checkpointId: string, paths: readonly string[], max = MAX_RESTORE_PATHS): Promise<PathChange[]> {
    return this.previewRestore(planId, checkpointId, parseRestorePaths(paths, max));
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
    // A correction's undo restores the paths the correction worked out: as many as it restored.
    return this.restore(planId, checkpointId, parseRestorePaths(paths, attached ? Number.POSITIVE_INFINITY : MAX_RESTORE_PATHS), attached, undefined, control);
  }

  /**
   * Undoes the agent and keeps the rest: of what changed since the checkpoint, only the changes
   * made inside the agent's tool calls (each fenced by a pre_write and a post_step) are taken out,
   * merged three ways onto the files as they are now (see core/agentOnlyRollback.ts). Where the
   * agent and someone else changed the same path in ways that cannot be merged, nothing is written
   * (AgentOnlyConflictError lists them); with `conflicts` 'markers', a path where both changed the
   * same lines is written with conflict markers instead (the summary's `conflict_markers`). Same
   * guards, safety checkpoint, journal and undo as a rollback.
   */
  async rollbackAgentOnly(planId: string, checkpointId: string, control?: RestoreControl, scope: AgentOnlyScope = 'session', change?: ToolCallChangeRequest, conflicts: ConflictPolicy = 'refuse'): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, undefined, undefined, { kind: 'agent_only', scope: change ? 'tool_call' : scope, conflicts, ...(change ? { change } : {}) }, control);
  }

  /**
   * A correction's restore that keeps others' work: the changes made in `calls` (stretches of the
   * plan's checkpoints) are taken out of the files as they are now, path by path with the same
   * three-way merge as an agent-only rollback, and only `paths` are written. Where a path cannot be
   * merged, nothing is written (CorrectionMergeConflictError). Same guards, safety checkpoint,
   * journal and undo as {@link restorePaths}.
   */
  async revertChanges(planId: string, checkpointId: string, calls: readonly CorrectionToolCall[], paths: readonly string[], attached?: AttachedCorrection, control?: RestoreControl): Promise<RollbackOutcome> {
    return this.restore(planId, checkpointId, parseRestorePaths(paths, Number.POSITIVE_INFINITY), attached, { kind: 'tool_calls', calls }, control);
  }

  /** What {@link revertChanges} would write (the files now against the merge), and the paths it cannot merge; nothing is changed. */
  async previewRevertChanges(
    planId: string,
    checkpointId: string,
    calls: readonly CorrectionToolCall[],
    paths: readonly string[],
  ): Promise<{ changes: PathChange[]; conflicts: AgentOnlyConflict[]; target?: string }> {
    const only = pathsMatcher(parseRestorePaths(paths, Number.POSITIVE_INFINITY));
    const { checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
    return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
      const now = await this.deps.snapshotter.snapshot(sandbox, null, 'correction preview');
      const reverted = await this.deps.snapshotter.revertToolCalls(now.ref, toolCallRefs(calls));
      if (reverted.conflicts.length > 0) return { changes: [], conflicts: reverted.conflicts };
      const leftAlone = pathsMatcher(skippedPaths(checkpoint, now));
      const changes = (await this.deps.snapshotter.changes(now.ref, reverted.target)).filter((c) => !leftAlone(c.path) && only(c.path));
      const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
      if (uncaptured.length > 0) throw new UncapturedFilesError('Rollback', uncaptured);
      // The merge's snapshot holds more than `paths` change (only they are written), but for those it is what they become.
      return { changes, conflicts: [], target: reverted.target };
    });
  }

  /** What {@link rollbackAgentOnly} would change, keep and refuse, without changing anything. */
  async previewAgentOnlyRollback(planId: string, checkpointId: string, scope: AgentOnlyScope = 'session', change?: ToolCallChangeRequest, conflicts: ConflictPolicy = 'refuse'): Promise<AgentOnlyPreview> {
    const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
    return this.deps.snapshotter.exclusive(checkpoint.plan_id, async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      // An unpinned snapshot: the files now, as a tree to merge onto; nothing is recorded.
      const now = await this.deps.snapshotter.snapshot(sandbox, null, 'agent-only rollback preview');
      const { target, summary } = await this.agentOnlyTarget(plan, checkpoint, now.ref, change ? 'tool_call' : scope, change, conflicts);
      if (summary.conflicts.length > 0) return { changes: [], summary };
      const leftAlone = pathsMatcher(skippedPaths(checkpoint, now));
      const changes = (await this.deps.snapshotter.changes(now.ref, target)).filter((c) => !leftAlone(c.path));
      const uncaptured = await this.deps.snapshotter.uncapturedInTheWay(sandbox, changes);
      if (uncaptured.length > 0) throw new UncapturedFilesError('Rollback', uncaptured);
      return { changes, summary, target };
    });
  }

  /**
   * The snapshot `nowRef` with the agent's tool calls since the checkpoint taken out, and what that
   * keeps and cannot do. Call it under the store's lock, with `nowRef` just taken. With `change`
   * (scope `tool_call`): only that tool call's change to one file, or one hunk of it (Undo This Change).
   */
  private async agentOnlyTarget(
    plan: Plan,
    checkpoint: Checkpoint,
    nowRef: string,
    scope: AgentOnlyScope,
    change: ToolCallChangeRequest | undefined,
    policy: ConflictPolicy,
  ): Promise<{ target: string; summary: AgentOnlySummary }> {
    // Read after its caller, the agent, had been answered: its files may hold the agent's first
    // changes, so whose work came after it cannot be told (core/lateCheckpoints.ts).
    if (isLateCheckpoint(checkpoint)) throw new LateCheckpointRollbackError(checkpoint.checkpoint_id);
    if (change) assertToolCallFence(checkpoint);
    const list = await this.deps.store.read((uow) => uow.checkpoints.listForPlan(checkpoint.plan_id));
    const start = scopeStart(list, checkpoint, scope);
    const record = await readAuthorship(this.deps, plan, start, nowRef);
    const takenOut = scopedToolCalls(list, start, record.stretches, scope);
    if (change) return this.toolCallChangeTarget(record, nowRef, takenOut, change, policy);
    const taken = (s: AuthoredStretch): boolean => s.author.kind === 'tool_call' && takenOut(s.author);
    // Tool calls in a row (no one else's stretch between them) are taken out as one.
    const calls: { before: string; after: string; ids: string[] }[] = [];
    record.stretches.forEach((s, i) => {
      if (s.author.kind !== 'tool_call' || !taken(s)) return;
      const after = s.to?.sandbox_ref ?? nowRef;
      if (i > 0 && taken(record.stretches[i - 1]!)) {
        calls[calls.length - 1]!.after = after;
        calls[calls.length - 1]!.ids.push(s.author.checkpoint_id);
      } else calls.push({ before: s.from.sandbox_ref, after, ids: [s.author.checkpoint_id] });
    });
    const reverted = await this.deps.snapshotter.revertToolCalls(nowRef, await this.withMarkerLabels(calls.reverse(), policy));
    const written = reverted.conflicts.length > 0 ? [] : (await this.deps.snapshotter.changes(nowRef, reverted.target)).map((c) => c.path);
    return { target: reverted.target, summary: agentOnlySummary(record, scope, takenOut, written, reverted.conflicts, reverted.marked) };
  }

  /** The calls to take out, each with its side's label for conflict markers when they are asked for (the tool calls by their short ids). */
  private async withMarkerLabels(calls: readonly { before: string; after: string; ids: readonly string[] }[], policy: ConflictPolicy): Promise<ToolCallRefs[]> {
    if (policy !== 'markers') return calls.map(({ before, after }) => ({ before, after }));
    const short = new ShortIds(await workspaceIds(this.deps));
    return calls.map(({ before, after, ids }) => ({ before, after, markerLabel: MARKER_LABELS.without(ids.map((id) => short.of(id))) }));
  }

  /** Undo This Change: the first stretch of `record` (the tool call, as scopedToolCalls found it) narrowed to one file or hunk, taken out of `nowRef`. */
  private async toolCallChangeTarget(
    record: AuthorshipRecord,
    nowRef: string,
    takenOut: (call: ToolCallAuthor) => boolean,
    request: ToolCallChangeRequest,
    policy: ConflictPolicy,
  ): Promise<{ target: string; summary: AgentOnlySummary }> {
    const stretch = record.stretches[0]!;
    const call = { before: stretch.from.sandbox_ref, after: stretch.to?.sandbox_ref ?? nowRef, checkpointId: stretch.author.kind === 'tool_call' ? stretch.author.checkpoint_id : stretch.from.checkpoint_id };
    const { refs, change } = await narrowedToolCall(this.deps.snapshotter, call, request);
    const [labelled] = await this.withMarkerLabels([{ ...refs, ids: [call.checkpointId] }], policy);
    const reverted = await this.deps.snapshotter.revertToolCalls(nowRef, [labelled!]);
    const written = reverted.conflicts.length > 0 ? [] : (await this.deps.snapshotter.changes(nowRef, reverted.target)).map((c) => c.path);
    // What is kept and merged is about this one file: the call's other files are not in question.
    const onePath: AuthorshipRecord = { ...record, changes: record.changes.filter((c) => c.path === change.path) };
    const summary: AgentOnlySummary = { ...agentOnlySummary(onePath, 'tool_call', takenOut, written, reverted.conflicts, reverted.marked), change };
    return { target: reverted.target, summary };
  }

  private async previewRestore(planId: string, checkpointId: string, only: readonly string[] | undefined): Promise<PathChange[]> {
    const { checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
    return exclusiveOnSandboxes(this.deps, checkpoint.plan_id, [sandbox], async () => {
      await refuseWhileInterrupted(this.deps, checkpoint.plan_id, 'Rollback');
      const current = await this.deps.snapshotter.changesSince(sandbox, checkpoint.sandbox_ref);
      const leftAlone = pathsMatcher(skippedPaths(checkpoint, current));
      const chosen = only === undefined ? () => true : pathsMatcher(only);
      const changes = reverseChanges(current.changes).filter((c) => !leftAlone(c.path) && chosen(c.path));
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
    const { plan, checkpoint, sandbox } = await this.records.guardRollback(planId, checkpointId);
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
            ({ target, summary: agentSummary } = await this.agentOnlyTarget(plan, checkpoint, safety.ref, merge.scope, merge.change, merge.conflicts));
            if (agentSummary.conflicts.length > 0) throw new AgentOnlyConflictError(agentSummary.conflicts);
          } else {
            const reverted = await this.deps.snapshotter.revertToolCalls(safety.ref, toolCallRefs(merge.calls));
            if (reverted.conflicts.length > 0) throw new CorrectionMergeConflictError(reverted.conflicts);
            target = reverted.target;
          }
        } catch (error) {
          // Refused before anything was written or recorded: the safety snapshot is not needed.
          await this.records.unpin(plan.plan_id, [safetyId]);
          throw error;
        }
      }
      const safetyCheckpoint = (): Checkpoint => this.records.toCheckpoint(plan, safetyId, safety, {
        checkpoint_type: 'manual',
        decision_id: null,
        resource_id: null,
        metadata: {
          reason: safetyReason(number, checkpoint, only, agentOnly, merge?.kind === 'agent_only' ? merge.change : undefined),
          source_tool: 'rollback',
          phase: 'rollback',
          // A merged restore's result is no checkpoint's: named, so that the authorship record can
          // tell the paths it wrote from changes made after it.
          extra: { rollback_to: checkpoint.checkpoint_id, ...(target === checkpoint.sandbox_ref ? {} : { restored_ref: target }) },
        },
      });
      // The safety checkpoint is recorded while the restore is worked out (which writes nothing);
      // the sandbox is written only once both are done. No pruning here: the target may be an
      // interior checkpoint, and the next checkpoint prunes.
      const [, restore] = await allOrFirstError([
        this.records.recordCheckpoint(pinName(plan.plan_id, safetyId), safetyCheckpoint, false),
        this.deps.snapshotter.prepareRestore(sandbox, safety.ref, target, skippedPaths(checkpoint, safety), only),
      ]);
      if (restore.uncaptured.length > 0) {
        // Refused before anything was written: the safety checkpoint is not needed.
        await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
        await this.records.unpin(plan.plan_id, [safetyId]);
        throw new UncapturedFilesError('Rollback', restore.uncaptured);
      }
      const settle = async () => attached?.afterFiles(safetyId);
      if (control?.cancelled?.()) {
        // The last moment a stop leaves everything as it was: the safety checkpoint goes too.
        await this.deps.store.write((uow) => uow.checkpoints.delete(safetyId));
        await this.records.unpin(plan.plan_id, [safetyId]);
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
type MergedRestore =
  | { readonly kind: 'agent_only'; readonly scope: AgentOnlyScope; readonly conflicts: ConflictPolicy; readonly change?: ToolCallChangeRequest }
  | { readonly kind: 'tool_calls'; readonly calls: readonly CorrectionToolCall[] };

/** The stretches to take out as snapshots, newest first (each is merged onto the result of the one after it). */
function toolCallRefs(calls: readonly CorrectionToolCall[]): { before: string; after: string }[] {
  return calls.map((c) => ({ before: c.from.sandbox_ref, after: c.to.sandbox_ref })).reverse();
}
