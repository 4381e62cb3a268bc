import type { ShadowGit } from '../adapters/shadowStore/gitEnvironment';
import { objectIdIn } from '../adapters/shadowStore/storeNames';
import { parseBundle, type PlanBundle } from './planBundle';

// A plan's commit on a remote: `plan.json` (the rows) and `snapshots/<checkpoint id>` (each
// snapshot's tree as pushed), so that rows and snapshots arrive together or not at all.

/** Writes the bundle's tree into the transport repository; its snapshot trees must be there already. */
export async function writePlanTree(git: ShadowGit, bundle: PlanBundle): Promise<string> {
  const json = objectIdIn(await git.raw(['hash-object', '-w', '--stdin'], `${JSON.stringify(bundle, null, 1)}\n`));
  const snapshots = objectIdIn(await git.raw(['mktree', '-z'], bundle.checkpoints.map((c) => `040000 tree ${c.tree}\t${c.checkpoint_id}\0`).join('')));
  return objectIdIn(await git.raw(['mktree', '-z'], [`100644 blob ${json}\tplan.json`, `040000 tree ${snapshots}\tsnapshots`, ''].join('\0')));
}

/** A commit of the tree on top of the remote's tip (fast-forward from what the remote holds). */
export async function commitPlanTree(git: ShadowGit, tree: string, parent: string | undefined, message: string): Promise<string> {
  return objectIdIn(await git.raw(['commit-tree', tree, ...(parent === undefined ? [] : ['-p', parent]), '-m', message]));
}

export async function treeOfCommit(git: ShadowGit, commit: string): Promise<string> {
  return objectIdIn(await git.raw(['rev-parse', '--verify', `${commit}^{tree}`]));
}

/** The bundle of a plan commit (fetched: untrusted, checked field by field). */
export async function readPlanCommit(git: ShadowGit, commit: string): Promise<PlanBundle> {
  const text = (await git.run(['cat-file', 'blob', `${commit}:plan.json`])).toString('utf8');
  return parseBundle(text);
}

/** The tree the commit holds at `snapshots/<checkpointId>`, or undefined. */
export async function snapshotTreeIn(git: ShadowGit, commit: string, checkpointId: string): Promise<string | undefined> {
  const line = (await git.raw(['ls-tree', '-z', commit, '--', `snapshots/${checkpointId}`])).split('\0')[0] ?? '';
  const match = /^040000 tree ([0-9a-f]{40,64})\t/.exec(line);
  return match?.[1];
}
