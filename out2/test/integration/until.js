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
exports.until = until;
exports.writeAndHear = writeAndHear;
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
/** Waits until `probe` gives something truthy (and returns it), or fails naming what it waited for. */
async function until(what, probe, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await probe();
        if (value)
            return value;
        if (Date.now() > deadline)
            throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}
/**
 * Writes `file` from outside VS Code, as a tool does, and resolves once a file watcher reported
 * it: the extension's own watcher hears the same event at the same moment, which on a busy machine
 * may be seconds later. Fails after `timeoutMs` (a generous deadline, not a wait).
 */
async function writeAndHear(file, content, timeoutMs = 60_000) {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
    let timer;
    try {
        const heard = new Promise((resolve) => {
            watcher.onDidCreate(() => resolve());
            watcher.onDidChange(() => resolve());
        });
        const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no file watcher reported the write of ${file} within ${timeoutMs} ms`)), timeoutMs)));
        fs.writeFileSync(file, content);
        await Promise.race([heard, late]);
    }
    finally {
        clearTimeout(timer);
        watcher.dispose();
    }
}
//# sourceMappingURL=until.js.map