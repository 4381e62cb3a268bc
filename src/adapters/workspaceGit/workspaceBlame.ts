import { LineNumbering, matchLines } from '../../core/provenance/lineDiff';
import { SAFE_GIT_CONFIG, ShadowGit } from '../shadowStore/gitEnvironment';

// What the workspace's own git says about lines that were there before any checkpoint: `git blame`
// of the committed file (HEAD), its lines paired with the file's lines now by the same line diff
// as provenance uses. HEAD, not the files: blaming the files would run the repository's clean
// filters (commands its config names) on them. Read-only, and with the settings that keep git from
// running anything of the repository's on the command line.

/** One commit as `git blame --porcelain` describes it. */
export interface GitLineCommit {
  readonly commit: string;
  readonly author: string;
  /** ISO-8601 (UTC). */
  readonly author_time: string;
  readonly summary: string;
}

/** The commit of each line now (index: line - 1); null for a line HEAD does not have (not committed yet). */
export type WorkspaceBlame = readonly (GitLineCommit | null)[];

/** A git for the user's repository: nothing inherited from GIT_* variables, no prompt, no optional locks, no fetch, no fsmonitor or hook. */
function workspaceGit(cwd: string): ShadowGit {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1', GIT_NO_LAZY_FETCH: '1', LC_ALL: 'C' });
  // A blame.ignoreRevsFile naming a file that is not there would make git fail: blame the plain history.
  const config = Object.entries({ ...SAFE_GIT_CONFIG, 'blame.ignoreRevsFile': '', 'core.quotepath': 'false', 'diff.external': '' });
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return new ShadowGit(cwd, env);
}

/**
 * The workspace's git blame of `lines` (the file now, relative to `root`), or undefined when the
 * workspace is no repository, HEAD does not hold the file, or git fails: then git has nothing to say.
 */
export async function workspaceBlame(root: string, path: string, lines: readonly string[]): Promise<WorkspaceBlame | undefined> {
  let out: string;
  try {
    out = await workspaceGit(root).raw(['blame', '--porcelain', '--no-textconv', 'HEAD', '--', path]);
  } catch {
    return undefined;
  }
  const { texts, commits } = parsePorcelain(out);
  const numbering = new LineNumbering();
  const match = matchLines(numbering.number(texts), numbering.number(lines));
  return lines.map((_, i) => (match[i]! >= 0 ? (commits[match[i]!] ?? null) : null));
}

/** `git blame --porcelain`: each line's text and commit, in order. */
export function parsePorcelain(out: string): { texts: string[]; commits: GitLineCommit[] } {
  const info = new Map<string, { author: string; time: string; summary: string }>();
  const texts: string[] = [];
  const commits: GitLineCommit[] = [];
  let current: string | undefined;
  for (const line of out.split('\n')) {
    const head = /^([0-9a-f]{40}|[0-9a-f]{64}) \d+ \d+(?: \d+)?$/.exec(line);
    if (head) {
      current = head[1]!;
      if (!info.has(current)) info.set(current, { author: '', time: '', summary: '' });
      continue;
    }
    if (current === undefined) continue;
    const entry = info.get(current)!;
    if (line.startsWith('\t')) {
      // The file's lines now are compared without their line break (CR LF included).
      texts.push(line.slice(1).replace(/\r$/, ''));
      commits.push({ commit: current, author: entry.author, author_time: entry.time, summary: entry.summary });
    } else if (line.startsWith('author ')) entry.author = line.slice(7);
    else if (line.startsWith('author-time ')) {
      const seconds = Number(line.slice(12));
      entry.time = Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : '';
    } else if (line.startsWith('summary ')) entry.summary = line.slice(8);
  }
  return { texts, commits };
}

