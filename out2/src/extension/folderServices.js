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
exports.FolderServices = void 0;
exports.folderNamed = folderNamed;
const vscode = __importStar(require("vscode"));
const idPrefix_1 = require("../core/idPrefix");
const fileOperationJournal_1 = require("../adapters/files/fileOperationJournal");
const nodeWorkspaceFiles_1 = require("../adapters/files/nodeWorkspaceFiles");
const databasePaths_1 = require("../adapters/sqlStore/databasePaths");
const errors_1 = require("../core/errors");
const moveAside_1 = require("../adapters/files/moveAside");
const commandIds_1 = require("./commandIds");
const log_1 = require("./log");
const loadEngine_1 = require("./loadEngine");
const settings_1 = require("./settings");
class FolderServices {
    options;
    entries = new Map();
    changed = new vscode.EventEmitter();
    disposables = [this.changed];
    shownProblems = new Set();
    loaded = false;
    /** A database file was created, changed or deleted (by anyone); not debounced. */
    onDidChangeDatabase = this.changed.event;
    constructor(options) {
        this.options = options;
        this.syncFolders();
        this.disposables.push(vscode.workspace.onDidChangeWorkspaceFolders(() => this.syncFolders()), vscode.workspace.onDidChangeConfiguration((event) => this.reconfigure(event)));
    }
    /** Whether any folder's services were made, i.e. the engine was loaded. */
    get engineLoaded() {
        return this.loaded;
    }
    /** The workspace folders on the local file system, in workspace order (others are not supported). */
    folders() {
        return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
    }
    settings(folder) {
        return this.entry(folder).settings;
    }
    databaseUri(folder) {
        return vscode.Uri.joinPath(folder.uri, ...this.settings(folder).databasePath.split('/'));
    }
    /** Checked before loading the engine: a folder without a database needs none to be listed. */
    async databaseExists(folder) {
        try {
            const stat = await vscode.workspace.fs.stat(this.databaseUri(folder));
            return (stat.type & vscode.FileType.File) !== 0;
        }
        catch {
            return false;
        }
    }
    services(folder) {
        const entry = this.entry(folder);
        entry.services ??= this.create(entry).catch((error) => {
            entry.services = undefined;
            throw error;
        });
        return entry.services;
    }
    /**
     * The error that makes the folder's database unusable as it is (not SQLite, damaged, of a newer
     * release), or undefined when it can be read or is not there yet. Commands that need the
     * database ask this before any question: a refusal after a title was typed is a dead end.
     */
    async unreadable(folder) {
        if (!(await this.databaseExists(folder)))
            return undefined;
        try {
            await (await this.services(folder)).plans.listPlans();
            return undefined;
        }
        catch (error) {
            if (error instanceof errors_1.UnreadableDatabaseError)
                return error;
            throw error;
        }
    }
    /** Refuses (the database's own error) when the folder's database cannot be read. */
    async requireReadable(folder) {
        const error = await this.unreadable(folder);
        if (error)
            throw error;
    }
    /**
     * Renames the folder's database beside itself with the time in its name (never deletes it), so
     * that the next use starts with an empty one. The folder's services are closed first. Returns
     * the new file's path.
     */
    async moveDatabaseAside(folder) {
        const entry = this.entry(folder);
        const services = entry.services;
        entry.services = undefined;
        await services?.then((s) => s.dispose(), () => undefined);
        const moved = await (0, moveAside_1.moveDatabaseAside)(folder.uri.fsPath, this.databaseUri(folder).fsPath, new Date());
        this.logger(folder).warn(`Moved the unreadable database ${entry.settings.databasePath} aside to ${moved}; the next plan starts a new one.`);
        this.changed.fire(folder);
        return moved;
    }
    /** The plans of every folder with a database that pass `filter`, newest first, for a quick pick. */
    async planChoices(filter) {
        const folders = this.folders();
        const choices = [];
        for (const folder of folders) {
            if (!(await this.databaseExists(folder)))
                continue;
            const services = await this.services(folder);
            for (const plan of [...(await services.plans.listPlans())].reverse()) {
                if (filter(plan))
                    choices.push({ plan, folderName: folders.length > 1 ? folder.name : undefined, value: { folder, services, plan } });
            }
        }
        return choices;
    }
    /** Finds the folder whose database holds the plan; `planId` may be its short id (or a prefix), as the tree's tooltips and the CLI show it. */
    async findPlan(planId, folder) {
        const candidates = folder ? [folder] : this.folders();
        if (!(0, idPrefix_1.isWholeId)(planId)) {
            const plans = [];
            const where = new Map();
            for (const f of candidates) {
                if (!(await this.databaseExists(f)))
                    continue;
                for (const p of await (await this.services(f)).plans.listPlans()) {
                    plans.push({ id: p.plan_id, label: p.title });
                    where.set(p.plan_id, f);
                }
            }
            const id = (0, idPrefix_1.resolveIdPrefix)(planId, plans, 'plan');
            const f = where.get(id);
            const services = await this.services(f);
            return { folder: f, services, plan: await services.plans.getPlan(id) };
        }
        for (const f of candidates) {
            if (!folder && !(await this.databaseExists(f)))
                continue;
            const services = await this.services(f);
            try {
                return { folder: f, services, plan: await services.plans.getPlan(planId) };
            }
            catch (error) {
                if (!(error instanceof errors_1.NotFoundError) || folder)
                    throw error;
            }
        }
        throw new errors_1.NotFoundError('plan', planId);
    }
    dispose() {
        for (const entry of this.entries.values())
            this.disposeEntry(entry);
        this.entries.clear();
        for (const d of this.disposables)
            d.dispose();
    }
    entry(folder) {
        const key = folder.uri.toString();
        let entry = this.entries.get(key);
        if (!entry) {
            entry = { folder, settings: this.readSettings(folder), services: undefined, watcher: new vscode.Disposable(() => undefined) };
            entry.watcher = this.watch(entry);
            this.entries.set(key, entry);
        }
        return entry;
    }
    async create(entry) {
        const logger = this.logger(entry.folder);
        logger.info(`Opening the checkpoint database ${entry.settings.databasePath}`);
        const { createWorkspaceServices } = (0, loadEngine_1.loadEngine)();
        this.loaded = true;
        return createWorkspaceServices({
            workspaceRoot: entry.folder.uri.fsPath,
            wasmDir: this.options.wasmDir,
            logger,
            databasePath: entry.settings.databasePath,
            maxFileBytes: entry.settings.maxFileBytes,
            // read at each plan's creation, so a changed setting applies at once
            defaultPolicy: () => this.entry(entry.folder).settings.retention,
        });
    }
    logger(folder) {
        return (0, log_1.channelLogger)(this.options.channel, this.folders().length > 1 ? folder.name : '');
    }
    /**
     * Watches the database file itself (a save is a rename onto it, seen as a create or a change),
     * its write log (where a large database's writes go, and which a fold removes) and the records of operations under way, which come and go without a database write (a
     * rollback recovered by `agents plan recover` clears its plan's warning).
     */
    watch(entry) {
        const database = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, entry.settings.databasePath));
        const log = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, (0, databasePaths_1.writeLogPath)(entry.settings.databasePath)));
        const operations = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(entry.folder, `${nodeWorkspaceFiles_1.DATA_DIR_NAME}/${fileOperationJournal_1.OPERATIONS_DIR_NAME}/*.json`), false, true, false);
        const fire = () => this.changed.fire(entry.folder);
        return vscode.Disposable.from(database, log, operations, database.onDidCreate(fire), database.onDidChange(fire), database.onDidDelete(fire), log.onDidCreate(fire), log.onDidChange(fire), operations.onDidCreate(fire), operations.onDidDelete(fire));
    }
    readSettings(folder) {
        const { settings, problems } = (0, settings_1.readFolderSettings)(folder);
        for (const problem of problems) {
            if (this.shownProblems.has(problem))
                continue;
            this.shownProblems.add(problem);
            this.options.reporter.warn(problem);
        }
        return settings;
    }
    syncFolders() {
        const current = new Set(this.folders().map((f) => f.uri.toString()));
        for (const [key, entry] of this.entries) {
            if (current.has(key))
                continue;
            this.disposeEntry(entry);
            this.entries.delete(key);
        }
    }
    reconfigure(event) {
        if (!event.affectsConfiguration(commandIds_1.SETTINGS_SECTION))
            return;
        for (const entry of this.entries.values()) {
            const rebuild = (0, settings_1.affectsEngine)(event, entry.folder);
            entry.settings = this.readSettings(entry.folder);
            if (!rebuild)
                continue;
            // Another database or size limit: new services and a new watcher, made on next use.
            this.disposeEntry(entry);
            entry.services = undefined;
            entry.watcher = this.watch(entry);
            this.changed.fire(entry.folder);
        }
    }
    disposeEntry(entry) {
        entry.watcher.dispose();
        const services = entry.services;
        entry.services = undefined;
        void services?.then((s) => s.dispose(), () => undefined);
    }
}
exports.FolderServices = FolderServices;
/** A workspace folder named by a command's argument: its URI, its path or its name; unknown ones are refused. */
function folderNamed(folders, given) {
    if (given === undefined)
        return undefined;
    const found = folders.find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
    if (!found)
        throw new errors_1.ValidationError(`"${given}" is not a workspace folder`);
    return found;
}
//# sourceMappingURL=folderServices.js.map