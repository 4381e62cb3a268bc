import * as path from 'node:path';
import { GitCommandError, type ShadowGit } from '../adapters/shadowStore/gitEnvironment';
import { CheckpointError, ValidationError } from '../core/errors';
import { REMOTE_FAILURE_ADVICE, classifyRemoteFailure, gitCause, shownUrl, type RemoteFailureKind } from '../core/remoteFailures';
import { OBJECT_ID_PATTERN, ULID_PATTERN } from '../core/ids';
import { workspaceGit } from './remoteGit';

// Where plans live on a remote (one ref per plan, in a namespace of our own: never a branch or a
// tag, so no host shows it as a branch or makes it the default one) and the git calls that read
// and write those refs.

export const PLAN_REF_PREFIX = 'refs/cleveragents/v1/plans/';

export function planRef(planId: string): string {
  if (!ULID_PATTERN.test(planId)) throw new ValidationError(`not a plan id: ${JSON.stringify(planId)}`);
  return `${PLAN_REF_PREFIX}${planId}`;
}

/** Where a fetched tip waits in the transport repository. */
export function tipRef(planId: string): string {
  return `refs/tips/${planId}`;
}

/** A remote failed in a way a person can act on: auth, offline, not found, rejected. */
export class RemoteError extends CheckpointError {
  readonly type = 'RemoteError';
  constructor(
    message: string,
    /** What kind of failure (core/remoteFailures.ts): the editor offers what fits it (credentials, Retry). */
    readonly kind: RemoteFailureKind = 'other',
  ) {
    super(message);
  }
}

/** A push or fetch the person cancelled: what was done before stays consistent (docs/REMOTES.md). */
export class RemoteCancelled extends CheckpointError {
  readonly type = 'RemoteCancelled';
}

/** Throws {@link RemoteCancelled} once `signal` has fired: between steps, so that nothing new starts. */
export function stopIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new RemoteCancelled(`Cancelled: ${what}`);
}

/** The URL of `given`: a URL or path as given (paths made absolute), else a remote of the workspace's repository. */
export async function resolveRemote(workspaceRoot: string, given: string, cwd: string): Promise<string> {
  if (given === '' || given.startsWith('-') || given.includes('\0') || given.includes('\n')) throw new ValidationError(`not a remote: ${JSON.stringify(given)}`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given) || /^[^/:]+@[^/:]+:/.test(given) || (/^[^/\\]{2,}:/.test(given) && !path.isAbsolute(given))) return given;
  if (given.startsWith('/') || given.startsWith('.') || path.isAbsolute(given)) return path.resolve(cwd, given);
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(given)) throw new ValidationError(`not a remote name: ${JSON.stringify(given)}`);
  try {
    const url = (await workspaceGit(workspaceRoot).raw(['remote', 'get-url', given])).trim();
    if (url === '') throw new RemoteError(`The remote "${given}" has no URL.`);
    return url;
  } catch (error) {
    if (error instanceof GitCommandError) throw new RemoteError(`"${given}" is not a remote of the repository at ${workspaceRoot} (git said: ${firstLine(error.stderr)}). Give a remote name from "git remote -v" or a URL.`);
    throw error;
  }
}

export { shownUrl };

function firstLine(text: string): string {
  return text.trim().split('\n').find((l) => l.trim() !== '')?.trim() ?? 'nothing';
}

/**
 * What a failed git call against a remote means for the person who ran it (the kind read by
 * core/remoteFailures.ts); a git stopped by `signal` is a cancel, not a failure.
 */
export function remoteFailure(action: string, url: string, error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted) return new RemoteCancelled(`Cancelled: git was stopped while it worked (${action} ${shownUrl(url)}); nothing half-done was kept.`);
  if (!(error instanceof GitCommandError)) return error instanceof Error ? error : new Error(String(error));
  const kind = classifyRemoteFailure(error.stderr);
  const advice = REMOTE_FAILURE_ADVICE[kind];
  return new RemoteError(`Could not ${action} ${shownUrl(url)}: ${gitCause(error.stderr).split(url).join(shownUrl(url)).replace(/\.$/, '')}.${advice ? ` ${advice}` : ''}`, kind);
}

/** The plan refs on the remote: plan id → commit. Anything else under our namespace is ignored. */
export async function listRemotePlans(git: ShadowGit, url: string, signal?: AbortSignal): Promise<Map<string, string>> {
  let out: string;
  try {
    out = await git.raw(['ls-remote', '--refs', url, `${PLAN_REF_PREFIX}*`]);
  } catch (error) {
    throw remoteFailure('read the plans on', url, error, signal);
  }
  const tips = new Map<string, string>();
  for (const line of out.split('\n')) {
    const [oid, ref] = line.split('\t');
    if (!oid || !ref || !ref.startsWith(PLAN_REF_PREFIX) || !OBJECT_ID_PATTERN.test(oid)) continue;
    const planId = ref.slice(PLAN_REF_PREFIX.length);
    if (ULID_PATTERN.test(planId)) tips.set(planId, oid);
  }
  return tips;
}

/** Fetches the plans' refs into the transport repository (`tipRef`); objects are checked as they arrive. */
export async function fetchTips(git: ShadowGit, url: string, planIds: readonly string[], signal?: AbortSignal, onProgress?: (chunk: string) => void): Promise<void> {
  if (planIds.length === 0) return;
  const args = ['fetch', '--no-tags', '--no-write-fetch-head', url, ...planIds.map((id) => `+${planRef(id)}:${tipRef(id)}`)];
  try {
    if (onProgress) await git.rawStreaming([...args.slice(0, 2), '--progress', ...args.slice(2)], onProgress);
    else await git.raw([...args.slice(0, 2), '--quiet', ...args.slice(2)]);
  } catch (error) {
    throw remoteFailure('fetch from', url, error, signal);
  }
}

/** The remotes of the workspace's repository (`git remote -v`), each with its URL as it may be shown; none when it is no repository. */
export async function workspaceRemotes(workspaceRoot: string): Promise<{ name: string; url: string }[]> {
  let out: string;
  try {
    out = await workspaceGit(workspaceRoot).raw(['remote', '-v']);
  } catch {
    return [];
  }
  const found = new Map<string, string>();
  for (const line of out.split('\n')) {
    const m = /^([A-Za-z0-9][A-Za-z0-9._/-]*)\t(.+) \((fetch|push)\)$/.exec(line);
    if (m && !found.has(m[1]!)) found.set(m[1]!, shownUrl(m[2]!));
  }
  return [...found].map(([name, url]) => ({ name, url }));
}
