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
exports.registerCommands = registerCommands;
exports.explainRestricted = explainRestricted;
const vscode = __importStar(require("vscode"));
const idPrefix_1 = require("../../core/idPrefix");
const shownText_1 = require("../shownText");
const delayedProgress_1 = require("../delayedProgress");
const errors_1 = require("../../core/errors");
const commandArgs_1 = require("./commandArgs");
const autoCheckpointsRow_1 = require("../tree/autoCheckpointsRow");
const commandIds_1 = require("../commandIds");
const prompts_1 = require("./prompts");
const formatBytes_1 = require("../../core/formatBytes");
const treePresentation_1 = require("../tree/treePresentation");
const displayText_1 = require("../../core/displayText");
const STATUS_MESSAGE_MS = 5000;
const RESTRICTED_WHY = 'it runs git and writes files in the workspace, and this workspace is not trusted (Restricted Mode)';
/**
 * Registers every command of `Commands`. Each one takes an optional argument: a tree node (from a
 * menu), a plain object (from code; see commandArgs.ts), or nothing (the command palette: it uses
 * the tree's selection, or asks). Failures become error notifications; the command then returns
 * undefined. Commands that create something return its id.
 */
function registerCommands(deps) {
    const c = new CheckpointCommands(deps);
    const handlers = {
        createPlan: (arg) => c.createPlan(arg),
        createCheckpoint: (arg) => c.createCheckpoint(arg),
        refresh: async () => deps.tree.refresh(),
        copyCheckpointId: (arg) => c.copyCheckpointId(arg),
        copyPlanId: (arg) => c.copyPlanId(arg),
        deleteCheckpoint: (arg) => c.deleteCheckpoint(arg),
        setRetentionPolicy: (arg) => c.setRetentionPolicy(arg),
        revealDatabase: (arg) => c.revealDatabase(arg),
        showLog: async () => deps.channel.show(true),
        turnOnAutoCheckpoints: async () => {
            // In the user's settings: a workspace's own settings may switch them on, never off (rollbackSettings.ts).
            await vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION).update(autoCheckpointsRow_1.AUTO_CHECKPOINTS_SETTING, true, vscode.ConfigurationTarget.Global);
            deps.tree.refresh();
            if (vscode.workspace.isTrusted) {
                (0, shownText_1.setStatus)('$(check) Automatic checkpoints are on', STATUS_MESSAGE_MS);
                return;
            }
            // The setting is on, but nothing is taken in Restricted Mode (a checkpoint runs git): said, not left to look broken.
            const manage = 'Manage Workspace Trust';
            const choice = await (0, shownText_1.showInfo)('Automatic checkpoints are on, but they start only once you trust this workspace: taking one runs git, and this workspace is in Restricted Mode.', manage);
            if (choice === manage)
                await vscode.commands.executeCommand(commandIds_1.BuiltinCommands.manageTrust);
        },
    };
    const trustedOnly = new Set(commandIds_1.TRUSTED_ONLY_COMMANDS);
    return vscode.Disposable.from(...Object.keys(handlers).map((name) => vscode.commands.registerCommand(commandIds_1.Commands[name], async (arg) => {
        if (trustedOnly.has(name) && !vscode.workspace.isTrusted) {
            explainRestricted(commandIds_1.CommandTitles[name]);
            return undefined;
        }
        try {
            return await handlers[name](arg);
        }
        catch (error) {
            deps.reporter.report(error, commandIds_1.CommandTitles[name]);
            return undefined;
        }
    })));
}
/** Why a command does nothing in Restricted Mode, with the way out. */
function explainRestricted(title) {
    const manage = 'Manage Workspace Trust';
    void (0, shownText_1.showWarning)(`“${title}” is not available: ${RESTRICTED_WHY}. Trust the workspace to enable it.`, manage).then((choice) => {
        if (choice === manage)
            void vscode.commands.executeCommand(commandIds_1.BuiltinCommands.manageTrust);
    });
}
class CheckpointCommands {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async createPlan(arg) {
        const node = this.deps.tree.isNode(arg) ? arg : undefined;
        const args = node || arg === undefined ? {} : (0, commandArgs_1.parseArgs)(commandArgs_1.CreatePlanArgsSchema, arg, commandIds_1.Commands.createPlan);
        // A single folder's database is checked before anything is asked: typing a title into a dead end is worse than no question.
        const only = node?.folder ?? (args.folder === undefined && this.deps.folders.folders().length === 1 ? this.deps.folders.folders()[0] : undefined);
        if (only)
            await this.deps.folders.requireReadable(only);
        const folder = node ? node.folder : await this.chooseFolder(args.folder, 'Workspace folder of the new plan');
        if (!folder)
            return undefined;
        if (folder !== only)
            await this.deps.folders.requireReadable(folder);
        const title = args.title ?? (await (0, prompts_1.askPlanTitle)());
        if (title === undefined)
            return undefined;
        let sandbox;
        if (args.sandbox !== undefined || args.isolated !== undefined)
            sandbox = { sandbox: args.sandbox, isolated: args.isolated };
        else
            sandbox = args.title !== undefined ? {} : await (0, prompts_1.askSandbox)(folder);
        if (!sandbox)
            return undefined;
        const services = await this.deps.folders.services(folder);
        const plan = await (0, delayedProgress_1.withProgress)(`Creating the plan “${title}”…`, () => services.plans.createPlan({ title, ...sandbox }));
        // Its first checkpoint now: the state before any work is what a first rollback goes back to,
        // and automatic checkpoints then only read what changed since.
        const first = await (0, delayedProgress_1.withProgress)(`Taking the first checkpoint of “${plan.title}”…`, () => services.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: 'Plan created', sourceTool: 'vscode' }));
        this.deps.skipped.warn(first.checkpoint, folder);
        (0, shownText_1.setStatus)(`$(check) Plan “${plan.title}” created, with its first checkpoint`, STATUS_MESSAGE_MS);
        await this.show(folder, plan.plan_id);
        return plan.plan_id;
    }
    async createCheckpoint(arg) {
        let target;
        let reason;
        const interactive = arg === undefined || this.deps.tree.isNode(arg);
        if (this.deps.tree.isNode(arg)) {
            target = await this.planOfNode(arg);
        }
        else if (arg !== undefined) {
            const args = (0, commandArgs_1.parseArgs)(commandArgs_1.CreateCheckpointArgsSchema, arg, commandIds_1.Commands.createCheckpoint);
            target = await this.deps.folders.findPlan(args.planId, this.folderArg(args.folder));
            reason = args.reason;
        }
        target ??= (await this.selectedPlan(true)) ?? (await this.pickPlan('Plan to checkpoint', (p) => p.state !== 'applied'));
        if (!target)
            return undefined;
        if (interactive) {
            reason = await (0, prompts_1.askCheckpointReason)(target.plan);
            if (reason === undefined)
                return undefined;
        }
        const { plan, services } = target;
        const { checkpoint, pruned } = await (0, delayedProgress_1.withProgress)(`Creating a checkpoint of “${plan.title}”…`, () => services.checkpoints.createCheckpoint(plan.plan_id, { type: 'manual', reason: reason || undefined, sourceTool: 'vscode' }));
        const files = checkpoint.metadata.file_count;
        (0, shownText_1.setStatus)(`$(check) Checkpoint “${(0, treePresentation_1.checkpointLabel)(checkpoint)}” created: ${files ?? '?'} files, ${(0, formatBytes_1.formatBytes)(checkpoint.size_bytes)}` +
            (pruned.length ? `; ${(0, displayText_1.plural)(pruned.length, 'older checkpoint')} pruned by the retention policy` : ''), STATUS_MESSAGE_MS);
        this.deps.skipped.warn(checkpoint, target.folder);
        await this.show(target.folder, plan.plan_id, checkpoint.checkpoint_id);
        return checkpoint.checkpoint_id;
    }
    async copyCheckpointId(arg) {
        const target = await this.checkpointTarget(arg, 'Checkpoint whose ID to copy', commandIds_1.Commands.copyCheckpointId);
        if (!target)
            return undefined;
        await vscode.env.clipboard.writeText(target.checkpoint.checkpoint_id);
        (0, shownText_1.setStatus)(`$(copy) Copied the checkpoint ID ${target.checkpoint.checkpoint_id}`, STATUS_MESSAGE_MS);
        return target.checkpoint.checkpoint_id;
    }
    /** The plan's whole id on the clipboard; the CLI takes it, or any unique prefix of it. */
    async copyPlanId(arg) {
        let target;
        if (this.deps.tree.isNode(arg))
            target = await this.planOfNode(arg);
        else if (arg !== undefined) {
            const given = (0, commandArgs_1.parseArgs)(commandArgs_1.PlanArgsSchema, arg, commandIds_1.Commands.copyPlanId);
            target = await this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
        }
        target ??= (await this.selectedPlan(false)) ?? (await this.pickPlan('Plan whose ID to copy', () => true));
        if (!target)
            return undefined;
        await vscode.env.clipboard.writeText(target.plan.plan_id);
        (0, shownText_1.setStatus)(`$(copy) Copied the plan ID ${target.plan.plan_id}`, STATUS_MESSAGE_MS);
        return target.plan.plan_id;
    }
    async deleteCheckpoint(arg) {
        const target = await this.checkpointTarget(arg, 'Checkpoint to delete', commandIds_1.Commands.deleteCheckpoint);
        if (!target)
            return;
        const skip = !this.deps.tree.isNode(arg) && arg !== undefined && (0, commandArgs_1.parseArgs)(commandArgs_1.CheckpointArgsSchema, arg, commandIds_1.Commands.deleteCheckpoint).skipConfirmation === true;
        if (!skip && !(await (0, prompts_1.confirmDelete)(target.checkpoint, target.plan)))
            return;
        await (0, delayedProgress_1.withProgress)('Deleting the checkpoint…', () => target.services.checkpoints.deleteCheckpoint(target.plan.plan_id, target.checkpoint.checkpoint_id));
        (0, shownText_1.setStatus)(`$(trash) Checkpoint “${(0, treePresentation_1.checkpointLabel)(target.checkpoint)}” deleted`, STATUS_MESSAGE_MS);
        this.deps.tree.refresh();
    }
    async setRetentionPolicy(arg) {
        let target;
        let given;
        if (this.deps.tree.isNode(arg)) {
            target = await this.planOfNode(arg);
        }
        else if (arg !== undefined) {
            given = (0, commandArgs_1.parseArgs)(commandArgs_1.RetentionArgsSchema, arg, commandIds_1.Commands.setRetentionPolicy);
            target = await this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
        }
        target ??= (await this.selectedPlan(true)) ?? (await this.pickPlan('Plan whose retention policy to set', (p) => p.state !== 'applied'));
        if (!target)
            return;
        const policy = given
            ? { max_checkpoints: given.maxCheckpoints ?? target.plan.retention.max_checkpoints, auto_prune: given.autoPrune ?? target.plan.retention.auto_prune }
            : await (0, prompts_1.askRetentionPolicy)(target.plan);
        if (!policy)
            return;
        const plan = await target.services.plans.setRetentionPolicy(target.plan.plan_id, policy);
        const count = (await target.services.checkpoints.listCheckpoints(plan.plan_id)).length;
        const later = plan.retention.auto_prune && count > plan.retention.max_checkpoints ? ' The extra checkpoints go when the next one is made.' : '';
        (0, shownText_1.setStatus)(`$(check) “${plan.title}” keeps at most ${plan.retention.max_checkpoints} checkpoints${plan.retention.auto_prune ? ', pruned automatically' : ', never pruned'}.${later}`, STATUS_MESSAGE_MS);
        this.deps.tree.refresh();
    }
    async revealDatabase(arg) {
        const node = this.deps.tree.isNode(arg) ? arg : undefined;
        const args = node || arg === undefined ? {} : (0, commandArgs_1.parseArgs)(commandArgs_1.FolderArgsSchema, arg, commandIds_1.Commands.revealDatabase);
        const folder = node ? node.folder : await this.chooseFolder(args.folder, 'Workspace folder whose database to reveal');
        if (!folder)
            return;
        const uri = this.deps.folders.databaseUri(folder);
        if (!(await this.deps.folders.databaseExists(folder))) {
            const create = 'Create Plan';
            const relative = this.deps.folders.settings(folder).databasePath;
            void (0, shownText_1.showInfo)(`There is no checkpoint database at ${relative} in “${folder.name}” yet: the first plan creates it.`, create).then((choice) => {
                if (choice === create)
                    void vscode.commands.executeCommand(commandIds_1.Commands.createPlan, { folder: folder.uri.toString() });
            });
            return;
        }
        await vscode.commands.executeCommand(commandIds_1.BuiltinCommands.revealInExplorer, uri);
    }
    /** Refreshes the tree and, when it is visible, selects what was just made. */
    async show(folder, planId, checkpointId) {
        this.deps.tree.refresh();
        if (!this.deps.view.visible)
            return;
        try {
            const node = await this.deps.tree.findNode(folder, planId, checkpointId);
            if (node)
                await this.deps.view.reveal(node, { select: true, focus: false, expand: checkpointId === undefined });
        }
        catch (error) {
            this.deps.channel.debug(`Could not reveal ${checkpointId ?? planId}: ${String(error)}`);
        }
    }
    async planOfNode(node) {
        if (node.kind !== 'plan' && node.kind !== 'checkpoint')
            return undefined;
        return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
    }
    /** The plan of the tree's selected row, if any (with `skipApplied`, only a plan not applied). */
    async selectedPlan(skipApplied) {
        const node = this.deps.view.selection[0];
        if (!node || (node.kind !== 'plan' && node.kind !== 'checkpoint'))
            return undefined;
        if (skipApplied && node.plan.state === 'applied')
            return undefined;
        return this.planOfNode(node);
    }
    async checkpointTarget(arg, placeHolder, command) {
        let node;
        if (this.deps.tree.isNode(arg))
            node = arg;
        else if (arg !== undefined) {
            const args = (0, commandArgs_1.parseArgs)(commandArgs_1.CheckpointArgsSchema, arg, command);
            const found = await this.deps.folders.findPlan(args.planId, this.folderArg(args.folder));
            const planId = found.plan.plan_id;
            return { ...found, checkpoint: await found.services.checkpoints.getCheckpoint(planId, await (0, idPrefix_1.resolveCheckpointId)(found.services.checkpoints, planId, args.checkpointId)) };
        }
        else
            node = this.deps.view.selection[0];
        if (node?.kind === 'checkpoint') {
            const found = await this.deps.folders.findPlan(node.plan.plan_id, node.folder);
            return { ...found, checkpoint: await found.services.checkpoints.getCheckpoint(node.plan.plan_id, node.checkpoint.checkpoint_id) };
        }
        const plan = node?.kind === 'plan' ? await this.planOfNode(node) : await this.pickPlan('Plan of the checkpoint', () => true);
        if (!plan)
            return undefined;
        const checkpoints = await plan.services.checkpoints.listCheckpoints(plan.plan.plan_id);
        if (checkpoints.length === 0) {
            void (0, shownText_1.showInfo)(`The plan “${plan.plan.title}” has no checkpoints.`);
            return undefined;
        }
        const checkpoint = await (0, prompts_1.pickCheckpoint)(checkpoints, placeHolder, await (0, prompts_1.checkpointsSameAsNow)(plan.services.checkpoints, plan.plan.plan_id, checkpoints));
        return checkpoint ? { ...plan, checkpoint } : undefined;
    }
    /** Asks for one of the plans of all folders that pass `filter`, newest first. */
    async pickPlan(placeHolder, filter) {
        const choices = await this.deps.folders.planChoices(filter);
        if (choices.length === 0) {
            const create = 'Create Plan';
            void (0, shownText_1.showInfo)('There is no plan to choose: create a plan first.', create).then((choice) => {
                if (choice === create)
                    void vscode.commands.executeCommand(commandIds_1.Commands.createPlan);
            });
            return undefined;
        }
        return (0, prompts_1.pickPlan)(choices, placeHolder);
    }
    async chooseFolder(given, placeHolder) {
        if (given !== undefined)
            return this.folderArg(given);
        const folders = this.deps.folders.folders();
        if (folders.length === 0) {
            void (0, shownText_1.showInfo)('Open a folder first: plans and checkpoints live in a workspace folder.');
            return undefined;
        }
        if (folders.length === 1)
            return folders[0];
        return vscode.window.showWorkspaceFolderPick({ placeHolder, ignoreFocusOut: true });
    }
    /** A folder named by an argument: its URI, its path or its name. */
    folderArg(given) {
        if (given === undefined)
            return undefined;
        const found = this.deps.folders.folders().find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
        if (!found)
            throw new errors_1.ValidationError(`"${given}" is not a workspace folder`);
        return found;
    }
}
//# sourceMappingURL=commands.js.map