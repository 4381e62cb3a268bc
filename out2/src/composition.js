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
exports.DEFAULT_MAX_FILE_BYTES = void 0;
exports.createWorkspaceServices = createWorkspaceServices;
const operationOwner_1 = require("./adapters/files/operationOwner");
const path = __importStar(require("node:path"));
const checkpointService_1 = require("./core/checkpointService");
const sandboxRecreation_1 = require("./core/sandboxRecreation");
const correctionService_1 = require("./core/correctionService");
const planService_1 = require("./core/planService");
const recoveryService_1 = require("./core/recoveryService");
const fileOperationJournal_1 = require("./adapters/files/fileOperationJournal");
const retentionPolicy_1 = require("./core/retentionPolicy");
const fileLock_1 = require("./adapters/files/fileLock");
const nodeWorkspaceFiles_1 = require("./adapters/files/nodeWorkspaceFiles");
const shadowGitSandbox_1 = require("./adapters/shadowStore/shadowGitSandbox");
const sqlJsCheckpointStore_1 = require("./adapters/sqlStore/sqlJsCheckpointStore");
const systemClock_1 = require("./adapters/systemClock");
exports.DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Builds the services of one workspace folder; the extension and the CLI both start here. */
function createWorkspaceServices(options) {
    const root = path.resolve(options.workspaceRoot);
    const databasePath = options.databasePath ? path.resolve(root, options.databasePath) : (0, sqlJsCheckpointStore_1.defaultDatabasePath)(root);
    const checkpointDir = path.join(root, nodeWorkspaceFiles_1.DATA_DIR_NAME, 'checkpoints');
    const lockWait = options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs };
    const store = new sqlJsCheckpointStore_1.SqlJsCheckpointStore({ databasePath, wasmDir: options.wasmDir, logger: options.logger, workspaceRoot: root, lock: lockWait, writeLog: options.writeLog });
    let dataDirReady;
    const storeLock = new fileLock_1.FileLock(path.join(root, nodeWorkspaceFiles_1.DATA_DIR_NAME, 'checkpoints.lock'), { timeoutMs: 120_000, staleMs: 600_000, ...lockWait }, (m) => options.logger.warn(m));
    const snapshotter = new shadowGitSandbox_1.ShadowGitSandbox({
        checkpointDir,
        workspaceRoot: root,
        maxFileBytes: options.maxFileBytes ?? exports.DEFAULT_MAX_FILE_BYTES,
        lock: async (_name, work) => {
            dataDirReady ??= (0, nodeWorkspaceFiles_1.ensureDataDir)(root).catch((error) => {
                dataDirReady = undefined;
                throw error;
            });
            await dataDirReady;
            return storeLock.withLock(work);
        },
        logger: options.logger,
        // The database may live inside a sandbox (its path is a setting): never snapshot or restore it.
        protectedFiles: [databasePath, (0, sqlJsCheckpointStore_1.writeLogPath)(databasePath), `${databasePath}.lock`, `${databasePath}.lock.break`],
        operationsDir: (0, fileOperationJournal_1.operationsDir)(root),
        inPlaceMarginBytes: options.inPlaceMarginBytes,
        deferGarbageCollection: options.deferGarbageCollection,
    });
    const workspace = new nodeWorkspaceFiles_1.NodeWorkspaceFiles(root);
    // An open record's snapshots are pinned until it is cleared: no pruning or gc takes them.
    const journal = new fileOperationJournal_1.FileOperationJournal(root, { hold: (planId, refs) => snapshotter.holdOperationRefs(planId, refs), release: (planId) => snapshotter.releaseOperationRefs(planId) });
    const deps = { store, snapshotter, workspace, journal, processInfo: (0, operationOwner_1.thisProcess)(), clock: systemClock_1.systemClock, ids: (0, systemClock_1.createUlidGenerator)(), logger: options.logger };
    const plans = new planService_1.PlanService(deps, options.defaultPolicy ?? (() => retentionPolicy_1.DEFAULT_RETENTION_POLICY));
    const checkpoints = new checkpointService_1.CheckpointService(deps);
    return {
        plans,
        checkpoints,
        sandboxes: new sandboxRecreation_1.SandboxRecreationService(deps),
        corrections: new correctionService_1.CorrectionService(deps, checkpoints),
        recovery: new recoveryService_1.RecoveryService(deps, plans),
        store,
        snapshotter,
        workspace,
        databasePath,
        checkpointDir,
        dispose: () => store.close(),
    };
}
//# sourceMappingURL=composition.js.map