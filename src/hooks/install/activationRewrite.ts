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
  /**
   * Set for Codex's hooks.json: Codex runs a hook only while the hash it recorded at the user's
   * review matches the hook's definition, its command included (hook_trust_status and
   * command_hook_hash in github.com/openai/codex codex-rs/hooks/src/engine/discovery.rs): after this
   * rewrite it skips the hooks, without a word, until the user reviews them again.
   */
  readonly codexReview?: string;
}

/** Codex's hooks.json in a project (`.codex/hooks.json`) or the home folder (`~/.codex/hooks.json`). */
function isCodexHooksFile(display: string): boolean {
  return /(?:^|[\\/])\.codex[\\/]hooks\.json$/.test(display);
}

/** What the user must do after a rewrite of Codex's hooks.json. */
export function codexReviewNote(where: string): string {
  return `Codex skips the hooks in ${where} until you review them again: their command changed, and Codex runs a hook only as you trusted it (open /hooks in Codex, or answer its prompt at its next start, and accept the cleveragents-checkpoints hooks)`;
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
      for (const file of result.rewritten) {
        const where = scope === 'project' ? `${root}: ${file.display}` : file.display;
        rewritten.push({ where, display: file.display, replaced: file.replaced, ...(isCodexHooksFile(file.display) ? { codexReview: codexReviewNote(where) } : {}) });
      }
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
