import { NotFoundError } from '../errors';
import type { ServiceDeps } from '../serviceDeps';
import type { FileBlame } from './lineProvenance';
import { fileLog, type FileChange } from './fileLog';
import type { LineTokenCache, SnapshotFileId } from '../ports';
import { blameFromPlans } from './planBlame';
import { keepAttribution, type KeepOutcome, type KeepRequest } from './keptAttribution';
import { nowVersion, plansOverPath, readHistories, SnapshotFileCache } from './provenanceReader';

/** The bytes' SHA-1 as git names a blob: a key for the answers (a native hash; the id of any form would do). */
const SHA1_LIKE = '0'.repeat(40);

/**
 * Where one blame's time went, in milliseconds, filled in as it runs (the editor's marks report
 * them): the file, waiting for the store (its queue of work, and loading what other processes wrote), reading
 * the plans' rows, the content ids (git), reading what was kept, and the comparison (with the
 * contents it reads). A phase not reached stays 0.
 */
export interface BlameTimings {
  /** Reading the file now (and checking its path). */
  fileMs: number;
  storeWaitMs: number;
  rowsMs: number;
  idsMs: number;
  keptMs: number;
  compareMs: number;
  /** Answered from the last answers held in this process: no phase after the rows ran. */
  remembered: boolean;
}

/** `agents blame`'s answer: the file (relative to the workspace), whose each line is, and the plans that were asked. */
export interface BlameResult {
  readonly path: string;
  readonly blame: FileBlame;
  /** The plans whose sandbox holds the path (after `--plan`), oldest first. */
  readonly plan_ids: readonly string[];
}

/** `agents log`'s answer: the file's changes across the plans over it, newest first. */
export interface LogResult {
  readonly path: string;
  readonly changes: readonly FileChange[];
  readonly plan_ids: readonly string[];
}

/** Line provenance of the workspace's files, worked out from every plan's fences (docs/PROVENANCE.md). */
export class ProvenanceService {
  /** The files at snapshots already read: a resident process asks again and again. */
  private readonly cache = new SnapshotFileCache();
  /** The last answers, by what they were worked out from (the checkpoints and the file's bytes): the editor asks again for a file that has not changed. */
  private readonly answers = new Map<string, BlameResult>();
  /** A path's content id at each snapshot already asked about (a snapshot never changes): the editor's recomputes run no git. */
  private readonly ids = new Map<string, SnapshotFileId>();

  /**
   * `tokens`: the attributions kept between processes (see planBlame.ts); none, every call works
   * them out. `pause`: gives way to the process's other work while a long history is compared.
   */
  constructor(
    private readonly deps: ServiceDeps,
    private readonly tokens?: LineTokenCache,
    private readonly pause?: () => Promise<void>,
  ) {}

  /**
   * Who wrote each line of the file now (`path` relative to the workspace), from every plan whose
   * sandbox holds it, or just `planId`'s. A path that leaves the workspace or goes through a link:
   * ValidationError; no file there: NotFoundError. Reads only: nothing is written. `text`: the
   * file's bytes to blame in place of those on disk (an editor's unsaved text): lines that differ
   * from the last checkpoint are then the user's. `signal`: aborted when the answer is no longer
   * wanted; the work then stops at its next pause with OperationCancelled (an attribution is kept only when worked out whole).
   */
  async blame(path: string, planId?: string, text?: Uint8Array, signal?: { readonly aborted: boolean }, timings?: BlameTimings): Promise<BlameResult> {
    const reads = performance.now();
    const file = await this.deps.workspace.readFile(path);
    const content = file.content === undefined ? undefined : (text ?? file.content);
    if (content === undefined) throw new NotFoundError('file', path);
    const asked = performance.now();
    if (timings) timings.fileMs = asked - reads;
    let reading = asked;
    const plans = await plansOverPath(this.deps, file.path, planId, () => (reading = performance.now()));
    if (timings) {
      timings.storeWaitMs = reading - asked;
      timings.rowsMs = performance.now() - reading;
    }
    const key = [file.path, planId ?? '', this.deps.snapshotter.contentId(content, SHA1_LIKE), ...plans.flatMap((p) => [p.plan.plan_id, p.rel, p.openNow ? 'open' : 'closed', ...p.checkpoints.map((c) => c.checkpoint_id)])].join('\0');
    const known = this.answers.get(key);
    if (timings) timings.remembered = known !== undefined;
    if (known) return known;
    const blame = await blameFromPlans({ deps: this.deps, tokens: this.tokens, contents: this.cache, ids: this.ids, ...(this.pause ? { pause: this.pause } : {}), ...(signal ? { signal } : {}), ...(timings ? { timings } : {}) }, plans, content);
    const result = { path: file.path, blame, plan_ids: plans.map((p) => p.plan.plan_id) };
    if (this.answers.size >= 16) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, result);
    return result;
  }

  /**
   * Brings the attribution kept between calls of one plan's path up to `request.upTo`, one version
   * at a time, stopping between two when `request.stop()` says so (keptAttribution.ts). What it
   * reads stays in this service's caches, as a call's would.
   */
  keep(request: KeepRequest): Promise<KeepOutcome> {
    return keepAttribution({ deps: this.deps, tokens: this.tokens, contents: this.cache, ids: this.ids, ...(this.pause ? { pause: this.pause } : {}) }, request);
  }

  /**
   * The changes of one file (relative to the workspace) across every plan whose sandbox holds it,
   * or just `planId`'s, newest first. The file may be gone now (its deletion is the newest change).
   */
  async log(path: string, planId?: string): Promise<LogResult> {
    const file = await this.deps.workspace.readFile(path);
    const content = file.content;
    const plans = await plansOverPath(this.deps, file.path, planId);
    const histories = await readHistories(this.deps, plans, this.cache);
    const changes = fileLog(histories, (h) => (content === undefined ? { id: undefined, content: undefined } : nowVersion(content, h)));
    if (content === undefined && changes.length === 0) throw new NotFoundError('file', path);
    return { path: file.path, changes, plan_ids: plans.map((p) => p.plan.plan_id) };
  }
}
