import * as path from 'node:path';
import * as z from 'zod';
import { readStateText, writeStateFile } from '../adapters/files/stateFiles';
import { UtcTimestampSchema } from '../core/ids';
import { OriginSchema, type Origin } from './planBundle';

// Which plans of the database were fetched from a remote, and from where: `.cleveragents/remote/
// origins.json`. Written before a fetch adds the plan's rows, so that a plan is never taken for a
// local one (pushed as this workspace's, pruned, checkpointed by hooks) after a fetch killed half-way.
// An entry without its plan's rows (the fetch stopped before them) means nothing.

const OriginEntrySchema = z.object({ origin: OriginSchema, remote: z.string().max(4096), fetched_at: UtcTimestampSchema }).strict();
export type FetchedOrigin = z.infer<typeof OriginEntrySchema>;

const OriginsFileSchema = z.object({ version: z.literal(1), plans: z.record(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/), OriginEntrySchema) }).strict();

const MAX_BYTES = 16 * 1024 * 1024;

function originsFile(workspaceRoot: string): string {
  return path.join(workspaceRoot, '.cleveragents', 'remote', 'origins.json');
}

/** The fetched plans' origins by plan id; a file that does not parse counts as none (and is said so by `warn`). */
export function readFetchedOrigins(workspaceRoot: string, warn: (message: string) => void = () => undefined): Map<string, FetchedOrigin> {
  const text = readStateText(workspaceRoot, originsFile(workspaceRoot), MAX_BYTES);
  if (text === undefined) return new Map();
  try {
    const parsed = OriginsFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return new Map(Object.entries(parsed.data.plans));
  } catch {
    // not JSON: said below
  }
  warn('.cleveragents/remote/origins.json is not a file of fetched plans; ignored');
  return new Map();
}

/** Records these plans as fetched (atomically, beside the others). */
export function recordFetchedOrigins(workspaceRoot: string, entries: ReadonlyMap<string, FetchedOrigin>): void {
  const all = readFetchedOrigins(workspaceRoot);
  for (const [planId, entry] of entries) all.set(planId, entry);
  writeStateFile(workspaceRoot, originsFile(workspaceRoot), `${JSON.stringify({ version: 1, plans: Object.fromEntries(all) }, null, 2)}\n`);
}

/** `machine`, `user`, agent: how a plan's origin is shown. */
export function originText(origin: Origin): string {
  return `${origin.user}@${origin.machine}${origin.agent ? `, ${origin.agent}` : ''}`;
}

/** How a fetched plan came here, as a refusal says it: `was fetched from origin (alice@laptop, claude-code)`. */
export function fetchedFrom(entry: FetchedOrigin): string {
  return `was fetched from ${entry.remote} (${originText(entry.origin)})`;
}

/**
 * The services' read-only rule (core/serviceDeps.ts `readOnlyPlan`) for a workspace: a plan it
 * fetched is read-only, read from the record of fetched plans at each change asked for.
 */
export function fetchedPlanReason(workspaceRoot: string, warn: (message: string) => void): (planId: string) => string | undefined {
  return (planId) => {
    const entry = readFetchedOrigins(workspaceRoot, warn).get(planId);
    return entry && fetchedFrom(entry);
  };
}

/** A fetched plan's origin in `plan list --format json`. */
export function fetchedOriginJson(entry: FetchedOrigin): Record<string, unknown> {
  return { remote: entry.remote, fetched_at: entry.fetched_at, machine: entry.origin.machine, user: entry.origin.user, agent: entry.origin.agent, workspace_id: entry.origin.workspace_id };
}
