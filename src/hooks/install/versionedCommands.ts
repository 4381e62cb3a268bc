import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { HOOK_AGENTS } from '../../daemonClient/hookAgents';
import { AGENT_HOOK_CONFIGS, type HookScope } from './agentHookConfigs';
import { forwardSlashes } from './hookCommandLine';
import { displayPath, modeOf, readTextOrNull } from './hookFiles';
import { resolveTarget } from './safeTarget';
import { EXTENSION_FOLDER } from './stableCli';

// Configurations written before the stable shim (stableCli.ts) name `<extensions>/cleveragents.
// cleveragents-checkpoints-<version>/dist/cli.js`, which VS Code deletes after an update. On
// activation the extension rewrites that path, wherever it stands in the files hooks and MCP
// servers are configured in, to the shim's: a text replacement of that path alone, so the rest of
// each file (other entries, comments, formatting, the events the user kept) stays byte for byte.
// Only the path of one of our own versioned folders is replaced; it names our CLI whoever typed it.

/** How a path may be spelled in a configuration file: each transformation a writer applied. */
type Spelling = (text: string) => string;

const same: Spelling = (t) => t;
/** Inside a JSON string. */
const json: Spelling = (t) => JSON.stringify(t).slice(1, -1);
/** Inside a bash word in double quotes (hookCommandLine's bashWord). */
const bash: Spelling = (t) => t.replace(/(["\\$`])/g, '\\$1');
/** Inside a PowerShell word in single quotes. */
const powershell: Spelling = (t) => t.replace(/'/g, "''");

const SPELLINGS: readonly Spelling[] = [same, bash, powershell].flatMap((word) => [same, forwardSlashes].flatMap((slashes) => [(t: string) => word(slashes(t)), (t: string) => json(word(slashes(t)))]));

const PLACEHOLDER = 'CLEVERAGENTSVERSIONFOLDER';
const FOLDER_SOURCE = EXTENSION_FOLDER.source.replace(/^\^/, '').replace(/\$$/, '');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with every spelling of `<extensionsDir>/<a version of ours>/dist/cli.js` replaced by the
 * same spelling of `shim`, and how many were replaced. Case-insensitive where the file system is.
 */
export function replaceVersionedCli(text: string, extensionsDir: string, shim: string, platform: NodeJS.Platform = process.platform): { text: string; replaced: number } {
  const sep = platform === 'win32' ? '\\' : '/';
  const versioned = `${extensionsDir.replace(/[\\/]+$/, '')}${sep}${PLACEHOLDER}${sep}dist${sep}cli.js`;
  const flags = platform === 'win32' || platform === 'darwin' ? 'gi' : 'g';
  let replaced = 0;
  const seen = new Set<string>();
  for (const spell of SPELLINGS) {
    const source = escapeRegExp(spell(versioned)).replace(PLACEHOLDER, FOLDER_SOURCE);
    if (seen.has(source)) continue;
    seen.add(source);
    const replacement = spell(shim);
    // a path continues after cli.js only in a longer name (cli.jsx): not ours
    text = text.replace(new RegExp(`${source}(?![\\w.-])`, flags), () => {
      replaced += 1;
      return replacement;
    });
  }
  return { text, replaced };
}

/** The MCP clients' project files (`agents mcp --print-config` says where each goes), and their user-level ones. */
const MCP_FILES: Record<HookScope, readonly string[]> = {
  project: ['.vscode/mcp.json', '.cursor/mcp.json', '.mcp.json'],
  user: ['.cursor/mcp.json'],
};

/** Every file, relative to the root, where our hooks or MCP server may be configured in `scope`. */
export function configuredFiles(scope: HookScope): string[] {
  const files: string[] = [];
  for (const agent of HOOK_AGENTS) {
    const config = AGENT_HOOK_CONFIGS[agent];
    if (config.kind === 'scripts') files.push(...config.events.map((event) => `${config.folder(scope)}/${event}`));
    // an earlier version's place too (Claude Code's shared settings.json): its hooks still run until moved
    else if (config.kind === 'json') files.push(config.file(scope), ...(config.formerFiles?.(scope) ?? []));
    else files.push(config.file(scope));
  }
  return [...new Set([...files, ...MCP_FILES[scope]])];
}

export interface RewrittenFile {
  /** As the user sees it: relative to the workspace, or under `~/`. */
  readonly display: string;
  readonly replaced: number;
}

export interface RewriteResult {
  readonly rewritten: readonly RewrittenFile[];
  /** Files that name a versioned path but could not be written, each with the reason. */
  readonly problems: readonly string[];
}

/**
 * Rewrites, in the hook and MCP configuration files under `root`, every path of a versioned folder
 * of ours in `extensionsDir` to `shim`. Each file is written atomically, with its mode, through the
 * same checks as the installer (in project scope, no link out of the workspace). A file that names
 * nothing of the kind is not written.
 */
export async function rewriteVersionedCommands(root: string, scope: HookScope, extensionsDir: string, shim: string): Promise<RewriteResult> {
  const rewritten: RewrittenFile[] = [];
  const problems: string[] = [];
  for (const relative of configuredFiles(scope)) {
    const display = displayPath(scope, relative);
    let target: string;
    let before: string | null;
    try {
      target = await resolveTarget(root, relative, scope, display);
      before = await readTextOrNull(target, display);
    } catch {
      // what the installer refuses to write (a link out of the workspace, a folder, an unreadable file) is left alone here too
      continue;
    }
    if (before === null) continue;
    const { text, replaced } = replaceVersionedCli(before, extensionsDir, shim);
    if (replaced === 0) continue;
    try {
      await writeFileAtomic(target, text, (await modeOf(target)) ?? 0o644);
      rewritten.push({ display, replaced });
    } catch (error) {
      problems.push(`${display}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { rewritten, problems };
}
