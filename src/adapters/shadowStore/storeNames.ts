import { ValidationError } from '../../core/errors';
import { OBJECT_ID_PATTERN, RelativePathSchema, ULID_PATTERN } from '../../core/ids';

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

export function assertRelative(p: string): string {
  const parsed = RelativePathSchema.safeParse(p);
  if (!parsed.success || p === '.') throw new ValidationError(`not a relative path: ${JSON.stringify(p)}`);
  return parsed.data;
}
