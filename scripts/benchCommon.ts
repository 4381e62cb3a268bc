// What both benchmarks share: plain git as the baseline, medians, timing, and a quiet disk.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { NEUTRAL_ATTRIBUTES } from '../src/adapters/shadowStore/gitEnvironment';

export interface Row {
  size: string;
  step: string;
  ours: number;
  plain: number;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function time(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Waits until the kernel has written every dirty page to disk. Without it, the hundreds of MB a
 * step leaves behind (the generated workspaces, plain git's loose objects) are written back during
 * the next steps, and whichever store shares block groups with them waits on that: creating a file
 * there measured 0.9 ms instead of 0.02 ms, and a ratio moved from 1.1 to 3.
 */
export function settle(): void {
  execFileSync('sync');
}

/** Plain git with a persistent index in a shadow repository of its own: the baseline. */
export class PlainGit {
  private readonly env: NodeJS.ProcessEnv;
  constructor(readonly gitDir: string, workTree: string) {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
    this.env = { ...env, GIT_DIR: gitDir, GIT_WORK_TREE: workTree, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
  }
  /** A shell command run with this repository's environment; its output, trimmed. */
  shell(script: string): string {
    return execFileSync('sh', ['-c', script], { env: this.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
  }
  git(...args: string[]): string {
    return execFileSync('git', args, { env: this.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
  }
  init(): void {
    rmSync(this.gitDir, { recursive: true, force: true });
    execFileSync('git', ['init', '-q', '--bare', this.gitDir], { env: { ...this.env, GIT_DIR: undefined, GIT_WORK_TREE: undefined } });
    writeFileSync(path.join(this.gitDir, 'info', 'exclude'), '/.cleveragents/\n');
    // Like for like: ours stores every file byte for byte, whatever the repository's .gitattributes
    // say (`* text=auto` would make plain git normalise CRLF files and capture another tree).
    writeFileSync(path.join(this.gitDir, 'info', 'attributes'), NEUTRAL_ATTRIBUTES);
    this.git('config', 'core.autocrlf', 'false');
    this.git('config', 'gc.auto', '0');
    this.git('config', 'core.untrackedCache', 'true');
  }
  /** `packed`: the blobs go into one pack instead of one file each, as ours does on a first checkpoint. */
  checkpoint(packed = false): string {
    if (packed) this.git('-c', 'core.bigFileThreshold=1', '-c', 'pack.compression=1', 'add', '-A');
    else this.git('add', '-A');
    const tree = this.git('write-tree');
    const commit = this.git('commit-tree', tree, '-m', 'cp');
    this.git('update-ref', `refs/cp/${commit}`, commit);
    return commit;
  }
  /** Plain git's rollback: a safety checkpoint, the paths that change, then `read-tree -m -u`. Returns the safety commit. */
  rollback(to: string): string {
    const safety = this.checkpoint();
    this.git('diff-tree', '-r', '-z', '--name-status', '--no-renames', safety, to);
    this.git('read-tree', '-m', '-u', safety, to);
    return safety;
  }
}
