// zod schemas of the rollback panel's protocol (src/webview/protocol.ts), for the host: what the page
// sends and what the serializer hands back after a reload come from a webview, so they are checked
// here before anything acts on them. No `vscode` import: unit-tested in plain Node.
import * as z from 'zod';
import { AGENT_ONLY_SCOPES } from '../../../core/agentOnlyScope';
import { CheckpointTypeSchema } from '../../../core/checkpoint';
import { ObjectIdSchema, RelativePathSchema, UlidSchema, UtcTimestampSchema } from '../../../core/ids';
import { PlanStateSchema } from '../../../core/plan';
import type { PageMessage, PanelState } from '../../../webview/protocol';

const Text = z.string().max(4096);

export const PanelChangeSchema = z.object({ path: RelativePathSchema, change: z.enum(['added', 'modified', 'deleted']) }).strict();

export const PanelCheckpointSchema = z
  .object({ id: UlidSchema, label: Text, type: CheckpointTypeSchema, createdAt: UtcTimestampSchema })
  .strict();

export const PanelStateSchema = z
  .object({
    version: z.literal(1),
    mode: z.enum(['rollback', 'undo', 'preview', 'compareCurrent', 'comparePrevious']),
    folder: z.object({ uri: Text.min(1), name: Text }).strict(),
    plan: z.object({ id: UlidSchema, title: Text, sandboxPath: RelativePathSchema, state: PlanStateSchema }).strict(),
    from: PanelCheckpointSchema,
    to: PanelCheckpointSchema.nullable(),
    changes: z.array(PanelChangeSchema).max(1_000_000),
    rollback: z
      .object({
        restoredFilesCount: z.number().int().nonnegative(),
        elapsedSeconds: z.number().nonnegative().finite(),
        undoCheckpointId: UlidSchema,
        undone: z.boolean(),
      })
      .strict()
      .nullable(),
    madeAt: UtcTimestampSchema,
    correction: z
      .object({
        id: UlidSchema,
        decisionTitle: Text,
        mode: z.enum(['rollback', 'keep_independent']),
        reverted: z.array(z.object({ id: UlidSchema, title: Text, depth: z.number().int().nonnegative() }).strict()).min(1).max(10_000),
        undone: z.boolean(),
      })
      .strict()
      .optional(),
    agentOnly: z
      .object({
        kept: z.array(RelativePathSchema).max(1_000_000),
        keptReasons: z.array(z.enum(['outside_tool_calls', 'other_session', 'unknown', 'not_in_scope'])).max(1_000_000).optional(),
        merged: z.array(RelativePathSchema).max(1_000_000).optional(),
        conflictMarkers: z.array(RelativePathSchema).max(1_000_000).optional(),
        scope: z.enum(AGENT_ONLY_SCOPES).optional(),
        toolCalls: z.number().int().nonnegative(),
        unclosed: z.array(z.object({ preWrite: UlidSchema, skipped: z.boolean(), until: UlidSchema.nullable() }).strict()).max(100_000),
        target: ObjectIdSchema.optional(),
      })
      .strict()
      .optional(),
    afterSnapshot: ObjectIdSchema.optional(),
    // The ids of one panel: a handful (plan, checkpoints, a correction's decisions).
    shortIds: z
      .record(UlidSchema, z.string().regex(/^[0-9A-HJKMNP-TV-Z]{4,26}$/))
      .refine((ids) => Object.keys(ids).length <= 20_000, 'too many short ids')
      .optional(),
    undoneWork: z
      .array(z.object({ kind: z.enum(['plan', 'decision', 'outside_tool_calls']), title: Text, paths: z.array(RelativePathSchema).max(1_000_000) }).strict())
      .max(10_000)
      .optional(),
  })
  .strict()
  .refine((s) => s.agentOnly === undefined || s.mode === 'rollback' || s.mode === 'preview', 'only a rollback or its preview can be agent-only')
  .refine((s) => (s.mode === 'rollback' || s.mode === 'undo') === (s.rollback !== null), 'a rollback result comes with the rollback numbers, and only it')
  .refine((s) => (s.mode === 'comparePrevious') === (s.to !== null), 'only Compare with Previous has a second checkpoint');

export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('openDiff'), path: RelativePathSchema }).strict(),
  z.object({ type: z.literal('openAll') }).strict(),
  z.object({ type: z.literal('undo') }).strict(),
  z.object({ type: z.literal('rollback') }).strict(),
  z.object({ type: z.literal('copyJson') }).strict(),
  z.object({ type: z.literal('undoCorrection') }).strict(),
  z.object({ type: z.literal('restorePath'), path: RelativePathSchema }).strict(),
]);

// The schemas and the shared types must not drift apart: each must be assignable to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type DeepWritable<T> = T extends readonly (infer U)[] ? DeepWritable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepWritable<T[K]> } : T;
const stateMatches: Same<z.output<typeof PanelStateSchema>, DeepWritable<PanelState>> = true;
const messageMatches: Same<z.output<typeof PageMessageSchema>, DeepWritable<PageMessage>> = true;
void stateMatches;
void messageMatches;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function parse<T>(schema: z.ZodType<T>, value: unknown): ParseResult<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ') };
}

export function parsePageMessage(value: unknown): ParseResult<PageMessage> {
  return parse(PageMessageSchema, value);
}

export function parsePanelState(value: unknown): ParseResult<PanelState> {
  return parse(PanelStateSchema, value);
}
