import { spawn } from 'node:child_process';
import * as os from 'node:os';
import { gitRelay, type RelayedGit } from './gitRelay';

/** A failed git command: its arguments, exit code and what it printed on stderr. */
export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.slice(0, 3).join(' ')} failed (${exitCode ?? 'killed'}): ${stderr.trim() || 'no message'}`);
  }
}

/**
 * Runs git for the shadow store. A thin spawn of our own rather than simple-git: we need stdin
 * (`update-index -z --stdin`, `update-ref --stdin`), binary output (`cat-file`), and simple-git
 * waits 50 ms after every command that prints nothing, which tripled the cost of a checkpoint.
 */
export class ShadowGit {
  constructor(
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
    /** Awaited before every command: the store's check (see storeValidation.ts) comes before any git runs on it. */
    private readonly before?: () => Promise<void>,
    /** Stops (SIGTERM, so that git removes its lock files) every git this starts once it fires. */
    private readonly signal?: AbortSignal,
  ) {}

  /** The same git, each command stopped when `signal` fires (a person's Cancel); started directly, never through the relay. */
  withSignal(signal: AbortSignal): ShadowGit {
    return new ShadowGit(this.cwd, this.env, this.before, signal);
  }

  /**
   * The same git for the one command that refuses literal pathspecs (`check-ignore`); give it
   * paths that begin with `./`, so that no name is read as pathspec magic.
   */
  withMagicPathspecs(): ShadowGit {
    const env = { ...this.env };
    delete env.GIT_LITERAL_PATHSPECS;
    return new ShadowGit(this.cwd, env, this.before, this.signal);
  }

  /** The same git with an index file of its own (a staging index). */
  withIndexFile(indexFile: string): ShadowGit {
    return new ShadowGit(this.cwd, { ...this.env, GIT_INDEX_FILE: indexFile }, undefined, this.signal);
  }

  async raw(args: readonly string[], input?: string): Promise<string> {
    return (await this.run(args, input)).toString('utf8');
  }

  /** Like `raw`, with what git warned about on stderr while it succeeded. */
  async rawWithWarnings(args: readonly string[]): Promise<{ out: string; warnings: string }> {
    const warnings: Buffer[] = [];
    const out = await this.run(args, undefined, warnings);
    return { out: out.toString('utf8'), warnings: Buffer.concat(warnings).toString('utf8') };
  }

  /**
   * Like `raw`, with stdin given once `input` resolves: git starts now (its start overlaps the
   * work that yields the input), and is killed if `input` rejects.
   */
  async rawWithLaterInput(args: readonly string[], input: Promise<string>): Promise<string> {
    return (await this.run(args, input)).toString('utf8');
  }

  async run(args: readonly string[], input?: string | Buffer | Promise<string>, stderrSink?: Buffer[], onStderr?: (chunk: string) => void): Promise<Buffer> {
    if (this.before) await this.before();
    return this.spawnGit(args, input, stderrSink, onStderr);
  }

  /** Like `raw`, handing each piece of stderr to `onStderr` as it comes (git's progress lines). */
  async rawStreaming(args: readonly string[], onStderr: (chunk: string) => void): Promise<string> {
    return (await this.run(args, undefined, undefined, onStderr)).toString('utf8');
  }

  private spawnGit(args: readonly string[], input?: string | Buffer | Promise<string>, stderrSink?: Buffer[], onStderr?: (chunk: string) => void): Promise<Buffer> {
    // Through the relay when this process has one (a progress reader needs git's stderr as it comes,
    // and a cancellable command a child of its own to stop).
    const relayed = onStderr || this.signal ? undefined : gitRelay()?.run(this.cwd, this.env, args, input);
    if (relayed) return relayed.then((git) => this.outcome(args, git, stderrSink));
    return new Promise((resolve, reject) => {
      const signal = this.signal;
      if (signal?.aborted) return reject(new GitCommandError(args, null, 'cancelled before it started'));
      // A cancellable git leads a process group of its own: Cancel stops it with the helpers it
      // started (git-remote-http, ssh, pack-objects), which would otherwise wait on the network.
      const groupKill = signal !== undefined && process.platform !== 'win32';
      const child = spawn('git', args, { cwd: this.cwd, env: this.env, stdio: ['pipe', 'pipe', 'pipe'], detached: groupKill });
      const stop = () => {
        try {
          if (groupKill && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
          else child.kill('SIGTERM');
        } catch {
          // ended meanwhile
        }
      };
      signal?.addEventListener('abort', stop, { once: true });
      child.on('close', () => signal?.removeEventListener('abort', stop));
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => {
        err.push(d);
        onStderr?.(d.toString('utf8'));
      });
      child.on('error', (e) => reject(new GitCommandError(args, null, e.message)));
      child.on('close', (code) => {
        try {
          resolve(this.outcome(args, { code, out: Buffer.concat(out), err: Buffer.concat(err) }, stderrSink));
        } catch (error) {
          reject(error);
        }
      });
      child.stdin.on('error', () => undefined);
      if (!(input instanceof Promise)) return void child.stdin.end(input);
      input.then(
        (text) => child.stdin.end(text),
        (error: unknown) => {
          child.kill();
          reject(error);
        },
      );
    });
  }

  /** Git's output when it succeeded (its warnings to `stderrSink`), else its failure. */
  private outcome(args: readonly string[], git: RelayedGit, stderrSink?: Buffer[]): Buffer {
    if (git.code !== 0) throw new GitCommandError(args, git.code, git.err.toString('utf8'));
    stderrSink?.push(git.err);
    return git.out;
  }
}

/**
 * A git for the shadow store only: no inherited GIT_* variables (a user's GIT_DIR or
 * GIT_INDEX_FILE must never reach it), no system or global config, no prompts, no replace refs,
 * literal pathspecs (a file named `*.ts` is that file), and its settings given as GIT_CONFIG_*
 * pairs: the store's own settings, the extra ones, then {@link SAFE_GIT_CONFIG}, which nothing
 * overrides. Settings given so outrank the store's config file, which arrives with a clone.
 */
export function shadowGit(options: {
  cwd: string;
  gitDir: string;
  workTree?: string;
  indexFile?: string;
  /**
   * Let read-only commands (`status`) write back the index they refreshed. Only for callers that
   * hold the store's lock: then the stat data of files rewritten with the same content is brought
   * up to date, which `read-tree -m -u` needs (it refuses an entry whose stat data is stale).
   */
  refreshIndex?: boolean;
  config?: Record<string, string>;
  /** Awaited before every command (the store's check). */
  before?: () => Promise<void>;
}): ShadowGit {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  }
  Object.assign(env, {
    GIT_DIR: options.gitDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    // A `refs/replace/` ref would make git read another object wherever ours is named.
    GIT_NO_REPLACE_OBJECTS: '1',
    LC_ALL: 'C',
  });
  if (!options.refreshIndex) env.GIT_OPTIONAL_LOCKS = '0';
  if (options.workTree) env.GIT_WORK_TREE = options.workTree;
  if (options.indexFile) env.GIT_INDEX_FILE = options.indexFile;
  // Later pairs win for a single-valued key: the safe settings come last.
  const config = Object.entries({ ...SHADOW_REPO_CONFIG, ...options.config, ...SAFE_GIT_CONFIG });
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return new ShadowGit(options.cwd, env, options.before);
}

/**
 * What every git call of the store gets on its command line, whatever the store's config file
 * says: no fsmonitor command, no hook folder (git looks for `/dev/null/<hook>` and finds none), no
 * pager, no attributes file of the config's choosing, no credential helper, and no transport at all
 * (a promisor remote or an alternate could otherwise make git fetch, and run ssh or a helper to do
 * it). What a setting here cannot switch off (`include.path`, filter and diff drivers, alternates,
 * `core.worktree`, `extensions.*`) the store's validation refuses (storeValidation.ts).
 */
export const SAFE_GIT_CONFIG: Readonly<Record<string, string>> = {
  'core.fsmonitor': 'false',
  'core.hooksPath': os.devNull,
  'core.pager': 'cat',
  'core.attributesFile': os.devNull,
  'core.askPass': '',
  // An empty value empties git's list of helpers.
  'credential.helper': '',
  'protocol.allow': 'never',
  'gc.auto': '0',
  'maintenance.auto': 'false',
};

/**
 * `core.ignorecase` for the platform: true where file systems ignore case (Windows, macOS), as
 * `git init` would find there. With false on such a file system, a file renamed in case only
 * (`A.txt` to `a.txt`) would be snapshot under both names, and a rollback that deletes the new
 * name would delete the only file there is.
 */
export function ignoreCaseFor(platform: NodeJS.Platform): 'true' | 'false' {
  return platform === 'win32' || platform === 'darwin' ? 'true' : 'false';
}

/**
 * The shadow store's own settings: isolated from hooks, signing, fsmonitor and line-ending filters.
 * Given on every call (the store's config file has them too, for a person who runs git on it).
 */
export const SHADOW_REPO_CONFIG: Readonly<Record<string, string>> = {
  'core.autocrlf': 'false',
  'core.safecrlf': 'false',
  'core.symlinks': 'true',
  'core.filemode': 'true',
  'core.ignorecase': ignoreCaseFor(process.platform),
  // Git for Windows refuses paths over 260 characters without it (Node's fs takes them); other gits ignore it.
  'core.longpaths': 'true',
  'core.quotepath': 'false',
  'core.fsmonitor': 'false',
  'core.untrackedCache': 'true',
  'core.logAllRefUpdates': 'false',
  'commit.gpgsign': 'false',
  'tag.gpgsign': 'false',
  'gc.auto': '0',
  'maintenance.auto': 'false',
  'user.name': 'CleverAgents Checkpoints',
  'user.email': 'checkpoints@cleveragents.invalid',
};

/**
 * `info/attributes` outranks every `.gitattributes` of the sandbox: no text conversion, filters
 * or encodings, so a snapshot and a restore are byte for byte.
 */
export const NEUTRAL_ATTRIBUTES = '* -text -eol -filter -ident -working-tree-encoding -export-subst -diff\n';
