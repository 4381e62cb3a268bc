import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { OBJECT_ID_PATTERN } from '../../core/ids';
import { InterruptedOperationSchema } from '../../core/interruptedOperation';
import { writeRefs } from './gitRefFiles';
import type { ShadowRepository } from './shadowRepository';
import { replaceFile } from './storeFiles';
import { KEY_PATTERN, assertKey, assertObjectId, indexRef, operationRef } from './storeNames';

// What keeps the shadow store's objects and what lets them go: the pins of operation records (so
// that no collection deletes what recovery needs), the count of pins dropped since the last
// collection, and the collection itself (repack, prune).

export interface StoreGarbageOptions {
  readonly checkpointDir: string;
  /** `.cleveragents/operations`: every snapshot an open record names is kept. */
  readonly operationsDir?: string;
  /** Dropped pins after which a collection is due (default 25). */
  readonly gcAfterUnpins?: number;
}

export class StoreGarbage {
  constructor(
    private readonly repo: ShadowRepository,
    private readonly options: StoreGarbageOptions,
  ) {}

  private get counter(): string {
    return path.join(this.repo.gitDir, 'unpinned-since-gc');
  }

  private async unpinnedSinceCollection(): Promise<number> {
    return Number.parseInt(await fs.readFile(this.counter, 'utf8').catch(() => '0'), 10) || 0;
  }

  /** Counts pins just dropped towards the next collection. */
  async countUnpinned(count: number): Promise<void> {
    await replaceFile(this.counter, String((await this.unpinnedSinceCollection()) + count));
  }

  /** Whether enough pins were dropped since the last collection. */
  async due(): Promise<boolean> {
    return (await this.unpinnedSinceCollection()) >= (this.options.gcAfterUnpins ?? 25);
  }

  /**
   * Pins the two sides of a plan's operation record (`refs/operations/<plan>/from|to`) so that no
   * garbage collection deletes what recovery needs. A side that is a tree (an overlay) is pinned
   * through a commit of it. Call it under the store's lock, before the record is written.
   */
  async holdOperationRefs(planId: string, refs: readonly string[]): Promise<void> {
    assertKey(planId);
    refs.forEach(assertObjectId);
    await this.repo.ensureRepo();
    const git = this.repo.repoGit();
    const sides = (['from', 'to'] as const).slice(0, refs.length);
    const updates = await Promise.all(
      sides.map(async (side, i): Promise<[string, string]> => {
        const ref = refs[i]!;
        const type = (await git.raw(['cat-file', '-t', ref])).trim();
        return [operationRef(planId, side), type === 'commit' ? ref : await this.repo.commitTree(await this.repo.treeOf(ref), `operation of plan ${planId}`)];
      }),
    );
    await writeRefs(this.repo.gitDir, updates);
  }

  /** Drops what {@link holdOperationRefs} pinned, once the record is removed. */
  async releaseOperationRefs(planId: string): Promise<void> {
    assertKey(planId);
    await this.repo.ensureRepo();
    await this.repo.deleteRefs([operationRef(planId, 'from'), operationRef(planId, 'to')]);
  }

  /**
   * Packs what is pinned and deletes what no pin or sandbox reaches. Call it inside `exclusive`:
   * every sandbox's index then matches a pinned snapshot, so nothing in use can be deleted.
   */
  async collect(): Promise<void> {
    await this.repo.ensureRepo();
    const git = this.repo.repoGit();
    await this.holdOpenOperations();
    // Unpinned snapshots leave an index ahead of its HEAD: pin each index's tree so that nothing a
    // sandbox's index names is deleted.
    const keys = await fs.readdir(path.join(this.options.checkpointDir, 'indexes')).catch(() => [] as string[]);
    for (const key of keys.filter((k) => KEY_PATTERN.test(k))) {
      const tree = (await (await this.repo.linkedKeyGit(key))?.raw(['write-tree']).catch(() => '')) ?? '';
      if (OBJECT_ID_PATTERN.test(tree.trim())) await writeRefs(this.repo.gitDir, [[indexRef(key), await this.repo.commitTree(tree.trim(), 'index')]]);
    }
    await git.raw(['repack', '-a', '-d', '-q', '--no-write-bitmap-index']);
    await git.raw(['prune', '--expire=now']);
    await replaceFile(this.counter, '0');
  }

  /** Pins what every open operation record names (a record written by a release without pins, or pinned by hand). */
  private async holdOpenOperations(): Promise<void> {
    const dir = this.options.operationsDir;
    if (dir === undefined) return;
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
    for (const name of names) {
      const record = InterruptedOperationSchema.safeParse(await fs.readFile(path.join(dir, name), 'utf8').then(JSON.parse, () => undefined).catch(() => undefined));
      if (!record.success) continue;
      const refs = [record.data.from_ref, record.data.to_ref].filter((r): r is string => r !== null);
      // A side the store lacks cannot be kept; recovery then says so.
      const present = await Promise.all(refs.map((r) => this.repo.repoGit().raw(['cat-file', '-e', r]).then(() => true, () => false)));
      if (refs.length > 0 && present.every(Boolean)) await this.holdOperationRefs(record.data.plan_id, refs);
    }
  }
}
