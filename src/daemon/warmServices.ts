import { FolderWatches } from '../adapters/files/folderWatch';
import { createWorkspaceServices, type WorkspaceServices } from '../composition';
import { DEFAULT_DATABASE_PATH } from '../core/databasePath';
import type { Logger } from '../core/ports';
import { BlameKeeper, type BlameKeeperOptions } from '../core/provenance/blameKeeper';
import { requestActivity } from './requestActivity';

// The resident process's warm services: one set per kind of caller and database, made on first
// use and kept (sql.js's engine and the loaded database stay warm), lent to one request at a time
// with that request's logger. Each set given back may have recorded checkpoints: the keeper of line
// attribution (core/provenance/blameKeeper.ts) then looks for them, once no request is under way.

export const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** How long a hook may wait for the store's lock when no call says less, as in hookRun.ts. */
const HOOK_LOCK_WAIT_MS = 5_000;
/** How long no request came before the keeper of line attribution starts (core/provenance/blameKeeper.ts). */
const KEEPER_QUIET_MS = 150;

interface Warm {
  readonly services: WorkspaceServices;
  readonly logger: { current: Logger };
}

export interface WarmServicesOptions {
  readonly workspaceRoot: string;
  /** The folder holding sql-wasm.wasm (dist/). */
  readonly distDir: string;
  /** The lock wait of the hook request being served, when it set one. */
  readonly hookLockWait: () => number | undefined;
  /** Told of each pass and step of the keeper of line attribution, and of each time it gives way (tests). */
  readonly keeperEvents?: Pick<BlameKeeperOptions, 'onStep' | 'onStopped' | 'onPass'>;
}

export class WarmServices {
  private readonly warm = new Map<string, Warm>();
  private readonly keeper: BlameKeeper;
  /** The sandbox folders' watches, shared by every set: a hook's no-change pre_write runs no status. */
  private readonly folderWatches = new FolderWatches(() => this.untilQuiet());
  /** Sets lent and not given back yet: a hook's work after its answer (its row, its log) holds its set until it ends. */
  private lent = 0;
  private givenBack: (() => void)[] = [];

  constructor(private readonly options: WarmServicesOptions) {
    // The keeper waits for no request under way and no set lent: a hook's work that goes on after
    // its answer counts as under way until it gives its set back.
    this.keeper = new BlameKeeper({
      ...options.keeperEvents,
      activity: {
        busy: () => requestActivity.busy() || this.lent > 0,
        whenIdle: async () => {
          for (;;) {
            await this.untilQuiet();
            // A quiet moment first: an agent's quick tool calls come tens of milliseconds apart,
            // and the keeper's reads and comparisons would then share the cores with the next
            // hook's git. The pause it waits for is the agent's turn with its model.
            await new Promise((resolve) => setTimeout(resolve, KEEPER_QUIET_MS));
            if (!requestActivity.busy() && this.lent === 0) return;
          }
        },
      },
    });
  }

  /** Once no request is under way and no set is lent (a hook's work after its answer holds its set). */
  private async untilQuiet(): Promise<void> {
    for (;;) {
      await requestActivity.whenIdle();
      if (this.lent === 0) return;
      await new Promise<void>((resolve) => this.givenBack.push(resolve));
    }
  }

  get size(): number {
    return this.warm.size;
  }

  /** Folders under a ready watch, every sandbox's. */
  get watchedFolders(): number {
    return this.folderWatches.readyFolders();
  }

  /** Any warm set: every one works on the one store of this workspace. */
  any(): WorkspaceServices | undefined {
    return this.warm.values().next().value?.services;
  }

  /**
   * The warm services for hooks (a short lock wait: an agent waits on it) or for the CLI (the CLI's
   * wait), per database; their logger is the calling request's while it holds them. `mayRecord`:
   * the request may record checkpoints (false for a command that only reads).
   */
  lend(kind: 'hook' | 'cli', databasePath: string | undefined, logger: Logger, mayRecord = true): { services: WorkspaceServices; release(): void } {
    // The default database named (VS Code's terminal names it) is the one named by nobody.
    const database = databasePath === DEFAULT_DATABASE_PATH ? undefined : databasePath;
    const key = `${kind}\0${database ?? ''}`;
    let warm = this.warm.get(key);
    if (!warm) {
      const target = { current: quiet };
      const services = createWorkspaceServices({
        workspaceRoot: this.options.workspaceRoot,
        databasePath: database,
        wasmDir: this.options.distDir,
        // A hook's lock wait is what is left of that hook's budget at each wait (hookRun.ts).
        ...(kind === 'hook' ? { lockTimeoutMs: () => this.options.hookLockWait() ?? HOOK_LOCK_WAIT_MS } : {}),
        deferGarbageCollection: true,
        folderWatches: this.folderWatches,
        logger: {
          debug: (m) => target.current.debug(m),
          info: (m) => target.current.info(m),
          warn: (m) => target.current.warn(m),
          error: (m) => target.current.error(m),
        },
      });
      warm = { services, logger: target };
      this.warm.set(key, warm);
    }
    const held = warm;
    held.logger.current = logger;
    this.lent += 1;
    let released = false;
    // A call's work left at its answer releases late: only its own logger is taken back.
    return {
      services: held.services,
      release: () => {
        if (held.logger.current === logger) held.logger.current = quiet;
        if (released) return;
        released = true;
        this.lent -= 1;
        if (this.lent === 0) for (const wake of this.givenBack.splice(0)) wake();
        // A request that only read (`mayRecord` false) recorded nothing for the keeper to look for.
        // The CLI's set of the same database when there is one: what the keeper reads (content ids,
        // contents) is then in the memory of the services that serve `agents blame`.
        if (mayRecord) this.keeper.note(this.warm.get(`cli\0${database ?? ''}`)?.services ?? held.services);
      },
    };
  }

  /** Closes every warm set (their databases); the next call makes them again. */
  dropAll(): void {
    this.keeper.forget();
    this.folderWatches.stopAll();
    for (const warm of this.warm.values()) warm.services.dispose();
    this.warm.clear();
  }
}
