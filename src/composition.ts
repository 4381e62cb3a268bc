import { thisProcess } from './adapters/files/operationOwner';
import * as path from 'node:path';
import { CheckpointService } from './core/checkpointService';
import type { ServiceDeps } from './core/serviceDeps';
import { SandboxRecreationService } from './core/sandboxRecreation';
import { CorrectionService } from './core/correctionService';
import { PlanService } from './core/planService';
import { ProvenanceService } from './core/provenance/provenanceService';
import { RecoveryService } from './core/recoveryService';
import { FileOperationJournal, operationsDir } from './adapters/files/fileOperationJournal';
import type { Logger } from './core/ports';
import { DEFAULT_RETENTION_POLICY, type CheckpointRetentionPolicy } from './core/retentionPolicy';
import { FileLock } from './adapters/files/fileLock';
import { LineTokenFiles } from './adapters/files/lineTokenFiles';
import type { FolderWatches } from './adapters/files/folderWatch';
import { DATA_DIR_NAME, NodeWorkspaceFiles, ensureDataDir } from './adapters/files/nodeWorkspaceFiles';
import { ShadowGitSandbox } from './adapters/shadowStore/shadowGitSandbox';
import { SqlJsCheckpointStore, defaultDatabasePath, writeLogPath, type WriteLogOptions } from './adapters/sqlStore/sqlJsCheckpointStore';
import { createUlidGenerator, systemClock } from './adapters/systemClock';
import { fetchedPlanReason } from './remote/fetchedOrigins';
import { StoreSections } from './storeSections';

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface WorkspaceServicesOptions {
  /** Absolute path of the workspace folder. */
  readonly workspaceRoot: string;
  /** Where the database lives; default `<workspace>/.cleveragents/cleveragents.db`. */
  readonly databasePath?: string;
  /** The folder holding `sql-wasm.wasm`. */
  readonly wasmDir: string;
  readonly logger: Logger;
  /** Files above this size are not captured (listed as skipped); default 5 MiB. */
  readonly maxFileBytes?: number;
  /** Free space (beyond twice a restore's new contents) above which files are written in place; see ShadowGitSandboxOptions. */
  readonly inPlaceMarginBytes?: number;
  /** The retention policy new plans start with; read at each plan's creation. */
  readonly defaultPolicy?: () => CheckpointRetentionPolicy;
  /**
   * How long to wait for another process's lock (store and database) before giving up with a
   * StoreError; default two minutes for the store. A hook gives a few seconds: an agent waits on it.
   * A function is asked at each wait (a hook's wait is what is left of its budget then).
   */
  readonly lockTimeoutMs?: number | (() => number);
  /** Overrides for the database's write log thresholds (tests use the log on a small database). */
  readonly writeLog?: Partial<WriteLogOptions>;
  /** The resident process collects the store's garbage when idle, not inside a call (ShadowGitSandboxOptions). */
  readonly deferGarbageCollection?: boolean;
  /** The resident process's watches of sandbox folders, shared by its sets of services (ShadowGitSandboxOptions). */
  readonly folderWatches?: FolderWatches;
}

export interface WorkspaceServices {
  readonly plans: PlanService;
  readonly checkpoints: CheckpointService;
  /** Recreate Sandbox from Checkpoint (a missing isolated sandbox folder). */
  readonly sandboxes: SandboxRecreationService;
  readonly recovery: RecoveryService;
  /** Decisions and their correction, restoring files through `checkpoints`. */
  readonly corrections: CorrectionService;
  /** Who wrote each line of a file: `agents blame`, `agents log`, the editor's marks. */
  readonly provenance: ProvenanceService;
  readonly store: SqlJsCheckpointStore;
  readonly snapshotter: ShadowGitSandbox;
  readonly workspace: NodeWorkspaceFiles;
  readonly databasePath: string;
  readonly checkpointDir: string;
  /** This process's work under the store's lock: what work of low priority waits for and gives way to. */
  readonly sections: StoreSections;
  dispose(): void;
}

/** Builds the services of one workspace folder; the extension and the CLI both start here. */
export function createWorkspaceServices(options: WorkspaceServicesOptions): WorkspaceServices {
  const root = path.resolve(options.workspaceRoot);
  const databasePath = options.databasePath ? path.resolve(root, options.databasePath) : defaultDatabasePath(root);
  const checkpointDir = path.join(root, DATA_DIR_NAME, 'checkpoints');
  const lockWait = options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs };
  const store = new SqlJsCheckpointStore({ databasePath, wasmDir: options.wasmDir, logger: options.logger, workspaceRoot: root, lock: lockWait, writeLog: options.writeLog });
  let dataDirReady: Promise<string> | undefined;
  const storeLock = new FileLock(path.join(root, DATA_DIR_NAME, 'checkpoints.lock'), { timeoutMs: 120_000, staleMs: 600_000, ...lockWait }, (m) => options.logger.warn(m));
  const sections = new StoreSections(() => store.statistics.saves + store.statistics.appends);
  const snapshotter = new ShadowGitSandbox({
    checkpointDir,
    workspaceRoot: root,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    lock: (_name, work) => sections.run(async () => {
      dataDirReady ??= ensureDataDir(root).catch((error: unknown) => {
        dataDirReady = undefined;
        throw error;
      });
      await dataDirReady;
      return storeLock.withLock(work);
    }),
    logger: options.logger,
    // The database may live inside a sandbox (its path is a setting): never snapshot or restore it.
    protectedFiles: [databasePath, writeLogPath(databasePath), `${databasePath}.lock`, `${databasePath}.lock.break`],
    operationsDir: operationsDir(root),
    inPlaceMarginBytes: options.inPlaceMarginBytes,
    deferGarbageCollection: options.deferGarbageCollection,
    folderWatches: options.folderWatches,
  });
  const workspace = new NodeWorkspaceFiles(root);
  // An open record's snapshots are pinned until it is cleared: no pruning or gc takes them.
  const journal = new FileOperationJournal(root, { hold: (planId, refs) => snapshotter.holdOperationRefs(planId, refs), release: (planId) => snapshotter.releaseOperationRefs(planId) });
  const deps: ServiceDeps = { store, snapshotter, workspace, journal, processInfo: thisProcess(), clock: systemClock, ids: createUlidGenerator(), logger: options.logger, readOnlyPlan: fetchedPlanReason(root, (m) => options.logger.warn(m)) };
  const plans = new PlanService(deps, options.defaultPolicy ?? (() => DEFAULT_RETENTION_POLICY));
  const checkpoints = new CheckpointService(deps);
  return {
    plans,
    checkpoints,
    sandboxes: new SandboxRecreationService(deps),
    corrections: new CorrectionService(deps, checkpoints),
    // setImmediate: the pauses of a long history's first comparison let the process's events in.
    provenance: new ProvenanceService(deps, new LineTokenFiles(root, path.join(checkpointDir, 'blame'), options.logger), () => new Promise((resolve) => setImmediate(resolve))),
    recovery: new RecoveryService(deps, plans),
    store,
    snapshotter,
    workspace,
    databasePath,
    checkpointDir,
    sections,
    dispose: () => store.close(),
  };
}
