import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createWorkspaceServices, type WorkspaceServices } from '../../../src/composition';
import { RecordingLogger, SQL_WASM_DIR } from './storeFixtures';

export function services(root: string, maxFileBytes?: number, inPlaceMarginBytes?: number): WorkspaceServices {
  return createWorkspaceServices({ workspaceRoot: root, wasmDir: SQL_WASM_DIR, logger: new RecordingLogger(), maxFileBytes, inPlaceMarginBytes });
}

/** Every entry under `dir` (but `.cleveragents` and what `skip` says) with its type, mode and content hash. */
export function hashTree(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (r === '.cleveragents' || skip(r)) continue;
      const abs = path.join(dir, r);
      const st = lstatSync(abs);
      // a resident process's socket (.cleveragents/run/ of a workspace inside): no content, and no snapshot holds one
      if (st.isSocket()) continue;
      if (st.isSymbolicLink()) out[r] = `link:${readlinkSync(abs)}`;
      else if (st.isDirectory()) {
        out[`${r}/`] = 'dir';
        walk(r);
      } else out[r] = `file:${(st.mode & 0o111) !== 0 ? 'x' : '-'}:${createHash('sha256').update(readFileSync(abs)).digest('hex')}`;
    }
  };
  walk('');
  return out;
}

export function write(root: string, rel: string, content: string | Buffer, mode?: number): void {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  if (mode !== undefined) chmodSync(abs, mode);
}

export function link(root: string, rel: string, target: string): void {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  symlinkSync(target, abs);
}

export function git(cwd: string, ...args: string[]): string {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  return execFileSync('git', args, { cwd, env, encoding: 'utf8' });
}

/** Deterministic pseudo-random bytes (incompressible, so disk figures mean something). */
export function noise(bytes: number, seed: number): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A plan in `root` with a checkpoint of `files` files (`many/file<i>.txt`, "v1 <i>"), each changed
 * since ("v2 <i>"): a rollback to that checkpoint writes every one of them.
 */
export async function planWithChangedFiles(root: string, files: number) {
  for (let i = 0; i < files; i++) write(root, `many/file${i}.txt`, `v1 ${i}\n`);
  const s = services(root);
  const plan = await s.plans.createPlan({ title: 'big' });
  const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'before' });
  for (let i = 0; i < files; i++) write(root, `many/file${i}.txt`, `v2 ${i}\n`);
  return { root, s, plan, checkpoint };
}
