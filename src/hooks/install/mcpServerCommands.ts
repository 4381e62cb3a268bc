import * as path from 'node:path';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { writeFileAtomic } from '../../adapters/files/atomicFile';
import { duplicateKeyMessage, firstInFile, repeatedKeys, type DuplicateKey } from './duplicateKeys';
import { modeOf, readTextOrNull } from './hookFiles';
import { resolveTarget } from './safeTarget';
import type { RewrittenFile } from './versionedCommands';
import { replaceVersionedCli } from './versionedCommands';

// Two MCP configurations live in files that another program owns and rewrites often: Claude
// Code's `~/.claude.json` (where `claude mcp add` keeps user-scope servers at `mcpServers`, and
// local-scope ones at `projects.<folder>.mcpServers`, beside the user's history, caches and OAuth
// session) and Cline's `cline_mcp_settings.json` (in VS Code's global storage, beside ours). A
// replacement over the whole text, as for the hook files, could change a prompt in that history
// that quotes the path; here only the `command` and `args` strings of the MCP server entries are
// rewritten, each replaced in place (jsonc-parser for the positions only), every other byte kept.

/** A file another program owns, holding MCP server entries. */
export interface OwnedMcpFile {
  /** Relative to its root, with `/` separators. */
  readonly relative: string;
  /** As the log shows it. */
  readonly display: string;
  /** The program that reads the file (for the messages). */
  readonly owner: string;
  /** The objects that map server names to entries. */
  serverMaps(tree: Node): Node[];
  /** A key read on the way to those maps, or in them, that an object holds twice (see duplicateKeys.ts). */
  duplicate(text: string, tree: Node): DuplicateKey | undefined;
}

function objectAt(node: Node | undefined, key: string): Node | undefined {
  const property = node?.type === 'object' ? node.children?.find((p) => p.children?.[0]?.value === key) : undefined;
  const value = property?.children?.[1];
  return value?.type === 'object' ? value : undefined;
}

/** Claude Code's user file: user-scope servers, and each project's local-scope ones. */
export const CLAUDE_CODE_USER_MCP: OwnedMcpFile = {
  relative: '.claude.json',
  display: '~/.claude.json',
  owner: 'Claude Code',
  serverMaps: (tree) => {
    const projects = objectAt(tree, 'projects')?.children ?? [];
    const local = projects.map((p) => objectAt(p.children?.[1], 'mcpServers'));
    return [objectAt(tree, 'mcpServers'), ...local].filter((n): n is Node => n !== undefined);
  },
  duplicate: (text, tree) => {
    // `projects` holds each folder's history too: only the keys on the way to the servers are looked at there
    const found = [...repeatedKeys(text, tree, '', ['projects'], false), ...repeatedKeys(text, tree, '', ['mcpServers'], true)];
    for (const project of objectAt(tree, 'projects')?.children ?? []) {
      const [name, value] = project.children ?? [];
      if (value?.type === 'object') found.push(...repeatedKeys(text, value, `projects.${String(name?.value)}`, ['mcpServers'], true));
    }
    return firstInFile(found);
  },
};

/** Cline's extension id: its global storage folder is named after it, beside ours. */
export const CLINE_EXTENSION_ID = 'saoudrizwan.claude-dev';

/** Cline's MCP settings, relative to VS Code's global storage folder. */
export const CLINE_MCP_SETTINGS: OwnedMcpFile = {
  relative: `${CLINE_EXTENSION_ID}/settings/cline_mcp_settings.json`,
  display: `Cline's cline_mcp_settings.json`,
  owner: 'Cline',
  serverMaps: (tree) => [objectAt(tree, 'mcpServers')].filter((n): n is Node => n !== undefined),
  duplicate: (text, tree) => firstInFile(repeatedKeys(text, tree, '', ['mcpServers'], true)),
};

/** The `command` and `args` string nodes of every server entry in `maps`. */
function commandStrings(maps: readonly Node[]): Node[] {
  const strings: Node[] = [];
  for (const map of maps) {
    for (const server of map.children ?? []) {
      const entry = server.children?.[1];
      if (entry?.type !== 'object') continue;
      for (const property of entry.children ?? []) {
        const key = property.children?.[0]?.value;
        const value = property.children?.[1];
        if (key === 'command' && value?.type === 'string') strings.push(value);
        if (key === 'args' && value?.type === 'array') strings.push(...(value.children ?? []).filter((v) => v.type === 'string'));
      }
    }
  }
  return strings;
}

/**
 * `text` with each versioned dist/cli.js of ours in a server's `command` or `args` replaced by
 * `shim`; the other bytes unchanged. `problem` when the file cannot be parsed, or parses two ways
 * (a key on the way held twice: the edit would land where its program does not read): it is left alone.
 */
export function rewriteServerStrings(text: string, file: OwnedMcpFile, extensionsDir: string, shim: string, platform: NodeJS.Platform = process.platform): { text: string; replaced: number } | { problem: string } {
  // most such files name nothing of ours: no parse of a large file for them
  if (replaceVersionedCli(text, extensionsDir, shim, platform).replaced === 0) return { text, replaced: 0 };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: false, allowTrailingComma: true });
  if (!tree || errors.length > 0 || tree.type !== 'object') return { problem: `${file.display}: it cannot be parsed as JSON; it was left as it is` };
  const duplicate = file.duplicate(text, tree);
  if (duplicate) return { problem: `${duplicateKeyMessage(file.display, file.owner, duplicate)}; it was left as it is` };
  let result = text;
  let replaced = 0;
  // from the end, so each node's offset still holds when it is replaced
  for (const node of commandStrings(file.serverMaps(tree)).sort((a, b) => b.offset - a.offset)) {
    const value = node.value as string;
    const next = replaceVersionedCli(value, extensionsDir, shim, platform);
    if (next.replaced === 0) continue;
    replaced += next.replaced;
    result = result.slice(0, node.offset) + JSON.stringify(next.text) + result.slice(node.offset + node.length);
  }
  return { text: result, replaced };
}

/** How often a file that changed between our read and our write is read again before giving up. */
const ATTEMPTS = 3;

/**
 * Rewrites the MCP server entries of `file` under `root` that name a versioned dist/cli.js of ours
 * in `extensionsDir` to `shim`. Written atomically with its mode; not through a symbolic link that
 * leads out of `root`; not when the file cannot be parsed. The owner writes the file often: it is
 * read again right before the write, and the edit made again on what it holds then.
 */
export async function rewriteOwnedMcpFile(root: string, file: OwnedMcpFile, extensionsDir: string, shim: string): Promise<{ rewritten?: RewrittenFile; problem?: string }> {
  let target: string;
  try {
    // 'project': every link on the way must stay inside root
    target = await resolveTarget(root, file.relative, 'project', file.display);
  } catch {
    return {};
  }
  let before = await readTextOrNull(target, file.display).catch(() => null);
  for (let attempt = 0; attempt < ATTEMPTS && before !== null; attempt++) {
    const next = rewriteServerStrings(before, file, extensionsDir, shim);
    if ('problem' in next) return { problem: next.problem };
    if (next.replaced === 0) return {};
    const now = await readTextOrNull(target, file.display).catch(() => null);
    if (now !== before) {
      before = now;
      continue;
    }
    try {
      await writeFileAtomic(target, next.text, (await modeOf(target)) ?? 0o600);
      return { rewritten: { display: file.display, replaced: next.replaced } };
    } catch (error) {
      return { problem: `${file.display}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return before === null ? {} : { problem: `${file.display}: it kept changing while it was read (${path.basename(target)} is written by its program); it was left as it is` };
}
