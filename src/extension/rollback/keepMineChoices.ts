import * as vscode from 'vscode';
import { AgentOnlyConflictError, type AgentOnlyPreview } from '../../core/agentOnlyRollback';
import { applicableScopes, type AgentOnlyScope } from '../../core/agentOnlyScope';
import type { PathChange, RollbackOutcome } from '../../core/rollbackResult';
import type { UndoneWork } from '../../core/undoneWork';
import { sandboxFileUri } from './panel/diffEditors';
import type { RollbackRequest } from './rollbackRequests';
import type { CheckpointTarget } from './rollbackTarget';
import type { RollbackDialogs } from './rollbackDialogs';
import { agentOnlyConflictQuestion, takesMarkers } from './rollbackText';
import { checkpointLabel } from '../tree/treePresentation';

// Keep Mine (Undo Agent Changes Since Here) beside the rollback itself: whose changes to take out,
// what to do when the agent's changes cannot be taken out alone, and the files left with conflict
// markers.

const SCOPE_LABELS: Record<AgentOnlyScope, string> = { session: 'This session', prompt: 'This prompt', tool_call: 'This tool call', subagent: 'This subagent' };
const SCOPE_DETAILS: Record<AgentOnlyScope, string> = {
  session: 'Every tool call of the agent since this checkpoint',
  prompt: 'Only the tool calls of the prompt this checkpoint belongs to',
  tool_call: 'Only the tool call this checkpoint fences',
  subagent: 'Only the tool calls of the subagent that follows this checkpoint',
};

export const PREVIEW_FULL = 'Preview Full Rollback';
export const ROLL_BACK_FULLY = 'Roll Back Fully…';
export const RESTORE_CHOSEN = 'Restore Chosen Paths…';
export const WRITE_MARKERS = 'Write Conflict Markers';

/** Keep Mine's scope: asked only when more than the session's means something here; undefined when the person cancelled. */
export async function pickScope(dialogs: Pick<RollbackDialogs, 'pick'>, t: CheckpointTarget): Promise<AgentOnlyScope | undefined> {
  const scopes = applicableScopes(await t.services.checkpoints.listCheckpoints(t.plan.plan_id), t.checkpoint);
  if (scopes.length === 1) return 'session';
  const label = await dialogs.pick(
    scopes.map((s) => ({ label: SCOPE_LABELS[s], detail: SCOPE_DETAILS[s] })),
    'Whose changes to undo? Everything else, yours and other sessions’, is kept.',
  );
  return scopes.find((s) => SCOPE_LABELS[s] === label);
}

/** What the ways on do: the controller's operations. */
export interface ConflictWaysOn {
  rollbackFully(): Promise<RollbackOutcome | undefined>;
  restorePaths(paths: readonly string[]): Promise<RollbackOutcome | undefined>;
  /** Keep Mine again, the files whose lines both changed written with conflict markers. */
  writeMarkers(): Promise<RollbackOutcome | undefined>;
  preview(changes: readonly PathChange[], undone: readonly UndoneWork[]): Promise<unknown>;
}

/**
 * Keep Mine refused by conflicts: the list, and the ways on: a preview of the full rollback, the
 * full rollback (asked as usual), a restore of the paths the person chooses (each asked again), or,
 * when every conflict is one of lines, Keep Mine writing those files with conflict markers.
 */
export async function agentOnlyConflictWaysOn(dialogs: Pick<RollbackDialogs, 'confirm' | 'pickMany'>, t: CheckpointTarget, agentPreview: AgentOnlyPreview, ways: ConflictWaysOn): Promise<RollbackOutcome | undefined> {
  const label = checkpointLabel(t.checkpoint);
  const text = agentOnlyConflictQuestion(t.plan.title, label, agentPreview);
  const choice = await dialogs.confirm(text.message, text.detail, [PREVIEW_FULL, ROLL_BACK_FULLY, RESTORE_CHOSEN, ...(takesMarkers(agentPreview) ? [WRITE_MARKERS] : [])]);
  if (choice === ROLL_BACK_FULLY) return ways.rollbackFully();
  if (choice === WRITE_MARKERS) return ways.writeMarkers();
  if (choice !== PREVIEW_FULL && choice !== RESTORE_CHOSEN) return undefined;
  const { plan_id } = t.plan;
  const changes = await t.services.checkpoints.previewRollback(plan_id, t.checkpoint.checkpoint_id);
  if (choice === PREVIEW_FULL) {
    await ways.preview(changes, await t.services.checkpoints.undoneWork(plan_id, t.checkpoint.checkpoint_id, changes));
    return undefined;
  }
  const conflicting = new Set(agentPreview.summary.conflicts.map((c) => c.path));
  const chosen = await dialogs.pickMany(
    changes.map((c) => ({ label: c.path, detail: conflicting.has(c.path) ? 'changed by the agent and by someone else' : c.change })),
    `Paths to restore from “${label}” (the rest stay as they are)`,
  );
  return chosen && chosen.length > 0 ? ways.restorePaths(chosen) : undefined;
}

/** What Keep Mine's ways on do: the controller's operations. */
export interface KeepMineHost {
  rollback(t: CheckpointTarget, request: RollbackRequest): Promise<RollbackOutcome | undefined>;
  restorePaths(t: CheckpointTarget, paths: readonly string[]): Promise<RollbackOutcome | undefined>;
  showPreview(t: CheckpointTarget, changes: readonly PathChange[], undone: readonly UndoneWork[]): Promise<unknown>;
}

/** Keep Mine refused by conflicts, with a person there: the list and the ways on; without one (`interactive` false), the refusal. */
export async function keepMineConflict(
  dialogs: Pick<RollbackDialogs, 'confirm' | 'pickMany'>,
  host: KeepMineHost,
  t: CheckpointTarget,
  agentPreview: AgentOnlyPreview,
  request: RollbackRequest,
): Promise<RollbackOutcome | undefined> {
  if (!request.interactive) throw new AgentOnlyConflictError(agentPreview.summary.conflicts);
  return agentOnlyConflictWaysOn(dialogs, t, agentPreview, {
    rollbackFully: () => host.rollback(t, { ...request, agentOnly: false, confirm: true, seen: undefined }),
    restorePaths: (paths) => host.restorePaths(t, paths),
    writeMarkers: () => host.rollback(t, { ...request, conflicts: 'markers', seen: undefined }),
    preview: (changes, undone) => host.showPreview(t, changes, undone),
  });
}

/** After a Keep Mine that wrote conflict markers: the first file to settle, in an editor beside the panel (VS Code shows its markers with the merge actions). */
export async function openFirstMarkedFile(t: CheckpointTarget, outcome: RollbackOutcome): Promise<void> {
  const first = outcome.agent_only?.conflict_markers[0];
  if (first !== undefined) await vscode.window.showTextDocument(sandboxFileUri(t.folder, t.plan.sandbox_path, first), { preview: false, viewColumn: vscode.ViewColumn.Beside });
}
