import { stat } from 'node:fs/promises';
import { ApplyConflictError, CorrectionConflictError, ValidationError } from '../core/errors';
import { escapeUnsafe } from '../core/displayText';
import type { Logger } from '../core/ports';
import { AmbiguousIdError } from '../core/idPrefix';
import { ShortIds, workspaceIds } from '../core/shortIds';
import { parseCommandLine, sniffFormat, type OutputFormat } from './args';
import { CliError, EXIT_FAILED, EXIT_OK, UsageError } from '../envelopes/cliErrors';
import { askLine } from './confirm';
import { errorEnvelope, errorMessage } from '../envelopes/envelopes';
import { promptText, writeJson, writeText, type TextSink } from './terminalOutput';
import { commandHelp, globalHelp, usageHint } from './usage';
import { workspaceLocation, type WorkspaceLocation } from './workspaceLocation';
import type { WorkspaceServices } from '../composition';
import { ignoredCallLine, type CheckpointCallFound } from '../daemonClient/callCheckpointId';

/** Everything the CLI touches of its process, so that it can run in a test as well as in `main`. */
export interface CliEnvironment {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  /** The folder holding `sql-wasm.wasm`. */
  readonly wasmDir: string;
  readonly version: string;
  /**
   * The workspace's services, when kept warm by the resident process (src/daemon); default: made
   * for this command and disposed after it. `release` is called when the command is done.
   */
  readonly services?: (location: WorkspaceLocation, logger: Logger) => Promise<{ readonly services: WorkspaceServices; release(): void }>;
  /**
   * `plan checkpoint`'s id and call token, when the caller chose them for this call
   * (src/daemonClient/callCheckpointId.ts); `ignored`: a variable that was set but is not this call's.
   * The environment's AGENTS_CHECKPOINT_ID is never read here.
   */
  readonly checkpointCall?: CheckpointCallFound;
}

/** Runs one command line; resolves to the exit code. Never throws. */
export async function runCli(env: CliEnvironment): Promise<number> {
  let format: OutputFormat = sniffFormat(env.argv);
  let debug = env.argv.includes('--debug') || isTruthy(env.env.AGENTS_DEBUG);
  try {
    const invocation = parseCommandLine(env.argv);
    format = invocation.global.format;
    debug ||= invocation.global.debug;
    if (invocation.kind === 'version') {
      if (format === 'json') writeJson(env.stdout, { version: env.version });
      else writeText(env.stdout, env.version);
      return EXIT_OK;
    }
    if (invocation.kind === 'remote-help') {
      const { REMOTE_HELP } = await import('./remoteArgs');
      writeText(env.stdout, REMOTE_HELP);
      return EXIT_OK;
    }
    if (invocation.kind === 'help') {
      const topic = invocation.topic;
      writeText(env.stdout, topic === 'global' || topic === 'plan' ? globalHelp() : commandHelp(topic));
      return EXIT_OK;
    }
    const location = workspaceLocation(env.cwd, invocation.global.workspace, env.env);
    const workspaceRoot = await requireWorkspace(location.workspaceRoot);
    // Loaded only now: help, version and usage errors need neither sql.js nor the adapters.
    const [{ createWorkspaceServices }, { runCommand }] = await Promise.all([import('../composition'), import('./commands')]);
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
        if (format === 'json') writeJson(env.stdout, { database: services.databasePath, folded });
        else writeText(env.stdout, folded ? `Folded the write log into ${escapeUnsafe(services.databasePath)}.` : `Nothing to fold: ${escapeUnsafe(services.databasePath)} holds every change.`);
        return EXIT_OK;
      }
      if (invocation.kind === 'remote') {
        const { runRemoteCommand } = await import('../remote/remoteCommands');
        const output = await runRemoteCommand(invocation.command, { services, cwd: env.cwd, now: () => new Date(), warn: (m) => logger.warn(m) });
        if (format === 'json') writeJson(env.stdout, output.json);
        else writeText(env.stdout, output.text);
        return EXIT_OK;
      }
      if (invocation.command.name === 'checkpoint' && env.checkpointCall?.ignored && debug) writeText(env.stderr, ignoredCallLine(env.checkpointCall.ignored));
      // Ids are shown to a person in their short form (core/shortIds); JSON keeps them whole.
      const shortIds = async () => new ShortIds(await workspaceIds(services));
      const output = await runCommand(invocation.command, {
        services,
        cwd: env.cwd,
        now: () => new Date(),
        ...(env.checkpointCall?.call ? { checkpointCall: env.checkpointCall.call } : {}),
        ...(format === 'json' ? {} : { shortIds }),
        confirmation: {
          // Someone must both see the question (stderr) and be able to answer it (stdin).
          interactive: env.stdin.isTTY === true && env.stderr.isTTY === true,
          show: async (text) => writeText(env.stderr, (await shortIds()).shorten(text)),
          ask: (question) => askLine(env.stdin, env.stderr, promptText(question)),
        },
      });
      if (format === 'json') writeJson(env.stdout, output.json);
      // Read after the command: the ids it made (an undo checkpoint) are the ones to type next.
      else writeText(env.stdout, (await shortIds()).shorten(output.text));
      return EXIT_OK;
    } finally {
      lent.release();
    }
  } catch (error) {
    return report(env, format, debug, error);
  }
}

/** The workspace must be an existing folder: the CLI never creates one, nor anything in a wrong one. */
export async function requireWorkspace(dir: string): Promise<string> {
  const info = await stat(dir).catch(() => undefined);
  if (!info) throw new CliError('NotFound', `Not found: workspace folder ${dir}`, EXIT_FAILED);
  if (!info.isDirectory()) throw new ValidationError(`workspace ${dir} is not a folder`);
  return dir;
}

function report(env: CliEnvironment, format: OutputFormat, debug: boolean, error: unknown): number {
  if (debug && !(error instanceof CliError)) writeText(env.stderr, error instanceof Error ? (error.stack ?? error.message) : String(error));
  if (format === 'json') {
    writeJson(env.stdout, errorEnvelope(error));
  } else {
    // An error message may quote a path or a title: one escaped line, whatever it holds.
    // An ambiguous id names its candidates one per line below, not in one long line.
    const lines = [`agents: ${escapeUnsafe(error instanceof AmbiguousIdError ? ambiguousHead(error) : errorMessage(error))}`];
    if (error instanceof AmbiguousIdError) lines.push(...error.candidates.map((c) => `  ${escapeUnsafe(c)}`));
    if ((error instanceof ApplyConflictError || error instanceof CorrectionConflictError) && error.conflicts.length > 10) lines.push(...error.conflicts.map((c) => `  conflict: ${escapeUnsafe(c)}`));
    if (error instanceof UsageError) lines.push(usageHint(error.command));
    writeText(env.stderr, lines.join('\n'));
  }
  // Core errors (guards, not found, validation, store, sandbox, conflicts) and unexpected ones: 1.
  return error instanceof CliError ? error.exitCode : EXIT_FAILED;
}

function ambiguousHead(error: AmbiguousIdError): string {
  return `Validation Error: ${error.entity} id "${error.given}" is ambiguous: it fits ${error.count} ${error.entity}s. Give more characters, for instance one of these:`;
}

export function stderrLogger(stderr: TextSink, verbose: boolean): Logger {
  return {
    debug: (m) => {
      if (verbose) writeText(stderr, `debug: ${escapeUnsafe(m)}`);
    },
    info: (m) => {
      if (verbose) writeText(stderr, `info: ${escapeUnsafe(m)}`);
    },
    warn: (m) => {
      writeText(stderr, `warning: ${escapeUnsafe(m)}`);
    },
    error: (m) => {
      writeText(stderr, `error: ${escapeUnsafe(m)}`);
    },
  };
}

export function isTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
