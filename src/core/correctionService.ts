import type { AgentOnlyConflict } from './agentOnlyRollback';
import type { Checkpoint } from './checkpoint';
import { CorrectionMergeConflictError, correctionToolCalls, stretchesBetween, type CorrectionToolCall } from './correctionToolCalls';
import type { CheckpointService } from './checkpointService';
import type { RestoreControl } from './restoreService';
import { parseId, refuseReadOnly, type ServiceDeps } from './serviceDeps';
import { CorrectionModeSchema, DecisionSchema, RecordDecisionInputSchema, type Correction, type CorrectionMode, type Decision, type RecordDecisionInput } from './decision';
import { decisionWindow, revertOrder, targetCheckpoint, type ReachedDecision } from './decisionGraph';
import { BusinessRuleViolation, CorrectionConflictError, NotFoundError, ValidationError, describeIssues } from './errors';
import { isTerminal, type Plan } from './plan';
import type { PendingCorrection } from './interruptedOperation';
import type { UnitOfWork } from './ports';
import type { PathChange, RollbackOutcome } from './rollbackResult';
import type { UndoneWork } from './undoneWork';
import { plural } from './displayText';

export type CorrectionDeps = Pick<ServiceDeps, 'store' | 'clock' | 'ids' | 'logger' | 'readOnlyPlan'>;

/** A decision with the ids of the checkpoints aligned to it, oldest first. */
export interface DecisionWithCheckpoints {
  readonly decision: Decision;
  readonly checkpoint_ids: string[];
}

/** What correcting a decision would do; nothing is changed to find out. */
export interface CorrectionImpact {
  readonly plan_id: string;
  readonly decision_id: string;
  readonly mode: CorrectionMode;
  /** The corrected decision first, then its dependents breadth-first, each with its depth. */
  readonly reverted: ReachedDecision[];
  /** Where the files go back to; null when the service has no checkpoint service (files untouched). */
  readonly target_checkpoint: Checkpoint | null;
  /** `keep_independent`: the paths restored from the target (what the reverted decisions changed). */
  readonly restore_paths: string[] | null;
  /** What the files would change, as a rollback preview lists them. */
  readonly changes: PathChange[];
  /** `keep_independent`: paths also changed by decisions that stay; any blocks the correction. */
  readonly conflicts: string[];
  /**
   * `keep_independent`: the stretches of checkpoints whose changes are taken out (the reverted
   * decisions' tool calls), oldest first; empty otherwise.
   */
  readonly tool_calls: CorrectionToolCall[];
  /** `keep_independent`: restored paths someone else also changed outside those tool calls; their changes are merged back. */
  readonly kept: string[];
  /** `keep_independent`: paths where that merge is not possible (the same lines, a binary file…); any blocks the correction. */
  readonly merge_conflicts: AgentOnlyConflict[];
  /**
   * `keep_independent`: a snapshot (pinned by nothing) holding each changed path as the correction
   * would leave it, for a preview's diffs; null when there is none.
   */
  readonly after_snapshot: string | null;
  /** Other plans', and decisions' that stay, later work on these files that the restore would undo. */
  readonly undoes_work_of: UndoneWork[];
}

export interface CorrectionOutcome {
  readonly correction: Correction;
  readonly impact: CorrectionImpact;
  /** The file restore; null without a checkpoint service or when no path needed restoring. */
  readonly rollback: RollbackOutcome | null;
}

export interface UndoCorrectionOutcome {
  readonly correction: Correction;
  /** Decisions made active again. */
  readonly reactivated: string[];
  readonly rollback: RollbackOutcome | null;
}

/**
 * Decisions of a plan and their correction: "that decision was wrong" reverts it and every
 * decision built on it (a BFS over dependents), and, when a checkpoint service is given, puts the
 * files back through the checkpoint rollback (safety checkpoint, undo, journal) so that an
 * explicit rollback and a correction share one mechanism. Without one, it marks decisions and
 * touches no file, which is what the reference describes today.
 */
export class CorrectionService {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly checkpoints: CheckpointService | null = null,
  ) {}

  async recordDecision(planId: string, input: RecordDecisionInput): Promise<Decision> {
    const id = parseId(planId, 'plan id');
    refuseReadOnly(this.deps, id, 'a decision');
    const parsed = RecordDecisionInputSchema.safeParse(input);
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
    const { title, rationale, dependsOn = [], decisionId } = parsed.data;
    return this.deps.store.write((uow) => {
      const plan = requirePlan(uow, id);
      if (isTerminal(plan.state)) throw new BusinessRuleViolation('Decision blocked: plan is already applied');
      for (const on of dependsOn) {
        const other = uow.decisions.get(on);
        if (other?.state === 'reverted') throw new BusinessRuleViolation(`Decision blocked: decision ${on} it depends on was reverted`);
      }
      const decision = DecisionSchema.parse({
        decision_id: decisionId ?? this.deps.ids.next(),
        plan_id: id,
        title,
        rationale: rationale ?? null,
        state: 'active',
        created_at: this.deps.clock.now().toISOString(),
        reverted_at: null,
        reverted_by: null,
        depends_on: [...new Set(dependsOn)].sort(),
      });
      uow.decisions.insert(decision);
      return decision;
    });
  }

  /**
   * A plan's decisions, oldest first, each with its aligned checkpoints, and (`affected_by`) the
   * applied correction whose restore undid its later work while it stayed active.
   */
  async listDecisions(planId: string): Promise<DecisionWithCheckpoints[]> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      requirePlan(uow, id);
      const checkpoints = uow.checkpoints.listForPlan(id);
      const affectedBy = new Map<string, string>();
      for (const c of uow.corrections.listForPlan(id)) {
        if (c.state === 'applied') for (const d of c.affected_decisions ?? []) affectedBy.set(d, c.correction_id);
      }
      return uow.decisions.listForPlan(id).map((decision) => ({
        decision: { ...decision, affected_by: decision.state === 'active' ? (affectedBy.get(decision.decision_id) ?? null) : null },
        checkpoint_ids: checkpoints.filter((c) => c.decision_id === decision.decision_id).map((c) => c.checkpoint_id),
      }));
    });
  }

  /** A plan's corrections, oldest first. */
  async listCorrections(planId: string): Promise<Correction[]> {
    const id = parseId(planId, 'plan id');
    return this.deps.store.read((uow) => {
      requirePlan(uow, id);
      return uow.corrections.listForPlan(id);
    });
  }

  /** One of the plan's corrections; undefined when the plan has none with that id. */
  async findCorrection(planId: string, correctionId: string): Promise<Correction | undefined> {
    return (await this.listCorrections(planId)).find((c) => c.correction_id === correctionId);
  }

  /** What correcting the decision would revert and change, after the same guards as the correction. */
  async analyzeImpact(planId: string, decisionId: string, mode: CorrectionMode = 'rollback'): Promise<CorrectionImpact> {
    const m = CorrectionModeSchema.safeParse(mode);
    if (!m.success) throw new ValidationError(`mode ${JSON.stringify(mode)} ${describeIssues(m.error.issues)}`);
    const { plan, decision, decisions, checkpoints } = await this.guard(planId, decisionId);
    const reverted = revertOrder(decisions, decision);
    const base = { plan_id: plan.plan_id, decision_id: decision.decision_id, mode: m.data, reverted };
    const service = this.checkpoints;
    if (!service) {
      return { ...base, target_checkpoint: null, restore_paths: null, changes: [], conflicts: [], ...NO_MERGE, undoes_work_of: [] };
    }
    const target = targetCheckpoint(checkpoints, decision);
    if (!target) {
      throw new BusinessRuleViolation(
        `Correction blocked: no checkpoint to restore the files to (none is aligned to decision ${decision.decision_id} as pre_write, and none was taken before it)`,
      );
    }
    // Without both ends of a reverted decision's work, what it changed is not known: restoring
    // the other paths and marking it reverted would leave its work in place while saying it is gone.
    if (m.data !== 'rollback') {
      for (const r of reverted) {
        const window = decisionWindow(checkpoints, r.decision);
        if (window && window.from.checkpoint_id !== window.to.checkpoint_id) continue;
        const id = r.decision.decision_id;
        throw new BusinessRuleViolation(
          `Correction blocked: cannot revert decision ${id}${r.depth > 0 ? ` (it builds on decision ${decision.decision_id})` : ''}: its checkpoints were pruned or never taken, ` +
            'so what it changed is not known (keeping independent work needs the checkpoint before it and a later checkpoint aligned to it). Nothing was changed. ' +
            `Correcting without keeping independent work rolls the whole sandbox back to checkpoint ${target.checkpoint_id}.`,
        );
      }
    }
    const revertedIds = new Set(reverted.map((r) => r.decision.decision_id));
    const undone = (changes: PathChange[]) => service.undoneWork(plan.plan_id, target.checkpoint_id, changes, revertedIds);
    if (m.data === 'rollback') {
      const changes = await service.previewRollback(plan.plan_id, target.checkpoint_id);
      return { ...base, target_checkpoint: target, restore_paths: null, changes, conflicts: [], ...NO_MERGE, undoes_work_of: await undone(changes) };
    }
    // What a decision changed: what changed inside its tool calls (its whole window when its
    // checkpoints do not fence tool calls). Edits made between the tool calls are someone else's.
    const changedIn = async (calls: readonly CorrectionToolCall[]): Promise<Set<string>> => {
      const paths = new Set<string>();
      for (const c of calls) for (const change of await service.diff(plan.plan_id, c.from.checkpoint_id, c.to.checkpoint_id)) paths.add(change.path);
      return paths;
    };
    const toolCalls = correctionToolCalls(checkpoints, reverted.map((r) => r.decision));
    const paths = [...(await changedIn(toolCalls))].sort();
    // Decisions that stay and whose work ends after the target: what they changed must be kept.
    const keptByDecisions = new Set<string>();
    for (const d of decisions) {
      if (revertedIds.has(d.decision_id) || d.state !== 'active') continue;
      const window = decisionWindow(checkpoints, d);
      if (!window || window.to.created_at <= target.created_at) continue;
      for (const p of await changedIn(correctionToolCalls(checkpoints, [d]))) keptByDecisions.add(p);
    }
    const conflicts = paths.filter((p) => keptByDecisions.has(p));
    const merge = { tool_calls: toolCalls, kept: [] as string[], merge_conflicts: [] as AgentOnlyConflict[], after_snapshot: null as string | null };
    if (paths.length === 0 || conflicts.length > 0) return { ...base, target_checkpoint: target, restore_paths: paths, changes: [], conflicts, ...merge, undoes_work_of: [] };
    // The tool calls are taken out of the files now; what others changed in these paths since the target stays where it merges.
    const preview = await service.previewRevertChanges(plan.plan_id, target.checkpoint_id, toolCalls, paths);
    const changedByOthers = new Set<string>();
    for (const s of stretchesBetween(checkpoints, target, toolCalls)) {
      for (const change of await service.diff(plan.plan_id, s.from.checkpoint_id, s.to?.checkpoint_id)) changedByOthers.add(change.path);
    }
    const mergeConflicts = new Set(preview.conflicts.map((c) => c.path));
    merge.kept = paths.filter((p) => changedByOthers.has(p) && !mergeConflicts.has(p));
    merge.merge_conflicts = preview.conflicts;
    merge.after_snapshot = preview.target ?? null;
    // Edits made outside the tool calls are merged back, not undone: they are what this mode keeps.
    const undoes = (await undone(preview.changes)).filter((u) => u.kind !== 'outside_tool_calls');
    return { ...base, target_checkpoint: target, restore_paths: paths, changes: preview.changes, conflicts, ...merge, undoes_work_of: undoes };
  }

  /**
   * Reverts the decision and its dependents. The files are restored first (through the checkpoint
   * service: guarded, with a safety checkpoint, journaled); only then are the decisions marked, in
   * one transaction. If marking fails, the files are put back, so that decisions and files agree.
   */
  async executeRevert(planId: string, decisionId: string, mode: CorrectionMode = 'rollback', control?: RestoreControl): Promise<CorrectionOutcome> {
    refuseReadOnly(this.deps, planId, 'a correction');
    const impact = await this.analyzeImpact(planId, decisionId, mode);
    const refusal = correctionRefusal(impact);
    if (refusal) throw refusal;
    const service = this.checkpoints;
    const target = impact.target_checkpoint;
    const revertedIds = impact.reverted.map((r) => r.decision.decision_id);
    const restoring = service && target ? (impact.mode === 'rollback' ? 'all' : impact.restore_paths && impact.restore_paths.length > 0 ? 'paths' : null) : null;
    const pending: PendingCorrection = {
      correction_id: this.deps.ids.next(),
      plan_id: impact.plan_id,
      decision_id: impact.decision_id,
      mode: impact.mode,
      state: 'applied',
      reverted_decisions: revertedIds,
      restored_paths: restoring === 'paths' ? impact.restore_paths : null,
      target_checkpoint_id: target?.checkpoint_id ?? null,
      created_at: this.deps.clock.now().toISOString(),
      undone_at: null,
      // Decisions that stay but whose later work the whole-sandbox restore undoes: marked, not plainly active.
      affected_decisions: restoring === 'all' ? impact.undoes_work_of.flatMap((u) => (u.decision_id && u.plan_id === impact.plan_id ? [u.decision_id] : [])) : [],
    };
    let correction: Correction = { ...pending, undo_checkpoint_id: null };
    /** Set once the files are restored: the checkpoint that puts them back. */
    let restoredWith: string | null = null;
    const record = async (undoCheckpointId: string | null): Promise<void> => {
      restoredWith = undoCheckpointId;
      correction = { ...pending, undo_checkpoint_id: undoCheckpointId };
      await this.deps.store.write((uow) => {
        for (const id of revertedIds) {
          if (uow.decisions.get(id)?.state !== 'active') throw new BusinessRuleViolation(`Correction blocked: decision ${id} changed while the files were restored`);
        }
        recordCorrection(uow, correction);
      });
    };
    // The decisions are marked right after the files, inside the restore's record of the operation:
    // a process killed in between leaves it to `recover`, which finishes both (or undoes the files).
    const attached = { work: { correction: pending }, afterFiles: record };
    let rollback: RollbackOutcome | null = null;
    try {
      if (restoring === 'all') rollback = await service!.rollbackToCheckpoint(impact.plan_id, target!.checkpoint_id, attached, control);
      else if (restoring === 'paths') rollback = await service!.revertChanges(impact.plan_id, target!.checkpoint_id, impact.tool_calls, impact.restore_paths!, attached, control);
      else await record(null);
    } catch (error) {
      // Marking failed after the files were restored: put them back, so that decisions and files agree.
      if (restoredWith) await this.putFilesBack(impact.plan_id, restoredWith, error, 'Correction');
      throw error;
    }
    this.deps.logger.info(`Corrected decision ${impact.decision_id} of plan ${impact.plan_id} (${impact.mode}): reverted ${revertedIds.join(', ')}`);
    return { correction, impact, rollback };
  }

  /** Undoes a correction in one step: the files as they were before it, its decisions active again. */
  async undoCorrection(planId: string, correctionId: string, control?: RestoreControl): Promise<UndoCorrectionOutcome> {
    const pid = parseId(planId, 'plan id');
    refuseReadOnly(this.deps, pid, 'undoing a correction');
    const cid = parseId(correctionId, 'correction id');
    const { correction } = await this.deps.store.read((uow) => {
      const plan = requirePlan(uow, pid);
      if (isTerminal(plan.state)) throw BusinessRuleViolation.planApplied();
      const found = uow.corrections.get(cid);
      if (!found) throw new NotFoundError('correction', cid);
      if (found.plan_id !== pid) throw new ValidationError(`correction ${cid} belongs to plan ${found.plan_id}, not to plan ${pid}`);
      if (found.state === 'undone') throw new BusinessRuleViolation(`Undo blocked: correction ${cid} was already undone`);
      if (this.checkpoints) requireUndoCheckpoint(uow, found);
      return { correction: found };
    });
    const service = this.checkpoints;
    const now = this.deps.clock.now().toISOString();
    let reactivated: string[] = [];
    let restoredWith: string | null = null;
    const record = async (undoCheckpointId: string | null): Promise<void> => {
      restoredWith = undoCheckpointId;
      reactivated = await this.deps.store.write((uow) => recordUndoneCorrection(uow, correction.correction_id, now));
    };
    // As for the correction itself: marked undone inside the record of the rollback that puts its files back.
    const attached = { work: { undone_correction: { correction_id: correction.correction_id, undone_at: now } }, afterFiles: record };
    let rollback: RollbackOutcome | null = null;
    try {
      // A selective correction is undone selectively: later work on other paths stays.
      if (service && correction.undo_checkpoint_id) {
        rollback = correction.restored_paths
          ? await service.restorePaths(pid, correction.undo_checkpoint_id, correction.restored_paths, attached, control)
          : await service.rollbackToCheckpoint(pid, correction.undo_checkpoint_id, attached, control);
      } else {
        await record(null);
      }
    } catch (error) {
      if (restoredWith) await this.putFilesBack(pid, restoredWith, error, 'Undo');
      throw error;
    }
    this.deps.logger.info(`Undid correction ${cid} of plan ${pid}: ${plural(reactivated.length, 'decision')} active again`);
    return { correction: { ...correction, state: 'undone', undone_at: now }, reactivated, rollback };
  }

  /** What undoing the correction would change in the files, without changing anything (none when it restored no file). */
  async previewUndo(planId: string, correction: Pick<Correction, 'correction_id' | 'undo_checkpoint_id' | 'restored_paths'>): Promise<PathChange[]> {
    if (!this.checkpoints || !correction.undo_checkpoint_id) return [];
    await this.deps.store.read((uow) => requireUndoCheckpoint(uow, correction));
    return correction.restored_paths
      ? this.checkpoints.previewRestorePaths(planId, correction.undo_checkpoint_id, correction.restored_paths, Number.POSITIVE_INFINITY)
      : this.checkpoints.previewRollback(planId, correction.undo_checkpoint_id);
  }

  /**
   * The spec's guard order for a rollback, on a decision: the plan is not applied, its sandbox is
   * there (when files are restored), the decision exists, and it belongs to the plan; then it must
   * still be active.
   */
  private async guard(planId: string, decisionId: string): Promise<{ plan: Plan; decision: Decision; decisions: Decision[]; checkpoints: Checkpoint[] }> {
    const pid = parseId(planId, 'plan id');
    const did = parseId(decisionId, 'decision id');
    const plan = await this.deps.store.read((uow) => requirePlan(uow, pid));
    if (isTerminal(plan.state)) throw BusinessRuleViolation.planApplied();
    if (this.checkpoints) await this.checkpoints.guardSandbox(pid);
    return this.deps.store.read((uow) => {
      const decision = uow.decisions.get(did);
      if (!decision) throw new NotFoundError('decision', did);
      if (decision.plan_id !== pid) throw new ValidationError(`decision ${did} belongs to plan ${decision.plan_id}, not to plan ${pid}`);
      if (decision.state === 'reverted') throw new BusinessRuleViolation(`Correction blocked: decision ${did} is already reverted (by correction ${decision.reverted_by ?? 'unknown'})`);
      return { plan, decision, decisions: uow.decisions.listForPlan(pid), checkpoints: uow.checkpoints.listForPlan(pid) };
    });
  }

  /** After the files were restored and the decisions could not be marked: the files go back. */
  private async putFilesBack(planId: string, undoCheckpointId: string, cause: unknown, what: string): Promise<void> {
    try {
      await this.checkpoints!.rollbackToCheckpoint(planId, undoCheckpointId);
    } catch (second) {
      throw new BusinessRuleViolation(
        `${what} failed after the files were restored (${cause instanceof Error ? cause.message : String(cause)}), and putting them back failed too ` +
          `(${second instanceof Error ? second.message : String(second)}): roll back to checkpoint ${undoCheckpointId} to undo the files.`,
      );
    }
  }
}

const NO_MERGE = { tool_calls: [], kept: [], merge_conflicts: [], after_snapshot: null } as const satisfies Pick<CorrectionImpact, 'tool_calls' | 'kept' | 'merge_conflicts' | 'after_snapshot'>;

/** Why the correction cannot be done, when it cannot: paths decisions that stay changed too, or paths that cannot be merged. */
export function correctionRefusal(impact: CorrectionImpact): CorrectionConflictError | undefined {
  if (impact.conflicts.length > 0) return new CorrectionConflictError(impact.conflicts);
  if (impact.merge_conflicts.length > 0) return new CorrectionMergeConflictError(impact.merge_conflicts);
  return undefined;
}

/** The correction's row, and its decisions marked reverted by it: one transaction's work. */
export function recordCorrection(uow: UnitOfWork, correction: Correction): void {
  uow.corrections.insert(correction);
  uow.decisions.setState(correction.reverted_decisions, 'reverted', correction.correction_id, correction.created_at);
}

/** The correction marked undone, and the decisions it reverted (and nothing since) active again; which ones. */
export function recordUndoneCorrection(uow: UnitOfWork, correctionId: string, at: string): string[] {
  const correction = uow.corrections.get(correctionId);
  if (!correction) throw new NotFoundError('correction', correctionId);
  const mine = correction.reverted_decisions.filter((id) => uow.decisions.get(id)?.reverted_by === correction.correction_id);
  uow.decisions.setState(mine, 'active', null, null);
  uow.corrections.markUndone(correction.correction_id, at);
  return mine;
}

/**
 * Refuses the undo of a correction whose safety checkpoint is gone (deleted, or pruned before
 * retention kept it): the files from before it cannot come back, and its decisions must not be
 * made active over files that still lack their work.
 */
function requireUndoCheckpoint(uow: UnitOfWork, correction: Pick<Correction, 'correction_id' | 'undo_checkpoint_id'>): void {
  const id = correction.undo_checkpoint_id;
  if (id === null || uow.checkpoints.get(id)) return;
  throw new BusinessRuleViolation(
    `Undo blocked: the safety checkpoint ${id} of correction ${correction.correction_id} is gone (pruned or deleted), ` +
      'so the files from before the correction cannot be brought back. Nothing was changed.',
  );
}

/**
 * Takes {@link recordUndoneCorrection} back: the correction applied again and the decisions it
 * reverted (those active now) reverted by it again, as its files are once more.
 */
export function reapplyCorrection(uow: UnitOfWork, correctionId: string): void {
  const correction = uow.corrections.get(correctionId);
  if (!correction) throw new NotFoundError('correction', correctionId);
  const active = correction.reverted_decisions.filter((id) => uow.decisions.get(id)?.state === 'active');
  uow.decisions.setState(active, 'reverted', correction.correction_id, correction.created_at);
  uow.corrections.markApplied(correction.correction_id);
}

function requirePlan(uow: UnitOfWork, planId: string): Plan {
  const plan = uow.plans.get(planId);
  if (!plan) throw new NotFoundError('plan', planId);
  return plan;
}
