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
exports.FileOperationJournal = exports.OPERATIONS_DIR_NAME = void 0;
exports.operationsDir = operationsDir;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
const interruptedOperation_1 = require("../../core/interruptedOperation");
const atomicFile_1 = require("./atomicFile");
const operationOwner_1 = require("./operationOwner");
const nodeWorkspaceFiles_1 = require("./nodeWorkspaceFiles");
const realDataPath_1 = require("./realDataPath");
/** The folder of `.cleveragents` that holds the records of operations under way. */
exports.OPERATIONS_DIR_NAME = 'operations';
/** The folder of a workspace's operation records. */
function operationsDir(workspaceRoot) {
    return path.join(workspaceRoot, nodeWorkspaceFiles_1.DATA_DIR_NAME, exports.OPERATIONS_DIR_NAME);
}
/**
 * The journal as one small file per plan (`<dir>/<plan_id>.json`), written atomically and flushed
 * before the operation's first write, removed (and the removal flushed) after its last.
 */
/**
 * The records this process has begun and not ended, by file: its own record is in progress while
 * it is here, and interrupted once an operation failed half way and left it (the process lives on,
 * so its being alive says nothing). Shared by every journal object of the process, since the
 * extension reads the folder through several, and by every copy of this module: it is bundled both
 * into dist/extension.js and into dist/extensionEngine.js, whose services begin the records.
 */
const RUNNING_KEY = Symbol.for('cleveragents.operationsRunningHere');
const runningHere = (globalThis[RUNNING_KEY] ??= new Set());
class FileOperationJournal {
    workspaceRoot;
    pins;
    dir;
    /** The journal of a workspace folder: `.cleveragents/operations/`. */
    constructor(workspaceRoot, pins) {
        this.workspaceRoot = workspaceRoot;
        this.pins = pins;
        this.dir = operationsDir(workspaceRoot);
    }
    /** Every operation recorded as under way (a damaged record is left out: `get` reports it). */
    async list() {
        const names = await node_fs_1.promises.readdir(this.dir).catch(() => []);
        const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => ids_1.UlidSchema.safeParse(id).success);
        const records = await Promise.all(ids.map((id) => this.get(id).catch(() => undefined)));
        return records.filter((r) => r !== undefined);
    }
    async begin(operation) {
        const parsed = interruptedOperation_1.InterruptedOperationSchema.parse(operation);
        // A cloned `operations` (or `.cleveragents`) link would take the record, and its removal, elsewhere.
        await (0, realDataPath_1.assertRealDataPath)(this.workspaceRoot, this.dir);
        const refs = [parsed.from_ref, parsed.to_ref].filter((r) => r !== null);
        if (refs.length > 0)
            await this.pins?.hold(parsed.plan_id, refs);
        await node_fs_1.promises.mkdir(this.dir, { recursive: true });
        await (0, atomicFile_1.writeFileAtomic)(this.file(parsed.plan_id), `${JSON.stringify(parsed, null, 2)}\n`);
        if (parsed.pid === process.pid)
            runningHere.add(this.file(parsed.plan_id));
    }
    /** Whether the operation is still being run by its owner: in progress, not interrupted. */
    ownerRunning(operation) {
        if (operation.pid === process.pid)
            return runningHere.has(this.file(operation.plan_id));
        return (0, operationOwner_1.otherOwnerAlive)(operation);
    }
    /** Marks this process's record of the plan as left behind (its operation failed half way); the file stays. */
    abandon(planId) {
        runningHere.delete(this.file(planId));
    }
    async end(planId) {
        runningHere.delete(this.file(planId));
        await (0, realDataPath_1.assertRealDataPath)(this.workspaceRoot, this.dir);
        await node_fs_1.promises.rm(this.file(planId), { force: true });
        await (0, atomicFile_1.fsyncDirectory)(this.dir).catch(() => undefined);
        await this.pins?.release(planId);
    }
    async get(planId) {
        let text;
        try {
            text = await node_fs_1.promises.readFile(this.file(planId), 'utf8');
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return undefined;
            throw error;
        }
        let json;
        try {
            json = JSON.parse(text);
        }
        catch {
            json = undefined;
        }
        const parsed = interruptedOperation_1.InterruptedOperationSchema.safeParse(json);
        if (!parsed.success || parsed.data.plan_id !== planId) {
            throw new errors_1.StoreError(`The record of an interrupted operation, ${this.file(planId)}, is damaged (${parsed.success ? 'another plan' : (0, errors_1.describeIssues)(parsed.error.issues)}); look at the sandbox, then delete that file.`);
        }
        return parsed.data;
    }
    file(planId) {
        return path.join(this.dir, `${ids_1.UlidSchema.parse(planId)}.json`);
    }
}
exports.FileOperationJournal = FileOperationJournal;
//# sourceMappingURL=fileOperationJournal.js.map