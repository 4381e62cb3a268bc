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
exports.RollbackPanels = exports.ROLLBACK_PANEL_VIEW_TYPE = void 0;
const vscode = __importStar(require("vscode"));
const render_1 = require("../../../webview/render");
const panelHtml_1 = require("./panelHtml");
const panelSchemas_1 = require("./panelSchemas");
exports.ROLLBACK_PANEL_VIEW_TYPE = 'cleveragents.checkpoints.rollbackPanel';
/**
 * The rollback panel: one at a time, reused by every result (rollback, undo, preview, comparisons).
 * Survives a window reload through the serializer, which gets the page's last state back.
 */
class RollbackPanels {
    extensionUri;
    actions;
    log;
    folderExists;
    trust;
    current;
    disposables = [];
    constructor(extensionUri, actions, log, 
    /** Whether a restored state's workspace folder is still open. */
    folderExists, trust) {
        this.extensionUri = extensionUri;
        this.actions = actions;
        this.log = log;
        this.folderExists = folderExists;
        this.trust = trust;
        this.disposables.push(vscode.window.registerWebviewPanelSerializer(exports.ROLLBACK_PANEL_VIEW_TYPE, { deserializeWebviewPanel: (panel, state) => this.restore(panel, state) }), 
        // Trust granted: the page may now offer what it held back.
        trust.onDidGrant(() => this.current?.update(this.current.state)));
    }
    /** What the panel shows now (undefined: no panel). */
    get state() {
        return this.current?.state;
    }
    get panel() {
        return this.current?.panel;
    }
    /** Shows the state; `preserveFocus` keeps the keyboard where it was (a click on a tree row). */
    show(state, preserveFocus = false) {
        if (this.current) {
            this.current.update(state);
            this.current.panel.reveal(undefined, preserveFocus);
            return;
        }
        const panel = vscode.window.createWebviewPanel(exports.ROLLBACK_PANEL_VIEW_TYPE, (0, render_1.panelTitle)(state), { viewColumn: vscode.ViewColumn.Active, preserveFocus }, this.options());
        this.adopt(panel, state);
    }
    /** Handles a message as if the page had sent it (the integration tests' way in). */
    async receive(raw) {
        await this.current?.receive(raw);
    }
    dispose() {
        this.current?.panel.dispose();
        for (const d of this.disposables)
            d.dispose();
    }
    /** After a window reload: the page's last state, if it is still valid, or the panel closes. */
    async restore(panel, raw) {
        const parsed = (0, panelSchemas_1.parsePanelState)(raw);
        if (!parsed.ok || !this.folderExists(parsed.value.folder.uri)) {
            this.log.debug(`Closing a restored rollback panel: ${parsed.ok ? 'its workspace folder is no longer open' : `its state is not valid (${parsed.error})`}`);
            panel.dispose();
            return;
        }
        panel.webview.options = this.options();
        this.adopt(panel, parsed.value);
    }
    adopt(panel, state) {
        // One panel at a time: a second one (two restored after a reload) replaces the first.
        this.current?.panel.dispose();
        const created = new RollbackPanel(panel, state, this.extensionUri, this.actions, this.log, this.trust, () => {
            if (this.current === created)
                this.current = undefined;
        });
        this.current = created;
    }
    options() {
        return {
            enableScripts: true,
            enableCommandUris: false,
            enableFindWidget: true,
            localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
        };
    }
}
exports.RollbackPanels = RollbackPanels;
class RollbackPanel {
    panel;
    state;
    extensionUri;
    actions;
    log;
    trust;
    busy = false;
    disposables = [];
    constructor(panel, state, extensionUri, actions, log, trust, onDispose) {
        this.panel = panel;
        this.state = state;
        this.extensionUri = extensionUri;
        this.actions = actions;
        this.log = log;
        this.trust = trust;
        panel.title = (0, render_1.panelTitle)(state);
        panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'checkpoints.svg');
        this.disposables.push(panel.webview.onDidReceiveMessage((raw) => void this.receive(raw)), panel.onDidDispose(() => {
            for (const d of this.disposables)
                d.dispose();
            onDispose();
        }));
        this.load();
    }
    update(state) {
        this.state = state;
        this.panel.title = (0, render_1.panelTitle)(state);
        this.post({ type: 'show', state, canWrite: this.trust.isTrusted() });
    }
    /** A fresh page with a fresh nonce; it asks for the state when it is ready. */
    load() {
        const webview = this.panel.webview;
        const asset = (...segments) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...segments)).toString();
        webview.html = (0, panelHtml_1.panelHtml)({ cspSource: webview.cspSource, nonce: (0, panelHtml_1.makeNonce)(), scriptUri: asset('dist', 'webview.js'), styleUri: asset('media', 'panel.css') });
    }
    post(message) {
        void this.panel.webview.postMessage(message);
    }
    async receive(raw) {
        const parsed = (0, panelSchemas_1.parsePageMessage)(raw);
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
        if (this.busy)
            return;
        this.busy = true;
        const slow = writes;
        if (slow)
            this.post({ type: 'busy', busy: true });
        try {
            const next = await this.run(message);
            if (next)
                this.update(next);
        }
        finally {
            this.busy = false;
            if (slow)
                this.post({ type: 'busy', busy: false });
        }
    }
    async run(message) {
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
                if (!state.rollback || state.rollback.undone)
                    return undefined;
                return this.actions.undo(state);
            }
            case 'rollback':
                // A preview's Roll Back, or Compare with Current's Roll Back to This Checkpoint (not a correction's comparison).
                if (state.mode !== 'preview' && !(state.mode === 'compareCurrent' && !state.correction))
                    return undefined;
                return this.actions.rollback(state);
            case 'undoCorrection':
                if (!state.correction || state.correction.undone)
                    return undefined;
                return this.actions.undoCorrection(state);
            case 'restorePath':
                if (state.mode !== 'preview' && state.mode !== 'compareCurrent')
                    return undefined;
                return this.actions.restorePath(state, message.path);
        }
    }
}
//# sourceMappingURL=rollbackPanel.js.map