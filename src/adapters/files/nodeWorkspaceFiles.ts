import { closeSync, lstatSync, openSync, readFileSync, constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ValidationError } from '../../core/errors';
import { ULID_PATTERN } from '../../core/ids';
import type { WorkspaceFiles } from '../../core/ports';
import { assertRealDataPath } from './realDataPath';
import { createStateFile, makeStateDir } from './stateFiles';

/** The folder the extension owns inside a workspace folder. */
export const DATA_DIR_NAME = '.cleveragents';
const ISOLATED_PARENT = `${DATA_DIR_NAME}/sandboxes`;

/** Sandbox folders of one workspace folder, kept inside it whatever the input says. */
export class NodeWorkspaceFiles implements WorkspaceFiles {
  private realRoot: Promise<string> | undefined;

  constructor(readonly root: string) {}

  normalizeSandboxPath(relativePath: string): string {
    const raw = relativePath.trim().replace(/\\/g, '/');
    if (raw === '' || raw.includes('\0')) throw new ValidationError('sandbox path must not be empty');
    if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) {
      throw new ValidationError(`sandbox path must be relative to the workspace, not absolute: ${relativePath}`);
    }
    const normal = path.posix.normalize(raw).replace(/\/+$/, '') || '.';
    if (normal === '..' || normal.startsWith('../')) throw new ValidationError(`sandbox path leaves the workspace: ${relativePath}`);
    const underData = normal === DATA_DIR_NAME || normal.startsWith(`${DATA_DIR_NAME}/`);
    const isolated = normal.startsWith(`${ISOLATED_PARENT}/`) && ULID_PATTERN.test(normal.slice(ISOLATED_PARENT.length + 1));
    if (underData && !isolated) throw new ValidationError(`sandbox path must not be inside ${DATA_DIR_NAME}/: ${relativePath}`);
    return normal;
  }

  async resolveSandbox(relativePath: string): Promise<string> {
    const normal = this.normalizeSandboxPath(relativePath);
    const root = await this.canonicalRoot();
    const target = path.resolve(root, normal);
    // Follow links as far as the path exists: a link anywhere on the way may point out.
    let existing = target;
    let rest = '';
    for (;;) {
      const real = await fs.realpath(existing).catch(() => undefined);
      if (real !== undefined) {
        const resolved = rest ? path.join(real, rest) : real;
        if (!isInside(root, resolved)) throw new ValidationError(`sandbox path resolves outside the workspace: ${relativePath}`);
        return resolved;
      }
      const parent = path.dirname(existing);
      if (parent === existing) throw new ValidationError(`sandbox path cannot be resolved: ${relativePath}`);
      rest = rest ? path.join(path.basename(existing), rest) : path.basename(existing);
      existing = parent;
    }
  }

  async isDirectory(absolutePath: string): Promise<boolean> {
    return fs.stat(absolutePath).then((s) => s.isDirectory(), () => false);
  }

  async folderIdentity(absolutePath: string): Promise<string | undefined> {
    const stat = await fs.lstat(absolutePath, { bigint: true }).catch(() => undefined);
    return stat?.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
  }

  isolatedSandboxPath(planId: string): string {
    if (!ULID_PATTERN.test(planId)) throw new ValidationError(`not a plan id: ${planId}`);
    return `${ISOLATED_PARENT}/${planId}`;
  }

  async createEmptyDirectory(absolutePath: string): Promise<void> {
    await assertRealDataPath(await this.canonicalRoot(), absolutePath);
    await this.assertIsolated(absolutePath, true);
    await fs.mkdir(absolutePath);
  }

  async readFile(relativePath: string): Promise<{ path: string; content: Uint8Array | undefined }> {
    const raw = relativePath.replace(/\\/g, '/');
    if (raw === '' || raw.includes('\0') || raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw new ValidationError(`not a path relative to the workspace: ${JSON.stringify(relativePath)}`);
    const normal = path.posix.normalize(raw).replace(/\/+$/, '');
    if (normal === '.' || normal === '' || normal === '..' || normal.startsWith('../')) throw new ValidationError(`${JSON.stringify(relativePath)} is not a file inside the workspace folder`);
    // Each folder on the way looked at without following it: a link could lead anywhere. The looks
    // and a small file's read are synchronous: each is a system call of a few microseconds, and in a
    // busy process (the editor's extension host) every asynchronous one waits for a turn of the event
    // loop, which made the read of one file take a sizeable part of the editor's marks.
    let at = await this.canonicalRoot();
    const parts = normal.split('/');
    let size = 0;
    for (const [i, part] of parts.entries()) {
      at = path.join(at, part);
      const stat = lstatOrMissing(at);
      if (stat === undefined) return { path: normal, content: undefined };
      if (stat.isSymbolicLink()) throw new ValidationError(`${JSON.stringify(parts.slice(0, i + 1).join('/'))} is a symbolic link: only files inside the workspace are read, never through a link`);
      if (i < parts.length - 1 ? !stat.isDirectory() : !stat.isFile()) throw new ValidationError(`${JSON.stringify(parts.slice(0, i + 1).join('/'))} is not ${i < parts.length - 1 ? 'a folder' : 'a regular file'}`);
      size = Number(stat.size);
    }
    // O_NOFOLLOW: a link put in its place since the look is not followed either (where the platform has it).
    const flags = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0);
    // The last look gave the size: a small file is read at once, a large one without holding the process meanwhile.
    if (size <= SYNC_READ_MAX_BYTES) {
      const fd = openSync(at, flags);
      try {
        const buffer = readFileSync(fd);
        return { path: normal, content: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) };
      } finally {
        closeSync(fd);
      }
    }
    const handle = await fs.open(at, flags);
    try {
      const buffer = await handle.readFile();
      return { path: normal, content: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) };
    } finally {
      await handle.close();
    }
  }

  /** Only ever removes an isolated sandbox: nothing else of the workspace may be deleted here. */
  async removeDirectory(absolutePath: string): Promise<void> {
    await assertRealDataPath(await this.canonicalRoot(), absolutePath);
    await this.assertIsolated(absolutePath, false);
    // `rm` itself does not follow a symlink it is given or finds inside.
    await fs.rm(absolutePath, { recursive: true, force: true });
  }

  /**
   * Refuses a folder that is not an isolated sandbox, or one whose way from the workspace folder
   * goes through a symlink or a file (a `.cleveragents/sandboxes` pointing elsewhere would have
   * us create or delete there); with `make`, the folders on the way are made.
   */
  private async assertIsolated(absolutePath: string, make: boolean): Promise<void> {
    const root = await this.canonicalRoot();
    const rel = path.relative(root, absolutePath).split(path.sep).join('/');
    if (!rel.startsWith(`${ISOLATED_PARENT}/`) || !ULID_PATTERN.test(rel.slice(ISOLATED_PARENT.length + 1))) {
      throw new ValidationError(`refusing to create or remove a folder that is not an isolated sandbox: ${absolutePath}`);
    }
    let folder = root;
    for (const part of ISOLATED_PARENT.split('/')) {
      folder = path.join(folder, part);
      let stat = await fs.lstat(folder).catch(() => undefined);
      if (!stat && make) {
        await fs.mkdir(folder).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
        stat = await fs.lstat(folder);
      }
      if (!stat) return;
      if (!stat.isDirectory()) throw new ValidationError(`refusing to create or remove a sandbox through ${folder}, which is not a real folder (a symlink or a file)`);
    }
  }

  private canonicalRoot(): Promise<string> {
    this.realRoot ??= fs.realpath(this.root).catch(() => {
      this.realRoot = undefined;
      throw new ValidationError(`workspace folder does not exist: ${this.root}`);
    });
    return this.realRoot;
  }
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Makes `<workspace>/.cleveragents/` (0700, one level at a time, never through a link) with a
 * `.gitignore` of `*`, so the user's own git never sees what the product keeps there; an existing
 * `.gitignore` is kept.
 */
export async function ensureDataDir(workspaceRoot: string): Promise<string> {
  const dir = path.join(workspaceRoot, DATA_DIR_NAME);
  makeStateDir(workspaceRoot, dir);
  writeIgnoreAll(workspaceRoot, dir);
  return dir;
}

/** A `.gitignore` of `*` in `dir` (a folder of ours inside `workspaceRoot`), unless it has one already (never overwritten). */
export function writeIgnoreAll(workspaceRoot: string, dir: string): void {
  createStateFile(workspaceRoot, path.join(dir, '.gitignore'), '*\n');
}

/** Files up to this size are read in one synchronous call (see readFile). */
const SYNC_READ_MAX_BYTES = 4 * 1024 * 1024;

function lstatOrMissing(at: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(at);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}
