import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { StoreError, describeIssues } from '../../core/errors';
import { UlidSchema } from '../../core/ids';
import { InterruptedOperationSchema, type InterruptedOperation } from '../../core/interruptedOperation';
import type { OperationJournal } from '../../core/ports';
import { fsyncDirectory, writeFileAtomic } from './atomicFile';
import { otherOwnerAlive } from './operationOwner';
import { DATA_DIR_NAME } from './nodeWorkspaceFiles';
import { assertRealDataPath } from './realDataPath';
import { sharedAcrossBundles } from '../../core/sharedAcrossBundles';

/** The folder of `.cleveragents` that holds the records of operations under way. */
export const OPERATIONS_DIR_NAME = 'operations';

/** The folder of a workspace's operation records. */
export function operationsDir(workspaceRoot: string): string {
  return path.join(workspaceRoot, DATA_DIR_NAME, OPERATIONS_DIR_NAME);
}

/**
 * Keeps the snapshots a record names (its `from_ref` and `to_ref`) from garbage collection and
 * pruning while the record is open: recovery needs both sides, and an overlay's target is pinned by
 * nothing else. Held before the record is written, released after it is removed.
 */
export interface OperationRefPins {
  hold(planId: string, refs: readonly string[]): Promise<void>;
  release(planId: string): Promise<void>;
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
const runningHere = sharedAcrossBundles('operationsRunningHere', () => new Set<string>());

export class FileOperationJournal implements OperationJournal {
  private readonly dir: string;

  /** The journal of a workspace folder: `.cleveragents/operations/`. */
  constructor(
    private readonly workspaceRoot: string,
    private readonly pins?: OperationRefPins,
  ) {
    this.dir = operationsDir(workspaceRoot);
  }

  /** Every operation recorded as under way (a damaged record is left out: `get` reports it). */
  async list(): Promise<InterruptedOperation[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => UlidSchema.safeParse(id).success);
    const records = await Promise.all(ids.map((id) => this.get(id).catch(() => undefined)));
    return records.filter((r): r is InterruptedOperation => r !== undefined);
  }

  async begin(operation: InterruptedOperation): Promise<void> {
    const parsed = InterruptedOperationSchema.parse(operation);
    // A cloned `operations` (or `.cleveragents`) link would take the record, and its removal, elsewhere.
    await assertRealDataPath(this.workspaceRoot, this.dir);
    const refs = [parsed.from_ref, parsed.to_ref].filter((r): r is string => r !== null);
    if (refs.length > 0) await this.pins?.hold(parsed.plan_id, refs);
    await fs.mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.file(parsed.plan_id), `${JSON.stringify(parsed, null, 2)}\n`);
    if (parsed.pid === process.pid) runningHere.add(this.file(parsed.plan_id));
  }

  /** Whether the operation is still being run by its owner: in progress, not interrupted. */
  ownerRunning(operation: InterruptedOperation): boolean {
    if (operation.pid === process.pid) return runningHere.has(this.file(operation.plan_id));
    return otherOwnerAlive(operation);
  }

  /** Marks this process's record of the plan as left behind (its operation failed half way); the file stays. */
  abandon(planId: string): void {
    runningHere.delete(this.file(planId));
  }

  async end(planId: string): Promise<void> {
    runningHere.delete(this.file(planId));
    await assertRealDataPath(this.workspaceRoot, this.dir);
    await fs.rm(this.file(planId), { force: true });
    await fsyncDirectory(this.dir).catch(() => undefined);
    await this.pins?.release(planId);
  }

  async get(planId: string): Promise<InterruptedOperation | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.file(planId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = InterruptedOperationSchema.safeParse(json);
    if (!parsed.success || parsed.data.plan_id !== planId) {
      throw new StoreError(`The record of an interrupted operation, ${this.file(planId)}, is damaged (${parsed.success ? 'another plan' : describeIssues(parsed.error.issues)}); look at the sandbox, then delete that file.`);
    }
    return parsed.data;
  }

  private file(planId: string): string {
    return path.join(this.dir, `${UlidSchema.parse(planId)}.json`);
  }
}
