import * as os from 'node:os';
import * as vscode from 'vscode';
import * as path from 'node:path';
import type { RewriteRoots } from '../../hooks/install/activationRewrite';
import { extensionsDirOf, writeStableCli } from '../../hooks/install/stableCli';
import type { FolderServices } from '../folderServices';
import { showInfo, showWarning } from '../shownText';
import { currentHost, refreshLauncher } from './hookRuntime';
import { loadInstaller } from './loadInstaller';

// At each activation: the stable shim (hook-runtime/cli.js in the global storage) is rewritten to
// load this version's dist/cli.js, the runtime launcher beside it (hook-runtime/node, once a hook
// names it) to run this start's runtime (hookRuntime.ts), and the hook and MCP configurations that still name a versioned
// dist/cli.js of ours (written before the shim existed) are rewritten to name the shim, without
// asking: they are our own entries, the user asked for them when connecting the agent, only our
// path changes in them (docs/AGENTS.md, "Across updates of the extension"), and left alone they
// fail at the next update, silently. Workspace files only in a trusted workspace (Restricted Mode
// writes nothing there); the home folder's always, and Claude Code's ~/.claude.json and Cline's MCP
// settings (their MCP server entries only, see hooks/install/mcpServerCommands.ts).

export interface StableHookDeps {
  readonly storageDir: string;
  /** The folder this extension is installed in (context.extensionPath). */
  readonly extensionRoot: string;
  readonly folders: FolderServices;
  readonly channel: vscode.LogOutputChannel;
  /** The home folder (user-scope configurations); os.homedir() unless a test says otherwise. */
  readonly home?: string;
}

export class StableHookCommands implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private shim: Promise<string | undefined>;
  /** The last pass, for the tests: they wait for it. */
  lastPass: Promise<void>;

  constructor(private readonly deps: StableHookDeps) {
    this.shim = writeStableCli(deps.storageDir, deps.extensionRoot).catch((error: unknown) => {
      deps.channel.warn(`Could not write the stable entry of the CLI in ${deps.storageDir}: ${error instanceof Error ? error.message : String(error)}. Hooks connected from now on name it anyway and fail until it is written.`);
      return undefined;
    });
    // The runtime launcher that hooks connected earlier name: now for this start's runtime (an
    // update of VS Code or of its server may have removed the one it named).
    refreshLauncher(currentHost(path.join(deps.extensionRoot, 'dist'), deps.storageDir)).catch((error: unknown) => {
      deps.channel.warn(`Could not update the hooks' runtime launcher in ${deps.storageDir}: ${error instanceof Error ? error.message : String(error)}. Hooks connected from VS Code may fail until it is written; connect the agent again.`);
    });
    // Cline keeps its MCP settings in VS Code's global storage, beside ours
    this.lastPass = this.rewrite({ home: deps.home ?? os.homedir(), globalStorage: path.dirname(deps.storageDir), ...this.workspace(deps.folders.folders()) });
    this.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(() => void (this.lastPass = this.rewrite(this.workspace(deps.folders.folders())))),
      vscode.workspace.onDidChangeWorkspaceFolders((event) => void (this.lastPass = this.rewrite(this.workspace(event.added)))),
    );
  }

  private workspace(folders: readonly vscode.WorkspaceFolder[]): RewriteRoots {
    return { projectFolders: folders.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath), trusted: vscode.workspace.isTrusted };
  }

  private async rewrite(roots: RewriteRoots): Promise<void> {
    const extensionsDir = extensionsDirOf(this.deps.extensionRoot);
    // a development checkout: nothing it wrote names a versioned folder
    if (!extensionsDir) return;
    const shim = await this.shim;
    if (!shim) return;
    // the installer's part is read only here, for an installed extension, after activation
    const pass = await loadInstaller().rewriteVersionedConfigs(roots, extensionsDir, shim);
    for (const file of pass.rewritten) {
      this.deps.channel.info(`Rewrote ${file.replaced} command path(s) in ${file.where} from a versioned dist/cli.js of this extension (${extensionsDir}) to ${shim}, which stays across updates.`);
    }
    for (const problem of pass.problems) this.deps.channel.warn(`Could not rewrite a hook or MCP command that names a versioned dist/cli.js, which an update of the extension deletes: ${problem}. Connect the agent again.`);
    for (const failure of pass.failures) this.deps.channel.warn(`Could not look for hook and MCP commands naming a versioned dist/cli.js in ${failure}`);
    const reviews = pass.rewritten.flatMap((f) => (f.codexReview ? [f.codexReview] : []));
    for (const review of reviews) this.deps.channel.warn(review);
    if (reviews.length > 0) void showWarning(`CleverAgents Checkpoints: ${reviews.join('; ')}.`);
    if (pass.rewritten.length > 0) {
      void showInfo(`CleverAgents Checkpoints: the hook and MCP commands in ${pass.rewritten.map((f) => f.display).join(', ')} now name a path that stays across updates of the extension (see the output channel).`);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
