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
exports.runCli = runCli;
exports.requireWorkspace = requireWorkspace;
exports.stderrLogger = stderrLogger;
exports.isTruthy = isTruthy;
const promises_1 = require("node:fs/promises");
const errors_1 = require("../core/errors");
const displayText_1 = require("../core/displayText");
const idPrefix_1 = require("../core/idPrefix");
const shortIds_1 = require("../core/shortIds");
const args_1 = require("./args");
const cliErrors_1 = require("../envelopes/cliErrors");
const confirm_1 = require("./confirm");
const envelopes_1 = require("../envelopes/envelopes");
const terminalOutput_1 = require("./terminalOutput");
const usage_1 = require("./usage");
const workspaceLocation_1 = require("./workspaceLocation");
const callCheckpointId_1 = require("../daemon/callCheckpointId");
/** Runs one command line; resolves to the exit code. Never throws. */
async function runCli(env) {
    let format = (0, args_1.sniffFormat)(env.argv);
    let debug = env.argv.includes('--debug') || isTruthy(env.env.AGENTS_DEBUG);
    try {
        const invocation = (0, args_1.parseCommandLine)(env.argv);
        format = invocation.global.format;
        debug ||= invocation.global.debug;
        if (invocation.kind === 'version') {
            if (format === 'json')
                (0, terminalOutput_1.writeJson)(env.stdout, { version: env.version });
            else
                (0, terminalOutput_1.writeText)(env.stdout, env.version);
            return cliErrors_1.EXIT_OK;
        }
        if (invocation.kind === 'help') {
            const topic = invocation.topic;
            (0, terminalOutput_1.writeText)(env.stdout, topic === 'global' || topic === 'plan' ? (0, usage_1.globalHelp)() : (0, usage_1.commandHelp)(topic));
            return cliErrors_1.EXIT_OK;
        }
        const location = (0, workspaceLocation_1.workspaceLocation)(env.cwd, invocation.global.workspace, env.env);
        const workspaceRoot = await requireWorkspace(location.workspaceRoot);
        // Loaded only now: help, version and usage errors need neither sql.js nor the adapters.
        const [{ createWorkspaceServices }, { runCommand }] = await Promise.all([Promise.resolve().then(() => __importStar(require('../composition'))), Promise.resolve().then(() => __importStar(require('./commands')))]);
        const logger = stderrLogger(env.stderr, debug);
        const lent = env.services
            ? await env.services({ workspaceRoot, databasePath: location.databasePath }, logger)
            : (() => {
                const made = createWorkspaceServices({ workspaceRoot, databasePath: location.databasePath, wasmDir: env.wasmDir, logger });
                return { services: made, release: () => made.dispose() };
            })();
        const services = lent.services;
        try {
            if (invocation.kind === 'fold') {
                const folded = await services.store.fold();
                if (format === 'json')
                    (0, terminalOutput_1.writeJson)(env.stdout, { database: services.databasePath, folded });
                else
                    (0, terminalOutput_1.writeText)(env.stdout, folded ? `Folded the write log into ${(0, displayText_1.escapeUnsafe)(services.databasePath)}.` : `Nothing to fold: ${(0, displayText_1.escapeUnsafe)(services.databasePath)} holds every change.`);
                return cliErrors_1.EXIT_OK;
            }
            if (invocation.command.name === 'checkpoint' && env.checkpointCall?.ignored && debug)
                (0, terminalOutput_1.writeText)(env.stderr, (0, callCheckpointId_1.ignoredCallLine)(env.checkpointCall.ignored));
            // Ids are shown to a person in their short form (core/shortIds); JSON keeps them whole.
            const shortIds = async () => new shortIds_1.ShortIds(await (0, shortIds_1.workspaceIds)(services));
            const output = await runCommand(invocation.command, {
                services,
                now: () => new Date(),
                ...(env.checkpointCall?.call ? { checkpointCall: env.checkpointCall.call } : {}),
                ...(format === 'json' ? {} : { shortIds }),
                confirmation: {
                    // Someone must both see the question (stderr) and be able to answer it (stdin).
                    interactive: env.stdin.isTTY === true && env.stderr.isTTY === true,
                    show: async (text) => (0, terminalOutput_1.writeText)(env.stderr, (await shortIds()).shorten(text)),
                    ask: (question) => (0, confirm_1.askLine)(env.stdin, env.stderr, (0, terminalOutput_1.promptText)(question)),
                },
            });
            if (format === 'json')
                (0, terminalOutput_1.writeJson)(env.stdout, output.json);
            // Read after the command: the ids it made (an undo checkpoint) are the ones to type next.
            else
                (0, terminalOutput_1.writeText)(env.stdout, (await shortIds()).shorten(output.text));
            return cliErrors_1.EXIT_OK;
        }
        finally {
            lent.release();
        }
    }
    catch (error) {
        return report(env, format, debug, error);
    }
}
/** The workspace must be an existing folder: the CLI never creates one, nor anything in a wrong one. */
async function requireWorkspace(dir) {
    const info = await (0, promises_1.stat)(dir).catch(() => undefined);
    if (!info)
        throw new cliErrors_1.CliError('NotFound', `Not found: workspace folder ${dir}`, cliErrors_1.EXIT_FAILED);
    if (!info.isDirectory())
        throw new errors_1.ValidationError(`workspace ${dir} is not a folder`);
    return dir;
}
function report(env, format, debug, error) {
    if (debug && !(error instanceof cliErrors_1.CliError))
        (0, terminalOutput_1.writeText)(env.stderr, error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (format === 'json') {
        (0, terminalOutput_1.writeJson)(env.stdout, (0, envelopes_1.errorEnvelope)(error));
    }
    else {
        // An error message may quote a path or a title: one escaped line, whatever it holds.
        // An ambiguous id names its candidates one per line below, not in one long line.
        const lines = [`agents: ${(0, displayText_1.escapeUnsafe)(error instanceof idPrefix_1.AmbiguousIdError ? ambiguousHead(error) : (0, envelopes_1.errorMessage)(error))}`];
        if (error instanceof idPrefix_1.AmbiguousIdError)
            lines.push(...error.candidates.map((c) => `  ${(0, displayText_1.escapeUnsafe)(c)}`));
        if ((error instanceof errors_1.ApplyConflictError || error instanceof errors_1.CorrectionConflictError) && error.conflicts.length > 10)
            lines.push(...error.conflicts.map((c) => `  conflict: ${(0, displayText_1.escapeUnsafe)(c)}`));
        if (error instanceof cliErrors_1.UsageError)
            lines.push((0, usage_1.usageHint)(error.command));
        (0, terminalOutput_1.writeText)(env.stderr, lines.join('\n'));
    }
    // Core errors (guards, not found, validation, store, sandbox, conflicts) and unexpected ones: 1.
    return error instanceof cliErrors_1.CliError ? error.exitCode : cliErrors_1.EXIT_FAILED;
}
function ambiguousHead(error) {
    return `Validation Error: ${error.entity} id "${error.given}" is ambiguous: it fits ${error.count} ${error.entity}s. Give more characters, for instance one of these:`;
}
function stderrLogger(stderr, verbose) {
    return {
        debug: (m) => {
            if (verbose)
                (0, terminalOutput_1.writeText)(stderr, `debug: ${(0, displayText_1.escapeUnsafe)(m)}`);
        },
        info: (m) => {
            if (verbose)
                (0, terminalOutput_1.writeText)(stderr, `info: ${(0, displayText_1.escapeUnsafe)(m)}`);
        },
        warn: (m) => {
            (0, terminalOutput_1.writeText)(stderr, `warning: ${(0, displayText_1.escapeUnsafe)(m)}`);
        },
        error: (m) => {
            (0, terminalOutput_1.writeText)(stderr, `error: ${(0, displayText_1.escapeUnsafe)(m)}`);
        },
    };
}
function isTruthy(value) {
    return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
//# sourceMappingURL=cli.js.map