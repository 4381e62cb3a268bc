import { stat } from 'node:fs/promises';
import { readRegularFile } from '../../adapters/files/stateFiles';
import { StoreRefusedError } from '../../core/errors';
import type { HookAgent } from '../../daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS, CLINE_SCRIPT_MARK, type HookScope } from './agentHookConfigs';
import { isOurCommand } from './hookCommandLine';
import { ConfigFileError } from './jsonEdit';

// Small helpers shared by install, uninstall and status.

/** A path as the user sees it: relative to the workspace, or under `~/` in the home folder. */
export function displayPath(scope: HookScope, relative: string): string {
  return scope === 'user' ? `~/${relative}` : relative;
}

/** An agent's settings file is a few kilobytes; one far larger is not one. */
const SETTINGS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The file's text, or null when there is none. Never blocks: a FIFO, a socket or a device in a
 * settings file's place (a tarball can ship one) is refused, and nothing is written.
 */
export async function readTextOrNull(target: string, display: string): Promise<string | null> {
  try {
    return readRegularFile(target, display, SETTINGS_MAX_BYTES)?.toString('utf8') ?? null;
  } catch (error) {
    if (error instanceof StoreRefusedError) throw new ConfigFileError(`${error.message.replace(/^Refused: /, '').replace(/\.$/, '')}; nothing was written`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EISDIR') throw new ConfigFileError(`${display} is a folder, not a file; nothing was written`);
    throw new ConfigFileError(`${display}: cannot read it (${code ?? String(error)}); nothing was written`);
  }
}

/** The file's permission bits, or undefined when there is no file. */
export async function modeOf(target: string): Promise<number | undefined> {
  try {
    return (await stat(target)).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Whether a Cline hook script is one this installer wrote: our mark and our command. */
export function isOurClineScript(text: string): boolean {
  return text.split(/\r?\n/).includes(CLINE_SCRIPT_MARK) && isOurCommand(text, 'cline');
}

/**
 * Every path (files, and the folders above them) that installing `agent` in `scope` may create,
 * relative to the root: the only paths of the install record ever acted on.
 */
export function creatablePaths(agent: HookAgent, scope: HookScope): string[] {
  const config = AGENT_HOOK_CONFIGS[agent];
  const files = config.kind === 'scripts' ? config.events.map((event) => `${config.folder(scope)}/${event}`) : config.kind === 'json' ? [config.file(scope), ...(config.formerFiles?.(scope) ?? [])] : [config.file(scope)];
  const paths = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  return [...paths];
}
