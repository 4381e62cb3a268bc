import { rmSync } from 'node:fs';
import type { CheckpointsCli } from './checkpointsCli';
import type { ModelServer } from './modelServer/http';

/**
 * A suite's `after`: stops the workspace's resident process and the model server, and removes the
 * suite's folders. In a large repository a detached first-snapshot job may still be writing when
 * the session ends: rmSync retries (its delays grow, about 20 s in all), and a folder still in use
 * after that is left in the temporary folder with a warning rather than failing the test.
 */
export function cleanUpSuite(suite: string, cli: CheckpointsCli | undefined, server: ModelServer | undefined, dirs: readonly string[]): Promise<void> | undefined {
  cli?.stopDaemon();
  const closing = server?.close();
  for (const dir of dirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    } catch (e) {
      console.warn(`${suite}: could not remove ${dir}: ${(e as Error).message}`);
    }
  }
  return closing;
}
