import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { listStateDir, makeStateDir } from '../adapters/files/stateFiles';
import type { ShadowGit } from '../adapters/shadowStore/gitEnvironment';
import { remoteGit } from './remoteGit';

// A bare repository made for one push or fetch and removed after it: what the user's git works in
// when it talks to a remote. Its config file is the one `git init` writes now (the shadow store's,
// which arrives with the workspace, is never read by a git that holds the user's credentials); it
// reads the shadow store's objects through `objects/info/alternates` and writes its own beside.
// A killed command leaves its folder behind: the next command removes the ones whose process is gone.

const PREFIX = 'tmp-';

export function remoteDir(workspaceRoot: string): string {
  return path.join(workspaceRoot, '.cleveragents', 'remote');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes transport folders whose process is gone (a push or fetch killed half-way). */
export async function sweepTransportRepos(workspaceRoot: string): Promise<string[]> {
  const dir = remoteDir(workspaceRoot);
  let names: string[];
  try {
    names = listStateDir(workspaceRoot, dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = /^tmp-(\d+)-[0-9a-f]{8}$/.exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    const target = path.join(dir, name);
    const info = await fs.lstat(target).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    await fs.rm(target, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export interface TransportRepo {
  readonly gitDir: string;
  readonly git: ShadowGit;
  dispose(): Promise<void>;
}

/** A fresh transport repository reading `alternateObjects` (the shadow store's objects folder); its git stops when `signal` fires. */
export async function openTransportRepo(workspaceRoot: string, alternateObjects: string, signal?: AbortSignal): Promise<TransportRepo> {
  await sweepTransportRepos(workspaceRoot);
  const dir = remoteDir(workspaceRoot);
  makeStateDir(workspaceRoot, dir);
  const gitDir = path.join(dir, `${PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  const git = remoteGit(gitDir, workspaceRoot, {}, signal);
  try {
    await git.raw(['init', '--bare', '--quiet', '--template=', gitDir]);
    await fs.mkdir(path.join(gitDir, 'objects', 'info'), { recursive: true });
    await fs.writeFile(path.join(gitDir, 'objects', 'info', 'alternates'), `${alternateObjects}\n`);
  } catch (error) {
    await fs.rm(gitDir, { recursive: true, force: true });
    throw error;
  }
  return { gitDir, git, dispose: () => fs.rm(gitDir, { recursive: true, force: true }) };
}
