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
exports.LAUNCHER_RELATIVE = void 0;
exports.launcherText = launcherText;
exports.currentHost = currentHost;
exports.vscodeHookProgram = vscodeHookProgram;
exports.refreshLauncher = refreshLauncher;
// eslint-disable-next-line no-restricted-imports -- the launcher and package.json in the extension's own folders, not the workspace's
const node_fs_1 = require("node:fs");
// eslint-disable-next-line no-restricted-imports -- the same
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const atomicFile_1 = require("../../adapters/files/atomicFile");
const executableOnPath_1 = require("../../adapters/files/executableOnPath");
const stableCli_1 = require("../../hooks/install/stableCli");
const fastClientScript_1 = require("../../daemon/fastClientScript");
// The program a hook installed from VS Code starts. The agent runs it outside VS Code (Claude Code
// in a terminal, Cursor, Gemini CLI...), so it must not depend on VS Code running, nor on the
// agent's PATH. The CLI is the stable shim in the extension's global storage (hook-runtime/cli.js,
// see hooks/install/stableCli.ts), which loads this extension's dist/cli.js and survives its
// updates; the versioned folder itself is deleted by VS Code after an update. The runtime is the one
// running this extension, through a launcher in the global storage (hook-runtime/node), on Linux
// and macOS:
// - in desktop VS Code, process.execPath is the Electron binary, which starts the editor unless
//   ELECTRON_RUN_AS_NODE=1 is set (what VS Code's own `code` launcher does): the launcher sets it;
// - in a VS Code server (Remote - SSH, WSL, dev containers, Codespaces, code-server),
//   process.execPath is a real node, but inside the server's versioned folder
//   (~/.vscode-server/bin/<commit>/node), which the server's next update deletes. Named directly,
//   every hook would then fail, and the agent goes on without checkpoints.
// So the command names the launcher, which is rewritten at each activation with the runtime of the
// day; until then, when the runtime it names is gone, it runs a node on the PATH, or says what
// happened. The installer's command is `"<node>" "<cli.js>" hook run <agent>` (programOfCommand
// parses exactly that). No Node.js install is needed.
// On Windows, where such a launcher would need a .cmd that PowerShell and sh both run, a plain node
// host is named as it is, and for Electron the first node.exe on the PATH is named, and without one
// the command says to install Node.js.
/** The name of the launcher, under the extension's global storage. */
exports.LAUNCHER_RELATIVE = path.join(path.dirname(stableCli_1.STABLE_CLI_RELATIVE), stableCli_1.LAUNCHER_NAME);
/**
 * The launcher: the fast client first (a hook handed to the workspace's resident process with
 * curl, daemon/fastClientScript.ts), when the host says which version and user it is for; then
 * node, which does everything else.
 */
function launcherText(runtime, electron, fast) {
    const quoted = `"${runtime.replace(/(["\\$`])/g, '\\$1')}"`;
    return [
        '#!/bin/sh',
        `${stableCli_1.LAUNCHER_MARK}${electron ? "VS Code's own runtime as Node.js" : "the Node.js of the VS Code server"} for the agents' hooks.`,
        '# Rewritten at each start of the extension; when an update has removed that runtime, a node on the PATH.',
        `runtime=${quoted}`,
        'run_node() {',
        `  if [ -x "$runtime" ]; then ${electron ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}exec "$runtime" "$@"; fi`,
        '  if command -v node >/dev/null 2>&1; then exec node "$@"; fi',
        `  echo "CleverAgents Checkpoints: $runtime is gone (VS Code or its server was updated) and no node is on the PATH; open this workspace in VS Code once to repair the hooks' runtime." >&2`,
        '  exit 1',
        '}',
        ...(fast ? (0, fastClientScript_1.fastClientLines)(fast.version, fast.uid) : []),
        'run_node "$@"',
        '',
    ].join('\n');
}
function currentHost(distDir, storageDir) {
    const version = (() => {
        try {
            const parsed = JSON.parse((0, node_fs_1.readFileSync)(path.join(distDir, '..', 'package.json'), 'utf8'));
            return typeof parsed.version === 'string' ? parsed.version : undefined;
        }
        catch {
            return undefined;
        }
    })();
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    return {
        distDir,
        storageDir,
        execPath: process.execPath,
        electron: process.versions.electron,
        platform: process.platform,
        env: process.env,
        ...(version !== undefined && uid !== undefined ? { fast: { version, uid } } : {}),
    };
}
/** The node and cli.js that hooks installed from this window start; writes the shim, and the launcher when one is needed. */
async function vscodeHookProgram(host) {
    const cli = await (0, stableCli_1.writeStableCli)(host.storageDir, path.dirname(host.distDir));
    if (host.platform === 'win32') {
        if (host.electron === undefined)
            return { node: host.execPath, cli };
        const node = (0, executableOnPath_1.executableOnPath)('node.exe', host.env);
        if (!node)
            throw new Error('the agents start the hook outside VS Code, with Node.js: no node.exe was found on the PATH. Install Node.js 20 or later, then connect again.');
        return { node, cli };
    }
    return { node: await writeLauncher(host), cli };
}
/**
 * At activation: a launcher that hooks already name is rewritten for the runtime of this start
 * (after an update of VS Code or of its server, the one it named may be gone). None: nothing to do.
 */
async function refreshLauncher(host) {
    if (host.platform === 'win32' || !(0, node_fs_1.existsSync)(path.join(host.storageDir, exports.LAUNCHER_RELATIVE)))
        return false;
    await writeLauncher(host);
    return true;
}
async function writeLauncher(host) {
    const launcher = path.join(host.storageDir, exports.LAUNCHER_RELATIVE);
    const text = launcherText(host.execPath, host.electron !== undefined, host.fast);
    const current = await (0, promises_1.readFile)(launcher, 'utf8').catch(() => undefined);
    if (current !== text) {
        await (0, promises_1.mkdir)(path.dirname(launcher), { recursive: true });
        await (0, atomicFile_1.writeFileAtomic)(launcher, text, 0o755);
        await (0, promises_1.chmod)(launcher, 0o755);
    }
    return launcher;
}
//# sourceMappingURL=hookRuntime.js.map