import * as vscode from 'vscode';
import { registerGuardedCommands } from '../commands/trustedCommands';
import * as z from 'zod';
import type { CorrectionEnvelope } from '../../../api/cleveragents-checkpoints';
import { correctionEnvelope, undoCorrectionEnvelope } from '../../envelopes/decisionEnvelopes';
import { correctionRefusal, type CorrectionOutcome, type UndoCorrectionOutcome } from '../../core/correctionService';
import type { Correction, CorrectionMode } from '../../core/decision';
import { revertOrder } from '../../core/decisionGraph';
import { UlidSchema } from '../../core/ids';
import { isCheckpointError } from '../../core/errors';
import { plural } from '../../core/displayText';
import { reverseChanges } from '../../core/rollbackResult';
import type { PanelState } from '../../webview/protocol';
import { CommandTitles, Commands, DECISION_COMMAND_NAMES, type DecisionCommandName } from '../commandIds';
import { parseArgs } from '../commands/commandArgs';
import { folderNamed, type FolderPlan } from '../folderServices';
import { comparisonState, rollbackState } from '../rollback/panel/panelStates';
import { panelFolder, type CheckpointTarget, type RollbackController, type RollbackFolders, type TreeAccess, type WriteSuppressor } from '../rollback/rollbackCommands';
import { cancellable, reportingErrors, type RollbackDialogs } from '../rollback/rollbackDialogs';
import { setStatus, showPick } from '../shownText';
import { withRestoreProgress } from '../delayedProgress';
import { RestoreTitles } from '../restoreProgressPhases';
import { checkpointLabel } from '../tree/treePresentation';
import type { DecisionNode } from '../tree/treeNodes';
import { KEEP_INDEPENDENT_CHOICE, REVERT, UNDO_LATER_WORK_CHOICE, keepIndependentDetail, panelCorrection, revertConfirmation, undoCorrectionConfirmation, undoLaterWorkDetail } from './decisionText';

const SHOW_CHANGES = 'Show Changes First';
const STATUS_MESSAGE_MS = 5000;
const Folder = z.string().min(1).max(4096).optional();

/** What code may pass to the commands (the folder is a URI, a path or a name). */
export const RevertDecisionArgsSchema = z
  .object({ folder: Folder, planId: UlidSchema, decisionId: UlidSchema, keepIndependent: z.boolean().optional(), skipConfirmation: z.boolean().optional() })
  .strict();
export const UndoCorrectionArgsSchema = z.object({ folder: Folder, planId: UlidSchema, correctionId: UlidSchema, skipConfirmation: z.boolean().optional() }).strict();
export const RestoreFileArgsSchema = z.object({ folder: Folder, planId: UlidSchema, checkpointId: UlidSchema, path: z.string().min(1).max(4096) }).strict();

/** A decision as the commands need it: from the tree's row, or picked in the palette. */
type DecisionPick = Pick<DecisionNode, 'kind' | 'plan' | 'folder' | 'decision'>;

export interface DecisionControllerDeps {
  readonly folders: RollbackFolders;
  readonly dialogs: RollbackDialogs;
  readonly rollback: RollbackController;
  readonly confirmByDefault: () => boolean;
  readonly tree?: TreeAccess;
  readonly writes?: WriteSuppressor;
  /** The output channel's line for what the short progress notification leaves out. */
  readonly log?: (line: string) => void;
}

/**
 * Revert Decision…, Undo Correction and Restore File from Checkpoint…: the core's guards first
 * (through the analysis), then the modal, the unsaved editors, and only then the correction, whose
 * result the rollback panel shows headed by it.
 */
export class DecisionController {
  constructor(private readonly deps: DecisionControllerDeps) {
    deps.rollback.attachCorrectionUndo((state) => this.undoFromPanel(state));
  }

  registerCommands(): vscode.Disposable {
    const handlers: Record<DecisionCommandName, (arg: unknown) => Promise<unknown>> = {
      revertDecision: (arg) => this.revertCommand(arg),
      undoCorrection: (arg) => this.undoCommand(arg),
      restoreFile: (arg) => this.restoreFileCommand(arg),
    };
    return registerGuardedCommands(DECISION_COMMAND_NAMES, { run: (name, arg) => handlers[name](arg), onError: (error, title) => this.deps.dialogs.error(error, title) });
  }

  /** Reverts after the guards and the question; the correction envelope, or undefined when the user said no. */
  async revert(found: FolderPlan, decisionId: string, mode: CorrectionMode, confirm: boolean): Promise<CorrectionOutcome | undefined> {
    const { services, plan } = found;
    const impact = await services.corrections.analyzeImpact(plan.plan_id, decisionId, mode);
    const refusal = correctionRefusal(impact);
    if (refusal) throw refusal;
    const target = impact.target_checkpoint;
    if (confirm) {
      const text = revertConfirmation(impact);
      const choice = await this.deps.dialogs.confirm(text.message, text.detail, target ? [REVERT, SHOW_CHANGES] : [REVERT]);
      if (choice === SHOW_CHANGES && target) {
        // What the correction would undo, as a comparison of the target with the files now.
        await this.deps.rollback.show(comparisonState({ mode: 'compareCurrent', folder: panelFolder(found.folder), plan, from: target, changes: reverseChanges(impact.changes), now: new Date(), afterSnapshot: impact.after_snapshot }));
        return undefined;
      }
      if (choice !== REVERT) return undefined;
    }
    if (!(await this.deps.rollback.settleUnsavedEditors(found, impact.changes))) return undefined;
    // Counted and cancellable as a rollback is: a stop before the first write changes nothing.
    const outcome = await cancellable(this.deps.dialogs, () =>
      withRestoreProgress(
        RestoreTitles.revert,
        (control) => {
          const work = () => services.corrections.executeRevert(plan.plan_id, decisionId, mode, control);
          return this.deps.writes ? this.deps.writes.suppress(plan.plan_id, work) : work();
        },
        { operation: 'Revert', takenBackBy: CommandTitles.undoCorrection, what: `Reverting “${impact.reverted[0]!.decision.title}” of “${plan.title}”`, log: this.deps.log, onFirstWrite: () => this.deps.rollback.reloadTree() },
      ),
    ).finally(() => this.deps.rollback.reloadTree());
    if (!outcome) return undefined;
    setStatus(`$(discard) Reverted ${plural(outcome.correction.reverted_decisions.length, 'decision')}`, STATUS_MESSAGE_MS);
    const depths = new Map(impact.reverted.map((r) => [r.decision.decision_id, r.depth]));
    const titles = new Map(impact.reverted.map((r) => [r.decision.decision_id, r.decision.title]));
    if (outcome.rollback && target) {
      await this.deps.rollback.show({
        ...rollbackState({ folder: panelFolder(found.folder), plan, target, targetLabel: checkpointLabel(target), outcome: outcome.rollback, undo: false, now: new Date() }),
        correction: panelCorrection(outcome.correction, titles, depths),
      });
    } else {
      this.deps.dialogs.info(`Reverted ${plural(outcome.correction.reverted_decisions.length, 'decision')}; no file needed restoring.`);
    }
    return outcome;
  }

  /** Undoes a correction after the question: its files back, its decisions active again. */
  async undo(found: FolderPlan, correction: Correction, confirm: boolean): Promise<UndoCorrectionOutcome | undefined> {
    const { services, plan } = found;
    const decisions = (await services.corrections.listDecisions(plan.plan_id)).map((d) => d.decision);
    const titles = new Map(decisions.map((d) => [d.decision_id, d.title]));
    const changes = await services.corrections.previewUndo(plan.plan_id, correction);
    if (confirm) {
      const undone = correction.undo_checkpoint_id ? await services.checkpoints.undoneWork(plan.plan_id, correction.undo_checkpoint_id, changes) : [];
      const text = undoCorrectionConfirmation(correction, titles.get(correction.decision_id) ?? correction.decision_id, changes, undone);
      if ((await this.deps.dialogs.confirm(text.message, text.detail, ['Undo Correction'])) !== 'Undo Correction') return undefined;
    }
    if (!(await this.deps.rollback.settleUnsavedEditors(found, changes))) return undefined;
    const outcome = await cancellable(this.deps.dialogs, () =>
      withRestoreProgress(
        RestoreTitles.undoCorrection,
        (control) => {
          const work = () => services.corrections.undoCorrection(plan.plan_id, correction.correction_id, control);
          return this.deps.writes ? this.deps.writes.suppress(plan.plan_id, work) : work();
        },
        // Reverting the decision again takes the undo back (files and decisions together).
        {
          operation: 'Undo Correction',
          takenBackBy: 'Revert Decision',
          what: `Undoing the correction of “${titles.get(correction.decision_id) ?? correction.decision_id}” in “${plan.title}”`,
          log: this.deps.log,
          onFirstWrite: () => this.deps.rollback.reloadTree(),
        },
      ),
    ).finally(() => this.deps.rollback.reloadTree());
    if (!outcome) return undefined;
    const start = decisions.find((d) => d.decision_id === correction.decision_id);
    const inCorrection = new Set(correction.reverted_decisions);
    const depths = new Map(start ? revertOrder(decisions.map((d) => (inCorrection.has(d.decision_id) ? { ...d, state: 'active' as const } : d)), start).map((r) => [r.decision.decision_id, r.depth]) : []);
    if (outcome.rollback && correction.undo_checkpoint_id) {
      const target = await services.checkpoints.getCheckpoint(plan.plan_id, correction.undo_checkpoint_id);
      await this.deps.rollback.show({
        ...rollbackState({ folder: panelFolder(found.folder), plan, target, outcome: outcome.rollback, undo: true, now: new Date() }),
        correction: panelCorrection(outcome.correction, titles, depths),
      });
    } else {
      this.deps.dialogs.info(`Undid the correction: ${plural(outcome.reactivated.length, 'decision')} active again.`);
    }
    return outcome;
  }

  /** The panel's Undo Correction. */
  async undoFromPanel(state: PanelState): Promise<PanelState | undefined> {
    return reportingErrors(this.deps.dialogs, CommandTitles.undoCorrection, async () => {
      if (!state.correction) return undefined;
      const found = await this.deps.folders.findPlan(state.plan.id, folderNamed(this.deps.folders.folders(), state.folder.uri));
      const correction = await found.services.corrections.findCorrection(found.plan.plan_id, state.correction!.id);
      if (!correction) return undefined;
      await this.undo(found, correction, this.deps.confirmByDefault());
      return undefined;
    });
  }

  private async revertCommand(arg: unknown): Promise<CorrectionEnvelope | undefined> {
    let found: FolderPlan;
    let decisionId: string;
    let keepIndependent = false;
    let confirm = this.deps.confirmByDefault();
    // The palette: the decision selected in the tree, else one picked among the active ones.
    const chosen = this.deps.tree?.isNode(arg) ? arg : arg === undefined ? (this.selectedDecision('active') ?? (await this.pickDecision('active'))) : undefined;
    if (arg === undefined && !chosen) return undefined;
    if (chosen) {
      if (chosen.kind !== 'decision') return undefined;
      found = await this.deps.folders.findPlan(chosen.plan.plan_id, chosen.folder);
      decisionId = chosen.decision.decision_id;
      // Keeping independent work comes first; undoing later work too is a choice that names it.
      // A keep that cannot be worked out (too many paths to merge) says why on its line: the
      // other choice stays open instead of the whole command failing.
      const [keep, full] = await Promise.all([
        found.services.corrections.analyzeImpact(found.plan.plan_id, decisionId, 'keep_independent').catch((error: unknown) => {
          if (!isCheckpointError(error)) throw error;
          return error;
        }),
        found.services.corrections.analyzeImpact(found.plan.plan_id, decisionId, 'rollback'),
      ]);
      const keepDetail = keep instanceof Error ? `Not possible here: ${keep.message}` : keepIndependentDetail(keep.conflicts, keep.merge_conflicts);
      const mode = await showPick(
        [
          { label: KEEP_INDEPENDENT_CHOICE, detail: keepDetail, mode: 'keep_independent' as const },
          { label: UNDO_LATER_WORK_CHOICE, detail: undoLaterWorkDetail(full.undoes_work_of), mode: 'rollback' as const },
        ],
        { placeHolder: `How to revert “${chosen.decision.title}”`, ignoreFocusOut: true },
      );
      if (!mode) return undefined;
      keepIndependent = mode.mode === 'keep_independent';
      confirm = true;
    } else {
      const args = parseArgs(RevertDecisionArgsSchema, arg ?? {}, Commands.revertDecision);
      found = await this.deps.folders.findPlan(args.planId, folderNamed(this.deps.folders.folders(), args.folder));
      decisionId = args.decisionId;
      keepIndependent = args.keepIndependent === true;
      if (args.skipConfirmation) confirm = false;
    }
    const outcome = await this.revert(found, decisionId, keepIndependent ? 'keep_independent' : 'rollback', confirm);
    return outcome ? correctionEnvelope(outcome) : undefined;
  }

  private async undoCommand(arg: unknown): Promise<CorrectionEnvelope | undefined> {
    let found: FolderPlan;
    let correctionId: string;
    let confirm = this.deps.confirmByDefault();
    const chosen = this.deps.tree?.isNode(arg) ? arg : arg === undefined ? (this.selectedDecision('reverted') ?? (await this.pickDecision('reverted'))) : undefined;
    if (arg === undefined && !chosen) return undefined;
    if (chosen) {
      if (chosen.kind !== 'decision' || !chosen.decision.reverted_by) return undefined;
      found = await this.deps.folders.findPlan(chosen.plan.plan_id, chosen.folder);
      correctionId = chosen.decision.reverted_by;
    } else {
      const args = parseArgs(UndoCorrectionArgsSchema, arg ?? {}, Commands.undoCorrection);
      found = await this.deps.folders.findPlan(args.planId, folderNamed(this.deps.folders.folders(), args.folder));
      correctionId = args.correctionId;
      if (args.skipConfirmation) confirm = false;
    }
    const correction = await found.services.corrections.findCorrection(found.plan.plan_id, correctionId);
    // The core refuses an unknown correction with its own message.
    const outcome = correction ? await this.undo(found, correction, confirm) : await found.services.corrections.undoCorrection(found.plan.plan_id, correctionId);
    return outcome ? undoCorrectionEnvelope(outcome) : undefined;
  }

  /** The decision selected in the tree, when it is in `state`. */
  private selectedDecision(state: 'active' | 'reverted'): DecisionPick | undefined {
    const node = this.deps.tree?.selection()[0];
    return node?.kind === 'decision' && node.decision.state === state && node.plan.state !== 'applied' ? node : undefined;
  }

  /** Asks for one of the decisions in `state` of every open plan, newest first; says so when there is none. */
  private async pickDecision(state: 'active' | 'reverted'): Promise<DecisionPick | undefined> {
    const items: (vscode.QuickPickItem & { value: DecisionPick })[] = [];
    for (const choice of await this.deps.folders.planChoices((p) => p.state !== 'applied')) {
      const { services, plan, folder } = choice.value;
      for (const { decision } of [...(await services.corrections.listDecisions(plan.plan_id))].reverse()) {
        if (decision.state !== state) continue;
        items.push({ label: decision.title, description: `${plan.title}${choice.folderName ? ` · ${choice.folderName}` : ''}`, value: { kind: 'decision', plan, folder, decision } });
      }
    }
    if (items.length === 0) {
      this.deps.dialogs.info(state === 'active' ? 'No plan has a decision to revert: agents record decisions (record_decision) as they work.' : 'No decision is reverted: there is no correction to undo.');
      return undefined;
    }
    const picked = await showPick(items, { placeHolder: state === 'active' ? 'Decision to revert' : 'Reverted decision whose correction to undo', matchOnDescription: true, ignoreFocusOut: true });
    return picked?.value;
  }

  private async restoreFileCommand(arg: unknown): Promise<unknown> {
    let t: CheckpointTarget | undefined;
    let path: string | undefined;
    if (this.deps.tree?.isNode(arg) || arg === undefined) {
      t = await this.deps.rollback.resolveTarget(arg, Commands.restoreFile, 'Checkpoint to restore a file from', (p) => p.state !== 'applied');
      if (!t) return undefined;
      const changes = await t.services.checkpoints.diff(t.plan.plan_id, t.checkpoint.checkpoint_id);
      if (changes.length === 0) {
        this.deps.dialogs.info(`The sandbox already matches “${checkpointLabel(t.checkpoint)}”: nothing to restore.`);
        return undefined;
      }
      const picked = await showPick(
        changes.map((c) => ({ label: c.path, description: { added: 'added since', modified: 'modified since', deleted: 'deleted since' }[c.change], path: c.path })),
        { placeHolder: `File to restore from “${checkpointLabel(t.checkpoint)}”`, matchOnDescription: true, ignoreFocusOut: true },
      );
      path = picked?.path;
    } else {
      const args = parseArgs(RestoreFileArgsSchema, arg, Commands.restoreFile);
      t = await this.deps.rollback.target(args.planId, args.checkpointId, args.folder);
      path = args.path;
    }
    if (!path) return undefined;
    const outcome = await this.deps.rollback.restorePaths(t, [path]);
    return outcome ? { changed_paths: outcome.result.changed_paths.map((c) => ({ ...c })), undo_checkpoint_id: outcome.undo_checkpoint_id } : undefined;
  }
}
