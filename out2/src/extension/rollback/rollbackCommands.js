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
exports.RollbackController = void 0;
exports.panelFolder = panelFolder;
const rollbackRequests_1 = require("./rollbackRequests");
const idPrefix_1 = require("../../core/idPrefix");
const contextKeys_1 = require("../tree/contextKeys");
const vscode = __importStar(require("vscode"));
const shownText_1 = require("../shownText");
const keepMineChoices_1 = require("./keepMineChoices");
const delayedProgress_1 = require("../delayedProgress");
const restoreProgressPhases_1 = require("../restoreProgressPhases");
const z = __importStar(require("zod"));
const agentOnlyRollback_1 = require("../../core/agentOnlyRollback");
const errors_1 = require("../../core/errors");
const commandArgs_1 = require("../commands/commandArgs");
const commands_1 = require("../commands/commands");
const folderServices_1 = require("../folderServices");
const safetyCheckpoints_1 = require("../../core/safetyCheckpoints");
const diffEditors_1 = require("./panel/diffEditors");
const panelStates_1 = require("./panel/panelStates");
const prompts_1 = require("../commands/prompts");
const rollbackCommandIds_1 = require("./rollbackCommandIds");
const rollbackDialogs_1 = require("./rollbackDialogs");
const unsavedEditors_1 = require("./unsavedEditors");
const rollbackText_1 = require("./rollbackText");
const treePresentation_1 = require("../tree/treePresentation");
const displayText_1 = require("../../core/displayText");
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
class RollbackController {
    deps;
    panels;
    correctionUndo;
    constructor(deps) {
        this.deps = deps;
    }
    /** Set once the panels exist (they need this controller for their actions). */
    attachPanels(panels) {
        this.panels = panels;
    }
    /** Set by the decisions feature: what the panel's Undo Correction does. */
    attachCorrectionUndo(undo) {
        this.correctionUndo = undo;
    }
    /** Shows a state in the rollback panel (for features that reuse it). */
    show(state) {
        this.showPanel(state);
    }
    /**
     * Restores one path of the sandbox from the checkpoint the state compares with, after a modal
     * question and the unsaved-editor check; the state to show next (the comparison made again).
     */
    async restorePath(state, path) {
        return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, 'Restore this File', async () => {
            if (!vscode.workspace.isTrusted)
                throw new errors_1.BusinessRuleViolation('Restore blocked: the workspace is not trusted (Restricted Mode)');
            const t = await this.target(state.plan.id, state.from.id, state.folder.uri);
            const outcome = await this.restorePaths(t, [path]);
            if (!outcome)
                return undefined;
            const planId = t.plan.plan_id;
            const now = state.mode === 'preview' ? await t.services.checkpoints.previewRollback(planId, t.checkpoint.checkpoint_id) : await t.services.checkpoints.diff(planId, t.checkpoint.checkpoint_id);
            // The list the panel showed, less what now matches the checkpoint.
            const shown = new Set(state.changes.map((c) => c.path));
            const changes = now.filter((c) => shown.has(c.path));
            return (0, panelStates_1.comparisonState)({ mode: state.mode === 'preview' ? 'preview' : 'compareCurrent', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, changes, now: this.now() });
        });
    }
    /** Restores chosen paths from a checkpoint after asking (a modal that lists them); undefined when declined or nothing differs. */
    async restorePaths(t, paths) {
        const planId = t.plan.plan_id;
        const preview = await t.services.checkpoints.previewRestorePaths(planId, t.checkpoint.checkpoint_id, paths);
        const label = (0, treePresentation_1.checkpointLabel)(t.checkpoint);
        if (preview.length === 0) {
            this.deps.dialogs.info(`${paths.length === 1 ? `“${paths[0]}” is` : 'These paths are'} already as in “${label}”: nothing to restore.`);
            return undefined;
        }
        const text = (0, rollbackText_1.restoreConfirmation)(t.plan.title, label, preview);
        if ((await this.deps.dialogs.confirm(text.message, text.detail, [RESTORE])) !== RESTORE)
            return undefined;
        if (!(await (0, unsavedEditors_1.settleUnsavedEditors)(this.deps.dialogs, t, preview, true)))
            return undefined;
        const outcome = await (0, rollbackDialogs_1.cancellable)(this.deps.dialogs, () => (0, delayedProgress_1.withRestoreProgress)(restoreProgressPhases_1.RestoreTitles.restore, (control) => {
            const work = () => t.services.checkpoints.restorePaths(planId, t.checkpoint.checkpoint_id, paths, undefined, control);
            return this.deps.writes ? this.deps.writes.suppress(planId, work) : work();
        }, { what: `Restoring ${(0, displayText_1.plural)(paths.length, 'path')} of “${t.plan.title}” from “${label}”`, log: (line) => this.deps.log.info(line), onFirstWrite: () => this.reloadTree() })).finally(() => this.reloadTree());
        if (!outcome)
            return undefined;
        (0, shownText_1.setStatus)(`$(history) Restored ${(0, displayText_1.plural)(outcome.result.changed_paths.length, 'path')} from “${label}”; undo with Undo Rollback`, STATUS_MESSAGE_MS);
        return outcome;
    }
    /** Asks about unsaved editors on these paths (for features that write files through the services). */
    async settleUnsavedEditors(t, changes) {
        return (0, unsavedEditors_1.settleUnsavedEditors)(this.deps.dialogs, t, changes, true);
    }
    /**
     * Reloads the view as an operation writes its first file (its record is on disk: the plan's row
     * says "in progress") and when it ends (done, cancelled or failed: the record is gone). Not left
     * to the file watcher, which reports the record late or never (VS Code hands a burst's events on
     * 500 at a time and drops them past 10,000: a rollback of 20,000 files left the row "in
     * progress" seconds after the panel said done).
     */
    reloadTree() {
        this.deps.tree?.refresh?.();
    }
    now() {
        return this.deps.now?.() ?? new Date();
    }
    // ---- the operations -------------------------------------------------------------------------
    /** Rolls back after the guards and the questions; undefined when the user said no. */
    async rollback(t, request) {
        // Every way in (commands, the panel, a restored panel, the API) ends here: Restricted Mode stops it.
        if (!vscode.workspace.isTrusted)
            throw new errors_1.BusinessRuleViolation(`${request.undo ? 'Undo' : 'Rollback'} blocked: the workspace is not trusted (Restricted Mode)`);
        const planId = t.plan.plan_id;
        const checkpointId = t.checkpoint.checkpoint_id;
        // The preview runs the rollback's guards: a refused rollback says why before anything is asked.
        const agentPreview = request.agentOnly ? await t.services.checkpoints.previewAgentOnlyRollback(planId, checkpointId, request.scope) : undefined;
        if (agentPreview && agentPreview.summary.conflicts.length > 0) {
            // Conflicts refuse with their list (as the rollback itself would); a person is offered the ways on.
            if (!request.interactive)
                throw new agentOnlyRollback_1.AgentOnlyConflictError(agentPreview.summary.conflicts);
            return this.agentOnlyConflict(t, agentPreview, request);
        }
        const preview = agentPreview ? agentPreview.changes : await t.services.checkpoints.previewRollback(planId, checkpointId);
        if (preview.length === 0 && request.interactive) {
            this.deps.dialogs.info((0, rollbackText_1.nothingToRollBack)(t.plan.title, (0, treePresentation_1.checkpointLabel)(t.checkpoint)));
            return undefined;
        }
        const label = (0, treePresentation_1.checkpointLabel)(t.checkpoint);
        if (request.confirm && !(request.seen && (0, rollbackRequests_1.sameChanges)(request.seen, preview))) {
            const checkpointTaken = (0, treePresentation_1.formatRelativeTime)(t.checkpoint.created_at, this.now());
            const undone = agentPreview ? [] : await t.services.checkpoints.undoneWork(planId, checkpointId, preview);
            const text = agentPreview
                ? (0, rollbackText_1.agentOnlyConfirmation)({ planTitle: t.plan.title, checkpointLabel: label, checkpointTaken, preview: agentPreview })
                : (0, rollbackText_1.rollbackConfirmation)({ planTitle: t.plan.title, checkpointLabel: label, checkpointTaken, changes: preview, undo: request.undo, undone });
            const primary = request.undo ? UNDO : agentPreview ? UNDO_AGENT : ROLLBACK;
            // A rollback that takes edits made outside tool calls (or another session's work) offers Keep Mine right there.
            const keepMine = !agentPreview && !request.undo && (0, rollbackText_1.takesOthersWork)(undone);
            const choice = await this.deps.dialogs.confirm(text.message, text.detail, keepMine ? [primary, KEEP_MINE, SHOW_CHANGES] : [primary, SHOW_CHANGES]);
            if (choice === KEEP_MINE)
                return this.rollback(t, { ...request, agentOnly: true, seen: undefined });
            if (choice === SHOW_CHANGES) {
                this.showPanel((0, panelStates_1.comparisonState)({ mode: 'preview', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, fromLabel: label, changes: preview, now: this.now(), agentOnly: agentPreview?.summary, agentOnlyTarget: agentPreview?.target, undone }));
                return undefined;
            }
            if (choice !== primary)
                return undefined;
        }
        if (!(await (0, unsavedEditors_1.settleUnsavedEditors)(this.deps.dialogs, t, preview, request.interactive)))
            return undefined;
        const what = request.undo ? `Undoing the rollback of “${t.plan.title}”` : `Rolling “${t.plan.title}” back to “${label}”`;
        const outcome = await (0, rollbackDialogs_1.cancellable)(this.deps.dialogs, () => (0, delayedProgress_1.withRestoreProgress)(request.undo ? restoreProgressPhases_1.RestoreTitles.undoRollback : restoreProgressPhases_1.RestoreTitles.rollback, (control) => {
            const work = () => request.agentOnly
                ? t.services.checkpoints.rollbackAgentOnly(planId, checkpointId, control, request.scope)
                : t.services.checkpoints.rollbackToCheckpoint(planId, checkpointId, undefined, control);
            return this.deps.writes ? this.deps.writes.suppress(planId, work) : work();
        }, { what, log: (line) => this.deps.log.info(line), onFirstWrite: () => this.reloadTree(), ...(request.undo ? { operation: 'Undo Rollback' } : {}) })).finally(() => this.reloadTree());
        if (!outcome)
            return undefined;
        await (request.undo ? contextKeys_1.ContextKeys.undidRollback : contextKeys_1.ContextKeys.rolledBack).set(true);
        (0, shownText_1.setStatus)(`$(history) ${(0, rollbackText_1.rolledBackStatus)(outcome.result.changed_paths.length, outcome.elapsed_seconds, request.undo)}`, STATUS_MESSAGE_MS);
        if (request.showPanel) {
            this.showPanel((0, panelStates_1.rollbackState)({ folder: panelFolder(t.folder), plan: t.plan, target: t.checkpoint, targetLabel: label, outcome, undo: request.undo, now: this.now() }));
        }
        return outcome;
    }
    /** Keep Mine refused by conflicts, with a person there: the list and the ways on (keepMineChoices.ts). */
    async agentOnlyConflict(t, agentPreview, request) {
        return (0, keepMineChoices_1.agentOnlyConflictWaysOn)(this.deps.dialogs, t, agentPreview, {
            rollbackFully: () => this.rollback(t, { ...request, agentOnly: false, confirm: true, seen: undefined }),
            restorePaths: (paths) => this.restorePaths(t, paths),
            preview: (changes, undone) => this.showPanel((0, panelStates_1.comparisonState)({ mode: 'preview', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, fromLabel: (0, treePresentation_1.checkpointLabel)(t.checkpoint), changes, now: this.now(), undone })),
        });
    }
    /** The plan's newest safety checkpoint (of its last rollback), if any. */
    async lastSafetyCheckpoint(services, planId) {
        const list = await services.checkpoints.listCheckpoints(planId);
        return [...list].reverse().find(safetyCheckpoints_1.isSafetyCheckpoint);
    }
    async compareWithCurrent(t, preserveFocus = false) {
        const changes = await t.services.checkpoints.diff(t.plan.plan_id, t.checkpoint.checkpoint_id);
        const state = (0, panelStates_1.comparisonState)({ mode: 'compareCurrent', folder: panelFolder(t.folder), plan: t.plan, from: t.checkpoint, changes, now: this.now() });
        this.showPanel(state, preserveFocus);
        return state;
    }
    async compareWithPrevious(t) {
        const list = await t.services.checkpoints.listCheckpoints(t.plan.plan_id);
        const index = list.findIndex((c) => c.checkpoint_id === t.checkpoint.checkpoint_id);
        if (index <= 0) {
            this.deps.dialogs.info((0, rollbackText_1.firstCheckpointMessage)((0, treePresentation_1.checkpointLabel)(t.checkpoint)));
            return undefined;
        }
        const previous = list[index - 1];
        const changes = await t.services.checkpoints.diff(t.plan.plan_id, previous.checkpoint_id, t.checkpoint.checkpoint_id);
        const state = (0, panelStates_1.comparisonState)({ mode: 'comparePrevious', folder: panelFolder(t.folder), plan: t.plan, from: previous, to: t.checkpoint, changes, now: this.now() });
        this.showPanel(state);
        return state;
    }
    // ---- the panel's actions ----------------------------------------------------------------------
    async openDiff(state, path) {
        await (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, 'Open Diff', async () => {
            const change = state.changes.find((c) => c.path === path);
            if (!change)
                return;
            await (0, diffEditors_1.openChangeDiff)(state, this.folderOf(state), change);
        });
    }
    async openAll(state) {
        await (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, 'Open All', async () => {
            if (state.changes.length === 0)
                return;
            await (0, diffEditors_1.openAllChanges)(state, this.folderOf(state));
        });
    }
    async undo(state) {
        return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, rollbackCommandIds_1.RollbackCommandTitles.undoRollback, async () => {
            if (!state.rollback)
                return undefined;
            // The id comes from the page's state (restored after a reload, too): only a safety checkpoint is undone without more ado.
            const t = await this.target(state.plan.id, state.rollback.undoCheckpointId, state.folder.uri, true);
            await this.rollback(t, { ...(0, safetyCheckpoints_1.undoRequest)(t.checkpoint, this.deps.confirmByDefault()), interactive: true, showPanel: true });
            return undefined;
        });
    }
    async rollbackFromPreview(state) {
        return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, rollbackCommandIds_1.RollbackCommandTitles.rollback, async () => {
            const t = await this.target(state.plan.id, state.from.id, state.folder.uri);
            // From a preview the list was the question: Roll Back there asks again only if the files changed since.
            // From Compare with Current it asks once (the modal), as a rollback from the tree does.
            const seen = state.mode === 'preview' ? state.changes.map((c) => ({ path: c.path, change: c.change })) : undefined;
            await this.rollback(t, { confirm: this.deps.confirmByDefault(), interactive: true, undo: false, showPanel: true, agentOnly: state.agentOnly !== undefined, ...(state.agentOnly?.scope ? { scope: state.agentOnly.scope } : {}), seen });
            return undefined;
        });
    }
    // PanelActions names this one `rollback`; the class's own rollback takes a target.
    panelActions = {
        openDiff: (s, p) => this.openDiff(s, p),
        openAll: (s) => this.openAll(s),
        undo: (s) => this.undo(s),
        rollback: (s) => this.rollbackFromPreview(s),
        copyJson: (s) => this.copyJson(s),
        undoCorrection: (s) => (this.correctionUndo ? this.correctionUndo(s) : Promise.resolve(undefined)),
        restorePath: (s, p) => this.restorePath(s, p),
    };
    async copyJson(state) {
        await (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, 'Copy as JSON', async () => {
            await (this.deps.clipboard ?? vscode.env.clipboard).writeText((0, panelStates_1.panelJson)(state));
            (0, shownText_1.setStatus)(`$(copy) Copied the ${state.rollback ? 'rollback envelope' : 'changes'} as JSON`, STATUS_MESSAGE_MS);
        });
    }
    // ---- commands ---------------------------------------------------------------------------------
    /** Registers the commands; each reports its failure as an error notification and returns undefined. */
    registerCommands() {
        const handlers = {
            rollback: (arg) => this.rollbackCommand(arg),
            rollbackAgentOnly: (arg) => this.rollbackCommand(arg, true),
            undoRollback: (arg) => this.undoCommand(arg),
            compareWithCurrent: async (arg, extra) => {
                const t = await this.resolveTarget(arg, rollbackCommandIds_1.RollbackCommands.compareWithCurrent, 'Checkpoint to compare with the sandbox as it is now', () => true);
                return t ? this.compareWithCurrent(t, extra === rollbackCommandIds_1.PRESERVE_FOCUS) : undefined;
            },
            compareWithPrevious: async (arg) => {
                const t = await this.resolveTarget(arg, rollbackCommandIds_1.RollbackCommands.compareWithPrevious, 'Checkpoint to compare with the one before it', () => true);
                return t ? this.compareWithPrevious(t) : undefined;
            },
        };
        return vscode.Disposable.from(...Object.keys(handlers).map((name) => vscode.commands.registerCommand(rollbackCommandIds_1.RollbackCommands[name], async (arg, extra) => {
            if (!vscode.workspace.isTrusted) {
                (0, commands_1.explainRestricted)(rollbackCommandIds_1.RollbackCommandTitles[name]);
                return undefined;
            }
            return (0, rollbackDialogs_1.reportingErrors)(this.deps.dialogs, rollbackCommandIds_1.RollbackCommandTitles[name], () => handlers[name](arg, extra));
        })));
    }
    /** Roll Back to Checkpoint, or with `agentOnly` Undo Agent Changes Since Here (Keep Mine). */
    async rollbackCommand(arg, agentOnly = false) {
        const command = agentOnly ? rollbackCommandIds_1.RollbackCommands.rollbackAgentOnly : rollbackCommandIds_1.RollbackCommands.rollback;
        const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? (0, commandArgs_1.parseArgs)(rollbackRequests_1.RollbackArgsSchema, arg, command) : undefined;
        const t = await this.resolveTarget(arg, command, agentOnly ? 'Checkpoint since which to undo the agent’s changes' : 'Checkpoint to roll back to', (p) => p.state !== 'applied');
        if (!t)
            return undefined;
        const scope = agentOnly ? (given?.scope ?? (await (0, keepMineChoices_1.pickScope)(this.deps.dialogs, t))) : undefined;
        if (agentOnly && scope === undefined)
            return undefined;
        const outcome = await this.rollback(t, { confirm: given?.skipConfirmation ? false : this.deps.confirmByDefault(), interactive: true, undo: false, showPanel: true, agentOnly, ...(scope ? { scope } : {}) });
        return outcome ? plainOutcome(outcome) : undefined;
    }
    async undoCommand(arg) {
        let plan;
        let checkpointId;
        let skip = false;
        if (this.deps.tree?.isNode(arg)) {
            const node = arg;
            if (node.kind !== 'plan' && node.kind !== 'checkpoint')
                return undefined;
            plan = await this.deps.folders.findPlan(node.plan.plan_id, node.folder);
        }
        else if (arg !== undefined) {
            const args = (0, commandArgs_1.parseArgs)(rollbackRequests_1.UndoArgsSchema, arg, rollbackCommandIds_1.RollbackCommands.undoRollback);
            plan = await this.deps.folders.findPlan(args.planId, (0, folderServices_1.folderNamed)(this.deps.folders.folders(), args.folder));
            checkpointId = args.checkpointId;
            skip = args.skipConfirmation === true;
        }
        else {
            plan = await this.pickPlanTarget('Plan whose last rollback to undo', (p) => p.state !== 'applied');
        }
        if (!plan)
            return undefined;
        const checkpoint = checkpointId
            ? await plan.services.checkpoints.getCheckpoint(plan.plan.plan_id, await (0, idPrefix_1.resolveCheckpointId)(plan.services.checkpoints, plan.plan.plan_id, checkpointId))
            : await this.lastSafetyCheckpoint(plan.services, plan.plan.plan_id);
        if (!checkpoint) {
            this.deps.dialogs.info(`The plan “${plan.plan.title}” has no rollback to undo.`);
            return undefined;
        }
        const how = (0, safetyCheckpoints_1.undoRequest)(checkpoint, skip ? false : this.deps.confirmByDefault());
        const outcome = await this.rollback({ ...plan, checkpoint }, { ...how, interactive: true, showPanel: true });
        return outcome ? plainOutcome(outcome) : undefined;
    }
    /** A checkpoint from a tree node, from arguments, from the tree's selection, or asked for. */
    async resolveTarget(arg, command, placeHolder, planFilter) {
        let node;
        // A row the command was run on is taken as it is (a refused rollback then says why); the
        // selection, when the command comes from the palette, only if it passes the filter.
        if (this.deps.tree?.isNode(arg)) {
            if (arg.kind === 'checkpoint')
                return this.target(arg.plan.plan_id, arg.checkpoint.checkpoint_id, arg.folder);
            node = arg;
        }
        else if (arg !== undefined) {
            const args = (0, commandArgs_1.parseArgs)(rollbackRequests_1.CompareArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict(), arg, command);
            return this.target(args.planId, args.checkpointId, args.folder);
        }
        else
            node = this.deps.tree?.selection()[0];
        if (node?.kind === 'checkpoint' && planFilter(node.plan))
            return this.target(node.plan.plan_id, node.checkpoint.checkpoint_id, node.folder);
        const plan = node?.kind === 'plan' && planFilter(node.plan) ? await this.deps.folders.findPlan(node.plan.plan_id, node.folder) : await this.pickPlanTarget('Plan of the checkpoint', planFilter);
        if (!plan)
            return undefined;
        const checkpoints = await plan.services.checkpoints.listCheckpoints(plan.plan.plan_id);
        if (checkpoints.length === 0) {
            this.deps.dialogs.info(`The plan “${plan.plan.title}” has no checkpoints.`);
            return undefined;
        }
        const checkpoint = await (0, prompts_1.pickCheckpoint)(checkpoints, placeHolder, await (0, prompts_1.checkpointsSameAsNow)(plan.services.checkpoints, plan.plan.plan_id, checkpoints));
        return checkpoint ? { ...plan, checkpoint } : undefined;
    }
    /**
     * Plan and checkpoint by id; the checkpoint guards (exists, belongs to the plan) run here.
     * `undoing`: the checkpoint is a rollback's safety checkpoint, and its absence is said as such.
     */
    async target(planId, checkpointId, folder, undoing = false) {
        const f = typeof folder === 'string' ? (0, folderServices_1.folderNamed)(this.deps.folders.folders(), folder) : folder;
        const found = await this.deps.folders.findPlan(planId, f);
        const { checkpoints } = found.services;
        const pid = found.plan.plan_id;
        const cid = await (0, idPrefix_1.resolveCheckpointId)(checkpoints, pid, checkpointId);
        return { ...found, checkpoint: await (undoing ? checkpoints.getUndoCheckpoint(pid, cid) : checkpoints.getCheckpoint(pid, cid)) };
    }
    // ---- helpers ----------------------------------------------------------------------------------
    async pickPlanTarget(placeHolder, filter) {
        const choices = await this.deps.folders.planChoices(filter);
        if (choices.length === 0) {
            this.deps.dialogs.info('There is no plan to choose (applied plans cannot be rolled back).');
            return undefined;
        }
        return (0, prompts_1.pickPlan)(choices, placeHolder);
    }
    folderOf(state) {
        const folder = this.deps.folders.folders().find((f) => f.uri.toString() === state.folder.uri);
        if (!folder)
            throw new errors_1.ValidationError(`the workspace folder “${state.folder.name}” of this result is no longer open`);
        return folder;
    }
    showPanel(state, preserveFocus = false) {
        if (!this.panels)
            throw new Error('the rollback panel is not set up');
        this.panels.show(state, preserveFocus);
    }
}
exports.RollbackController = RollbackController;
function panelFolder(folder) {
    return { uri: folder.uri.toString(), name: folder.name };
}
/** What the command returns to code: the outcome as plain data. */
function plainOutcome(o) {
    return { plan_id: o.plan_id, result: { ...o.result, changed_paths: o.result.changed_paths.map((c) => ({ ...c })) }, undo_checkpoint_id: o.undo_checkpoint_id, elapsed_seconds: o.elapsed_seconds };
}
//# sourceMappingURL=rollbackCommands.js.map