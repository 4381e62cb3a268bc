// The rollback panel's states, made from what the services return, and the JSON its "Copy as JSON"
// button copies (the CLI's own documents). No `vscode` import: unit-tested in plain Node.
import type { AgentOnlySummary } from '../../../core/agentOnlyRollback';
import type { Checkpoint } from '../../../core/checkpoint';
import type { Plan } from '../../../core/plan';
import type { PathChange, RollbackOutcome } from '../../../core/rollbackResult';
import { changesJson, rollbackEnvelope } from '../../../envelopes/envelopes';
import type { PanelAgentOnly, PanelChangeKind, PanelCheckpoint, PanelMode, PanelState } from '../../../webview/protocol';
import { checkpointLabel } from '../../tree/treePresentation';
import type { UndoneWork } from '../../../core/undoneWork';

export interface PanelFolder {
  readonly uri: string;
  readonly name: string;
}

function panelCheckpoint(c: Checkpoint, label?: string): PanelCheckpoint {
  return { id: c.checkpoint_id, label: label ?? checkpointLabel(c), type: c.checkpoint_type, createdAt: c.created_at };
}

function panelPlan(plan: Plan): PanelState['plan'] {
  return { id: plan.plan_id, title: plan.title, sandboxPath: plan.sandbox_path, state: plan.state };
}

function sorted(changes: readonly PathChange[]): { path: string; change: PanelChangeKind }[] {
  return changes.map((c) => ({ path: c.path, change: c.change })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** After a rollback (or its undo): `target` is the checkpoint that was restored. */
export function rollbackState(o: { folder: PanelFolder; plan: Plan; target: Checkpoint; targetLabel?: string; outcome: RollbackOutcome; undo: boolean; now: Date }): PanelState {
  return {
    version: 1,
    mode: o.undo ? 'undo' : 'rollback',
    folder: { uri: o.folder.uri, name: o.folder.name },
    plan: panelPlan(o.plan),
    from: panelCheckpoint(o.target, o.targetLabel),
    to: null,
    changes: sorted(o.outcome.result.changed_paths),
    rollback: {
      restoredFilesCount: o.outcome.result.restored_files_count,
      elapsedSeconds: o.outcome.elapsed_seconds,
      undoCheckpointId: o.outcome.undo_checkpoint_id,
      undone: false,
    },
    madeAt: o.now.toISOString(),
    ...(o.outcome.agent_only && !o.undo ? { agentOnly: panelAgentOnly(o.outcome.agent_only) } : {}),
  };
}

/** What the panel keeps of an agent-only rollback's summary (it has no conflicts: they refuse it); `target`: a preview's snapshot of the files after. */
export function panelAgentOnly(summary: AgentOnlySummary, target?: string): PanelAgentOnly {
  return {
    kept: [...summary.kept],
    keptReasons: summary.kept_reasons.map((k) => k.reason),
    merged: [...summary.merged],
    ...(summary.conflict_markers.length > 0 ? { conflictMarkers: [...summary.conflict_markers] } : {}),
    scope: summary.scope,
    toolCalls: summary.tool_calls,
    unclosed: summary.unclosed.map((u) => ({ preWrite: u.pre_write_checkpoint_id, skipped: u.pre_write_skipped, until: u.until_checkpoint_id })),
    ...(target ? { target } : {}),
  };
}

/** Before a rollback, or a comparison: `from` and `to` as PanelState documents them. */
export function comparisonState(o: {
  mode: Exclude<PanelMode, 'rollback' | 'undo'>;
  folder: PanelFolder;
  plan: Plan;
  from: Checkpoint;
  fromLabel?: string;
  to?: Checkpoint;
  changes: readonly PathChange[];
  now: Date;
  /** A preview of an agent-only rollback. */
  agentOnly?: AgentOnlySummary;
  /** Its snapshot of the files after (AgentOnlyPreview.target). */
  agentOnlyTarget?: string;
  /** preview: whose later work the rollback would undo. */
  undone?: readonly UndoneWork[];
  /** compareCurrent before a correction: what it would leave (CorrectionImpact.after_snapshot). */
  afterSnapshot?: string | null;
}): PanelState {
  return {
    ...(o.afterSnapshot && o.mode === 'compareCurrent' ? { afterSnapshot: o.afterSnapshot } : {}),
    ...(o.undone && o.undone.length > 0 ? { undoneWork: o.undone.map((u) => ({ kind: u.kind, title: u.title, paths: [...u.paths] })) } : {}),
    version: 1,
    mode: o.mode,
    folder: { uri: o.folder.uri, name: o.folder.name },
    plan: panelPlan(o.plan),
    from: panelCheckpoint(o.from, o.fromLabel),
    to: o.mode === 'comparePrevious' && o.to ? panelCheckpoint(o.to) : null,
    changes: sorted(o.changes),
    rollback: null,
    madeAt: o.now.toISOString(),
    ...(o.agentOnly && o.mode === 'preview' ? { agentOnly: panelAgentOnly(o.agentOnly, o.agentOnlyTarget) } : {}),
  };
}

/** The rollback a state shows, as the core reported it (the state holds every field of it). */
export function outcomeOfState(state: PanelState): RollbackOutcome | undefined {
  if (!state.rollback) return undefined;
  return {
    plan_id: state.plan.id,
    result: {
      restored_files_count: state.rollback.restoredFilesCount,
      changed_paths: state.changes.map((c) => ({ path: c.path, change: c.change })),
      from_checkpoint_id: state.from.id,
    },
    undo_checkpoint_id: state.rollback.undoCheckpointId,
    elapsed_seconds: state.rollback.elapsedSeconds,
    ...(state.agentOnly
      ? {
          agent_only: {
            mode: 'agent_only' as const,
            scope: state.agentOnly.scope ?? 'session',
            tool_calls: state.agentOnly.toolCalls,
            kept: [...state.agentOnly.kept],
            kept_reasons: state.agentOnly.kept.map((path, i) => ({ path, reason: state.agentOnly?.keptReasons?.[i] ?? ('outside_tool_calls' as const) })),
            merged: [...(state.agentOnly.merged ?? [])],
            conflicts: [],
            conflict_markers: [...(state.agentOnly.conflictMarkers ?? [])],
            unclosed: state.agentOnly.unclosed.map((u) => ({ pre_write_checkpoint_id: u.preWrite, pre_write_skipped: u.skipped, until_checkpoint_id: u.until })),
          },
        }
      : {}),
  };
}

/**
 * What "Copy as JSON" copies: after a rollback, the envelope `agents plan rollback --format json`
 * prints; otherwise the document of `agents plan diff --format json`. Indented like the CLI.
 */
export function panelJson(state: PanelState): string {
  const outcome = outcomeOfState(state);
  const doc = outcome ? rollbackEnvelope(outcome) : { changes: changesJson(state.changes.map((c) => ({ path: c.path, change: c.change }))) };
  return JSON.stringify(doc, null, 2);
}

/**
 * Which sides of a change exist, for the diff editors: every mode lists changes going from the
 * left (older, or "now" in a preview) to the right, so an added path has no left side and a
 * deleted one no right side.
 */
export function sidesOf(change: PanelChangeKind): { left: boolean; right: boolean } {
  return { left: change !== 'added', right: change !== 'deleted' };
}
