import * as z from 'zod';
import { ValidationError, describeIssues } from '../core/errors';
import type { AgentTool } from './agentTool';

/** A JSON Schema object, as MCP's tools/list and VS Code's `languageModelTools` carry them. */
export type JsonSchema = { type: 'object' } & Record<string, unknown>;

/**
 * The JSON Schema of a tool's input or output: draft 7, which every client validates, and without
 * `$schema` (clients that know another draft would refuse the document for naming this one).
 */
export function toolJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchema {
  const json: Record<string, unknown> = { ...z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) };
  delete json.$schema;
  return { ...json, type: 'object' };
}

/** The tool's input, checked by its schema; a mismatch is the reference's `Validation Error: …`. */
export function parseToolInput<I extends z.ZodObject>(tool: Pick<AgentTool<I>, 'input'>, args: unknown): z.output<I> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues));
  return parsed.data;
}
