import * as vscode from 'vscode';
import type { WorkspaceServices } from '../../composition';
import type { Checkpoint } from '../../core/checkpoint';
import { plural } from '../../core/displayText';
import { BusinessRuleViolation, ValidationError } from '../../core/errors';
import { resolveCheckpointId } from '../../core/idPrefix';
import type { Plan } from '../../core/plan';
import type { PathChange, RollbackOutcome } from '../../core/rollbackResult';
import { isSafetyCheckpoint, undoRequest } from '../../core/safetyCheckpoints';
import type { PanelState } from '../../webview/protocol';
import { withRestoreProgress } from '../delayedProgress';
import { folderNamed } from '../folderServices';
import { RestoreTitles } from '../restoreProgressPhases';
import { setStatus } from '../shownText';
import { ContextKeys } from '../tree/contextKeys';
import { checkpointLabel, formatRelativeTime } from '../tree/treePresentation';
import { keepMineConflict, openFirstMarkedFile, type KeepMineHost } from './keepMineChoices';
import { openAllChanges, openChangeDiff } from './panel/diffEditors';
import { withShortIds } from './panel/panelShortIds';
import { comparisonState, panelJson, rollbackState } from './panel/panelStates';
import type { PanelActions, RollbackPanels } from './panel/rollbackPanel';
import { RollbackCommandHandlers } from './rollbackCommandHandlers';
import { RollbackCommandTitles } from './rollbackCommandIds';
import { cancellable, reportingErrors, type RollbackDialogs } from './rollbackDialogs';
import { sameChanges, type RollbackRequest } from './rollbackRequests';
import { panelFolder, type CheckpointTarget, type RollbackFolders, type TreeAccess, type WriteSuppressor } from './rollbackTarget';
import { agentOnlyConfirmation, firstCheckpointMessage, nothingToRollBack, restoreConfirmation, rollbackConfirmation, rolledBackStatus, takesOthersWork } from './rollbackText';
import { settleUnsavedEditors } from './unsavedEditors';

// The rollback controller: the operations (rollback, undo, Keep Mine, restore of paths, the
// comparisons) and the panel's actions. The commands that find their checkpoint are in
// rollbackCommandHandlers.ts, Keep Mine's questions in keepMineChoices.ts, the unsaved-editors
// guard in unsavedEditors.ts, what they all act on in rollbackTarget.ts.

// Those who reach the rollback flows through this module keep their imports.
export { panelFolder, type CheckpointTarget, type RollbackFolders, type TreeAccess, type WriteSuppressor } from './rollbackTarget';

export interface RollbackControllerDeps {
  readonly folders: RollbackFolders;
  readonly dialogs: RollbackDialogs;
  /** Whether to ask before a rollback (the `rollback.confirm` setting). */
  readonly confirmByDefault: () => boolean;
  readonly log: vscode.LogOutputChannel;
  readonly tree?: TreeAccess;
  readonly writes?: WriteSuppressor;
  readonly now?: () => Date;
  /** Default: the system clipboard. */
  readonly clipboard?: { writeText(text: string): Thenable<void> };
}

const ROLLBACK = 'Roll Back';
const UNDO_AGENT = 'Undo Agent Changes';
const UNDO = 'Undo Rollback';
const SHOW_CHANGES = 'Show Changes First';
const KEEP_MINE = 'Keep Mine';
const RESTORE = 'Restore';
const STATUS_MESSAGE_MS = 5000;

/**
 * Rollback, undo and the comparisons, from commands, the panel and the API: the guards run first,
 * then the questions (confirmation, unsaved editors), and only then is anything touched.
 */
export class RollbackController {
  private panels: RollbackPanels | undefined;
  private readonly commands: RollbackCommandHandlers;
  private correctionUndo: ((state: PanelState) => Promise<PanelState | undefined>) | undefined;

  constructor(private readonly deps: RollbackControllerDeps) {
    this.commands = new RollbackCommandHandlers(this, deps);
  }

  /** Set once the panels exist (they need this controller for their actions). */
  attachPanels(panels: RollbackPanels): void {
    this.panels = panels;
  }

  /** Set by the decisions feature: what the panel's Undo Correction does. */
  attachCorrectionUndo(undo: (state: PanelState) => Promise<PanelState | undefined>): void {
    this.correctionUndo = undo;
  }

  /** Shows a state in the rollback panel (for features that reuse it). */
  async show(state: PanelState): Promise<void> {
    await this.showPanel(state);
  }

  /**
   * Restores one path of the sandbox from the checkpoint the state compares with, after a modal
   * question and the unsaved-editor check; the state to show next (the comparison made again).
   */
  async restorePath(state: PanelState, path: string): Promise<PanelState | undefined> {
    return reportingErrors(this.deps.dialogs, 'Restore this File', async () => {
      if (!vscode.workspace.isTrusted) throw new BusinessRuleViolation('Restore blocked: the workspace is not trusted (Restricted Mode)');
      const t = await this.target(state.plan.id, state.from.id, state.folder.uri);
      const outcome = await this.restorePaths(t, [path]);
      if (!outcome) return undefined;
      const planId = t.plan.plan_id;
      const now = state.mode === 'preview' ? await t.services.checkpoints.previewRollback(planId, t.checkpoint.checkpoint_id) : await t.services.checkpoints.diff(planId, t.checkpoint.checkpoint_id);
      // The list the panel showed, less what now matches the checkpoint.
      const shown = new Set(state.changes.map((c) => c.path));
      const changes = now.filter((c) => shown.has(c.path));
      return this.withShortIds(comparisonState({ mode: state.mode === 'preview' ? 'preview' : 'compareCurrent', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, changes, now: this.now() }));
    });
  }

  /** Restores chosen paths from a checkpoint after asking (a modal that lists them); undefined when declined or nothing differs. */
  async restorePaths(t: CheckpointTarget, paths: readonly string[]): Promise<RollbackOutcome | undefined> {
    const planId = t.plan.plan_id;
    const preview = await t.services.checkpoints.previewRestorePaths(planId, t.checkpoint.checkpoint_id, paths);
    const label = checkpointLabel(t.checkpoint);
    if (preview.length === 0) {
      this.deps.dialogs.info(`${paths.length === 1 ? `“${paths[0]}” is` : 'These paths are'} already as in “${label}”: nothing to restore.`);
      return undefined;
    }
    const text = restoreConfirmation(t.plan.title, label, preview);
    if ((await this.deps.dialogs.confirm(text.message, text.detail, [RESTORE])) !== RESTORE) return undefined;
    if (!(await settleUnsavedEditors(this.deps.dialogs, t, preview, true))) return undefined;
    const outcome = await cancellable(this.deps.dialogs, () =>
      withRestoreProgress(
        RestoreTitles.restore,
        (control) => {
          const work = () => t.services.checkpoints.restorePaths(planId, t.checkpoint.checkpoint_id, paths, undefined, control);
          return this.deps.writes ? this.deps.writes.suppress(planId, work) : work();
        },
        { what: `Restoring ${plural(paths.length, 'path')} of “${t.plan.title}” from “${label}”`, log: (line) => this.deps.log.info(line), onFirstWrite: () => this.reloadTree() },
      ),
    ).finally(() => this.reloadTree());
    if (!outcome) return undefined;
    setStatus(`$(history) Restored ${plural(outcome.result.changed_paths.length, 'path')} from “${label}”; undo with Undo Rollback`, STATUS_MESSAGE_MS);
    return outcome;
  }

  /** Asks about unsaved editors on these paths (for features that write files through the services). */
  async settleUnsavedEditors(t: Omit<CheckpointTarget, 'checkpoint'>, changes: readonly PathChange[]): Promise<boolean> {
    return settleUnsavedEditors(this.deps.dialogs, t, changes, true);
  }

  /**
   * Reloads the view as an operation writes its first file (its record is on disk: the plan's row
   * says "in progress") and when it ends (done, cancelled or failed: the record is gone). Not left
   * to the file watcher, which reports the record late or never (VS Code hands a burst's events on
   * 500 at a time and drops them past 10,000: a rollback of 20,000 files left the row "in
   * progress" seconds after the panel said done).
   */
  reloadTree(): void {
    this.deps.tree?.refresh?.();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  // ---- the operations -------------------------------------------------------------------------

  /** Rolls back after the guards and the questions; undefined when the user said no. */
  async rollback(t: CheckpointTarget, request: RollbackRequest): Promise<RollbackOutcome | undefined> {
    // Every way in (commands, the panel, a restored panel, the API) ends here: Restricted Mode stops it.
    if (!vscode.workspace.isTrusted) throw new BusinessRuleViolation(`${request.undo ? 'Undo' : 'Rollback'} blocked: the workspace is not trusted (Restricted Mode)`);
    const planId = t.plan.plan_id;
    const checkpointId = t.checkpoint.checkpoint_id;
    // The preview runs the rollback's guards: a refused rollback says why before anything is asked.
    const agentPreview = request.agentOnly ? await t.services.checkpoints.previewAgentOnlyRollback(planId, checkpointId, request.scope, undefined, request.conflicts) : undefined;
    if (agentPreview && agentPreview.summary.conflicts.length > 0) {
      // Conflicts refuse with their list (as the rollback itself would); a person is offered the ways on.
      return keepMineConflict(this.deps.dialogs, this.keepMineHost, t, agentPreview, request);
    }
    const preview = agentPreview ? agentPreview.changes : await t.services.checkpoints.previewRollback(planId, checkpointId);
    if (preview.length === 0 && request.interactive) {
      this.deps.dialogs.info(nothingToRollBack(t.plan.title, checkpointLabel(t.checkpoint)));
      return undefined;
    }
    const label = checkpointLabel(t.checkpoint);
    if (request.confirm && !(request.seen && sameChanges(request.seen, preview))) {
      const checkpointTaken = formatRelativeTime(t.checkpoint.created_at, this.now());
      const undone = agentPreview ? [] : await t.services.checkpoints.undoneWork(planId, checkpointId, preview);
      const text = agentPreview
        ? agentOnlyConfirmation({ planTitle: t.plan.title, checkpointLabel: label, checkpointTaken, preview: agentPreview })
        : rollbackConfirmation({ planTitle: t.plan.title, checkpointLabel: label, checkpointTaken, changes: preview, undo: request.undo, undone });
      const primary = request.undo ? UNDO : agentPreview ? UNDO_AGENT : ROLLBACK;
      // A rollback that takes edits made outside tool calls (or another session's work) offers Keep Mine right there.
      const keepMine = !agentPreview && !request.undo && takesOthersWork(undone);
      const choice = await this.deps.dialogs.confirm(text.message, text.detail, keepMine ? [primary, KEEP_MINE, SHOW_CHANGES] : [primary, SHOW_CHANGES]);
      if (choice === KEEP_MINE) return this.rollback(t, { ...request, agentOnly: true, seen: undefined });
      if (choice === SHOW_CHANGES) {
        await this.showPanel(comparisonState({ mode: 'preview', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, fromLabel: label, changes: preview, now: this.now(), agentOnly: agentPreview?.summary, agentOnlyTarget: agentPreview?.target, undone }));
        return undefined;
      }
      if (choice !== primary) return undefined;
    }
    if (!(await settleUnsavedEditors(this.deps.dialogs, t, preview, request.interactive))) return undefined;

    const what = request.undo ? `Undoing the rollback of “${t.plan.title}”` : `Rolling “${t.plan.title}” back to “${label}”`;
    const outcome = await cancellable(this.deps.dialogs, () =>
      withRestoreProgress(
        request.undo ? RestoreTitles.undoRollback : RestoreTitles.rollback,
        (control) => {
          const work = () =>
            request.agentOnly
              ? t.services.checkpoints.rollbackAgentOnly(planId, checkpointId, control, request.scope, undefined, request.conflicts)
              : t.services.checkpoints.rollbackToCheckpoint(planId, checkpointId, undefined, control);
          return this.deps.writes ? this.deps.writes.suppress(planId, work) : work();
        },
        { what, log: (line) => this.deps.log.info(line), onFirstWrite: () => this.reloadTree(), ...(request.undo ? { operation: 'Undo Rollback' } : {}) },
      ),
    ).finally(() => this.reloadTree());
    if (!outcome) return undefined;
    await (request.undo ? ContextKeys.undidRollback : ContextKeys.rolledBack).set(true);
    setStatus(`$(history) ${rolledBackStatus(outcome.result.changed_paths.length, outcome.elapsed_seconds, request.undo)}`, STATUS_MESSAGE_MS);
    if (request.showPanel) {
      await this.showPanel(rollbackState({ folder: panelFolder(t.folder), plan: t.plan, target: t.checkpoint, targetLabel: label, outcome, undo: request.undo, now: this.now() }));
    }
    if (request.interactive) await openFirstMarkedFile(t, outcome);
    return outcome;
  }

  /** What Keep Mine's ways on do here. */
  private readonly keepMineHost: KeepMineHost = {
    rollback: (t, request) => this.rollback(t, request),
    restorePaths: (t, paths) => this.restorePaths(t, paths),
    showPreview: (t, changes, undone) =>
      this.showPanel(comparisonState({ mode: 'preview', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, fromLabel: checkpointLabel(t.checkpoint), changes, now: this.now(), undone })),
  };

  /** The plan's newest safety checkpoint (of its last rollback), if any. */
  async lastSafetyCheckpoint(services: WorkspaceServices, planId: string): Promise<Checkpoint | undefined> {
    const list = await services.checkpoints.listCheckpoints(planId);
    return [...list].reverse().find(isSafetyCheckpoint);
  }

  async compareWithCurrent(t: CheckpointTarget, preserveFocus = false): Promise<PanelState> {
    const changes = await t.services.checkpoints.diff(t.plan.plan_id, t.checkpoint.checkpoint_id);
    const state = comparisonState({ mode: 'compareCurrent', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, changes, now: this.now() });
    return this.showPanel(state, preserveFocus);
  }

  async compareWithPrevious(t: CheckpointTarget): Promise<PanelState | undefined> {
    const list = await t.services.checkpoints.listCheckpoints(t.plan.plan_id);
    const index = list.findIndex((c) => c.checkpoint_id === t.checkpoint.checkpoint_id);
    if (index <= 0) {
      this.deps.dialogs.info(firstCheckpointMessage(checkpointLabel(t.checkpoint)));
      return undefined;
    }
    const previous = list[index - 1];
    const changes = await t.services.checkpoints.diff(t.plan.plan_id, previous.checkpoint_id, t.checkpoint.checkpoint_id);
    return this.showPanel(comparisonState({ mode: 'comparePrevious', folder: panelFolder(t.folder), plan: t.plan, from: previous, to: t.checkpoint, changes, now: this.now() }));
  }

  // ---- the panel's actions ----------------------------------------------------------------------

  async openDiff(state: PanelState, path: string): Promise<void> {
    await reportingErrors(this.deps.dialogs, 'Open Diff', async () => {
      const change = state.changes.find((c) => c.path === path);
      if (!change) return;
      await openChangeDiff(state, this.folderOf(state), change);
    });
  }

  async openAll(state: PanelState): Promise<void> {
    await reportingErrors(this.deps.dialogs, 'Open All', async () => {
      if (state.changes.length === 0) return;
      await openAllChanges(state, this.folderOf(state));
    });
  }

  async undo(state: PanelState): Promise<PanelState | undefined> {
    return reportingErrors(this.deps.dialogs, RollbackCommandTitles.undoRollback, async () => {
      if (!state.rollback) return undefined;
      // The id comes from the page's state (restored after a reload, too): only a safety checkpoint is undone without more ado.
      const t = await this.target(state.plan.id, state.rollback.undoCheckpointId, state.folder.uri, true);
      await this.rollback(t, { ...undoRequest(t.checkpoint, this.deps.confirmByDefault()), interactive: true, showPanel: true });
      return undefined;
    });
  }

  async rollbackFromPreview(state: PanelState): Promise<PanelState | undefined> {
    return reportingErrors(this.deps.dialogs, RollbackCommandTitles.rollback, async () => {
      const t = await this.target(state.plan.id, state.from.id, state.folder.uri);
      // From a preview the list was the question: Roll Back there asks again only if the files changed since.
      // From Compare with Current it asks once (the modal), as a rollback from the tree does.
      const seen = state.mode === 'preview' ? state.changes.map((c) => ({ path: c.path, change: c.change })) : undefined;
      await this.rollback(t, {
        confirm: this.deps.confirmByDefault(),
        interactive: true,
        undo: false,
        showPanel: true,
        agentOnly: state.agentOnly !== undefined,
        ...(state.agentOnly?.scope ? { scope: state.agentOnly.scope } : {}),
        // A preview that showed files with conflict markers was of Keep Mine writing them.
        ...(state.agentOnly?.conflictMarkers?.length ? { conflicts: 'markers' as const } : {}),
        seen,
      });
      return undefined;
    });
  }

  // PanelActions names this one `rollback`; the class's own rollback takes a target.
  readonly panelActions: PanelActions = {
    openDiff: (s, p) => this.openDiff(s, p),
    openAll: (s) => this.openAll(s),
    undo: (s) => this.undo(s),
    rollback: (s) => this.rollbackFromPreview(s),
    copyJson: (s) => this.copyJson(s),
    undoCorrection: async (s) => {
      const next = this.correctionUndo ? await this.correctionUndo(s) : undefined;
      return next && this.withShortIds(next);
    },
    restorePath: (s, p) => this.restorePath(s, p),
  };

  async copyJson(state: PanelState): Promise<void> {
    await reportingErrors(this.deps.dialogs, 'Copy as JSON', async () => {
      await (this.deps.clipboard ?? vscode.env.clipboard).writeText(panelJson(state));
      setStatus(`$(copy) Copied the ${state.rollback ? 'rollback envelope' : 'changes'} as JSON`, STATUS_MESSAGE_MS);
    });
  }

  /** Registers the commands; each reports its failure as an error notification and returns undefined. */
  registerCommands(): vscode.Disposable {
    return this.commands.register();
  }

  /** A checkpoint from a tree node, from arguments, from the tree's selection, or asked for (for features with commands of their own). */
  resolveTarget(arg: unknown, command: string, placeHolder: string, planFilter: (plan: Plan) => boolean): Promise<CheckpointTarget | undefined> {
    return this.commands.resolveTarget(arg, command, placeHolder, planFilter);
  }

  /**
   * Plan and checkpoint by id; the checkpoint guards (exists, belongs to the plan) run here.
   * `undoing`: the checkpoint is a rollback's safety checkpoint, and its absence is said as such.
   */
  async target(planId: string, checkpointId: string, folder?: string | vscode.WorkspaceFolder, undoing = false): Promise<CheckpointTarget> {
    const f = typeof folder === 'string' ? folderNamed(this.deps.folders.folders(), folder) : folder;
    const found = await this.deps.folders.findPlan(planId, f);
    const { checkpoints } = found.services;
    const pid = found.plan.plan_id;
    const cid = await resolveCheckpointId(checkpoints, pid, checkpointId);
    return { ...found, checkpoint: await (undoing ? checkpoints.getUndoCheckpoint(pid, cid) : checkpoints.getCheckpoint(pid, cid)) };
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private folderOf(state: PanelState): vscode.WorkspaceFolder {
    const folder = this.deps.folders.folders().find((f) => f.uri.toString() === state.folder.uri);
    if (!folder) throw new ValidationError(`the workspace folder “${state.folder.name}” of this result is no longer open`);
    return folder;
  }

  /** Shows the state, its ids in their short forms; the state shown. */
  private async showPanel(state: PanelState, preserveFocus = false): Promise<PanelState> {
    if (!this.panels) throw new Error('the rollback panel is not set up');
    const shown = await this.withShortIds(state);
    this.panels.show(shown, preserveFocus);
    return shown;
  }

  /** The state with the short forms of its ids; as it is (whole ids) when the workspace's ids cannot be read. */
  private async withShortIds(state: PanelState): Promise<PanelState> {
    const folder = this.deps.folders.folders().find((f) => f.uri.toString() === state.folder.uri);
    if (!folder) return state;
    try {
      return await withShortIds(state, await this.deps.folders.services(folder));
    } catch (error) {
      this.deps.log.warn(`Could not shorten the ids of the rollback panel: ${error instanceof Error ? error.message : String(error)}`);
      return state;
    }
  }
}
