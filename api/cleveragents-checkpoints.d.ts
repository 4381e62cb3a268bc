/**
 * The API of the CleverAgents Checkpoints extension (`cleveragents.cleveragents-checkpoints`), for
 * other extensions, such as agents that edit files in a plan's sandbox. Copy this file into your
 * extension, then:
 *
 * ```ts
 * import type { CleverAgentsCheckpointsApi } from './cleveragents-checkpoints';
 * const ext = vscode.extensions.getExtension<CleverAgentsCheckpointsApi>('cleveragents.cleveragents-checkpoints');
 * const checkpoints = await ext?.activate();
 * const result = await checkpoints.runToolCall({ planId, scope: 'both', toolName: 'write-file' }, async () => {
 *   await vscode.workspace.fs.writeFile(uri, content);
 *   return 'done';
 * });
 * ```
 *
 * Every argument is validated; a bad one rejects with an error whose message starts with
 * "Validation Error". A refused operation rejects with the spec's message (e.g. "Rollback blocked:
 * plan is already applied", "Not found: checkpoint"). The errors the extension raises carry a
 * `type` (see CheckpointsErrorType): test that rather than the class name. In an untrusted
 * workspace (Restricted Mode) everything but `listCheckpoints`, `listDecisions` and `interruptedOperation` rejects, as the rest runs git.
 * Plan and checkpoint ids are ULIDs; a plan is found in whichever workspace folder's database
 * holds it. Field names are those of the spec and of the `agents` CLI's JSON output.
 */

export type CheckpointType = 'pre_write' | 'post_step' | 'manual';

/** `error.type` of the errors the API rejects with, as the CLI's JSON names them. */
export type CheckpointsErrorType = 'BusinessRuleViolation' | 'NotFound' | 'ValidationError' | 'StoreError' | 'SandboxError' | 'CorrectionConflict';

/** Which checkpoints a tool call gets: none, one before it, one after it, or both. */
export type CheckpointScope = 'none' | 'pre_write' | 'post_step' | 'both';

export type ChangeKind = 'added' | 'modified' | 'deleted';

/**
 * A plan's lifecycle: `draft` → `executing` → `completed` or `failed` (both can be started again);
 * any state but the final ones can be cancelled or applied; `applied` and `cancelled` are final.
 */
export type PlanState = 'draft' | 'executing' | 'completed' | 'failed' | 'applied' | 'cancelled';

/** The lifecycle's verbs: `start` → executing, `complete` → completed, `fail` → failed, `cancel` → cancelled. */
export type PlanLifecycleAction = 'start' | 'complete' | 'fail' | 'cancel';

/** A plan, as `agents plan show --format json` prints it. */
export interface Plan {
  readonly plan_id: string;
  readonly title: string;
  readonly state: PlanState;
  /** Relative to the workspace folder; `.` is the folder itself. */
  readonly sandbox_path: string;
  readonly sandbox_kind: 'in_place' | 'isolated';
  readonly base_ref: string | null;
  readonly retention: { readonly max_checkpoints: number; readonly auto_prune: boolean };
  readonly created_at: string;
  readonly updated_at: string;
}

export interface ConfirmOptions {
  /** Ask the user first with the extension's modal; the promise resolves to `undefined` when they decline. Default false. */
  readonly confirm?: boolean;
}

/** What deleting a plan removed. */
export interface DeletedPlan {
  readonly plan_id: string;
  readonly checkpoint_ids: readonly string[];
  /** The isolated sandbox folder removed, relative to the workspace folder; null for a plan in place. */
  readonly removed_sandbox: string | null;
}

export interface Checkpoint {
  readonly checkpoint_id: string;
  readonly plan_id: string;
  /** The snapshot's git object id in the extension's shadow store (never the user's own .git). */
  readonly sandbox_ref: string;
  readonly decision_id: string | null;
  readonly checkpoint_type: CheckpointType;
  readonly resource_id: string | null;
  /** Relative to the checkpoint directory, `.cleveragents/checkpoints/`. */
  readonly filesystem_path: string;
  readonly size_bytes: number;
  /** ISO-8601, UTC. */
  readonly created_at: string;
  readonly metadata: {
    readonly reason: string | null;
    readonly source_tool: string | null;
    readonly phase: string | null;
    readonly extra: Readonly<Record<string, string>>;
    readonly file_count?: number;
    /**
     * Paths the snapshot left out (too large, nested repositories, unreadable files, names that are
     * not UTF-8, FIFOs, sockets and devices); rollback and apply never touch them.
     */
    readonly skipped: readonly {
      readonly path: string;
      readonly reason: 'too_large' | 'nested_repository' | 'unreadable' | 'name_not_utf8' | 'special_file' | 'withheld';
      readonly size_bytes?: number;
      /** For a special file: what it is. */
      readonly file_type?: 'fifo' | 'socket' | 'block_device' | 'character_device';
    }[];
  };
}

/** A path relative to the plan's sandbox (POSIX separators), and how it differs. */
export interface PathChange {
  readonly path: string;
  readonly change: ChangeKind;
}

/** The rollback's JSON envelope, as `agents plan rollback --format json` prints it. */
export interface RollbackEnvelope {
  readonly rollback_summary: { readonly plan_id: string; readonly from_checkpoint_id: string; readonly restored_files_count: number };
  readonly changes_reverted: readonly string[];
  readonly impact: { readonly files_affected: number };
  /** `undo_checkpoint_id`: the safety checkpoint taken just before; rolling back to it undoes the rollback. */
  readonly post_rollback_state: { readonly active_checkpoint: string; readonly plan_id: string; readonly undo_checkpoint_id: string };
  readonly timing: { readonly elapsed_seconds: number };
  readonly messages: readonly string[];
}

export interface CreateCheckpointOptions {
  /** Default `manual`. */
  readonly type?: CheckpointType;
  /** Why (shown as the checkpoint's label); at most 1000 characters. */
  readonly reason?: string;
  readonly sourceTool?: string;
  readonly phase?: string;
  readonly decisionId?: string;
  readonly resourceId?: string;
  readonly extra?: Readonly<Record<string, string>>;
}

export interface RollbackOptions {
  /**
   * Ask the user first with the extension's modal confirmation (it lists what will change); the
   * promise resolves to `undefined` when they decline. Default false: the agent decided. Either
   * way, unsaved editors on paths the rollback changes refuse the rollback when the user is not asked.
   */
  readonly confirm?: boolean;
  /** Show the result in the rollback panel (reverted paths, diffs, Undo). Default false. */
  readonly showPanel?: boolean;
}

export interface ToolCall {
  readonly planId: string;
  readonly scope: CheckpointScope;
  /** Recorded as the checkpoints' `source_tool`. */
  readonly toolName: string;
  readonly reason?: string;
  /** Default `execute`. */
  readonly phase?: string;
  readonly decisionId?: string;
  readonly resourceId?: string;
}

/**
 * An operation that writes a sandbox's files (a rollback, an apply into the workspace, the cleanup
 * of an isolated sandbox) whose process died before it was done. Until it is recovered, the plan
 * refuses every write.
 */
export interface InterruptedOperation {
  readonly type: 'rollback' | 'apply' | 'cleanup';
  readonly plan_id: string;
  /** The checkpoint a rollback was going to; null for apply and cleanup. */
  readonly target_checkpoint_id: string | null;
  /** The safety checkpoint that undoes the rollback; null for apply and cleanup. */
  readonly undo_checkpoint_id: string | null;
  readonly started_at: string;
  /** The process that recorded it; while it runs, the operation is under way, not interrupted. */
  readonly process: { readonly pid: number; readonly host: string };
}

export interface RecoveryOptions {
  /** Put the files back as they were before the operation, instead of finishing it. A cleanup cannot be undone. */
  readonly undo?: boolean;
}

/** What `recover` did. */
export interface RecoveryResult extends InterruptedOperation {
  readonly mode: 'finish' | 'undo';
  /** Paths that held neither side's content (half written, or written since): moved to `kept_in` first. */
  readonly kept: readonly string[];
  readonly kept_in: string | null;
  /** Paths behind a symlinked folder, left as they were. */
  readonly left_as_they_were: readonly string[];
}

/** What the tool call's function is given. */
export interface ToolCallContext {
  /** The `pre_write` checkpoint taken before the call (scope `pre_write` or `both`). */
  readonly preWrite: Checkpoint | undefined;
}

/** A choice made while working on a plan; checkpoints are aligned to it by `decisionId`. */
export interface Decision {
  readonly decision_id: string;
  readonly plan_id: string;
  readonly title: string;
  readonly rationale: string | null;
  readonly state: 'active' | 'reverted';
  /** Earlier decisions of the same plan it builds on. */
  readonly depends_on: readonly string[];
  /** The checkpoints aligned to it, oldest first. */
  readonly checkpoint_ids: readonly string[];
  readonly created_at: string;
  readonly reverted_at: string | null;
  /** The correction that reverted it. */
  readonly reverted_by: string | null;
}

export interface RecordDecisionOptions {
  readonly title: string;
  readonly rationale?: string;
  /** Ids of earlier, active decisions of the same plan. */
  readonly dependsOn?: readonly string[];
  /** The id checkpoints are already aligned to; a new one is made when absent. */
  readonly decisionId?: string;
}

export interface CorrectDecisionOptions {
  /** Take out only the changes the reverted decisions made in their tool calls, keeping independent later work and edits between them. Default false. */
  readonly keepIndependent?: boolean;
}

/** What correcting a decision would do (`agents plan correct --preview`). */
export interface CorrectionPreview {
  readonly correction_preview: {
    readonly plan_id: string;
    readonly decision_id: string;
    readonly mode: 'rollback' | 'keep_independent';
    readonly target_checkpoint_id: string | null;
    /** Breadth-first from the corrected decision (depth 0). */
    readonly reverted_decisions: readonly { readonly decision_id: string; readonly title: string; readonly depth: number }[];
    readonly restore_paths: readonly string[] | null;
    readonly changes: readonly PathChange[];
    /** Paths also changed by decisions that stay: a keep-independent correction is refused while there are any. */
    readonly conflicts: readonly string[];
    /** Keep-independent: restored paths someone else changed between the decisions' tool calls; their changes are merged back. */
    readonly kept: readonly string[];
    /** Keep-independent: paths the merge cannot do (the same lines changed by both, a binary file…); refused while there are any. */
    readonly merge_conflicts: readonly { readonly path: string; readonly reason: string; readonly message: string }[];
    /** Whose later work the correction would also undo: other plans over the same files, and decisions that stay. */
    readonly undoes_work_of: readonly UndoneWork[];
  };
}

/** Later changes of another plan (decision_id null) or of a decision to paths a rollback or correction would restore. */
export interface UndoneWork {
  readonly plan_id: string;
  readonly decision_id: string | null;
  readonly title: string;
  /** Relative to the sandbox of the plan being rolled back, sorted. */
  readonly paths: readonly string[];
}

/** `agents plan correct --format json`: the correction, then the rollback envelope's fields. */
export interface CorrectionEnvelope extends RollbackEnvelope {
  readonly correction_summary: {
    readonly correction_id: string;
    readonly plan_id: string;
    readonly decision_id: string;
    readonly reverted_decisions: readonly string[];
    readonly mode: 'rollback' | 'keep_independent';
    readonly state: 'applied' | 'undone';
  };
}

export interface CleverAgentsCheckpointsApi {
  readonly apiVersion: 1;
  /** Creates a checkpoint of the plan's sandbox now (even when nothing changed since the last one). */
  createCheckpoint(planId: string, options?: CreateCheckpointOptions): Promise<Checkpoint>;
  /** The plan's checkpoints, oldest first. */
  listCheckpoints(planId: string): Promise<Checkpoint[]>;
  /** What a rollback to the checkpoint would change, without changing anything (the guards run). */
  preview(planId: string, checkpointId: string): Promise<PathChange[]>;
  /**
   * Restores the sandbox to the checkpoint after the guards; a safety checkpoint of the current
   * files is taken first. `undefined` only when `confirm` was asked for and the user declined.
   */
  rollback(planId: string, checkpointId: string, options?: RollbackOptions): Promise<RollbackEnvelope | undefined>;
  /**
   * Runs a tool call between checkpoints as its scope says: `pre_write` before it (if taking it
   * fails, the tool does not run and the error is thrown), `post_step` after it, also when it
   * throws (with `extra.outcome` = `failed`; its error is rethrown). Both carry `toolName` as
   * `source_tool`. Resolves to what `fn` returns. A post_step that cannot be taken after a
   * successful call is reported to the user and logged; the call's result is still returned.
   */
  runToolCall<T>(call: ToolCall, fn: (context: ToolCallContext) => T | PromiseLike<T>): Promise<T>;
  /** The plan's interrupted operation, or null when there is none (works in Restricted Mode). */
  interruptedOperation(planId: string): Promise<InterruptedOperation | null>;
  /**
   * Finishes the plan's interrupted operation (the files become what it was making them; an apply
   * marks the plan applied), or undoes it with `{ undo: true }`. Rejects when there is none.
   */
  recover(planId: string, options?: RecoveryOptions): Promise<RecoveryResult>;
  /** Records a decision of the plan (`record_decision`). */
  recordDecision(planId: string, options: RecordDecisionOptions): Promise<Decision>;
  /** The plan's decisions, oldest first (`list_decisions`). */
  listDecisions(planId: string): Promise<Decision[]>;
  /** What correcting the decision would revert and change; nothing changes. */
  previewCorrection(planId: string, decisionId: string, options?: CorrectDecisionOptions): Promise<CorrectionPreview>;
  /**
   * Reverts the decision and every decision built on it, and restores the files through a rollback
   * (safety checkpoint first) (`correct_decision`). Refused like a rollback, and, keeping
   * independent work, when a path was changed by both sides.
   */
  correctDecision(planId: string, decisionId: string, options?: CorrectDecisionOptions): Promise<CorrectionEnvelope>;
  /** Undoes a correction: its files back, its decisions active again. */
  undoCorrection(planId: string, correctionId: string): Promise<CorrectionEnvelope>;
  /** Restores only these paths (files or folders) from the checkpoint, like a rollback of them (`restore_paths`). */
  restorePaths(planId: string, checkpointId: string, paths: readonly string[]): Promise<RollbackEnvelope>;
  /** The plan as it is now. */
  getPlan(planId: string): Promise<Plan>;
  /**
   * Moves the plan along its lifecycle. A change the lifecycle does not allow rejects with a
   * BusinessRuleViolation naming the states it allows ("Complete blocked: plan is draft; …").
   * Automatic checkpoints (when switched on) watch a plan while it is `executing`.
   */
  changePlanState(planId: string, action: PlanLifecycleAction): Promise<Plan>;
  /**
   * Marks the plan applied (final). An isolated plan's changes are first written into the
   * workspace (refused with the list when the workspace changed the same files); an in-place
   * plan's are there already.
   */
  applyPlan(planId: string, options?: ConfirmOptions): Promise<{ readonly plan: Plan; readonly changes: readonly PathChange[] } | undefined>;
  /**
   * Deletes the plan, its checkpoints and their snapshots, its history and an isolated sandbox;
   * the files of an in-place sandbox stay. Refused while an operation on the plan is interrupted.
   */
  deletePlan(planId: string, options?: ConfirmOptions): Promise<DeletedPlan | undefined>;
}
