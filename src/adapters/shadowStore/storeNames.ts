import * as path from 'node:path';
import { StoreError, ValidationError } from '../../core/errors';
import { OBJECT_ID_PATTERN, ULID_PATTERN, unsafePathReason, type PathRules } from '../../core/ids';

// The names the shadow store gives things (sandbox keys, pins, refs) and the checks that a value
// is one before it reaches git.

const ULID = ULID_PATTERN.source.slice(1, -1);
export const KEY_PATTERN = new RegExp(`^(?:${ULID}|workspace)$`);
const PIN_PATTERN = new RegExp(`^${ULID}/(?:${ULID}|base|before-apply|applied)$`);

export function headRef(key: string): string {
  return `refs/sandboxes/${key}/last`;
}

/** Keeps what a sandbox's index names alive through a garbage collection. */
export function indexRef(key: string): string {
  return `refs/sandboxes/${key}/index`;
}

/** Keeps one side (`from` or `to`) of a plan's open operation record alive until the record is cleared. */
export function operationRef(planId: string, side: 'from' | 'to'): string {
  return `refs/operations/${planId}/${side}`;
}

export function pinRef(pin: string): string {
  return `refs/checkpoints/${pin}`;
}

/** Where the pin lives relative to the checkpoint directory (until git packs its refs). */
export function pinPath(pin: string): string {
  return `shadow.git/${pinRef(pin)}`;
}

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new ValidationError(`not a sandbox key: ${JSON.stringify(key)}`);
}

export function assertPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new ValidationError(`not a checkpoint pin: ${JSON.stringify(pin)}`);
}

export function assertObjectId(ref: string): void {
  if (!OBJECT_ID_PATTERN.test(ref)) throw new ValidationError(`not a git object id: ${JSON.stringify(ref)}`);
}

/** The object id a git command printed. */
export function objectIdIn(output: string): string {
  const oid = output.trim();
  assertObjectId(oid);
  return oid;
}

/** This platform's way of reading a path (see {@link unsafePathReason}). */
export const PLATFORM_PATH_RULES: PathRules = {
  backslashSeparates: path.sep === '\\',
  foldCase: process.platform === 'win32' || process.platform === 'darwin',
  windowsNames: process.platform === 'win32',
};

/** Why this path must not be written through on this platform; undefined when it is a clean relative path. */
export function unsafeReason(p: string): string | undefined {
  return unsafePathReason(p, PLATFORM_PATH_RULES);
}

/** A path we were asked about (a restore's paths, the paths a restore leaves alone), refused unless clean. */
export function assertRelative(p: string): string {
  const reason = unsafeReason(p);
  if (reason !== undefined) throw new ValidationError(`not a clean relative path (${reason}): ${JSON.stringify(p)}`);
  return p;
}

/**
 * Refuses, before anything is written, a snapshot (or an index) of the store that names a path
 * this program never records: a tree crafted with git's plumbing (an entry `..`, `.git`, or
 * `a/../../x`) would otherwise be renamed, deleted or written outside the sandbox.
 */
export function assertSnapshotPaths(snapshot: string, paths: Iterable<string>): void {
  for (const p of paths) {
    const reason = unsafeReason(p);
    if (reason === undefined) continue;
    throw new StoreError(
      `Checkpoint store refused: snapshot ${snapshot} names an unsafe path '${JSON.stringify(p).slice(1, -1)}' (${reason}), which CleverAgents never records. ` +
        'Nothing was changed. The store in .cleveragents/ was not written like this by CleverAgents (it may have come with a cloned or unpacked workspace); remove .cleveragents/ if you do not trust it.',
    );
  }
}
