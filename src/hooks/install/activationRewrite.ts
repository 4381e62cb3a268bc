import { CLAUDE_CODE_USER_MCP, CLINE_MCP_SETTINGS, rewriteOwnedMcpFile } from './mcpServerCommands';
import { rewriteVersionedCommands } from './versionedCommands';

// The pass the extension makes at activation (extension/agentHooks/stableHookCommands.ts): every
// configuration that still names a versioned dist/cli.js of ours is rewritten to the stable shim.
// Kept free of vscode so that its rules, Restricted Mode's first, are tested on real files.

/** Where to look. */
export interface RewriteRoots {
  /** The home folder: user-scope hook and MCP files, and Claude Code's ~/.claude.json. */
  readonly home?: string;
  /** The workspace folders (local paths): their project-scope hook and MCP files. */
  readonly projectFolders: readonly string[];
  /**
   * Whether the workspace is trusted (vscode.workspace.isTrusted). In Restricted Mode nothing in the
   * workspace is written: its folders are skipped (the home folder's files are the user's own).
   */
  readonly trusted: boolean;
  /** VS Code's global storage folder, where Cline keeps its MCP settings. */
  readonly globalStorage?: string;
}

export interface RewrittenConfig {
  /** The file as the log shows it: `<folder>: <relative>` in a workspace folder, else `~/…`. */
  readonly where: string;
  readonly display: string;
  readonly replaced: number;
}

export interface RewritePass {
  readonly rewritten: readonly RewrittenConfig[];
  /** Files that name a versioned path but could not be written, each with the reason. */
  readonly problems: readonly string[];
  /** Roots that could not be looked in at all. */
  readonly failures: readonly string[];
}

export async function rewriteVersionedConfigs(roots: RewriteRoots, extensionsDir: string, shim: string): Promise<RewritePass> {
  const rewritten: RewrittenConfig[] = [];
  const problems: string[] = [];
  const failures: string[] = [];
  const scoped = [...(roots.home === undefined ? [] : [{ root: roots.home, scope: 'user' as const }]), ...(roots.trusted ? roots.projectFolders.map((root) => ({ root, scope: 'project' as const })) : [])];
  for (const { root, scope } of scoped) {
    try {
      const result = await rewriteVersionedCommands(root, scope, extensionsDir, shim);
      for (const file of result.rewritten) rewritten.push({ where: scope === 'project' ? `${root}: ${file.display}` : file.display, display: file.display, replaced: file.replaced });
      problems.push(...result.problems);
    } catch (error) {
      failures.push(`${root}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const owned = [...(roots.home === undefined ? [] : [{ root: roots.home, file: CLAUDE_CODE_USER_MCP }]), ...(roots.globalStorage === undefined ? [] : [{ root: roots.globalStorage, file: CLINE_MCP_SETTINGS }])];
  for (const { root, file } of owned) {
    const result = await rewriteOwnedMcpFile(root, file, extensionsDir, shim);
    if (result.rewritten) rewritten.push({ where: result.rewritten.display, ...result.rewritten });
    if (result.problem) problems.push(result.problem);
  }
  return { rewritten, problems, failures };
}
