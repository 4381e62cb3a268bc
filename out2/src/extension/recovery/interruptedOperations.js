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
exports.registerInterruptedOperations = registerInterruptedOperations;
const vscode = __importStar(require("vscode"));
const fileOperationJournal_1 = require("../../adapters/files/fileOperationJournal");
const nodeWorkspaceFiles_1 = require("../../adapters/files/nodeWorkspaceFiles");
const shownText_1 = require("../shownText");
const displayText_1 = require("../../core/displayText");
const interruptedText_1 = require("./interruptedText");
const FINISH = 'Finish It';
const UNDO = 'Undo It';
const SHOW_LOG = 'Show Log';
/**
 * Tells the user, when the extension starts and whenever one appears, about an operation a dead
 * process left half done (its record in `.cleveragents/operations/`), and offers to finish or undo
 * it. Reading the records loads neither sql.js nor git; recovering does, in a trusted workspace.
 */
function registerInterruptedOperations(deps) {
    const announced = new Set();
    const check = async () => {
        for (const folder of deps.folders.folders()) {
            const journal = new fileOperationJournal_1.FileOperationJournal(folder.uri.fsPath);
            for (const op of await journal.list()) {
                if (announced.has(op.plan_id) || journal.ownerRunning(op))
                    continue;
                announced.add(op.plan_id);
                void offer(folder, op).finally(() => announced.delete(op.plan_id));
            }
        }
    };
    /** The plan's title and the target checkpoint, for the message; the ids only in the log when the database cannot say. */
    const namesOf = async (folder, op) => {
        try {
            if (!(await deps.folders.databaseExists(folder)))
                return {};
            const services = await deps.folders.services(folder);
            const plan = await services.plans.getPlan(op.plan_id);
            const target = op.target_checkpoint_id ? await services.checkpoints.getCheckpoint(op.plan_id, op.target_checkpoint_id).catch(() => undefined) : undefined;
            return { planTitle: plan.title, target };
        }
        catch (error) {
            deps.channel.warn(`Could not read the plan ${op.plan_id} of an interrupted ${op.type}: ${String(error)}`);
            return {};
        }
    };
    const offer = async (folder, op) => {
        deps.channel.warn(`Plan ${op.plan_id}: an interrupted ${op.type}${op.target_checkpoint_id ? ` to ${op.target_checkpoint_id}` : ''} (started ${op.started_at} by process ${op.pid} on ${op.host}).`);
        const names = await namesOf(folder, op);
        const actions = op.type === 'cleanup' ? [FINISH, SHOW_LOG] : [FINISH, UNDO, SHOW_LOG];
        const choice = await (0, shownText_1.showWarning)((0, interruptedText_1.interruptedMessage)(op, names, new Date()), ...actions);
        if (choice === SHOW_LOG)
            deps.channel.show(true);
        if (choice === FINISH || choice === UNDO)
            await recover(folder, op, choice === FINISH ? 'finish' : 'undo', names);
    };
    const recover = async (folder, op, mode, names) => {
        if (!vscode.workspace.isTrusted) {
            void (0, shownText_1.showWarning)('Recovering writes files: trust this workspace first (Restricted Mode).');
            return;
        }
        try {
            const outcome = await (0, shownText_1.withProgressTitled)(vscode.ProgressLocation.Notification, `${mode === 'finish' ? 'Finishing' : 'Undoing'} the interrupted ${op.type}…`, async () => (await deps.folders.services(folder)).recovery.recover(op.plan_id, mode));
            deps.refresh();
            const kept = outcome.kept.length > 0 ? ` ${(0, displayText_1.plural)(outcome.kept.length, 'half-written path')} were moved to ${outcome.keptIn}.` : '';
            const left = outcome.left.length > 0 ? ` ${(0, displayText_1.plural)(outcome.left.length, 'path')} behind a symlinked folder were left as they are.` : '';
            void (0, shownText_1.showInfo)(`${(0, interruptedText_1.recoveredMessage)(op, names, mode === 'finish', new Date())}${kept}${left}`);
        }
        catch (error) {
            deps.reporter.report(error, `Recovering ${names.planTitle === undefined ? 'the plan' : `“${names.planTitle}”`}`);
        }
    };
    void check();
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${nodeWorkspaceFiles_1.DATA_DIR_NAME}/${fileOperationJournal_1.OPERATIONS_DIR_NAME}/*.json`, false, true, true);
    // A record that appears is an operation under way; only one still there a moment later was left behind.
    const after = (ms) => new Promise((resolve) => setTimeout(resolve, ms)).then(check);
    const later = () => void after(5_000).then(() => after(60_000));
    return vscode.Disposable.from(watcher, watcher.onDidCreate(later), vscode.workspace.onDidChangeWorkspaceFolders(() => void check()));
}
//# sourceMappingURL=interruptedOperations.js.map