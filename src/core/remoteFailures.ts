// What a failed git call against a remote means for the person who ran it, read from git's stderr
// in this one place: the CLI's messages (src/remote/remoteRefs.ts) and the editor's buttons
// (src/extension/remote/) both start from the kind found here. Pure: the texts it reads are git's
// own, captured from real failures in test/unit/remoteFailures.test.ts.

/**
 * - `auth`: the remote wants credentials it did not get, or refused them (HTTP 401/403, SSH keys);
 * - `rejected`: the remote turned a ref update down (another push got there first, a server hook);
 * - `offline`: the host cannot be reached (name not resolved, connection refused or timed out);
 * - `not_found`: the host answered, but no repository is at that path;
 * - `other`: anything else (git's first line is then all there is to say).
 */
export type RemoteFailureKind = 'auth' | 'rejected' | 'offline' | 'not_found' | 'other';

// Order matters: an SSH key refused, and a path with no repository, are followed by "Could not read
// from remote repository", which by itself means the connection failed.
const PATTERNS: readonly (readonly [RemoteFailureKind, RegExp])[] = [
  [
    'auth',
    /Authentication failed|could not read (Username|Password)|terminal prompts disabled|Permission denied \(publickey|Permission denied, please try again|Host key verification failed|returned error: 40[13]\b|HTTP 40[13]\b|\b40[13] (Unauthorized|Forbidden)\b|access denied|Invalid username or password/i,
  ],
  // Before offline: git follows "does not appear to be a git repository" with "Could not read from remote repository".
  ['not_found', /does not appear to be a git repository|repository '[^']*' not found|Repository not found|returned error: 404\b|HTTP 404\b/i],
  ['rejected', /\[rejected\]|\[remote rejected\]|non-fast-forward|\(fetch first\)|stale info|failed to push some refs|pre-receive hook declined|protected branch/i],
  [
    'offline',
    /Could not resolve host|Could not resolve hostname|Name or service not known|Temporary failure in name resolution|nodename nor servname|Connection refused|Connection timed out|Operation timed out|Network is unreachable|No route to host|unable to connect|Failed to connect to|Connection reset|Could not read from remote repository|unable to look up|getaddrinfo/i,
  ],
];

export function classifyRemoteFailure(stderr: string): RemoteFailureKind {
  for (const [kind, pattern] of PATTERNS) if (pattern.test(stderr)) return kind;
  return 'other';
}

/** The sentence that follows git's own words in a message: what to do about it. */
export const REMOTE_FAILURE_ADVICE: Readonly<Record<RemoteFailureKind, string>> = {
  auth: 'Check your credentials for this remote (git credential helper, SSH key) and that you may write to it.',
  rejected: 'The remote turned the update down: another push may have got there first, or a rule of the host refused it. Try again; a push from elsewhere is merged on the next try.',
  offline: 'The remote cannot be reached: check the network and the URL, then try again.',
  not_found: 'No repository is there: check the URL.',
  other: '',
};

/**
 * The first line of git's stderr that says something, without git's `fatal:`: `fatal:`/`error:`
 * lines first (the cause), else the first non-empty one; progress lines (`remote: Counting objects`) never.
 */
export function gitCause(stderr: string): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(remote: )?(Counting|Compressing|Writing|Enumerating|Total|Receiving|Resolving|Unpacking) objects/i.test(l));
  const cause = lines.find((l) => /^(fatal|error):/i.test(l) && !/failed to push some refs/i.test(l)) ?? lines.find((l) => /\[(remote )?rejected\]/.test(l)) ?? lines[0] ?? 'nothing';
  // git's own label says nothing to a person reading a notification
  return cause.replace(/^(fatal|error):\s*/i, '');
}

/** One of git's progress lines (`Writing objects:  45% (9/20)`), as a step and counts; undefined for any other line. */
export interface GitProgress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}

/** The last progress line in a piece of git's stderr (`--progress` writes them with `\r` between updates). */
export function lastGitProgress(chunk: string): GitProgress | undefined {
  let found: GitProgress | undefined;
  for (const m of chunk.matchAll(/(?:^|[\r\n])(?:remote: )?([A-Z][a-z]+(?: [a-z]+)?):\s+\d+% \((\d+)\/(\d+)\)/g)) {
    found = { phase: m[1]!, done: Number(m[2]), total: Number(m[3]) };
  }
  return found;
}

/** A URL as it may be shown or recorded: a password or token in it (`https://user:token@host/…`) left out. */
export function shownUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, (_m, scheme: string) => `${scheme}***@`);
}
