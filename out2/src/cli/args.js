"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.OUTPUT_FORMATS = exports.SUBCOMMANDS = void 0;
exports.sniffFormat = sniffFormat;
exports.parseCommandLine = parseCommandLine;
exports.idOrPrefixArg = idOrPrefixArg;
const node_util_1 = require("node:util");
const agentOnlyScope_1 = require("../core/agentOnlyScope");
const z = __importStar(require("zod"));
const checkpoint_1 = require("../core/checkpoint");
const serviceDeps_1 = require("../core/serviceDeps");
const errors_1 = require("../core/errors");
const idPrefix_1 = require("../core/idPrefix");
const retentionPolicy_1 = require("../core/retentionPolicy");
const planLifecycle_1 = require("../core/planLifecycle");
const cliErrors_1 = require("../envelopes/cliErrors");
const decisionArgs_1 = require("./decisionArgs");
// The command line, from argv to a typed command. Two kinds of mistakes, two exit codes: the shape
// of the command line (unknown command or option, missing argument, option without its value) is a
// UsageError (exit 2); a value that has the right place but does not fit (a malformed ULID,
// --max-checkpoints 0, --type bogus) is a ValidationError (exit 1), with the core's own text.
/** `plan start|complete|fail|cancel <plan_id>`: the lifecycle's verbs (core/planLifecycle.ts). */
const LIFECYCLE_SUBCOMMANDS = Object.keys(planLifecycle_1.LIFECYCLE_ACTIONS);
exports.SUBCOMMANDS = ['create', 'list', 'show', 'checkpoint', 'checkpoints', 'diff', 'rollback', 'apply', 'cleanup', 'policy', 'recover', 'recreate-sandbox', ...LIFECYCLE_SUBCOMMANDS, 'delete', ...decisionArgs_1.DECISION_SUBCOMMANDS];
exports.OUTPUT_FORMATS = ['text', 'json'];
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
    all: { type: 'boolean' },
    'max-checkpoints': { type: 'string' },
    'auto-prune': { type: 'string' },
    checkpoint: { type: 'string' },
    ...decisionArgs_1.DECISION_OPTIONS,
};
const GLOBAL_OPTIONS = ['workspace', 'format', 'help', 'version', 'debug'];
const COMMANDS = {
    create: { options: ['title', 'sandbox', 'isolated'], positionals: [] },
    list: { options: [], positionals: [] },
    show: { options: [], positionals: ['plan_id'] },
    checkpoint: { options: ['type', 'reason', 'source-tool', 'phase', 'decision', 'resource', 'extra'], positionals: ['plan_id'] },
    checkpoints: { options: [], positionals: ['plan_id'] },
    diff: { options: [], positionals: ['plan_id', 'checkpoint_id', 'checkpoint_id'], optional: ['checkpoint_id'] },
    rollback: { options: ['yes', 'agent-only', 'preview', 'scope', 'all'], positionals: ['plan_id', 'checkpoint_id'] },
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
    ...decisionArgs_1.DECISION_COMMANDS,
};
/**
 * Finds `--format json` in a command line that may not parse, so that even a usage error is
 * reported in the format the caller asked for.
 */
function sniffFormat(argv) {
    let format;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === '--')
            break;
        if (arg === '--format')
            format = argv[++i];
        else if (arg.startsWith('--format='))
            format = arg.slice('--format='.length);
    }
    return format === 'json' ? 'json' : 'text';
}
function parseCommandLine(argv) {
    let parsed;
    try {
        parsed = (0, node_util_1.parseArgs)({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
    }
    catch (error) {
        throw new cliErrors_1.UsageError(parseArgsMessage(error));
    }
    const { values, positionals, tokens } = parsed;
    const formatValue = values.format ?? 'text';
    if (!exports.OUTPUT_FORMATS.includes(formatValue)) {
        throw new cliErrors_1.UsageError(`--format must be text or json, not ${JSON.stringify(formatValue)}`);
    }
    const global = { workspace: values.workspace, format: formatValue, debug: values.debug === true };
    const given = tokens.filter((t) => t.kind === 'option');
    for (const name of Object.keys(OPTIONS)) {
        const uses = given.filter((t) => t.name === name);
        if (uses.length > 1 && name !== 'extra' && name !== 'depends-on')
            throw new cliErrors_1.UsageError(`option ${uses[0].rawName} is given more than once`);
    }
    if (values.version)
        return { kind: 'version', global };
    const [group, sub, ...args] = positionals;
    if (group === undefined) {
        if (values.help)
            return { kind: 'help', topic: 'global', global };
        throw new cliErrors_1.UsageError('missing command: agents plan <command> …');
    }
    if (group === 'db') {
        if (values.help)
            return { kind: 'help', topic: 'global', global };
        if (sub !== 'fold')
            throw new cliErrors_1.UsageError(sub === undefined ? 'missing command after "db"; the only one is "agents db fold"' : `unknown command "db ${sub}"; the only one is "agents db fold"`);
        if (args.length > 0)
            throw new cliErrors_1.UsageError(`"db fold" got an unexpected argument ${JSON.stringify(args[0])}`);
        for (const token of given) {
            if (!GLOBAL_OPTIONS.includes(token.name))
                throw new cliErrors_1.UsageError(`unknown option ${token.rawName} for "db fold"`);
        }
        return { kind: 'fold', global };
    }
    if (group !== 'plan')
        throw new cliErrors_1.UsageError(`unknown command ${JSON.stringify(group)}; the commands are "agents plan …" and "agents db fold"`);
    if (sub === undefined) {
        if (values.help)
            return { kind: 'help', topic: 'plan', global };
        throw new cliErrors_1.UsageError(`missing command after "plan"; one of: ${exports.SUBCOMMANDS.join(', ')}`, 'plan');
    }
    if (!exports.SUBCOMMANDS.includes(sub)) {
        throw new cliErrors_1.UsageError(`unknown command "plan ${sub}"; one of: ${exports.SUBCOMMANDS.join(', ')}`, 'plan');
    }
    const name = sub;
    const shape = COMMANDS[name];
    const allowed = new Set([...GLOBAL_OPTIONS, ...shape.options]);
    for (const token of given) {
        if (!allowed.has(token.name))
            throw new cliErrors_1.UsageError(`unknown option ${token.rawName} for "plan ${name}"`, name);
    }
    if (values.help)
        return { kind: 'help', topic: name, global };
    const required = shape.positionals.length - (shape.optional?.length ?? 0);
    if (args.length < required) {
        const missing = shape.positionals.slice(args.length, required).map((p) => `<${p}>`);
        throw new cliErrors_1.UsageError(`"plan ${name}" needs ${missing.join(' ')}`, name);
    }
    if (args.length > shape.positionals.length && !shape.variadic) {
        throw new cliErrors_1.UsageError(`"plan ${name}" got an unexpected argument ${JSON.stringify(args[shape.positionals.length])}`, name);
    }
    return { kind: 'run', command: buildCommand(name, args, values), global };
}
function buildCommand(name, args, values) {
    switch (name) {
        case 'create': {
            if (values.title === undefined)
                throw new cliErrors_1.UsageError('"plan create" needs --title TEXT', name);
            if (values.isolated && values.sandbox !== undefined)
                throw new cliErrors_1.UsageError('give either --sandbox PATH or --isolated, not both', name);
            return { name, title: values.title, sandbox: values.sandbox, isolated: values.isolated === true };
        }
        case 'list':
            return { name };
        case 'show':
        case 'checkpoints':
            return { name, planId: planIdArg(args[0]) };
        case 'checkpoint': {
            const type = validated(checkpoint_1.CheckpointTypeSchema, values.type ?? 'manual', '--type');
            return {
                name,
                planId: planIdArg(args[0]),
                type,
                reason: values.reason,
                sourceTool: values['source-tool'],
                phase: values.phase,
                decisionId: values.decision === undefined ? undefined : (0, serviceDeps_1.parseId)(values.decision, '--decision'),
                resourceId: values.resource === undefined ? undefined : (0, serviceDeps_1.parseId)(values.resource, '--resource'),
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
            if (values.preview && values.yes)
                throw new cliErrors_1.UsageError('give either --preview or --yes, not both', name);
            if (values.scope !== undefined && !values['agent-only'])
                throw new cliErrors_1.UsageError('--scope goes with --agent-only', name);
            return {
                name,
                planId: planIdArg(args[0]),
                checkpointId: checkpointIdArg(args[1]),
                yes: values.yes === true,
                ...(values['agent-only'] ? { agentOnly: true } : {}),
                ...(values.preview ? { preview: true } : {}),
                ...(values.scope === undefined ? {} : { scope: scopeArg(values.scope, name) }),
                ...(values.all ? { all: true } : {}),
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
            if (values.preview && values.yes)
                throw new cliErrors_1.UsageError('give either --preview or --yes, not both', name);
            return {
                name,
                planId: planIdArg(args[0]),
                ...(values.checkpoint === undefined ? {} : { checkpointId: checkpointIdArg(values.checkpoint) }),
                yes: values.yes === true,
                ...(values.preview ? { preview: true } : {}),
            };
        case 'policy':
            return {
                name,
                planId: planIdArg(args[0]),
                maxCheckpoints: values['max-checkpoints'] === undefined ? undefined : validated(MaxCheckpointsArg, values['max-checkpoints'], '--max-checkpoints'),
                autoPrune: values['auto-prune'] === undefined ? undefined : validated(AutoPruneArg, values['auto-prune'], '--auto-prune'),
            };
        default:
            return (0, decisionArgs_1.buildDecisionCommand)(name, args, values);
    }
}
/** A whole number as text, then the core's own range rule (1–100) with its message. */
const MaxCheckpointsArg = z
    .string()
    .regex(/^[+-]?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(retentionPolicy_1.RetentionPolicySchema.shape.max_checkpoints);
const AutoPruneArg = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true');
function validated(schema, value, what) {
    const result = schema.safeParse(value);
    if (!result.success)
        throw new errors_1.ValidationError(`${what} ${JSON.stringify(value)}: ${(0, errors_1.describeIssues)(result.error.issues)}`);
    return result.data;
}
function planIdArg(value) {
    return idOrPrefixArg(value, 'plan id');
}
function checkpointIdArg(value) {
    return idOrPrefixArg(value, 'checkpoint id');
}
/** A whole id, or a prefix of one that `resolveIdPrefixes` makes whole once the data is open. */
function idOrPrefixArg(value, what) {
    const parsed = idPrefix_1.IdOrPrefixSchema.safeParse(value);
    if (!parsed.success)
        throw new errors_1.ValidationError(`${what} ${JSON.stringify(value)} ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
/** `--extra KEY=VALUE`, repeatable; the value may itself hold `=`. */
function parseExtra(pairs) {
    const extra = new Map();
    for (const pair of pairs) {
        const eq = pair.indexOf('=');
        if (eq <= 0)
            throw new cliErrors_1.UsageError(`--extra expects KEY=VALUE, got ${JSON.stringify(pair)}`, 'checkpoint');
        const key = pair.slice(0, eq);
        if (extra.has(key))
            throw new cliErrors_1.UsageError(`--extra ${key} is given more than once`, 'checkpoint');
        extra.set(key, pair.slice(eq + 1));
    }
    return Object.fromEntries(extra);
}
/** parseArgs' messages are good but long; keep their first sentence. */
function parseArgsMessage(error) {
    const text = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(text);
    if (unknown)
        return `unknown option ${unknown[1]}`;
    const positional = /^Unexpected argument '([^']+)'/.exec(text);
    if (positional)
        return `unexpected argument ${positional[1]}`;
    return text.replace(/\s+/g, ' ').trim();
}
/** `--scope`: session, prompt, tool-call or subagent (`tool_call` is taken too). */
function scopeArg(value, command) {
    const scope = value.replace('-', '_');
    const found = agentOnlyScope_1.AGENT_ONLY_SCOPES.find((s) => s === scope);
    if (found === undefined)
        throw new cliErrors_1.UsageError(`--scope must be one of session, prompt, tool-call, subagent (got ${JSON.stringify(value.slice(0, 40))})`, command);
    return found;
}
//# sourceMappingURL=args.js.map