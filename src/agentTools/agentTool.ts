import type { z } from 'zod';
import type { WorkspaceServices } from '../composition';
import type { Plan } from '../core/plan';
import type { PathChange, RollbackOutcome } from '../core/rollbackResult';

// A tool an agent calls, whatever door it comes through: the MCP server of `agents mcp`
// (src/mcp/) or VS Code's language model tools (src/extension/languageModelTools/). Each tool is
// one declaration: its name, what it teaches the agent, the zod schemas of what it takes and
// gives, how much it may change, and what it runs on the same services as the CLI and the tree.

/** The services a tool runs on; the same ones `agents plan …` and the Checkpoints view use. */
export type ToolServices = Pick<WorkspaceServices, 'plans' | 'checkpoints' | 'recovery' | 'corrections'>;

/** Where a tool finds its services: the workspace's, or those of the folder holding a plan. */
export interface ToolContext {
  /**
   * The workspace the tools work in: `agents mcp --workspace`; in VS Code the folder named by
   * `folder` (its name or path), else the active editor's folder, else the first. A `folder` that
   * is not one of them is refused.
   */
  workspace(folder?: string): Promise<ToolServices>;
  /** Which folder `workspace(folder)` works in, as people name it, when the window has several (else undefined). */
  workspaceFolder?(folder?: string): string | undefined;
  /** The services of the folder that holds the plan; `Not found: plan` when none does. */
  plan(planId: string): Promise<{ readonly services: ToolServices; readonly plan: Plan }>;
  /**
   * Rolls the plan back to the checkpoint the way this door does it: `agents mcp` calls the core;
   * VS Code goes through the tree's rollback controller (unsaved editors, automatic checkpoints held back).
   * `agentOnly`: take out only the agent's tool calls since the checkpoint (CheckpointService.rollbackAgentOnly).
   */
  rollback(planId: string, checkpointId: string, undo: boolean, agentOnly?: boolean): Promise<RollbackOutcome>;
  /**
   * Before a tool writes these paths of the plan's sandbox (a restore, a correction or its undo):
   * VS Code refuses while an editor holds unsaved changes to one of them; `agents mcp` has none.
   */
  beforeWriting?(planId: string, changes: readonly PathChange[], action: string): Promise<void>;
}

/**
 * What a tool may do to the sandbox: `read` only reads the database; `inspect` reads the files
 * and the snapshots too (runs git); `write` adds; `destroy` overwrites or removes (rollback,
 * delete). Both doors derive their annotations and their Restricted Mode rule from it.
 */
export type ToolAccess = 'read' | 'inspect' | 'write' | 'destroy';

/** A tool's answer: the document that matches its output schema, and a line or two for people. */
export interface ToolAnswer<O> {
  readonly structured: O;
  readonly text: string;
}

export interface AgentTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** snake_case; the MCP tool's name, and after `cleveragents_` the language model tool's. */
  readonly name: string;
  readonly title: string;
  /** Written for the agent: when to call it, and what to do with what it returns. */
  readonly description: string;
  readonly access: ToolAccess;
  readonly input: I;
  readonly output: O;
  run(input: z.output<I>, ctx: ToolContext): Promise<ToolAnswer<z.output<O>>>;
}

/** Declares a tool with its types inferred from its schemas. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: AgentTool<I, O>): AgentTool<I, O> {
  return tool;
}

/** Whether a tool leaves the sandbox and the database as they were. */
export function isReadOnly(tool: Pick<AgentTool, 'access'>): boolean {
  return tool.access === 'read' || tool.access === 'inspect';
}

/** Whether a tool may run in an untrusted workspace (VS Code's Restricted Mode): it only reads the database. */
export function runsInRestrictedMode(tool: Pick<AgentTool, 'access'>): boolean {
  return tool.access === 'read';
}
