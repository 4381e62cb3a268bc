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
exports.FinishedPlanDecorations = exports.CheckpointTree = exports.REFRESH_DEBOUNCE_MS = void 0;
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../commandIds");
const autoCheckpointsRow_1 = require("./autoCheckpointsRow");
const contextKeys_1 = require("./contextKeys");
const rollbackCommandIds_1 = require("../rollback/rollbackCommandIds");
const debouncer_1 = require("../debouncer");
const shownText_1 = require("../shownText");
const treePresentation_1 = require("./treePresentation");
const treeRowPresentation_1 = require("./treeRowPresentation");
const decisionPresentation_1 = require("./decisionPresentation");
const hookCheckpoints_1 = require("../../core/hookCheckpoints");
const databaseErrorRows_1 = require("./databaseErrorRows");
const safetyPlacement_1 = require("./safetyPlacement");
const treePresentation_2 = require("./treePresentation");
const shortIds_1 = require("../../core/shortIds");
/** Labels of finished plans are dimmed through a FileDecoration on this scheme. */
const PLAN_URI_SCHEME = 'cleveragents-plan';
/** A database change is shown after this quiet time, and at the latest after REFRESH_MAX_WAIT_MS. */
exports.REFRESH_DEBOUNCE_MS = 250;
const REFRESH_MAX_WAIT_MS = 1000;
/** How often relative times ("5 min ago") are brought up to date while the view is visible. */
const CLOCK_TICK_MS = 60_000;
/**
 * Workspace folder (only when there are several) → plans → checkpoints, newest first. Item ids are
 * stable (folder URI + plan or checkpoint id), so a refresh keeps what is expanded and selected.
 * The data comes from the services of each folder; nothing here shows UI of its own.
 */
class CheckpointTree {
    services;
    log;
    now;
    /** When each row was last drawn (see shownAt). */
    drawnAt = new WeakMap();
    changed = new vscode.EventEmitter();
    onDidChangeTreeData = this.changed.event;
    debouncer = new debouncer_1.Debouncer(() => this.refresh(), exports.REFRESH_DEBOUNCE_MS, REFRESH_MAX_WAIT_MS);
    folderStates = new Map();
    /** Folders whose database this window saw and then found gone. */
    goneDatabases = new Set();
    /** The plans each folder listed last, for the palette's context key (planStates). */
    folderPlans = new Map();
    /** Nodes this tree handed out: commands tell a tree node from arguments given by code. */
    issued = new WeakSet();
    disposables = [this.changed];
    constructor(services, log, now = () => new Date()) {
        this.services = services;
        this.log = log;
        this.now = now;
        this.disposables.push(services.onDidChangeDatabase(() => this.debouncer.schedule()), vscode.workspace.onDidChangeWorkspaceFolders(() => this.refresh()), vscode.workspace.onDidChangeConfiguration((e) => {
            if (e.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${autoCheckpointsRow_1.AUTO_CHECKPOINTS_SETTING}`))
                this.refresh();
        }));
    }
    /** Reloads everything now. */
    refresh() {
        this.changed.fire(undefined);
    }
    /** Reloads soon; many calls in a burst make one reload. */
    scheduleRefresh() {
        this.debouncer.schedule();
    }
    isNode(value) {
        return typeof value === 'object' && value !== null && this.issued.has(value);
    }
    /** Keeps relative times current while the view is visible. */
    attach(view) {
        let timer;
        const update = () => {
            if (view.visible && !timer)
                timer = setInterval(() => this.refresh(), CLOCK_TICK_MS);
            if (!view.visible && timer) {
                clearInterval(timer);
                timer = undefined;
            }
        };
        update();
        const sub = view.onDidChangeVisibility(update);
        return new vscode.Disposable(() => {
            sub.dispose();
            if (timer)
                clearInterval(timer);
        });
    }
    async getChildren(node) {
        if (!node) {
            const folders = this.services.folders();
            this.forgetFoldersExcept(folders);
            if (folders.length === 0) {
                await contextKeys_1.ContextKeys.databaseState.set('noFolder');
                return [];
            }
            if (folders.length === 1)
                return this.loadFolder(folders[0], undefined);
            return folders.map((folder) => this.issue({ kind: 'folder', id: `${folder.uri.toString()}`, folder }));
        }
        switch (node.kind) {
            case 'folder':
                return this.loadFolder(node.folder, node);
            case 'decision':
                return [...this.decisionNodes(node.planNode, node, node.decision.decision_id), ...this.checkpointNodes(node.planNode, node, node.decision.decision_id)];
            case 'plan':
                return [...this.decisionNodes(node, node, undefined), ...this.checkpointNodes(node, node, undefined)];
            case 'checkpoint': {
                const at = (c) => `${node.planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}`;
                const safety = node.safety ?? [];
                // A plain checkpoint's only children are its rollbacks' safety checkpoints (the row starts folded);
                // a prompt's are folded into one row above its tool calls.
                if (node.steps === undefined)
                    return [...safety].reverse().map((c) => this.checkpointNode(node.planNode, node, c, at(c)));
                const group = safety.length > 0 ? [this.issue({ kind: 'safetyGroup', id: `${node.id}/safety`, folder: node.folder, plan: node.plan, planNode: node.planNode, checkpoints: safety, parent: node })] : [];
                return [...group, ...[...node.steps].reverse().map((c) => this.checkpointNode(node.planNode, node, c, at(c)))];
            }
            case 'safetyGroup':
                return [...node.checkpoints].reverse().map((c) => this.checkpointNode(node.planNode, node.parent, c, `${node.planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}`));
            default:
                return [];
        }
    }
    /** The checkpoints shown under `parent`, newest first: those aligned to decision `of`, or (under the plan) to no decision shown. */
    checkpointNodes(planNode, parent, of) {
        const known = new Set(planNode.decisions.map((d) => d.decision_id));
        const here = planNode.checkpoints.filter((c) => !planNode.safety.placed.has(c.checkpoint_id) && (of === undefined ? c.decision_id === null || !known.has(c.decision_id) : c.decision_id === of));
        // A decision reached under two decisions it builds on shows its checkpoints under each: the ids differ by the parent.
        const id = (c) => (of === undefined ? `${planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}` : `${parent.id}/checkpoint/${c.checkpoint_id}`);
        if (of === undefined && (0, hookCheckpoints_1.hookAgentOf)(planNode.checkpoints) !== undefined) {
            // A plan fed by an agent's hooks: a row per prompt (its checkpoint), the tool calls' checkpoints under it.
            const { before, groups } = (0, hookCheckpoints_1.groupByPrompt)(here);
            return [
                ...[...groups].reverse().map((g) => this.checkpointNode(planNode, parent, g.prompt, id(g.prompt), g.steps)),
                ...[...before].reverse().map((checkpoint) => this.checkpointNode(planNode, parent, checkpoint, id(checkpoint))),
            ];
        }
        return [...here].reverse().map((checkpoint) => this.checkpointNode(planNode, parent, checkpoint, id(checkpoint)));
    }
    checkpointNode(planNode, parent, checkpoint, id, steps) {
        const safety = planNode.safety.under.get(checkpoint.checkpoint_id);
        return this.issue({ kind: 'checkpoint', id, folder: planNode.folder, plan: planNode.plan, checkpoint, planNode, parent, ...(steps ? { steps } : {}), ...(safety ? { safety } : {}) });
    }
    /** The decisions shown under `parent`: those that build on `on`, or on nothing known (under the plan). */
    decisionNodes(planNode, parent, on) {
        const known = new Set(planNode.decisions.map((d) => d.decision_id));
        const here = planNode.decisions.filter((d) => (on === undefined ? !d.depends_on.some((x) => known.has(x)) : d.depends_on.includes(on)));
        return here.map((decision) => this.issue({
            kind: 'decision',
            id: `${parent.id}/decision/${decision.decision_id}`,
            folder: planNode.folder,
            plan: planNode.plan,
            decision,
            planNode,
            parent,
        }));
    }
    getParent(node) {
        // A safety checkpoint of a prompt's group row is listed by that row; its node names the prompt, the group is between.
        if (node.kind === 'checkpoint' && node.parent.kind === 'checkpoint' && node.parent.steps !== undefined && node.parent.safety?.some((c) => c.checkpoint_id === node.checkpoint.checkpoint_id)) {
            return this.issue({ kind: 'safetyGroup', id: `${node.parent.id}/safety`, folder: node.folder, plan: node.plan, planNode: node.planNode, checkpoints: node.parent.safety, parent: node.parent });
        }
        return node.kind === 'folder' ? undefined : node.parent;
    }
    getTreeItem(node) {
        // Drawn now: its tooltip, resolved later, speaks of the same moment.
        this.drawnAt.set(node, this.now());
        switch (node.kind) {
            case 'folder': {
                const item = new vscode.TreeItem((0, shownText_1.shown)(node.folder.name), vscode.TreeItemCollapsibleState.Expanded);
                item.id = node.id;
                item.iconPath = new vscode.ThemeIcon('root-folder');
                item.contextValue = commandIds_1.TreeItemContext.folder;
                item.tooltip = (0, shownText_1.shown)(node.folder.uri.fsPath);
                return item;
            }
            case 'plan': {
                const { plan } = node;
                const finished = (0, treePresentation_1.isFinished)(plan);
                const state = node.checkpoints.length === 0 && node.decisions.length === 0
                    ? vscode.TreeItemCollapsibleState.None
                    : finished
                        ? vscode.TreeItemCollapsibleState.Collapsed
                        : vscode.TreeItemCollapsibleState.Expanded;
                const item = new vscode.TreeItem((0, shownText_1.shown)(plan.title), state);
                item.id = node.id;
                item.description = (0, shownText_1.shown)((0, treeRowPresentation_1.planRowDescription)(node));
                item.iconPath =
                    node.interrupted || node.sandboxMissing
                        ? themeIcon({ id: 'warning', color: 'list.warningForeground' })
                        : node.inProgress
                            ? themeIcon({ id: 'sync~spin' })
                            : themeIcon((0, treePresentation_1.planIcon)(plan));
                item.contextValue = (0, treePresentation_1.planContextValue)(plan, node.checkpoints, node.interrupted !== undefined, node.sandboxMissing === true);
                if (finished)
                    item.resourceUri = vscode.Uri.from({ scheme: PLAN_URI_SCHEME, path: `/${plan.plan_id}`, query: plan.state });
                item.accessibilityInformation = { label: (0, shownText_1.shown)((0, treeRowPresentation_1.planRowAccessibilityLabel)(node)) };
                return item;
            }
            case 'decision': {
                const { decision } = node;
                const hasDependents = node.planNode.decisions.some((d) => d.depends_on.includes(decision.decision_id));
                const hasCheckpoints = node.planNode.checkpoints.some((c) => c.decision_id === decision.decision_id);
                // Its checkpoints start folded: the decisions read as an outline, the snapshots are one click away.
                const state = hasDependents ? vscode.TreeItemCollapsibleState.Expanded : hasCheckpoints ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
                const item = new vscode.TreeItem((0, shownText_1.shown)(decision.title), state);
                item.id = node.id;
                item.description = (0, shownText_1.shown)((0, treeRowPresentation_1.decisionRowDescription)(node, this.shownAt(node)));
                item.iconPath = themeIcon((0, decisionPresentation_1.decisionIcon)(decision));
                item.contextValue = node.plan.state === 'applied' ? undefined : decision.state === 'reverted' ? commandIds_1.TreeItemContext.revertedDecision : commandIds_1.TreeItemContext.decision;
                if (decision.state === 'reverted')
                    item.resourceUri = vscode.Uri.from({ scheme: PLAN_URI_SCHEME, path: `/${decision.decision_id}`, query: 'reverted' });
                item.accessibilityInformation = { label: `Decision ${(0, shownText_1.shown)(decision.title)}, ${item.description}` };
                return item;
            }
            case 'checkpoint': {
                const { checkpoint, steps } = node;
                const newestPrompt = steps !== undefined && [...node.planNode.checkpoints].reverse().find((c) => (0, hookCheckpoints_1.isPromptCheckpoint)(c))?.checkpoint_id === checkpoint.checkpoint_id;
                const safety = node.safety?.length ?? 0;
                // A row with only safety checkpoints under it starts folded: they are there to undo a rollback, not to read.
                const collapsible = steps !== undefined && steps.length > 0 && newestPrompt
                    ? vscode.TreeItemCollapsibleState.Expanded
                    : (steps?.length ?? 0) > 0 || safety > 0
                        ? vscode.TreeItemCollapsibleState.Collapsed
                        : vscode.TreeItemCollapsibleState.None;
                const item = new vscode.TreeItem((0, shownText_1.shown)((0, treeRowPresentation_1.checkpointRowLabel)(node)), collapsible);
                item.id = node.id;
                // The time comes first, so that a narrow sidebar still shows it; the decision is the row's parent.
                item.description = (0, shownText_1.shown)((0, treeRowPresentation_1.checkpointRowDescription)(node, this.shownAt(node)));
                item.iconPath = steps === undefined ? themeIcon((0, treePresentation_1.checkpointIcon)(checkpoint)) : new vscode.ThemeIcon('comment');
                item.contextValue = (0, treePresentation_1.checkpointContextValue)(node.plan, checkpoint, node.planNode.checkpoints[0]?.checkpoint_id === checkpoint.checkpoint_id) + (steps === undefined ? '' : '.prompt');
                item.accessibilityInformation = { label: (0, shownText_1.shown)((0, treePresentation_1.checkpointAccessibilityLabel)(node.plan, checkpoint, this.shownAt(node))) };
                // A click (or Enter) compares with the files as they are now: looking is the easy thing, rolling back is not.
                // In Restricted Mode a comparison runs git: the command says so and offers to trust the workspace (a click that did nothing was taken for a bug).
                item.command = { command: commandIds_1.Commands.compareWithCurrent, title: 'Compare with Current', arguments: [node, rollbackCommandIds_1.PRESERVE_FOCUS] };
                return item;
            }
            case 'safetyGroup': {
                const item = new vscode.TreeItem((0, shownText_1.shown)((0, treePresentation_2.safetyGroupLabel)(node.checkpoints.length)), vscode.TreeItemCollapsibleState.Collapsed);
                item.id = node.id;
                item.description = (0, shownText_1.shown)((0, treePresentation_2.safetyGroupDescription)(node.checkpoints, this.shownAt(node)));
                item.iconPath = themeIcon((0, treePresentation_1.checkpointIcon)(node.checkpoints[0]));
                item.tooltip = (0, shownText_1.shown)(treePresentation_2.SAFETY_GROUP_TOOLTIP);
                item.contextValue = commandIds_1.TreeItemContext.safetyGroup;
                return item;
            }
            case 'message': {
                const item = new vscode.TreeItem((0, shownText_1.shownMessage)(node.label), vscode.TreeItemCollapsibleState.None);
                item.id = node.id;
                item.iconPath = new vscode.ThemeIcon(node.severity === 'error' ? 'error' : 'info', node.severity === 'error' ? new vscode.ThemeColor('errorForeground') : undefined);
                item.tooltip = node.tooltip === undefined ? undefined : (0, shownText_1.shownMessage)(node.tooltip);
                item.command = node.command;
                if (node.description !== undefined)
                    item.description = (0, shownText_1.shownMessage)(node.description);
                item.contextValue = node.contextValue ?? commandIds_1.TreeItemContext.message;
                return item;
            }
        }
    }
    /** Markdown tooltips are built when hovered, not for every row of every refresh. */
    resolveTreeItem(item, node) {
        const markdown = (0, treeRowPresentation_1.rowTooltipMarkdown)(node, this.shownAt(node));
        if (markdown !== undefined)
            item.tooltip = (0, shownText_1.shownMarkdown)(markdown);
        return item;
    }
    /** The whole tree, loaded now, as plain rows (tooltips included). */
    async describe(node) {
        const rows = [];
        for (const child of await this.getChildren(node)) {
            const item = this.getTreeItem(child);
            const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
            rows.push({
                id: item.id ?? child.id,
                label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
                description: typeof item.description === 'string' ? item.description : undefined,
                contextValue: item.contextValue,
                icon,
                tooltip: (0, treeRowPresentation_1.rowTooltipMarkdown)(child, this.shownAt(child)) ?? (typeof item.tooltip === 'string' ? item.tooltip : undefined),
                collapsible: collapsibleName(item.collapsibleState),
                children: await this.describe(child),
            });
        }
        return rows;
    }
    /** Finds a plan's node, or one of its checkpoints', loading the folder now (for reveal). */
    async findNode(folder, planId, checkpointId) {
        const roots = await this.getChildren();
        const folderNode = roots.find((n) => n.kind === 'folder' && n.folder.uri.toString() === folder.uri.toString());
        const plans = folderNode ? await this.getChildren(folderNode) : roots;
        const planNode = plans.find((n) => n.kind === 'plan' && n.plan.plan_id === planId);
        if (!planNode || checkpointId === undefined)
            return planNode;
        // A checkpoint may be under its decision, and that under others: depth first.
        const search = async (under) => {
            for (const child of await this.getChildren(under)) {
                if (child.kind === 'checkpoint' && child.checkpoint.checkpoint_id === checkpointId)
                    return child;
                if (child.kind === 'decision' || child.kind === 'safetyGroup' || (child.kind === 'checkpoint' && (child.steps !== undefined || child.safety !== undefined))) {
                    const found = await search(child);
                    if (found)
                        return found;
                }
            }
            return undefined;
        };
        return search(planNode);
    }
    /**
     * The moment a row's relative times are said from: the one its row was drawn at, so that the
     * tooltip (resolved later, on hover) says what the row says.
     */
    shownAt(node) {
        let at = this.drawnAt.get(node);
        if (!at) {
            at = this.now();
            this.drawnAt.set(node, at);
        }
        return at;
    }
    dispose() {
        this.debouncer.dispose();
        for (const d of this.disposables)
            d.dispose();
    }
    async loadFolder(folder, parent) {
        const prefix = folder.uri.toString();
        try {
            if (!(await this.services.databaseExists(folder))) {
                // Seen before in this window, gone now (deleted or moved by hand): said in a row, not by an empty view.
                const had = this.folderStates.get(prefix);
                if (had === 'ready' || had === 'empty')
                    this.goneDatabases.add(prefix);
                this.folderPlans.delete(prefix);
                await contextKeys_1.ContextKeys.planStates.set((0, contextKeys_1.planStatesValue)([...this.folderPlans.values()].flat()));
                await this.setFolderState(folder, 'missing');
                if (this.goneDatabases.has(prefix))
                    return [this.issue({ ...(0, databaseErrorRows_1.databaseGoneRow)(folder, this.services.databaseUri(folder).fsPath), parent })];
                return parent ? [this.noPlansHint(folder, parent)] : [];
            }
            this.goneDatabases.delete(prefix);
            const { plans, checkpoints, recovery, corrections } = await this.services.services(folder);
            const loaded = [];
            const ids = [];
            for (const plan of [...(await plans.listPlans())].reverse()) {
                const list = await checkpoints.listCheckpoints(plan.plan_id);
                const decisions = (await corrections.listDecisions(plan.plan_id)).map((d) => d.decision);
                ids.push(plan.plan_id, ...list.map((c) => c.checkpoint_id), ...decisions.map((d) => d.decision_id), ...(await corrections.listCorrections(plan.plan_id)).map((c) => c.correction_id));
                loaded.push({
                    kind: 'plan',
                    id: `${prefix}#plan/${plan.plan_id}`,
                    folder,
                    plan,
                    checkpoints: list,
                    interrupted: await recovery.interrupted(plan.plan_id).catch(() => undefined),
                    inProgress: await recovery.inProgress(plan.plan_id).catch(() => undefined),
                    decisions,
                    // Applied plans keep their checkpoints for the record: a sandbox cleaned up after is expected.
                    sandboxMissing: plan.state !== 'applied' && (await checkpoints.sandboxMissing(plan.plan_id).catch(() => false)),
                    safety: (0, safetyPlacement_1.placeSafetyCheckpoints)(list, (0, hookCheckpoints_1.hookAgentOf)(list) !== undefined),
                    parent,
                });
            }
            // The same short ids as the CLI's (core/shortIds): made from every id of the folder.
            const shortIds = new shortIds_1.ShortIds(ids);
            const nodes = loaded.map((p) => this.issue({ ...p, shortIds }));
            this.folderPlans.set(prefix, nodes.map((n) => n.plan));
            await contextKeys_1.ContextKeys.planStates.set((0, contextKeys_1.planStatesValue)([...this.folderPlans.values()].flat()));
            await this.setFolderState(folder, nodes.length > 0 ? 'ready' : 'empty');
            if (nodes.length === 0)
                return parent ? [this.noPlansHint(folder, parent)] : nodes;
            // Said in a row with its button, not only in a tooltip: without them an executing plan gets no checkpoint of its writes.
            if (vscode.workspace.isTrusted && !(0, autoCheckpointsRow_1.autoCheckpointsEnabled)())
                nodes.unshift(this.issue({ ...(0, autoCheckpointsRow_1.autoCheckpointsOffRow)(prefix), folder, parent }));
            return nodes;
        }
        catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            this.log.error(`Cannot list the plans of ${folder.uri.fsPath}: ${error instanceof Error ? (error.stack ?? message) : message}`);
            await this.setFolderState(folder, 'error');
            return (0, databaseErrorRows_1.databaseErrorRows)(folder, parent, error, vscode.workspace.isTrusted).map((row) => this.issue(row));
        }
    }
    noPlansHint(folder, parent) {
        return this.issue({
            kind: 'message',
            id: `${folder.uri.toString()}#no-plans`,
            folder,
            label: 'No plans yet',
            tooltip: 'Click to create a plan in this folder.',
            severity: 'info',
            command: { command: commandIds_1.Commands.createPlan, title: 'Create Plan', arguments: [{ folder: folder.uri.toString() }] },
            parent,
        });
    }
    issue(node) {
        this.issued.add(node);
        return node;
    }
    async setFolderState(folder, state) {
        this.folderStates.set(folder.uri.toString(), state);
        await contextKeys_1.ContextKeys.databaseState.set(aggregate([...this.folderStates.values()]));
    }
    forgetFoldersExcept(folders) {
        const keep = new Set(folders.map((f) => f.uri.toString()));
        for (const key of this.folderStates.keys())
            if (!keep.has(key))
                this.folderStates.delete(key);
        for (const key of this.folderPlans.keys())
            if (!keep.has(key))
                this.folderPlans.delete(key);
    }
}
exports.CheckpointTree = CheckpointTree;
/** Dims the labels of applied and cancelled plans. */
class FinishedPlanDecorations {
    provideFileDecoration(uri) {
        if (uri.scheme !== PLAN_URI_SCHEME)
            return undefined;
        return { color: new vscode.ThemeColor('disabledForeground'), tooltip: uri.query };
    }
}
exports.FinishedPlanDecorations = FinishedPlanDecorations;
/** The state of several folders as one, for the welcome view: the most useful one wins. */
function aggregate(states) {
    for (const s of ['ready', 'error', 'empty', 'missing'])
        if (states.includes(s))
            return s;
    return 'noFolder';
}
function themeIcon(icon) {
    return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}
function collapsibleName(state) {
    if (state === vscode.TreeItemCollapsibleState.Expanded)
        return 'expanded';
    if (state === vscode.TreeItemCollapsibleState.Collapsed)
        return 'collapsed';
    return 'none';
}
//# sourceMappingURL=checkpointTree.js.map