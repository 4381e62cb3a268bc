import * as path from 'node:path';
import * as z from 'zod';
import { readStateText, writeStateFile } from '../adapters/files/stateFiles';
import { UlidSchema, UtcTimestampSchema } from '../core/ids';

// The outcome of the last push made at an agent session's end (sessionEndPush.ts), for
// `agents remote status`: `.cleveragents/remote/session-end-push.json`. Like everything in the
// workspace it is untrusted when read back: checked here, escaped where it is shown.

export const SessionEndOutcomeSchema = z
  .object({
    version: z.literal(1),
    at: UtcTimestampSchema,
    remote: z.string().max(4096),
    plan_id: UlidSchema.nullable(),
    status: z.enum(['pushed', 'up_to_date', 'refused', 'failed']),
    message: z.string().max(4000),
  })
  .strict();
export type SessionEndOutcome = z.infer<typeof SessionEndOutcomeSchema>;

const MAX_BYTES = 64 * 1024;

function outcomeFile(workspaceRoot: string): string {
  return path.join(workspaceRoot, '.cleveragents', 'remote', 'session-end-push.json');
}

export function writeSessionEndOutcome(workspaceRoot: string, outcome: Omit<SessionEndOutcome, 'version'>): void {
  const checked = SessionEndOutcomeSchema.parse({ version: 1, ...outcome, message: outcome.message.slice(0, 4000) });
  writeStateFile(workspaceRoot, outcomeFile(workspaceRoot), `${JSON.stringify(checked, null, 2)}\n`);
}

/** The last outcome, or undefined when there is none (or the file is not one of ours). */
export function readSessionEndOutcome(workspaceRoot: string): SessionEndOutcome | undefined {
  try {
    const text = readStateText(workspaceRoot, outcomeFile(workspaceRoot), MAX_BYTES);
    if (text === undefined) return undefined;
    const parsed = SessionEndOutcomeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
