import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as z from 'zod';
import type { LineTokenCache, Logger } from '../../core/ports';
import { listStateDir, readStateText, removeStateFile, stateFileInfo, writeStateFile } from './stateFiles';

// Line provenance's cache on disk, in the store's own area (`.cleveragents/checkpoints/blame/`): a
// file per key, named by the key's SHA-256, holding the key itself (so that a file written for
// another key is never taken for this one) and the tokens. The folder comes with the workspace, so
// what is read is checked like any other input; anything wrong is a miss, and the answer is worked
// out again from the store. At most MAX_FILES are kept: the oldest go first.

const MAX_FILES = 256;
/** 2,000,000 lines of tokens and their key: anything larger is not ours. */
const MAX_BYTES = 32 * 1024 * 1024;

const CacheFileSchema = z.object({
  version: z.literal(1),
  key: z.string(),
  tokens: z.array(z.number().int().nonnegative().max(0x7fffffff)),
});

export class LineTokenFiles implements LineTokenCache {
  constructor(
    private readonly root: string,
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  private fileOf(key: string): string {
    return path.join(this.dir, `${createHash('sha256').update(key).digest('hex')}.json`);
  }

  get(key: string): Int32Array | undefined {
    try {
      const text = readStateText(this.root, this.fileOf(key), MAX_BYTES);
      if (text === undefined) return undefined;
      const parsed = CacheFileSchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.key !== key) return undefined;
      return Int32Array.from(parsed.data.tokens);
    } catch (error) {
      this.logger.debug(`line provenance cache: ${(error as Error).message}`);
      return undefined;
    }
  }

  set(key: string, tokens: Int32Array): void {
    try {
      // Kept only beside a store that is there: work that ends after the store's folder was
      // removed (the person reset it, the workspace went away) does not make it again.
      if (stateFileInfo(this.root, path.dirname(this.dir)) === undefined) return;
      // Not flushed: a cache (the resident process writes one per version kept, between requests); a
      // file a crash leaves short is a miss.
      writeStateFile(this.root, this.fileOf(key), JSON.stringify({ version: 1, key, tokens: Array.from(tokens) }), { flush: false });
      this.trim();
    } catch (error) {
      this.logger.debug(`line provenance cache not written: ${(error as Error).message}`);
    }
  }

  remove(key: string): void {
    try {
      removeStateFile(this.root, this.fileOf(key));
    } catch (error) {
      this.logger.debug(`line provenance cache not removed: ${(error as Error).message}`);
    }
  }

  /** The oldest files past MAX_FILES go. */
  private trim(): void {
    const names = listStateDir(this.root, this.dir).filter((n) => n.endsWith('.json'));
    if (names.length <= MAX_FILES) return;
    const dated = names.map((n) => ({ n, at: stateFileInfo(this.root, path.join(this.dir, n))?.mtimeMs ?? 0 })).sort((a, b) => a.at - b.at);
    for (const { n } of dated.slice(0, names.length - MAX_FILES)) removeStateFile(this.root, path.join(this.dir, n));
  }
}
