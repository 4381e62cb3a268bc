import { simpleGit, type SimpleGit } from 'simple-git';

/**
 * A git for the shadow store only: no inherited GIT_* variables (a user's GIT_DIR or
 * GIT_INDEX_FILE must never reach it), no system or global config, no prompts, literal pathspecs
 * (a file named `*.ts` is that file), and the extra config given as GIT_CONFIG_* pairs.
 */
export function shadowGit(options: {
  cwd: string;
  gitDir: string;
  workTree?: string;
  indexFile?: string;
  config?: Record<string, string>;
}): SimpleGit {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  }
  Object.assign(env, {
    GIT_DIR: options.gitDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
  });
  if (options.workTree) env.GIT_WORK_TREE = options.workTree;
  if (options.indexFile) env.GIT_INDEX_FILE = options.indexFile;
  const config = Object.entries(options.config ?? {});
  if (config.length > 0) {
    env.GIT_CONFIG_COUNT = String(config.length);
    config.forEach(([key, value], i) => {
      env[`GIT_CONFIG_KEY_${i}`] = key;
      env[`GIT_CONFIG_VALUE_${i}`] = value;
    });
  }
  return simpleGit({
    baseDir: options.cwd,
    maxConcurrentProcesses: 4,
    unsafe: { allowUnsafeConfigPaths: true, allowUnsafeConfigEnvCount: true, allowUnsafeTemplateDir: true, allowUnsafeHooksPath: true },
  }).env(env);
}

/** The shadow store's own config: isolated from hooks, signing, fsmonitor and line-ending filters. */
export const SHADOW_REPO_CONFIG: Readonly<Record<string, string>> = {
  'core.autocrlf': 'false',
  'core.safecrlf': 'false',
  'core.symlinks': 'true',
  'core.filemode': 'true',
  'core.ignorecase': 'false',
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

/** Splits a long path list into argument lists that stay well under the OS limit. */
export function chunkArgs(paths: readonly string[], maxChars = 60_000): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const p of paths) {
    if (current.length > 0 && size + p.length + 1 > maxChars) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(p);
    size += p.length + 1;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
