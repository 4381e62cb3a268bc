import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Inside a mocha `describe`: returns a function that makes a fresh folder under the system temp
 * folder; every folder made is removed after each test.
 */
export function useTempDirs(prefix = 'cleveragents-test-'): () => string {
  const made: string[] = [];
  afterEach(() => {
    // A resident process (src/daemon) that a test's CLI call started may still be coming up and
    // bind its socket in the folder's .cleveragents/run while it is removed (ENOTEMPTY): it gives up
    // once the folder is gone, so removing again for up to ~2 s succeeds.
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  });
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
