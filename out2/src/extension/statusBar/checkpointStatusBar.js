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
exports.CheckpointStatusBar = exports.STATUS_BAR_FIRST_LOOK_MS = void 0;
const vscode = __importStar(require("vscode"));
const shownText_1 = require("../shownText");
const commandIds_1 = require("../commandIds");
const errors_1 = require("../../core/errors");
const planLifecycleCommands_1 = require("../planLifecycle/planLifecycleCommands");
const prompts_1 = require("../commands/prompts");
const contextKeys_1 = require("../tree/contextKeys");
const displayText_1 = require("../../core/displayText");
const activePlan_1 = require("./activePlan");
const commands_1 = require("../commands/commands");
const debouncer_1 = require("../debouncer");
const rollbackCommandIds_1 = require("../rollback/rollbackCommandIds");
const treePresentation_1 = require("../tree/treePresentation");
const displayText_2 = require("../../core/displayText");
/** Waits this long after activation before the first look (the engine loads then, not during activation). */
exports.STATUS_BAR_FIRST_LOOK_MS = 3000;
/**
 * A status-bar item: the active plan, its checkpoint count, whether automatic checkpoints watch it
 * and when the last one failed. A click opens a menu of what can be done with the plan.
 */
class CheckpointStatusBar {
    folders;
    dialogs;
    log;
    item = vscode.window.createStatusBarItem('cleveragents.checkpoints.status', vscode.StatusBarAlignment.Left, 40);
    debouncer = new debouncer_1.Debouncer(() => void this.refresh(), 300, 1500);
    disposables = [this.item];
    active;
    /** A folder whose database cannot be read, shown when no plan is. */
    unreadable;
    generation = 0;
    latest = Promise.resolve();
    firstLook;
    lastFailure;
    auto;
    skipped;
    reveal;
    selection;
    constructor(folders, dialogs, log, options = {}) {
        this.folders = folders;
        this.dialogs = dialogs;
        this.log = log;
        this.selection = options.selection;
        this.skipped = options.skipped;
        this.auto = options.auto;
        this.reveal = options.reveal;
        this.item.name = 'CleverAgents Checkpoints';
        this.item.command = rollbackCommandIds_1.RollbackCommands.statusBarMenu;
        this.disposables.push(folders.onDidChangeDatabase(() => this.debouncer.schedule()), vscode.workspace.onDidChangeWorkspaceFolders(() => this.debouncer.schedule()), vscode.commands.registerCommand(rollbackCommandIds_1.RollbackCommands.checkpointActivePlan, () => this.checkpoint()), vscode.commands.registerCommand(rollbackCommandIds_1.RollbackCommands.statusBarMenu, () => this.menu()), ...(options.selection ? [options.selection.onDidChange(() => this.debouncer.schedule())] : []));
        this.firstLook = setTimeout(() => void this.refresh(), options.firstLookMs ?? exports.STATUS_BAR_FIRST_LOOK_MS);
    }
    get activePlan() {
        return this.active;
    }
    get failure() {
        return this.lastFailure;
    }
    /** An automatic checkpoint failed: shown until one of the same plan works. */
    noteFailure(failure) {
        this.lastFailure = failure;
        this.render();
    }
    /** What the item shows (for tests): undefined when hidden. */
    get text() {
        return this.active || this.unreadable ? this.item.text : undefined;
    }
    /** Reads the plans again; resolves when what it shows is current (a newer refresh included). */
    refresh() {
        const generation = ++this.generation;
        this.latest = this.load().then((active) => {
            if (generation === this.generation) {
                this.active = active;
                this.render();
            }
        });
        const mine = this.latest;
        // A refresh that a newer one overtook resolves with the newer one.
        return mine.then(() => (this.latest === mine ? undefined : this.latest));
    }
    async load() {
        const candidates = [];
        let unreadable;
        for (const folder of this.folders.folders()) {
            try {
                if (!(await this.folders.databaseExists(folder)))
                    continue;
                const services = await this.folders.services(folder);
                for (const plan of await services.plans.listPlans()) {
                    const open = plan.state !== 'applied' && plan.state !== 'cancelled';
                    const sandboxMissing = open && (await services.checkpoints.sandboxMissing(plan.plan_id).catch(() => false));
                    candidates.push({ folder, services, plan, sandboxMissing });
                }
            }
            catch (error) {
                if (error instanceof errors_1.UnreadableDatabaseError)
                    unreadable ??= { folder, message: error.message };
                this.log.warn(`Status bar: could not read the plans of ${folder.name}: ${String(error)}`);
            }
        }
        this.unreadable = unreadable;
        // The palette offers a lifecycle command only when some plan fits it (package.json's `when`).
        await contextKeys_1.ContextKeys.planStates.set((0, contextKeys_1.planStatesValue)(candidates.map((c) => c.plan)));
        const chosen = (0, activePlan_1.chooseActivePlan)(candidates, this.selection?.planId());
        if (!chosen)
            return undefined;
        try {
            return { ...chosen, checkpointCount: (await chosen.services.checkpoints.listCheckpoints(chosen.plan.plan_id)).length };
        }
        catch (error) {
            this.log.warn(`Status bar: could not count the checkpoints of ${chosen.plan.plan_id}: ${String(error)}`);
            return undefined;
        }
    }
    dispose() {
        if (this.firstLook)
            clearTimeout(this.firstLook);
        this.debouncer.dispose();
        for (const d of this.disposables)
            d.dispose();
    }
    render() {
        const a = this.active;
        if (!a && this.unreadable) {
            // Said, not hidden: saves are not checkpointed while the database cannot be read.
            const u = this.unreadable;
            this.item.text = '$(error) Checkpoints: database unreadable';
            this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
            this.item.tooltip = (0, shownText_1.shownMarkdown)(`**The checkpoint database${this.folders.folders().length > 1 ? ` of ${(0, treePresentation_1.escapeMarkdown)(u.folder.name)}` : ''} cannot be read**\n\n${(0, treePresentation_1.escapeMarkdown)(u.message)}\n\n` +
                'No checkpoints are taken until it is moved aside. Click to move it aside and start fresh, or to open the log.');
            this.item.accessibilityInformation = { label: (0, shownText_1.shown)(`Checkpoints: the database cannot be read. ${u.message} Activate for a menu.`) };
            this.item.show();
            return;
        }
        if (!a) {
            this.item.hide();
            return;
        }
        const watched = this.auto?.watches(a.plan.plan_id) === true;
        const failure = this.lastFailure?.planId === a.plan.plan_id ? this.lastFailure : undefined;
        const autoText = a.sandboxMissing ? ' · $(warning) sandbox missing' : failure ? ' · $(warning) auto failed' : watched ? ' · $(eye) auto' : '';
        this.item.text = (0, shownText_1.shown)(`$(history) ${(0, displayText_1.displayText)(a.plan.title, 30)} · ${(0, displayText_1.formatCount)(a.checkpointCount)}${autoText}`);
        this.item.backgroundColor = failure ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
        const autoLine = this.autoLine(a, watched, failure);
        const multi = this.folders.folders().length > 1 ? ` in ${(0, treePresentation_1.escapeMarkdown)(a.folder.name)}` : '';
        this.item.tooltip = (0, shownText_1.shownMarkdown)(`**${(0, treePresentation_1.escapeMarkdown)(a.plan.title)}** (${(0, treePresentation_1.escapeMarkdown)(a.plan.state)})${multi}\n\n` +
            `${(0, displayText_2.plural)(a.checkpointCount, 'checkpoint')}\n\n${(0, treePresentation_1.escapeMarkdown)(autoLine)}\n\nClick for checkpoints, rollback and the plan's state.`);
        this.item.accessibilityInformation = {
            label: (0, shownText_1.shown)(`Checkpoints: plan ${a.plan.title}, ${a.plan.state}, ${(0, displayText_2.plural)(a.checkpointCount, 'checkpoint')}. ${autoLine} Activate for a menu.`),
        };
        this.item.show();
    }
    autoLine(a, watched, failure) {
        if (failure)
            return `The last automatic ${failure.type} checkpoint failed at ${failure.at.toLocaleTimeString()}: ${failure.message}`;
        if (watched)
            return 'Automatic checkpoints: on (the plan is executing).';
        if (!this.auto?.enabled)
            return 'Automatic checkpoints: off (setting).';
        return a.plan.state === 'executing' ? 'Automatic checkpoints: on, starting to watch.' : `Automatic checkpoints: only while a plan is executing (this one is ${a.plan.state}).`;
    }
    /** The click: what can be done with the active plan, as a quick pick. */
    async menu() {
        try {
            if (!this.active)
                await this.refresh();
            const a = this.active;
            if (!a && this.unreadable) {
                const folder = this.unreadable.folder.uri.toString();
                const picked = await (0, shownText_1.showPick)([
                    { label: `$(archive) ${commandIds_1.CommandTitles.moveDatabaseAside}…`, detail: 'Renames the file with the time in its name (never deletes it); the next plan starts a new database.', run: () => vscode.commands.executeCommand(commandIds_1.Commands.moveDatabaseAside, { folder }) },
                    { label: '$(output) Show Log', run: () => vscode.commands.executeCommand(commandIds_1.Commands.showLog) },
                ], { title: 'Checkpoints: the database cannot be read', placeHolder: (0, shownText_1.shown)(this.unreadable.message) });
                await picked?.run();
                return;
            }
            if (!a) {
                this.dialogs.info('There is no active plan: create a plan first, or start one.');
                return;
            }
            const plan = { planId: a.plan.plan_id, folder: a.folder.uri.toString() };
            const items = [];
            // In Restricted Mode only what reads: the rest runs git or writes.
            const trusted = vscode.workspace.isTrusted;
            if (trusted && a.sandboxMissing) {
                if (a.plan.sandbox_kind === 'isolated') {
                    items.push({ label: `$(history) ${commandIds_1.CommandTitles.recreateSandbox}…`, detail: 'Its folder is missing: make it again from the newest checkpoint.', run: () => vscode.commands.executeCommand(commandIds_1.Commands.recreateSandbox, plan) });
                }
                if ((0, planLifecycleCommands_1.commandFits)('cancelPlan', a.plan))
                    items.push({ label: '$(circle-slash) Cancel Plan', run: () => vscode.commands.executeCommand(commandIds_1.Commands.cancelPlan, plan) });
            }
            else if (trusted && a.plan.state !== 'applied') {
                items.push({ label: '$(device-camera) Create Checkpoint', detail: 'A manual checkpoint of the sandbox now.', run: () => vscode.commands.executeCommand(commandIds_1.Commands.checkpointActivePlan) });
                if (a.checkpointCount > 0)
                    items.push({ label: '$(discard) Roll Back…', detail: 'Choose a checkpoint to roll the sandbox back to.', run: () => this.rollBack(a) });
            }
            if (trusted && !a.sandboxMissing && (0, planLifecycleCommands_1.commandFits)('startPlan', a.plan))
                items.push({ label: '$(play) Start Plan', detail: 'Executing: automatic checkpoints (when on) watch its sandbox.', run: () => vscode.commands.executeCommand(commandIds_1.Commands.startPlan, plan) });
            if (trusted && (0, planLifecycleCommands_1.commandFits)('completePlan', a.plan))
                items.push({ label: '$(pass) Complete Plan', run: () => vscode.commands.executeCommand(commandIds_1.Commands.completePlan, plan) });
            items.push({ label: '$(list-tree) Show in Tree', run: () => (this.reveal ? this.reveal(a.folder, a.plan.plan_id) : vscode.commands.executeCommand(`${commandIds_1.TREE_VIEW_ID}.focus`)) });
            items.push({ label: '$(output) Show Log', run: () => vscode.commands.executeCommand(commandIds_1.Commands.showLog) });
            const picked = await (0, shownText_1.showPick)(items, { title: `Checkpoints: ${a.plan.title} (${a.plan.state})`, placeHolder: 'What to do with the active plan' });
            await picked?.run();
        }
        catch (error) {
            this.dialogs.error(error, 'Checkpoints Menu');
        }
    }
    async rollBack(a) {
        const list = await a.services.checkpoints.listCheckpoints(a.plan.plan_id);
        const checkpoint = await (0, prompts_1.pickCheckpoint)(list, `Roll “${a.plan.title}” back to…`, await (0, prompts_1.checkpointsSameAsNow)(a.services.checkpoints, a.plan.plan_id, list));
        if (!checkpoint)
            return undefined;
        return vscode.commands.executeCommand(commandIds_1.Commands.rollback, { planId: a.plan.plan_id, checkpointId: checkpoint.checkpoint_id, folder: a.folder.uri.toString() });
    }
    /** The click: a manual checkpoint of the active plan, at once. */
    async checkpoint() {
        const title = rollbackCommandIds_1.RollbackCommandTitles.checkpointActivePlan;
        if (!vscode.workspace.isTrusted) {
            (0, commands_1.explainRestricted)(title);
            return undefined;
        }
        try {
            if (!this.active)
                await this.refresh();
            const a = this.active;
            if (!a) {
                this.dialogs.info('There is no active plan to checkpoint: create a plan first, or start one.');
                return undefined;
            }
            const { checkpoint, pruned } = await (0, shownText_1.withProgressTitled)(vscode.ProgressLocation.Window, 'Creating a checkpoint…', () => a.services.checkpoints.createCheckpoint(a.plan.plan_id, { type: 'manual', reason: 'Manual checkpoint (status bar)', sourceTool: 'vscode' }));
            (0, shownText_1.setStatus)(`$(check) Checkpoint “${(0, treePresentation_1.checkpointLabel)(checkpoint)}” of “${a.plan.title}” created` + (pruned.length ? `; ${(0, displayText_2.plural)(pruned.length, 'older checkpoint')} pruned by the retention policy` : ''), 5000);
            this.skipped?.warn(checkpoint, a.folder);
            await this.refresh();
            return checkpoint.checkpoint_id;
        }
        catch (error) {
            this.dialogs.error(error, title);
            return undefined;
        }
    }
}
exports.CheckpointStatusBar = CheckpointStatusBar;
//# sourceMappingURL=checkpointStatusBar.js.map