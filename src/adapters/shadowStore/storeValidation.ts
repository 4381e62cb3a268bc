import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StoreRefusedError } from '../../core/errors';
import { assertRealDataPath, printable } from '../files/realDataPath';
import { SHADOW_REPO_CONFIG, shadowGit } from './gitEnvironment';
import { KEY_PATTERN } from './storeNames';

/**
 * Where a sandbox's git dir (`indexes/<key>/`) finds the shared store, relative to itself: a copy
 * of the workspace (with `.cleveragents/`) then uses its own copy of the store.
 */
export const COMMON_DIR = '../../shadow.git\n';

/** Keys the store's config file may hold: what `git init` writes there on any platform, and what this program adds. */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.precomposeunicode',
  'core.symlinks',
  'core.ignorecase',
  'core.hookspath',
  ...Object.keys(SHADOW_REPO_CONFIG).map((key) => key.toLowerCase()),
]);

/** Of those, the ones that matter, with the only values this program writes. */
const REQUIRED_VALUES: Readonly<Record<string, (value: string | undefined) => boolean>> = {
  // Version 1 turns on `extensions.*` (a worktree config file, a promisor remote).
  'core.repositoryformatversion': (v) => v === '0',
  'core.bare': (v) => v === 'true',
  'core.fsmonitor': (v) => v === 'false',
  // Earlier releases wrote their store's `no-hooks` folder (absolute: a moved workspace names the old place); it must hold nothing.
  'core.hookspath': (v) => v !== undefined && /[\\/]shadow\.git[\\/]no-hooks$/.test(v),
};

/** Files git would act on that this program never writes: another repository's objects or config, grafts. */
const FORBIDDEN_FILES: readonly { file: string; why: string }[] = [
  { file: 'objects/info/alternates', why: 'it borrows objects from another repository' },
  { file: 'objects/info/http-alternates', why: 'it borrows objects from another repository' },
  { file: 'commondir', why: 'it points the store at another repository' },
  { file: 'config.worktree', why: 'it adds settings' },
  { file: 'info/grafts', why: 'it rewrites history' },
];

/** Folders of the store that must be real folders (links inside them are looked for too). */
const STORE_FOLDERS = ['objects', 'refs', 'refs/checkpoints', 'refs/sandboxes', 'info'] as const;

/**
 * Refuses a shadow store that is not in the shape this program writes, before any git runs on it:
 * `.cleveragents/` arrives with whatever the user clones, and git takes commands from a config file
 * (`core.fsmonitor`, filter drivers), hooks from a folder it names, objects from an alternates file.
 * Every git call gets safe settings on its command line as well (gitEnvironment.ts); this check
 * covers what such settings cannot switch off (`include.path`, filter drivers, alternates,
 * `core.worktree`, `extensions.*`), and says clearly what is wrong instead of letting git fail.
 *
 * The full check (the config parsed by git itself, the folders listed) runs once per process, and
 * again when a cheap look (the lstat of a dozen paths, ~0.15 ms) finds that one of them changed.
 */
export class StoreValidation {
  private readonly gitDir: string;
  /** The look at which the store last passed the full check. */
  private passedAt: string | undefined;
  /** The config file's look when git last parsed it, and what it found wrong (undefined: nothing). */
  private parsedConfig: { look: string; problem: string | undefined } | undefined;

  constructor(
    private readonly checkpointDir: string,
    /** The folder the checked paths are shown relative to, and below which no link is allowed. */
    private readonly base: string,
  ) {
    this.gitDir = path.join(checkpointDir, 'shadow.git');
  }

  /** Throws a StoreRefusedError unless the store is absent or in the shape this program writes. */
  async check(): Promise<void> {
    const look = await this.look();
    if (look === this.passedAt) return;
    await this.fullCheck();
    this.passedAt = look;
  }

  /** Each watched path's type, inode, size and (for files) time: a change to any of them means a full check. */
  private async look(): Promise<string> {
    // Folders that change with every snapshot are looked at for what they are, not when they changed.
    const busy = [path.dirname(this.checkpointDir), this.checkpointDir, path.join(this.checkpointDir, 'indexes'), path.join(this.checkpointDir, 'tmp'), this.gitDir, ...['objects', 'refs', 'info'].map((d) => path.join(this.gitDir, d))];
    const still = ['config', 'info/attributes', 'hooks', 'no-hooks', ...FORBIDDEN_FILES.map((f) => f.file)].map((f) => path.join(this.gitDir, f));
    const stat = (p: string, withTime: boolean) =>
      fs.lstat(p, { bigint: true }).then(
        (s) => `${s.mode}:${s.ino}${withTime ? `:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : ''}`,
        () => '-',
      );
    return (await Promise.all([...busy.map((d) => stat(d, false)), ...still.map((f) => stat(f, true))])).join('|');
  }

  private async fullCheck(): Promise<void> {
    await assertRealDataPath(this.base, this.gitDir);
    for (const dir of ['indexes', 'tmp']) await assertRealDataPath(this.base, path.join(this.checkpointDir, dir));
    if (!(await exists(this.gitDir))) return; // made later, by this program
    for (const dir of STORE_FOLDERS) await assertRealDataPath(this.base, path.join(this.gitDir, dir));
    await this.checkConfig();
    for (const { file, why } of FORBIDDEN_FILES) {
      if (await exists(path.join(this.gitDir, file))) this.refuse(file, why);
    }
    for (const hooks of ['hooks', 'no-hooks']) {
      const names = await fs.readdir(path.join(this.gitDir, hooks)).catch(() => [] as string[]);
      if (names.length > 0) this.refuse(`${hooks}/${printable(names[0]!)}`, 'it is a hook');
    }
    await this.checkAttributes();
    // One level inside: a link there would take the writes of loose objects, refs or indexes elsewhere.
    for (const dir of [...STORE_FOLDERS, '../indexes']) {
      for (const entry of await fs.readdir(path.join(this.gitDir, dir), { withFileTypes: true }).catch(() => [])) {
        if (entry.isSymbolicLink()) this.refuse(path.posix.normalize(`${dir}/${printable(entry.name)}`), 'it is a symbolic link');
      }
    }
    await this.checkIndexes();
  }

  /** Only the keys this program (or `git init`) writes, parsed by git itself so that nothing hides from the check. */
  private async checkConfig(): Promise<void> {
    const file = path.join(this.gitDir, 'config');
    const info = await fs.lstat(file, { bigint: true }).catch(() => undefined);
    if (!info?.isFile()) this.refuse('config', info ? 'it is not a plain file' : 'it is missing');
    if (info.size > 64n * 1024n) this.refuse('config', 'it is far larger than the one CleverAgents writes');
    const look = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    if (this.parsedConfig?.look !== look) {
      this.parsedConfig = { look, problem: await configProblem(file, this.checkpointDir) };
    }
    if (this.parsedConfig.problem) this.refuse('config', this.parsedConfig.problem);
  }

  /** `info/attributes` outranks the sandbox's own; this program writes only unset attributes there, never a filter or a driver. */
  private async checkAttributes(): Promise<void> {
    const file = path.join(this.gitDir, 'info', 'attributes');
    const info = await fs.lstat(file).catch(() => undefined);
    if (!info?.isFile()) this.refuse('info/attributes', info ? 'it is not a plain file' : 'it is missing');
    for (const line of (await fs.readFile(file, 'utf8')).split('\n')) {
      const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
      if (tokens.length === 0 || tokens[0]!.startsWith('#')) continue;
      const set = tokens[0]!.startsWith('[attr]') ? tokens[0] : tokens.slice(1).find((t) => !/^[-!][A-Za-z0-9_.-]+$/.test(t));
      if (set !== undefined) this.refuse('info/attributes', `it sets ${printable(set)}`);
    }
  }

  /** Each sandbox's git dir names this store as its common dir (or an earlier release's absolute path to one, which is rewritten before use). */
  private async checkIndexes(): Promise<void> {
    const indexes = path.join(this.checkpointDir, 'indexes');
    const keys = (await fs.readdir(indexes).catch(() => [] as string[])).filter((k) => KEY_PATTERN.test(k));
    await Promise.all(
      keys.map(async (key) => {
        const commondir = await fs.readFile(path.join(indexes, key, 'commondir'), 'utf8').catch(() => undefined);
        if (commondir === undefined || commondir === COMMON_DIR || (path.isAbsolute(commondir.trim()) && /[\\/]shadow\.git$/.test(commondir.trim()))) return;
        this.refuse(`../indexes/${key}/commondir`, 'it points a sandbox at another repository');
      }),
    );
  }

  private refuse(file: string, why: string): never {
    const shown = (p: string) => path.relative(this.base, p).split(path.sep).join('/');
    throw new StoreRefusedError(
      `Checkpoint store refused: ${shown(path.join(this.gitDir, file))} was not written by CleverAgents (${why}). ` +
        `Move the folder ${shown(this.checkpointDir)} aside to start a new store.`,
    );
  }
}

/** What is wrong with a store config file, or undefined. */
async function configProblem(file: string, cwd: string): Promise<string | undefined> {
  const entries = plainConfigEntries(await fs.readFile(file, 'utf8')) ?? (await gitConfigEntries(file, cwd));
  if (entries === undefined) return 'git cannot read it';
  for (const [key, value] of entries) {
    if (!KNOWN_KEYS.has(key)) return `it sets ${printable(key)}`;
    const required = REQUIRED_VALUES[key];
    if (required && !required(value)) return `it sets ${printable(key)}${value === undefined ? '' : ` to ${JSON.stringify(printable(value))}`}`;
    if (key === 'core.hookspath' && (await fs.readdir(value!).catch(() => [])).length > 0) return `it sets core.hooksPath to a folder that holds hooks`;
  }
  return undefined;
}

type ConfigEntries = readonly (readonly [key: string, value: string | undefined])[];

/** The file's entries as git itself parses them (`section.subsection.key`, value; no value: a bare boolean), or undefined when git cannot. */
async function gitConfigEntries(file: string, cwd: string): Promise<ConfigEntries | undefined> {
  // No repository around (GIT_DIR names a file), no includes followed, the system and global config left out.
  const git = shadowGit({ cwd, gitDir: os.devNull });
  let out: string;
  try {
    out = await git.raw(['config', '--file', file, '--no-includes', '--list', '-z']);
  } catch {
    return undefined;
  }
  return out
    .split('\0')
    .filter((record) => record !== '')
    .map((record) => {
      const newline = record.indexOf('\n');
      return newline < 0 ? [record, undefined] : [record.slice(0, newline), record.slice(newline + 1)];
    });
}

/**
 * The entries of a config file written the way `git init` and this program write one, read without
 * starting git (a store is checked on every CLI command: a git process costs 3-10 ms). Only lines
 * whose meaning to git leaves no doubt are read: `[section]`, and `key = value` with the value
 * quoted (no quote or backslash inside) or plain (letters, digits, `_./-`). Anything else (a
 * comment, a subsection, an escape, a continued line, a carriage return) gives undefined: git
 * parses that file instead. A test compares the two on tricky files.
 */
export function plainConfigEntries(text: string): ConfigEntries | undefined {
  const entries: [string, string | undefined][] = [];
  let section: string | undefined;
  for (const line of text.split('\n')) {
    if (/^[ \t]*$/.test(line)) continue;
    const header = /^[ \t]*\[([A-Za-z][A-Za-z0-9-]*)\][ \t]*$/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const entry = /^[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*=[ \t]*(?:"([^"\\]*)"|([A-Za-z0-9_./-]+))[ \t]*$/.exec(line);
    if (!entry || section === undefined) return undefined;
    entries.push([`${section}.${entry[1]!.toLowerCase()}`, entry[2] ?? entry[3]!]);
  }
  return entries;
}

function exists(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    () => true,
    () => false,
  );
}
