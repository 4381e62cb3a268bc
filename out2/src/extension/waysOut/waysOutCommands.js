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
exports.WaysOut = void 0;
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../commandIds");
const commandArgs_1 = require("../commands/commandArgs");
const commands_1 = require("../commands/commands");
const prompts_1 = require("../commands/prompts");
const delayedProgress_1 = require("../delayedProgress");
const folderServices_1 = require("../folderServices");
const shownText_1 = require("../shownText");
const displayText_1 = require("../../core/displayText");
const treePresentation_1 = require("../tree/treePresentation");
const waysOutText_1 = require("./waysOutText");
const z = __importStar(require("zod"));
const STATUS_MESSAGE_MS = 5000;
const RecreateArgsSchema = commandArgs_1.PlanArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict();
const MoveAsideArgsSchema = commandArgs_1.FolderArgsSchema.extend({ skipConfirmation: z.boolean().optional() }).strict();
/**
 * The ways out of two dead ends: a plan whose isolated sandbox folder was deleted (Recreate
 * Sandbox from Checkpoint) and a database that cannot be read (Move Aside and Start Fresh). Both
 * write files: refused in Restricted Mode, asked before, and said after.
 */
class WaysOut {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    registerCommands() {
        const handlers = {
            recreateSandbox: (arg) => this.recreateSandbox(arg),
            moveDatabaseAside: (arg) => this.moveDatabaseAside(arg),
        };
        return vscode.Disposable.from(...Object.keys(handlers).map((name) => vscode.commands.registerCommand(commandIds_1.Commands[name], async (arg) => {
            if (!vscode.workspace.isTrusted) {
                (0, commands_1.explainRestricted)(commandIds_1.CommandTitles[name]);
                return undefined;
            }
            try {
                return await handlers[name](arg);
            }
            catch (error) {
                this.deps.dialogs.error(error, commandIds_1.CommandTitles[name]);
                return undefined;
            }
        })));
    }
    /** Recreates a missing isolated sandbox from the plan's newest checkpoint; returns that checkpoint's id, or undefined when declined. */
    async recreateSandbox(arg) {
        const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? (0, commandArgs_1.parseArgs)(RecreateArgsSchema, arg, commandIds_1.Commands.recreateSandbox) : undefined;
        const t = await this.planTarget(arg, given);
        if (!t)
            return undefined;
        const { plan, services } = t;
        const checkpoints = await services.checkpoints.listCheckpoints(plan.plan_id);
        const newest = checkpoints.at(-1);
        if (given?.skipConfirmation !== true) {
            // Refusals that need no question come first: the service would refuse these after the modal.
            if (!(await services.checkpoints.sandboxMissing(plan.plan_id))) {
                this.deps.dialogs.info(`The sandbox of “${plan.title}” is there: nothing to recreate. Roll back to a checkpoint to change its files.`);
                return undefined;
            }
            if (!newest) {
                this.deps.dialogs.info(`“${plan.title}” has no checkpoint to recreate its sandbox from. Cancel the plan, or delete it.`);
                return undefined;
            }
            const text = (0, waysOutText_1.recreateConfirmation)(plan, newest, new Date());
            if ((await this.deps.dialogs.confirm(text.message, text.detail, [waysOutText_1.RECREATE_SANDBOX])) !== waysOutText_1.RECREATE_SANDBOX)
                return undefined;
        }
        const work = () => (0, delayedProgress_1.withProgress)(`Recreating the sandbox of “${plan.title}”…`, () => services.sandboxes.recreateSandbox(plan.plan_id));
        const done = this.deps.writes ? await this.deps.writes.suppress(plan.plan_id, work) : await work();
        (0, shownText_1.setStatus)(`$(check) Sandbox of “${plan.title}” recreated from “${(0, treePresentation_1.checkpointLabel)(done.checkpoint)}”: ${(0, displayText_1.plural)(done.restored_files_count, 'path')}`, STATUS_MESSAGE_MS);
        this.deps.changed();
        return done.checkpoint.checkpoint_id;
    }
    /** Moves a folder's unreadable database aside; returns the new file's path, or undefined when declined or not needed. */
    async moveDatabaseAside(arg) {
        const node = this.deps.tree?.isNode(arg) ? arg : undefined;
        const given = node || arg === undefined ? undefined : (0, commandArgs_1.parseArgs)(MoveAsideArgsSchema, arg, commandIds_1.Commands.moveDatabaseAside);
        const folders = this.deps.folders.folders();
        let folder = node?.folder ?? (0, folderServices_1.folderNamed)(folders, given?.folder);
        let problem;
        if (folder)
            problem = await this.deps.folders.unreadable(folder);
        else {
            // The palette: the folders whose database cannot be read; asked only when there are several.
            const found = [];
            for (const f of folders) {
                const p = await this.deps.folders.unreadable(f).catch(() => undefined);
                if (p)
                    found.push({ folder: f, problem: p });
            }
            const chosen = found.length <= 1 ? found[0] : await pickFolder(found);
            folder = chosen?.folder;
            problem = chosen?.problem;
            if (found.length > 1 && !chosen)
                return undefined;
        }
        if (!folder || !problem) {
            this.deps.dialogs.info('Every checkpoint database of this window can be read: nothing to move aside.');
            return undefined;
        }
        const relative = this.deps.folders.settings(folder).databasePath;
        if (given?.skipConfirmation !== true) {
            const text = (0, waysOutText_1.moveAsideConfirmation)(folder.name, relative, problem.message);
            if ((await this.deps.dialogs.confirm(text.message, text.detail, [waysOutText_1.MOVE_ASIDE])) !== waysOutText_1.MOVE_ASIDE)
                return undefined;
        }
        const moved = await this.deps.folders.moveDatabaseAside(folder);
        const name = moved.split(/[\\/]/).pop() ?? moved;
        this.deps.dialogs.info(`The unreadable database of “${folder.name}” was renamed to ${name}, beside where it was. The next plan starts a new database.`);
        this.deps.changed();
        return moved;
    }
    async planTarget(arg, given) {
        if (this.deps.tree?.isNode(arg)) {
            if (arg.kind !== 'plan' && arg.kind !== 'checkpoint')
                return undefined;
            return this.deps.folders.findPlan(arg.plan.plan_id, arg.folder);
        }
        if (given)
            return this.deps.folders.findPlan(given.planId, (0, folderServices_1.folderNamed)(this.deps.folders.folders(), given.folder));
        const node = this.deps.tree?.selection()[0];
        if ((node?.kind === 'plan' || node?.kind === 'checkpoint') && node.plan.sandbox_kind === 'isolated')
            return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
        const choices = [];
        for (const c of await this.deps.folders.planChoices((p) => p.sandbox_kind === 'isolated' && p.state !== 'applied')) {
            if (await c.value.services.checkpoints.sandboxMissing(c.plan.plan_id).catch(() => false))
                choices.push(c);
        }
        if (choices.length === 0) {
            this.deps.dialogs.info('No plan has a missing isolated sandbox: nothing to recreate.');
            return undefined;
        }
        return (0, prompts_1.pickPlan)(choices, 'Plan whose sandbox to recreate from its newest checkpoint');
    }
}
exports.WaysOut = WaysOut;
async function pickFolder(found) {
    const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Workspace folder whose database to move aside', ignoreFocusOut: true });
    return picked && found.find((f) => f.folder.uri.toString() === picked.uri.toString());
}
//# sourceMappingURL=waysOutCommands.js.map