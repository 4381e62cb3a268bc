import type { Checkpoint, CheckpointMetadata } from '../../core/checkpoint';
import { CHECKPOINT_TYPES } from '../../core/checkpoint';
import { OBJECT_ID_PATTERN, ULID_PATTERN } from '../../core/ids';

// A checkpoint row as the store itself writes it, checked without zod: reading a plan's 200 rows
// through CheckpointSchema was a tenth of a short command's time (`agents blame` without the
// resident process), most of it zod warming up. This check accepts only rows that the schema
// accepts, and gives what it gives (the same keys, in the same order, defaults filled in); any row
// it is not sure of (a field it does not know, skipped paths, an odd value) goes to the schema,
// which reports what is wrong. It is a shortcut, never a looser rule: test/unit/checkpointRowCheck
// compares the two on random rows.

/** The shape of a stored timestamp (what `toISOString` writes): a valid date is checked beside it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TYPES: ReadonlySet<unknown> = new Set(CHECKPOINT_TYPES);
const METADATA_KEYS: ReadonlySet<string> = new Set(['reason', 'source_tool', 'phase', 'extra', 'file_count', 'skipped']);

function isUlid(v: unknown): v is string {
  return typeof v === 'string' && ULID_PATTERN.test(v);
}

function isTimestamp(v: unknown): v is string {
  if (typeof v !== 'string' || !TIMESTAMP.test(v)) return false;
  const t = Date.parse(v);
  return Number.isFinite(t) && new Date(t).toISOString() === v;
}

/** `filesystem_path` as the store writes it: a plain relative path (RelativePathSchema's rules, and no backslash or colon to think about). */
function isPlainRelativePath(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 4096 && /^[A-Za-z0-9._\-/]+$/.test(v) && !v.startsWith('/') && !v.split('/').includes('..');
}

function shortText(v: unknown): v is string | null | undefined {
  return v === undefined || v === null || (typeof v === 'string' && v.length <= 1000);
}

function plainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function metadataOf(m: unknown): CheckpointMetadata | undefined {
  if (!plainObject(m)) return undefined;
  for (const k of Object.keys(m)) if (!METADATA_KEYS.has(k)) return undefined;
  const { reason, source_tool, phase, extra, file_count, skipped } = m;
  if (!shortText(reason) || !shortText(source_tool) || !shortText(phase)) return undefined;
  if (file_count !== undefined && !(Number.isSafeInteger(file_count) && (file_count as number) >= 0)) return undefined;
  // Skipped paths have rules of their own: the schema reads them.
  if (skipped !== undefined && !(Array.isArray(skipped) && skipped.length === 0)) return undefined;
  let extras: Record<string, string> = {};
  if (extra !== undefined) {
    if (!plainObject(extra)) return undefined;
    extras = {};
    for (const [k, v] of Object.entries(extra)) {
      if (k.length > 200 || k === '__proto__' || typeof v !== 'string' || v.length > 4000) return undefined;
      extras[k] = v;
    }
  }
  return { reason: reason ?? null, source_tool: source_tool ?? null, phase: phase ?? null, extra: extras, ...(file_count === undefined ? {} : { file_count: file_count as number }), skipped: [] };
}

/** The checkpoint a row's values make, when they are plainly what the store writes; undefined: ask the schema. */
export function plainCheckpoint(c: Record<string, unknown>): Checkpoint | undefined {
  const { checkpoint_id, plan_id, sandbox_ref, decision_id, checkpoint_type, resource_id, filesystem_path, size_bytes, created_at } = c;
  if (!isUlid(checkpoint_id) || !isUlid(plan_id)) return undefined;
  if (typeof sandbox_ref !== 'string' || !OBJECT_ID_PATTERN.test(sandbox_ref)) return undefined;
  if ((decision_id !== null && !isUlid(decision_id)) || (resource_id !== null && !isUlid(resource_id))) return undefined;
  if (!TYPES.has(checkpoint_type) || !isPlainRelativePath(filesystem_path) || !isTimestamp(created_at)) return undefined;
  if (!Number.isSafeInteger(size_bytes) || (size_bytes as number) < 0) return undefined;
  const metadata = metadataOf(c.metadata);
  if (metadata === undefined) return undefined;
  return {
    checkpoint_id,
    plan_id,
    sandbox_ref,
    decision_id: decision_id as string | null,
    checkpoint_type: checkpoint_type as Checkpoint['checkpoint_type'],
    resource_id: resource_id as string | null,
    filesystem_path,
    size_bytes: size_bytes as number,
    created_at,
    metadata,
  };
}
