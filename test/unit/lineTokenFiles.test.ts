import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { LineTokenFiles } from '../../src/adapters/files/lineTokenFiles';
import { useTempDirs } from './helpers/tempDir';

// Line provenance's cache on disk (adapters/files/lineTokenFiles.ts): beside the store only.

describe('line provenance cache files', () => {
  const tempDir = useTempDirs('cleveragents-token-files-');
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

  it('keeps and reads tokens by key beside the store, and makes no store folder again once it is removed', () => {
    const root = tempDir();
    const checkpoints = path.join(root, '.cleveragents', 'checkpoints');
    mkdirSync(checkpoints, { recursive: true });
    const cache = new LineTokenFiles(root, path.join(checkpoints, 'blame'), quiet);
    cache.set('a key', Int32Array.from([0, 1, 4]));
    assert.deepEqual(cache.get('a key'), Int32Array.from([0, 1, 4]));
    assert.equal(cache.get('another key'), undefined);

    // The person reset the store (or the workspace went away) while a keeper was at work.
    rmSync(path.join(root, '.cleveragents'), { recursive: true });
    cache.set('a key', Int32Array.from([0, 1, 4]));
    assert.equal(existsSync(path.join(root, '.cleveragents')), false, 'no .cleveragents made again for a cache');
    assert.equal(cache.get('a key'), undefined);
  });
});
