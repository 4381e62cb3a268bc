import * as vscode from 'vscode';
import type { HostMessage, PageMessage, PanelState } from '../../../webview/protocol';
import { panelTitle } from '../../../webview/render';
import { makeNonce, panelHtml } from './panelHtml';
import { parsePageMessage, parsePanelState } from './panelSchemas';
import { ROLLBACK_PANEL_VIEW_TYPE } from '../rollbackCommandIds';

/** What the panel's buttons and rows do; the host of the panel only checks and forwards. */
export interface PanelActions {
  openDiff(state: PanelState, path: string): Promise<void>;
  openAll(state: PanelState): Promise<void>;
  /** Undoes the rollback the state shows; the state to show next, or undefined (cancelled, failed). */
  undo(state: PanelState): Promise<PanelState | undefined>;
  /** Preview: goes ahead with the rollback; the state to show next, or undefined. */
  rollback(state: PanelState): Promise<PanelState | undefined>;
  copyJson(state: PanelState): Promise<void>;
  /** Correction result: undoes the correction; the state to show next, or undefined. */
  undoCorrection(state: PanelState): Promise<PanelState | undefined>;
  /** Preview or Compare with Current: restores one path from the checkpoint; the state to show next. */
  restorePath(state: PanelState, path: string): Promise<PanelState | undefined>;
}

export interface PanelLog {
  warn(message: string): void;
  debug(message: string): void;
}

/** Workspace Trust, as the panel needs it: Undo and Roll Back write files and run git. */
export interface PanelTrust {
  isTrusted(): boolean;
  /** Says why an action is not available (a warning with the way to trust the workspace). */
  explain(action: string): void;
  readonly onDidGrant: vscode.Event<void>;
}

/**
 * The rollback panel: one at a time, reused by every result (rollback, undo, preview, comparisons).
 * Survives a window reload through the serializer, which gets the page's last state back.
 */
export class RollbackPanels implements vscode.Disposable {
  private current: RollbackPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
    private readonly log: PanelLog,
    /** Whether a restored state's workspace folder is still open. */
    private readonly folderExists: (uri: string) => boolean,
    private readonly trust: PanelTrust,
  ) {
    // Trust granted: the page may now offer what it held back.
    this.disposables.push(trust.onDidGrant(() => this.current?.update(this.current.state)));
  }

  /** What the panel shows now (undefined: no panel). */
  get state(): PanelState | undefined {
    return this.current?.state;
  }

  get panel(): vscode.WebviewPanel | undefined {
    return this.current?.panel;
  }

  /** Shows the state; `preserveFocus` keeps the keyboard where it was (a click on a tree row). */
  show(state: PanelState, preserveFocus = false): void {
    if (this.current) {
      this.current.update(state);
      this.current.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(ROLLBACK_PANEL_VIEW_TYPE, panelTitle(state), { viewColumn: vscode.ViewColumn.Active, preserveFocus }, this.options());
    this.adopt(panel, state);
  }

  /** Handles a message as if the page had sent it (the integration tests' way in). */
  async receive(raw: unknown): Promise<void> {
    await this.current?.receive(raw);
  }

  dispose(): void {
    this.current?.panel.dispose();
    for (const d of this.disposables) d.dispose();
  }

  /**
   * After a window reload: the page's last state, if it is still valid, or the panel closes (the
   * serializer that calls this is registered at activation: rollbackFeatures.ts).
   */
  async restore(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
    const parsed = parsePanelState(raw);
    if (!parsed.ok || !this.folderExists(parsed.value.folder.uri)) {
      this.log.debug(`Closing a restored rollback panel: ${parsed.ok ? 'its workspace folder is no longer open' : `its state is not valid (${parsed.error})`}`);
      panel.dispose();
      return;
    }
    panel.webview.options = this.options();
    this.adopt(panel, parsed.value);
  }

  private adopt(panel: vscode.WebviewPanel, state: PanelState): void {
    // One panel at a time: a second one (two restored after a reload) replaces the first.
    this.current?.panel.dispose();
    const created: RollbackPanel = new RollbackPanel(panel, state, this.extensionUri, this.actions, this.log, this.trust, () => {
      if (this.current === created) this.current = undefined;
    });
    this.current = created;
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
  }
}

class RollbackPanel {
  private busy = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    public state: PanelState,
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
    private readonly log: PanelLog,
    private readonly trust: PanelTrust,
    onDispose: () => void,
  ) {
    panel.title = panelTitle(state);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'checkpoints.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      panel.onDidDispose(() => {
        for (const d of this.disposables) d.dispose();
        onDispose();
      }),
    );
    this.load();
  }

  update(state: PanelState): void {
    this.state = state;
    this.panel.title = panelTitle(state);
    this.post({ type: 'show', state, canWrite: this.trust.isTrusted() });
  }

  /** A fresh page with a fresh nonce; it asks for the state when it is ready. */
  private load(): void {
    const webview = this.panel.webview;
    const asset = (...segments: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...segments)).toString();
    webview.html = panelHtml({ cspSource: webview.cspSource, nonce: makeNonce(), scriptUri: asset('dist', 'webview.js'), styleUri: asset('media', 'panel.css') });
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  async receive(raw: unknown): Promise<void> {
    const parsed = parsePageMessage(raw);
    if (!parsed.ok) {
      this.log.warn(`Ignored a message from the rollback panel that is not valid: ${parsed.error}`);
      return;
    }
    const message = parsed.value;
    if (message.type === 'ready') {
      this.post({ type: 'show', state: this.state, canWrite: this.trust.isTrusted() });
      return;
    }
    if ((message.type === 'openDiff' || message.type === 'restorePath') && !this.state.changes.some((c) => c.path === message.path)) {
      this.log.warn(`Ignored a request of the rollback panel to open ${JSON.stringify(message.path)}: the panel does not list it`);
      return;
    }
    const writes = message.type === 'undo' || message.type === 'rollback' || message.type === 'undoCorrection' || message.type === 'restorePath';
    if (writes && !this.trust.isTrusted()) {
      // The page offers none of these in Restricted Mode; a message that asks anyway is refused here.
      this.log.warn(`Refused "${message.type}" from the rollback panel: the workspace is not trusted (Restricted Mode)`);
      this.trust.explain({ undo: 'Undo Rollback', rollback: 'Roll Back to Checkpoint', undoCorrection: 'Undo Correction', restorePath: 'Restore this File' }[message.type]);
      return;
    }
    if (this.busy) return;
    this.busy = true;
    const slow = writes;
    if (slow) this.post({ type: 'busy', busy: true });
    try {
      const next = await this.run(message);
      if (next) this.update(next);
    } finally {
      this.busy = false;
      if (slow) this.post({ type: 'busy', busy: false });
    }
  }

  private async run(message: Exclude<PageMessage, { type: 'ready' }>): Promise<PanelState | undefined> {
    const state = this.state;
    switch (message.type) {
      case 'openDiff':
        await this.actions.openDiff(state, message.path);
        return undefined;
      case 'openAll':
        await this.actions.openAll(state);
        return undefined;
      case 'copyJson':
        await this.actions.copyJson(state);
        return undefined;
      case 'undo': {
        if (!state.rollback || state.rollback.undone) return undefined;
        return this.actions.undo(state);
      }
      case 'rollback':
        // A preview's Roll Back, or Compare with Current's Roll Back to This Checkpoint (not a correction's comparison).
        if (state.mode !== 'preview' && !(state.mode === 'compareCurrent' && !state.correction)) return undefined;
        return this.actions.rollback(state);
      case 'undoCorrection':
        if (!state.correction || state.correction.undone) return undefined;
        return this.actions.undoCorrection(state);
      case 'restorePath':
        if (state.mode !== 'preview' && state.mode !== 'compareCurrent') return undefined;
        return this.actions.restorePath(state, message.path);
    }
  }
}
