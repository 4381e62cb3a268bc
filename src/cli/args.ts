import { parseArgs } from 'node:util';
import { AGENT_ONLY_SCOPES, type AgentOnlyScope } from '../core/agentOnlyScope';
import { CONFLICT_POLICIES, type ConflictPolicy } from '../core/agentOnlyRollback';
import { parseChangePath, parseHunk, type ToolCallChangeRequest } from '../core/toolCallChange';
import * as z from 'zod';
import { CheckpointTypeSchema } from '../core/checkpoint';
import { parseId } from '../core/serviceDeps';
import { ValidationError, describeIssues } from '../core/errors';
import { idOrPrefixArg } from './idArg';
import { RetentionPolicySchema } from '../core/retentionPolicy';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../core/planLifecycle';
import { UsageError } from '../envelopes/cliErrors';
import { REMOTE_OPTIONS, buildRemoteCommand, type RemoteCommand } from './remoteArgs';
import { DECISION_COMMANDS, DECISION_OPTIONS, DECISION_SUBCOMMANDS, buildDecisionCommand, type DecisionCommand } from './decisionArgs';
import { PROVENANCE_COMMAND_OPTIONS, PROVENANCE_OPTIONS, buildProvenanceCommand, isProvenanceGroup, type ProvenanceCommand, type ProvenanceGroup } from './provenanceArgs';

// The command line, from argv to a typed command. Two kinds of mistakes, two exit codes: the shape
// of the command line (unknown command or option, missing argument, option without its value) is a
// UsageError (exit 2); a value that has the right place but does not fit (a malformed ULID,
// --max-checkpoints 0, --type bogus) is a ValidationError (exit 1), with the core's own text.

/** `plan start|complete|fail|cancel <plan_id>`: the lifecycle's verbs (core/planLifecycle.ts). */
const LIFECYCLE_SUBCOMMANDS = Object.keys(LIFECYCLE_ACTIONS) as LifecycleAction[];

export const SUBCOMMANDS = ['create', 'list', 'show', 'checkpoint', 'checkpoints', 'diff', 'rollback', 'apply', 'cleanup', 'policy', 'recover', 'recreate-sandbox', ...LIFECYCLE_SUBCOMMANDS, 'delete', ...DECISION_SUBCOMMANDS] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export const OUTPUT_FORMATS = ['text', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Every option any command knows; parsed together, then checked against the command's own list. */
const OPTIONS = {
  workspace: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  debug: { type: 'boolean' },
  title: { type: 'string' },
  sandbox: { type: 'string' },
  isolated: { type: 'boolean' },
  type: { type: 'string' },
  reason: { type: 'string' },
  'source-tool': { type: 'string' },
  phase: { type: 'string' },
  decision: { type: 'string' },
  resource: { type: 'string' },
  extra: { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  undo: { type: 'boolean' },
  'agent-only': { type: 'boolean' },
  scope: { type: 'string' },
  conflicts: { type: 'string' },
  path: { type: 'string' },
  hunk: { type: 'string' },
  all: { type: 'boolean' },
  'max-checkpoints': { type: 'string' },
  'auto-prune': { type: 'string' },
  checkpoint: { type: 'string' },
  ...DECISION_OPTIONS,
  // `--plan` is repeatable for `remote` (its definition last: it wins); `blame` and `log` take one.
  ...PROVENANCE_OPTIONS,
  ...REMOTE_OPTIONS,
} as const;
type OptionName = keyof typeof OPTIONS;

/** The options that may be given more than once (each use adds one). */
const REPEATABLE = new Set<OptionName>(['extra', 'depends-on', 'plan', 'allow', 'deny']);

const GLOBAL_OPTIONS: readonly OptionName[] = ['workspace', 'format', 'help', 'version', 'debug'];

interface CommandShape {
  readonly options: readonly OptionName[];
  /** Names of the positional arguments, for messages; `optional` ones may be left out. */
  readonly positionals: readonly string[];
  readonly optional?: readonly string[];
  /** The last positional may be given any number of times (at least once). */
  readonly variadic?: boolean;
}

const COMMANDS: Record<Subcommand, CommandShape> = {
  create: { options: ['title', 'sandbox', 'isolated'], positionals: [] },
  list: { options: [], positionals: [] },
  show: { options: [], positionals: ['plan_id'] },
  checkpoint: { options: ['type', 'reason', 'source-tool', 'phase', 'decision', 'resource', 'extra'], positionals: ['plan_id'] },
  checkpoints: { options: [], positionals: ['plan_id'] },
  diff: { options: [], positionals: ['plan_id', 'checkpoint_id', 'checkpoint_id'], optional: ['checkpoint_id'] },
  rollback: { options: ['yes', 'agent-only', 'preview', 'scope', 'path', 'hunk', 'conflicts', 'all'], positionals: ['plan_id', 'checkpoint_id'] },
  apply: { options: ['yes'], positionals: ['plan_id'] },
  cleanup: { options: ['yes'], positionals: ['plan_id'] },
  policy: { options: ['max-checkpoints', 'auto-prune'], positionals: ['plan_id'] },
  recover: { options: ['yes', 'undo'], positionals: ['plan_id'] },
  'recreate-sandbox': { options: ['yes', 'preview', 'checkpoint'], positionals: ['plan_id'] },
  start: { options: [], positionals: ['plan_id'] },
  complete: { options: [], positionals: ['plan_id'] },
  fail: { options: [], positionals: ['plan_id'] },
  cancel: { options: [], positionals: ['plan_id'] },
  delete: { options: ['yes'], positionals: ['plan_id'] },
  ...DECISION_COMMANDS,
};

export interface GlobalOptions {
  /** As given; resolved against the current directory by the caller. */
  readonly workspace: string | undefined;
  readonly format: OutputFormat;
  readonly debug: boolean;
}

export type Command =
  | { readonly name: 'create'; readonly title: string; readonly sandbox?: string; readonly isolated: boolean }
  | { readonly name: 'list' }
  | { readonly name: 'show'; readonly planId: string }
  | {
      readonly name: 'checkpoint';
      readonly planId: string;
      readonly type: z.infer<typeof CheckpointTypeSchema>;
      readonly reason?: string;
      readonly sourceTool?: string;
      readonly phase?: string;
      readonly decisionId?: string;
      readonly resourceId?: string;
      readonly extra: Record<string, string>;
    }
  | { readonly name: 'checkpoints'; readonly planId: string }
  | { readonly name: 'diff'; readonly planId: string; readonly fromCheckpointId: string; readonly toCheckpointId?: string }
  | {
      readonly name: 'rollback';
      readonly planId: string;
      readonly checkpointId: string;
      readonly yes: boolean;
      /** Take out only the agent's tool calls since the checkpoint; keep everyone else's changes. */
      readonly agentOnly?: true;
      /** Only say what it would do. */
      readonly preview?: true;
      /** With agentOnly: whose tool calls are taken out (the session's since the checkpoint unless given). */
      readonly scope?: AgentOnlyScope;
      /** Text output: every path of every list, not the first ten of each. */
      readonly all?: true;
      /** With agentOnly (scope tool_call): Undo This Change, the checkpoint's tool call taken back from this file only (or one hunk of it). */
      readonly change?: ToolCallChangeRequest;
      /** With agentOnly: what a path whose lines both sides changed gets; absent: refused (`refuse`). */
      readonly conflicts?: ConflictPolicy;
    }
  | { readonly name: 'apply'; readonly planId: string; readonly yes: boolean }
  | { readonly name: 'cleanup'; readonly planId: string; readonly yes: boolean }
  | { readonly name: 'policy'; readonly planId: string; readonly maxCheckpoints?: number; readonly autoPrune?: boolean }
  | { readonly name: 'recover'; readonly planId: string; readonly yes: boolean; readonly undo: boolean }
  /** From the plan's newest checkpoint unless `checkpointId` is given. */
  | { readonly name: 'recreate-sandbox'; readonly planId: string; readonly checkpointId?: string; readonly yes: boolean; readonly preview?: true }
  | { readonly name: LifecycleAction; readonly planId: string }
  | { readonly name: 'delete'; readonly planId: string; readonly yes: boolean }
  | DecisionCommand
  | ProvenanceCommand;

export type Invocation =
  | { readonly kind: 'help'; readonly topic: 'global' | 'plan' | Subcommand | ProvenanceGroup; readonly global: GlobalOptions }
  | { readonly kind: 'version'; readonly global: GlobalOptions }
  /** `agents db fold`: the database's write log folded into the file now. */
  | { readonly kind: 'fold'; readonly global: GlobalOptions }
  /** `agents remote …`: plans to and from a git remote (src/remote). */
  | { readonly kind: 'remote'; readonly command: RemoteCommand; readonly global: GlobalOptions }
  | { readonly kind: 'remote-help'; readonly global: GlobalOptions }
  | { readonly kind: 'run'; readonly command: Command; readonly global: GlobalOptions };

/**
 * Finds `--format json` in a command line that may not parse, so that even a usage error is
 * reported in the format the caller asked for.
 */
export function sniffFormat(argv: readonly string[]): OutputFormat {
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--format') format = argv[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
  }
  return format === 'json' ? 'json' : 'text';
}

export function parseCommandLine(argv: readonly string[]): Invocation {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(parseArgsMessage(error));
  }
  const { values, positionals, tokens } = parsed;

  const formatValue = values.format ?? 'text';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(formatValue)) {
    throw new UsageError(`--format must be text or json, not ${JSON.stringify(formatValue)}`);
  }
  const global: GlobalOptions = { workspace: values.workspace, format: formatValue as OutputFormat, debug: values.debug === true };

  const given = tokens.filter((t) => t.kind === 'option');
  for (const name of Object.keys(OPTIONS) as OptionName[]) {
    const uses = given.filter((t) => t.name === name);
    if (uses.length > 1 && !REPEATABLE.has(name)) throw new UsageError(`option ${uses[0]!.rawName} is given more than once`);
  }

  if (values.version) return { kind: 'version', global };

  const [group, sub, ...args] = positionals;
  if (group === undefined) {
    if (values.help) return { kind: 'help', topic: 'global', global };
    throw new UsageError('missing command: agents plan <command> …');
  }
  if (group === 'db') {
    if (values.help) return { kind: 'help', topic: 'global', global };
    if (sub !== 'fold') throw new UsageError(sub === undefined ? 'missing command after "db"; the only one is "agents db fold"' : `unknown command "db ${sub}"; the only one is "agents db fold"`);
    if (args.length > 0) throw new UsageError(`"db fold" got an unexpected argument ${JSON.stringify(args[0])}`);
    for (const token of given) {
      if (!(GLOBAL_OPTIONS as readonly string[]).includes(token.name)) throw new UsageError(`unknown option ${token.rawName} for "db fold"`);
    }
    return { kind: 'fold', global };
  }
  if (group === 'remote') {
    if (values.help) return { kind: 'remote-help', global };
    return { kind: 'remote', command: buildRemoteCommand(sub, args, values, given, GLOBAL_OPTIONS), global };
  }
  if (isProvenanceGroup(group)) {
    const allowed = new Set<string>([...GLOBAL_OPTIONS, ...PROVENANCE_COMMAND_OPTIONS[group]]);
    for (const token of given) if (!allowed.has(token.name)) throw new UsageError(`unknown option ${token.rawName} for "${group}"`, group);
    if (values.help) return { kind: 'help', topic: group, global };
    return { kind: 'run', command: buildProvenanceCommand(group, sub === undefined ? [] : [sub, ...args], values), global };
  }
  if (group !== 'plan') throw new UsageError(`unknown command ${JSON.stringify(group)}; the commands are "agents plan …", "agents blame", "agents log", "agents remote …" and "agents db fold"`);
  if (sub === undefined) {
    if (values.help) return { kind: 'help', topic: 'plan', global };
    throw new UsageError(`missing command after "plan"; one of: ${SUBCOMMANDS.join(', ')}`, 'plan');
  }
  if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new UsageError(`unknown command "plan ${sub}"; one of: ${SUBCOMMANDS.join(', ')}`, 'plan');
  }
  const name = sub as Subcommand;
  const shape = COMMANDS[name];
  const allowed = new Set<OptionName>([...GLOBAL_OPTIONS, ...shape.options]);
  for (const token of given) {
    if (!allowed.has(token.name as OptionName)) throw new UsageError(`unknown option ${token.rawName} for "plan ${name}"`, name);
  }
  if (values.help) return { kind: 'help', topic: name, global };

  const required = shape.positionals.length - (shape.optional?.length ?? 0);
  if (args.length < required) {
    const missing = shape.positionals.slice(args.length, required).map((p) => `<${p}>`);
    throw new UsageError(`"plan ${name}" needs ${missing.join(' ')}`, name);
  }
  if (args.length > shape.positionals.length && !shape.variadic) {
    throw new UsageError(`"plan ${name}" got an unexpected argument ${JSON.stringify(args[shape.positionals.length])}`, name);
  }
  return { kind: 'run', command: buildCommand(name, args, values), global };
}

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>['values'];

function buildCommand(name: Subcommand, args: string[], values: Values): Command {
  switch (name) {
    case 'create': {
      if (values.title === undefined) throw new UsageError('"plan create" needs --title TEXT', name);
      if (values.isolated && values.sandbox !== undefined) throw new UsageError('give either --sandbox PATH or --isolated, not both', name);
      return { name, title: values.title, sandbox: values.sandbox, isolated: values.isolated === true };
    }
    case 'list':
      return { name };
    case 'show':
    case 'checkpoints':
      return { name, planId: planIdArg(args[0]) };
    case 'checkpoint': {
      const type = validated(CheckpointTypeSchema, values.type ?? 'manual', '--type');
      return {
        name,
        planId: planIdArg(args[0]),
        type,
        reason: values.reason,
        sourceTool: values['source-tool'],
        phase: values.phase,
        decisionId: values.decision === undefined ? undefined : parseId(values.decision, '--decision'),
        resourceId: values.resource === undefined ? undefined : parseId(values.resource, '--resource'),
        extra: parseExtra(values.extra ?? []),
      };
    }
    case 'diff':
      return {
        name,
        planId: planIdArg(args[0]),
        fromCheckpointId: checkpointIdArg(args[1]),
        toCheckpointId: args[2] === undefined ? undefined : checkpointIdArg(args[2]),
      };
    case 'rollback':
      if (values.preview && values.yes) throw new UsageError('give either --preview or --yes, not both', name);
      if (values.scope !== undefined && !values['agent-only']) throw new UsageError('--scope goes with --agent-only', name);
      if (values.path !== undefined && !values['agent-only']) throw new UsageError('--path goes with --agent-only', name);
      if (values.hunk !== undefined && values.path === undefined) throw new UsageError('--hunk goes with --path', name);
      if (values.conflicts !== undefined && !values['agent-only']) throw new UsageError('--conflicts goes with --agent-only', name);
      if (values.path !== undefined && values.scope !== undefined && scopeArg(values.scope, name) !== 'tool_call') throw new UsageError('--path takes back one tool call: give --scope tool-call or no --scope', name);
      return {
        name,
        planId: planIdArg(args[0]),
        checkpointId: checkpointIdArg(args[1]),
        yes: values.yes === true,
        ...(values['agent-only'] ? { agentOnly: true as const } : {}),
        ...(values.preview ? { preview: true as const } : {}),
        ...(values.scope === undefined ? {} : { scope: scopeArg(values.scope, name) }),
        ...(values.all ? { all: true as const } : {}),
        ...(values.conflicts === undefined ? {} : { conflicts: conflictsArg(values.conflicts, name) }),
        ...(values.path === undefined ? {} : { scope: 'tool_call' as const, change: { path: parseChangePath(values.path), ...(values.hunk === undefined ? {} : { hunk: parseHunk(values.hunk) }) } }),
      };
    case 'apply':
    case 'cleanup':
    case 'delete':
      return { name, planId: planIdArg(args[0]), yes: values.yes === true };
    case 'start':
    case 'complete':
    case 'fail':
    case 'cancel':
      return { name, planId: planIdArg(args[0]) };
    case 'recover':
      return { name, planId: planIdArg(args[0]), yes: values.yes === true, undo: values.undo === true };
    case 'recreate-sandbox':
      if (values.preview && values.yes) throw new UsageError('give either --preview or --yes, not both', name);
      return {
        name,
        planId: planIdArg(args[0]),
        ...(values.checkpoint === undefined ? {} : { checkpointId: checkpointIdArg(values.checkpoint) }),
        yes: values.yes === true,
        ...(values.preview ? { preview: true as const } : {}),
      };
    case 'policy':
      return {
        name,
        planId: planIdArg(args[0]),
        maxCheckpoints: values['max-checkpoints'] === undefined ? undefined : validated(MaxCheckpointsArg, values['max-checkpoints'], '--max-checkpoints'),
        autoPrune: values['auto-prune'] === undefined ? undefined : validated(AutoPruneArg, values['auto-prune'], '--auto-prune'),
      };
    default:
      return buildDecisionCommand(name, args, values);
  }
}

/** A whole number as text, then the core's own range rule (1–100) with its message. */
const MaxCheckpointsArg = z
  .string()
  .regex(/^[+-]?\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(RetentionPolicySchema.shape.max_checkpoints);

const AutoPruneArg = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true');

function validated<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(`${what} ${JSON.stringify(value)}: ${describeIssues(result.error.issues)}`);
  return result.data;
}

function planIdArg(value: string | undefined): string {
  return idOrPrefixArg(value, 'plan id');
}

function checkpointIdArg(value: string | undefined): string {
  return idOrPrefixArg(value, 'checkpoint id');
}


/** `--extra KEY=VALUE`, repeatable; the value may itself hold `=`. */
function parseExtra(pairs: readonly string[]): Record<string, string> {
  const extra = new Map<string, string>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--extra expects KEY=VALUE, got ${JSON.stringify(pair)}`, 'checkpoint');
    const key = pair.slice(0, eq);
    if (extra.has(key)) throw new UsageError(`--extra ${key} is given more than once`, 'checkpoint');
    extra.set(key, pair.slice(eq + 1));
  }
  return Object.fromEntries(extra);
}

/** parseArgs' messages are good but long; keep their first sentence. */
function parseArgsMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(text);
  if (unknown) return `unknown option ${unknown[1]}`;
  const positional = /^Unexpected argument '([^']+)'/.exec(text);
  if (positional) return `unexpected argument ${positional[1]}`;
  return text.replace(/\s+/g, ' ').trim();
}

/** `--scope`: session, prompt, tool-call or subagent (`tool_call` is taken too). */
function conflictsArg(value: string, command: string): ConflictPolicy {
  const parsed = z.enum(CONFLICT_POLICIES).safeParse(value);
  if (!parsed.success) throw new UsageError(`--conflicts must be one of ${CONFLICT_POLICIES.join(', ')} (got ${JSON.stringify(value.slice(0, 40))})`, command);
  return parsed.data;
}

function scopeArg(value: string, command: string): AgentOnlyScope {
  const scope = value.replace('-', '_');
  const found = AGENT_ONLY_SCOPES.find((s) => s === scope);
  if (found === undefined) throw new UsageError(`--scope must be one of session, prompt, tool-call, subagent (got ${JSON.stringify(value.slice(0, 40))})`, command);
  return found;
}
