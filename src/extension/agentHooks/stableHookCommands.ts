import * as os from 'node:os';
import * as vscode from 'vscode';
import type { HookScope } from '../../hooks/install/agentHookConfigs';
import { writeStableCli } from '../../hooks/install/stableCli';
import { extensionsDirOf, rewriteVersionedCommands } from '../../hooks/install/versionedCommands';
import type { FolderServices } from '../folderServices';
import { showInfo } from '../shownText';

// At each activation: the stable shim (hook-runtime/cli.js in the global storage) is rewritten to
// load this version's dist/cli.js, and the hook and MCP configurations that still name a versioned
// dist/cli.js of ours (written before the shim existed) are rewritten to name the shim, without
// asking: they are our own entries, the user asked for them when connecting the agent, only our
// path changes in them (docs/AGENTS.md, "Across updates of the extension"), and left alone they
// fail at the next update, silently. Workspace files only in a trusted workspace (Restricted Mode
// writes nothing there); the home folder's always.

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
    const roots: { root: string; scope: HookScope }[] = [{ root: deps.home ?? os.homedir(), scope: 'user' }, ...this.projectRoots(deps.folders.folders())];
    this.lastPass = this.rewrite(roots);
    this.subscriptions.push(
      vscode.workspace.onDidGrantWorkspaceTrust(() => void (this.lastPass = this.rewrite(this.projectRoots(deps.folders.folders())))),
      vscode.workspace.onDidChangeWorkspaceFolders((event) => void (this.lastPass = this.rewrite(this.projectRoots(event.added)))),
    );
  }

  private projectRoots(folders: readonly vscode.WorkspaceFolder[]): { root: string; scope: HookScope }[] {
    if (!vscode.workspace.isTrusted) return [];
    return folders.filter((f) => f.uri.scheme === 'file').map((f) => ({ root: f.uri.fsPath, scope: 'project' as const }));
  }

  private async rewrite(roots: readonly { root: string; scope: HookScope }[]): Promise<void> {
    const extensionsDir = extensionsDirOf(this.deps.extensionRoot);
    // a development checkout: nothing it wrote names a versioned folder
    if (!extensionsDir) return;
    const shim = await this.shim;
    if (!shim) return;
    const changed: string[] = [];
    for (const { root, scope } of roots) {
      try {
        const result = await rewriteVersionedCommands(root, scope, extensionsDir, shim);
        for (const file of result.rewritten) {
          const where = scope === 'project' ? `${root}: ${file.display}` : file.display;
          this.deps.channel.info(`Rewrote ${file.replaced} command path(s) in ${where} from a versioned dist/cli.js of this extension (${extensionsDir}) to ${shim}, which stays across updates.`);
          changed.push(file.display);
        }
        for (const problem of result.problems) this.deps.channel.warn(`Could not rewrite a hook or MCP command that names a versioned dist/cli.js, which an update of the extension deletes: ${problem}. Connect the agent again.`);
      } catch (error) {
        this.deps.channel.warn(`Could not look for hook and MCP commands naming a versioned dist/cli.js in ${root}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (changed.length > 0) {
      void showInfo(`CleverAgents Checkpoints: the hook and MCP commands in ${changed.join(', ')} now name a path that stays across updates of the extension (see the output channel).`);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
