"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.DecisionController = exports.RestoreFileArgsSchema = exports.UndoCorrectionArgsSchema = exports.RevertDecisionArgsSchema = void 0;
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const decisionEnvelopes_1 = require("../../envelopes/decisionEnvelopes");
const correctionService_1 = require("../../core/correctionService");
const decisionGraph_1 = require("../../core/decisionGraph");
const ids_1 = require("../../core/ids");
const errors_1 = require("../../core/errors");
const displayText_1 = require("../../core/displayText");
const rollbackResult_1 = require("../../core/rollbackResult");
const commandIds_1 = require("../commandIds");
const commandArgs_1 = require("../commands/commandArgs");
const commands_1 = require("../commands/commands");
const folderServices_1 = require("../folderServices");
const panelStates_1 = require("../rollback/panel/panelStates");
const rollbackCommands_1 = require("../rollback/rollbackCommands");
const rollbackDialogs_1 = require("../rollback/rollbackDialogs");
const shownText_1 = require("../shownText");
const delayedProgress_1 = require("../delayedProgress");
const restoreProgressPhases_1 = require("../restoreProgressPhases");
const treePresentation_1 = require("../tree/treePresentation");
const decisionText_1 = require("./decisionText");
const SHOW_CHANGES = 'Show Changes First';
const STATUS_MESSAGE_MS = 5000;
const Folder = z.string().min(1).max(4096).optional();
/** What code may pass to the commands (the folder is a URI, a path or a name). */
exports.RevertDecisionArgsSchema = z
    .object({ folder: Folder, planId: ids_1.UlidSchema, decisionId: ids_1.UlidSchema, keepIndependent: z.boolean().optional(), skipConfirmation: z.boolean().optional() })
    .strict();
exports.UndoCorrectionArgsSchema = z.object({ folder: Folder, planId: ids_1.UlidSchema, correctionId: ids_1.UlidSchema, skipConfirmation: z.boolean().optional() }).strict();
exports.RestoreFileArgsSchema = z.object({ folder: Folder, planId: ids_1.UlidSchema, checkpointId: ids_1.UlidSchema, path: z.string().min(1).max(4096) }).strict();
/**
 * Revert Decision…, Undo Correction and Restore File from Checkpoint…: the core's guards first
 * (through the analysis), then the modal, the unsaved editors, and only then the correction, whose
 * result the rollback panel shows headed by it.
 */
class DecisionController {
    deps;
    constructor(deps) {
        this.deps = deps;
        deps.rollback.attachCorrectionUndo((state) => this.undoFromPanel(state));
    }
    registerCommands() {
        const handlers = {
            revertDecision: (arg) => this.revertCommand(arg),
            undoCorrection: (arg) => this.undoCommand(arg),
            restoreFile: (arg) => this.restoreFileCommand(arg),
        };
        return vscode.Disposable.from(...commandIds_1.DECISION_COMMAND_NAMES.map((name) => vscode.commands.registerCommand(commandIds_1.Commands[name], async (arg) => {
            if (!vscode.workspace.isTrusted) {
                (0, commands_1.explainRestricted)(commandIds_1.CommandTitles[name]);
                return undefined;
            }
            return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, commandIds_1.CommandTitles[name], () => handlers[name](arg));
        })));
    }
    /** Reverts after the guards and the question; the correction envelope, or undefined when the user said no. */
    async revert(found, decisionId, mode, confirm) {
        const { services, plan } = found;
        const impact = await services.corrections.analyzeImpact(plan.plan_id, decisionId, mode);
        const refusal = (0, correctionService_1.correctionRefusal)(impact);
        if (refusal)
            throw refusal;
        const target = impact.target_checkpoint;
        if (confirm) {
            const text = (0, decisionText_1.revertConfirmation)(impact);
            const choice = await this.deps.dialogs.confirm(text.message, text.detail, target ? [decisionText_1.REVERT, SHOW_CHANGES] : [decisionText_1.REVERT]);
            if (choice === SHOW_CHANGES && target) {
                // What the correction would undo, as a comparison of the target with the files now.
                this.deps.rollback.show((0, panelStates_1.comparisonState)({ mode: 'compareCurrent', folder: (0, rollbackCommands_1.panelFolder)(found.folder), plan, from: target, changes: (0, rollbackResult_1.reverseChanges)(impact.changes), now: new Date(), afterSnapshot: impact.after_snapshot }));
                return undefined;
            }
            if (choice !== decisionText_1.REVERT)
                return undefined;
        }
        if (!(await this.deps.rollback.settleUnsavedEditors(found, impact.changes)))
            return undefined;
        // Counted and cancellable as a rollback is: a stop before the first write changes nothing.
        const outcome = await (0, rollbackDialogs_1.cancellable)(this.deps.dialogs, () => (0, delayedProgress_1.withRestoreProgress)(restoreProgressPhases_1.RestoreTitles.revert, (control) => {
            const work = () => services.corrections.executeRevert(plan.plan_id, decisionId, mode, control);
            return this.deps.writes ? this.deps.writes.suppress(plan.plan_id, work) : work();
        }, { operation: 'Revert', takenBackBy: commandIds_1.CommandTitles.undoCorrection, what: `Reverting “${impact.reverted[0].decision.title}” of “${plan.title}”`, log: this.deps.log, onFirstWrite: () => this.deps.rollback.reloadTree() })).finally(() => this.deps.rollback.reloadTree());
        if (!outcome)
            return undefined;
        (0, shownText_1.setStatus)(`$(discard) Reverted ${(0, displayText_1.plural)(outcome.correction.reverted_decisions.length, 'decision')}`, STATUS_MESSAGE_MS);
        const depths = new Map(impact.reverted.map((r) => [r.decision.decision_id, r.depth]));
        const titles = new Map(impact.reverted.map((r) => [r.decision.decision_id, r.decision.title]));
        if (outcome.rollback && target) {
            this.deps.rollback.show({
                ...(0, panelStates_1.rollbackState)({ folder: (0, rollbackCommands_1.panelFolder)(found.folder), plan, target, targetLabel: (0, treePresentation_1.checkpointLabel)(target), outcome: outcome.rollback, undo: false, now: new Date() }),
                correction: (0, decisionText_1.panelCorrection)(outcome.correction, titles, depths),
            });
        }
        else {
            this.deps.dialogs.info(`Reverted ${(0, displayText_1.plural)(outcome.correction.reverted_decisions.length, 'decision')}; no file needed restoring.`);
        }
        return outcome;
    }
    /** Undoes a correction after the question: its files back, its decisions active again. */
    async undo(found, correction, confirm) {
        const { services, plan } = found;
        const decisions = (await services.corrections.listDecisions(plan.plan_id)).map((d) => d.decision);
        const titles = new Map(decisions.map((d) => [d.decision_id, d.title]));
        const changes = await services.corrections.previewUndo(plan.plan_id, correction);
        if (confirm) {
            const undone = correction.undo_checkpoint_id ? await services.checkpoints.undoneWork(plan.plan_id, correction.undo_checkpoint_id, changes) : [];
            const text = (0, decisionText_1.undoCorrectionConfirmation)(correction, titles.get(correction.decision_id) ?? correction.decision_id, changes, undone);
            if ((await this.deps.dialogs.confirm(text.message, text.detail, ['Undo Correction'])) !== 'Undo Correction')
                return undefined;
        }
        if (!(await this.deps.rollback.settleUnsavedEditors(found, changes)))
            return undefined;
        const outcome = await (0, rollbackDialogs_1.cancellable)(this.deps.dialogs, () => (0, delayedProgress_1.withRestoreProgress)(restoreProgressPhases_1.RestoreTitles.undoCorrection, (control) => {
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
        })).finally(() => this.deps.rollback.reloadTree());
        if (!outcome)
            return undefined;
        const start = decisions.find((d) => d.decision_id === correction.decision_id);
        const inCorrection = new Set(correction.reverted_decisions);
        const depths = new Map(start ? (0, decisionGraph_1.revertOrder)(decisions.map((d) => (inCorrection.has(d.decision_id) ? { ...d, state: 'active' } : d)), start).map((r) => [r.decision.decision_id, r.depth]) : []);
        if (outcome.rollback && correction.undo_checkpoint_id) {
            const target = await services.checkpoints.getCheckpoint(plan.plan_id, correction.undo_checkpoint_id);
            this.deps.rollback.show({
                ...(0, panelStates_1.rollbackState)({ folder: (0, rollbackCommands_1.panelFolder)(found.folder), plan, target, outcome: outcome.rollback, undo: true, now: new Date() }),
                correction: (0, decisionText_1.panelCorrection)(outcome.correction, titles, depths),
            });
        }
        else {
            this.deps.dialogs.info(`Undid the correction: ${(0, displayText_1.plural)(outcome.reactivated.length, 'decision')} active again.`);
        }
        return outcome;
    }
    /** The panel's Undo Correction. */
    async undoFromPanel(state) {
        return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, commandIds_1.CommandTitles.undoCorrection, async () => {
            if (!state.correction)
                return undefined;
            const found = await this.deps.folders.findPlan(state.plan.id, (0, folderServices_1.folderNamed)(this.deps.folders.folders(), state.folder.uri));
            const correction = await found.services.corrections.findCorrection(found.plan.plan_id, state.correction.id);
            if (!correction)
                return undefined;
            await this.undo(found, correction, this.deps.confirmByDefault());
            return undefined;
        });
    }
    async revertCommand(arg) {
        let found;
        let decisionId;
        let keepIndependent = false;
        let confirm = this.deps.confirmByDefault();
        // The palette: the decision selected in the tree, else one picked among the active ones.
        const chosen = this.deps.tree?.isNode(arg) ? arg : arg === undefined ? (this.selectedDecision('active') ?? (await this.pickDecision('active'))) : undefined;
        if (arg === undefined && !chosen)
            return undefined;
        if (chosen) {
            if (chosen.kind !== 'decision')
                return undefined;
            found = await this.deps.folders.findPlan(chosen.plan.plan_id, chosen.folder);
            decisionId = chosen.decision.decision_id;
            // Keeping independent work comes first; undoing later work too is a choice that names it.
            // A keep that cannot be worked out (too many paths to merge) says why on its line: the
            // other choice stays open instead of the whole command failing.
            const [keep, full] = await Promise.all([
                found.services.corrections.analyzeImpact(found.plan.plan_id, decisionId, 'keep_independent').catch((error) => {
                    if (!(0, errors_1.isCheckpointError)(error))
                        throw error;
                    return error;
                }),
                found.services.corrections.analyzeImpact(found.plan.plan_id, decisionId, 'rollback'),
            ]);
            const keepDetail = keep instanceof Error ? `Not possible here: ${keep.message}` : (0, decisionText_1.keepIndependentDetail)(keep.conflicts, keep.merge_conflicts);
            const mode = await (0, shownText_1.showPick)([
                { label: decisionText_1.KEEP_INDEPENDENT_CHOICE, detail: keepDetail, mode: 'keep_independent' },
                { label: decisionText_1.UNDO_LATER_WORK_CHOICE, detail: (0, decisionText_1.undoLaterWorkDetail)(full.undoes_work_of), mode: 'rollback' },
            ], { placeHolder: `How to revert “${chosen.decision.title}”`, ignoreFocusOut: true });
            if (!mode)
                return undefined;
            keepIndependent = mode.mode === 'keep_independent';
            confirm = true;
        }
        else {
            const args = (0, commandArgs_1.parseArgs)(exports.RevertDecisionArgsSchema, arg ?? {}, commandIds_1.Commands.revertDecision);
            found = await this.deps.folders.findPlan(args.planId, (0, folderServices_1.folderNamed)(this.deps.folders.folders(), args.folder));
            decisionId = args.decisionId;
            keepIndependent = args.keepIndependent === true;
            if (args.skipConfirmation)
                confirm = false;
        }
        const outcome = await this.revert(found, decisionId, keepIndependent ? 'keep_independent' : 'rollback', confirm);
        return outcome ? (0, decisionEnvelopes_1.correctionEnvelope)(outcome) : undefined;
    }
    async undoCommand(arg) {
        let found;
        let correctionId;
        let confirm = this.deps.confirmByDefault();
        const chosen = this.deps.tree?.isNode(arg) ? arg : arg === undefined ? (this.selectedDecision('reverted') ?? (await this.pickDecision('reverted'))) : undefined;
        if (arg === undefined && !chosen)
            return undefined;
        if (chosen) {
            if (chosen.kind !== 'decision' || !chosen.decision.reverted_by)
                return undefined;
            found = await this.deps.folders.findPlan(chosen.plan.plan_id, chosen.folder);
            correctionId = chosen.decision.reverted_by;
        }
        else {
            const args = (0, commandArgs_1.parseArgs)(exports.UndoCorrectionArgsSchema, arg ?? {}, commandIds_1.Commands.undoCorrection);
            found = await this.deps.folders.findPlan(args.planId, (0, folderServices_1.folderNamed)(this.deps.folders.folders(), args.folder));
            correctionId = args.correctionId;
            if (args.skipConfirmation)
                confirm = false;
        }
        const correction = await found.services.corrections.findCorrection(found.plan.plan_id, correctionId);
        // The core refuses an unknown correction with its own message.
        const outcome = correction ? await this.undo(found, correction, confirm) : await found.services.corrections.undoCorrection(found.plan.plan_id, correctionId);
        return outcome ? (0, decisionEnvelopes_1.undoCorrectionEnvelope)(outcome) : undefined;
    }
    /** The decision selected in the tree, when it is in `state`. */
    selectedDecision(state) {
        const node = this.deps.tree?.selection()[0];
        return node?.kind === 'decision' && node.decision.state === state && node.plan.state !== 'applied' ? node : undefined;
    }
    /** Asks for one of the decisions in `state` of every open plan, newest first; says so when there is none. */
    async pickDecision(state) {
        const items = [];
        for (const choice of await this.deps.folders.planChoices((p) => p.state !== 'applied')) {
            const { services, plan, folder } = choice.value;
            for (const { decision } of [...(await services.corrections.listDecisions(plan.plan_id))].reverse()) {
                if (decision.state !== state)
                    continue;
                items.push({ label: decision.title, description: `${plan.title}${choice.folderName ? ` · ${choice.folderName}` : ''}`, value: { kind: 'decision', plan, folder, decision } });
            }
        }
        if (items.length === 0) {
            this.deps.dialogs.info(state === 'active' ? 'No plan has a decision to revert: agents record decisions (record_decision) as they work.' : 'No decision is reverted: there is no correction to undo.');
            return undefined;
        }
        const picked = await (0, shownText_1.showPick)(items, { placeHolder: state === 'active' ? 'Decision to revert' : 'Reverted decision whose correction to undo', matchOnDescription: true, ignoreFocusOut: true });
        return picked?.value;
    }
    async restoreFileCommand(arg) {
        let t;
        let path;
        if (this.deps.tree?.isNode(arg) || arg === undefined) {
            t = await this.deps.rollback.resolveTarget(arg, commandIds_1.Commands.restoreFile, 'Checkpoint to restore a file from', (p) => p.state !== 'applied');
            if (!t)
                return undefined;
            const changes = await t.services.checkpoints.diff(t.plan.plan_id, t.checkpoint.checkpoint_id);
            if (changes.length === 0) {
                this.deps.dialogs.info(`The sandbox already matches “${(0, treePresentation_1.checkpointLabel)(t.checkpoint)}”: nothing to restore.`);
                return undefined;
            }
            const picked = await (0, shownText_1.showPick)(changes.map((c) => ({ label: c.path, description: { added: 'added since', modified: 'modified since', deleted: 'deleted since' }[c.change], path: c.path })), { placeHolder: `File to restore from “${(0, treePresentation_1.checkpointLabel)(t.checkpoint)}”`, matchOnDescription: true, ignoreFocusOut: true });
            path = picked?.path;
        }
        else {
            const args = (0, commandArgs_1.parseArgs)(exports.RestoreFileArgsSchema, arg, commandIds_1.Commands.restoreFile);
            t = await this.deps.rollback.target(args.planId, args.checkpointId, args.folder);
            path = args.path;
        }
        if (!path)
            return undefined;
        const outcome = await this.deps.rollback.restorePaths(t, [path]);
        return outcome ? { changed_paths: outcome.result.changed_paths.map((c) => ({ ...c })), undo_checkpoint_id: outcome.undo_checkpoint_id } : undefined;
    }
}
exports.DecisionController = DecisionController;
//# sourceMappingURL=decisionCommands.js.map