import * as path from 'node:path';
import { GitCommandError, type ShadowGit } from '../adapters/shadowStore/gitEnvironment';
import { CheckpointError, ValidationError } from '../core/errors';
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

/** A URL as it may be shown or recorded: a password or token in it (`https://user:token@host/…`) left out. */
export function shownUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, (_m, scheme: string) => `${scheme}***@`);
}

function firstLine(text: string): string {
  return text.trim().split('\n').find((l) => l.trim() !== '')?.trim() ?? 'nothing';
}

/** What a failed git call against a remote means for the person who ran it. */
export function remoteFailure(action: string, url: string, error: unknown): Error {
  if (!(error instanceof GitCommandError)) return error instanceof Error ? error : new Error(String(error));
  const said = error.stderr;
  let advice = '';
  if (/Authentication failed|could not read Username|Permission denied|403|401|terminal prompts disabled/i.test(said)) advice = ' Check your credentials for this remote (git credential helper, SSH key) and that you may write to it.';
  else if (/Could not resolve host|Connection refused|Connection timed out|Network is unreachable|unable to connect|Could not read from remote/i.test(said)) advice = ' The remote cannot be reached: check the network and the URL, then try again.';
  else if (/does not appear to be a git repository|not found|does not exist/i.test(said)) advice = ' No repository is there: check the URL.';
  return new RemoteError(`Could not ${action} ${shownUrl(url)}: ${firstLine(said).replace(url, shownUrl(url))}.${advice}`);
}

/** The plan refs on the remote: plan id → commit. Anything else under our namespace is ignored. */
export async function listRemotePlans(git: ShadowGit, url: string): Promise<Map<string, string>> {
  let out: string;
  try {
    out = await git.raw(['ls-remote', '--refs', url, `${PLAN_REF_PREFIX}*`]);
  } catch (error) {
    throw remoteFailure('read', url, error);
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
export async function fetchTips(git: ShadowGit, url: string, planIds: readonly string[]): Promise<void> {
  if (planIds.length === 0) return;
  try {
    await git.raw(['fetch', '--no-tags', '--quiet', '--no-write-fetch-head', url, ...planIds.map((id) => `+${planRef(id)}:${tipRef(id)}`)]);
  } catch (error) {
    throw remoteFailure('fetch from', url, error);
  }
}
