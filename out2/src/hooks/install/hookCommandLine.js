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
exports.runningHookProgram = runningHookProgram;
exports.programResolves = programResolves;
exports.bashCommand = bashCommand;
exports.forwardSlashes = forwardSlashes;
exports.shellExecLine = shellExecLine;
exports.powershellCommand = powershellCommand;
exports.isOurCommand = isOurCommand;
exports.programOfCommand = programOfCommand;
// eslint-disable-next-line no-restricted-imports -- reads the head of a launcher of ours, outside the workspace
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const daemonFiles_1 = require("../../daemon/daemonFiles");
const stableCli_1 = require("./stableCli");
/**
 * The running node and the `cli.js` beside the running bundle (`dist/agentsHookAdmin.js`,
 * `dist/extension.js` and `dist/cli.js` all live in dist/), or, run from an installed extension's
 * versioned folder in VS Code's terminal, the extension's stable shim (see stableCli.ts). Run with
 * CLEVERAGENTS_NO_DAEMON=1, the hooks it writes carry it too.
 */
function runningHookProgram(distDir = __dirname, env = process.env) {
    const shim = (0, stableCli_1.stableCliFromEnvironment)(distDir, env);
    const daemon = (0, daemonFiles_1.noDaemon)(env) ? { noDaemon: true } : {};
    // The extension's launcher beside its shim, when it wrote one: the hooks it connects name it,
    // and a hook installed from its terminal is then the same command, fast client included.
    const launcher = shim === undefined ? undefined : launcherBeside(shim);
    if (shim && launcher)
        return { node: launcher, cli: shim, ...daemon };
    return { node: process.execPath, cli: shim ?? path.join(distDir, 'cli.js'), ...(process.versions.electron ? { electron: true } : {}), ...daemon };
}
/** `hook-runtime/node` beside the shim when it is the extension's launcher (Linux and macOS only). */
function launcherBeside(shim) {
    if (process.platform === 'win32')
        return undefined;
    const launcher = path.join(path.dirname(shim), stableCli_1.LAUNCHER_NAME);
    try {
        const head = (0, node_fs_1.readFileSync)(launcher, 'utf8').slice(0, 200).split('\n');
        return head[0] === '#!/bin/sh' && head[1]?.startsWith(stableCli_1.LAUNCHER_MARK) && ((0, node_fs_1.statSync)(launcher).mode & 0o111) !== 0 ? launcher : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether both paths are there: a configured command whose node or CLI moved away no longer runs.
 * A CLI that is the extension's stable shim runs when it finds a version of the extension to load.
 */
function programResolves(program) {
    return path.isAbsolute(program.node) && path.isAbsolute(program.cli) && (0, node_fs_1.existsSync)(program.node) && (0, stableCli_1.cliBehind)(program.cli) !== undefined;
}
/** A word for bash (and sh): double quotes, with the four characters that stay special inside them escaped. */
function bashWord(text) {
    return `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}
/** A word for PowerShell: single quotes expand nothing; a quote inside is doubled. */
function powershellWord(text) {
    return `'${text.replace(/'/g, "''")}'`;
}
/** `"<node>" "<cli.js>" hook run <agent>`, for bash and sh (Claude Code, Cursor, Gemini CLI, Cline, Copilot's `bash`). */
function bashCommand(program, agent) {
    return `${envPrefix(program)}${bashWord(forwardSlashes(program.node))} ${bashWord(forwardSlashes(program.cli))} hook run ${agent}`;
}
/**
 * A Windows path (a drive letter or a network share) with forward slashes: Windows takes either, and Git Bash
 * (which runs Claude Code's hooks there) would otherwise need every backslash escaped, which
 * `cmd.exe` would then read literally. A POSIX path is left as it is (a backslash is part of a name there).
 */
function forwardSlashes(p) {
    return /^(?:[A-Za-z]:\\|\\\\)/.test(p) ? p.replace(/\\/g, '/') : p;
}
const ELECTRON_AS_NODE = 'ELECTRON_RUN_AS_NODE=1';
const NO_DAEMON = 'CLEVERAGENTS_NO_DAEMON=1';
/** The variables a command sets before it starts node: `VAR=1 ` each, for sh. */
function envPrefix(program) {
    return `${program.electron ? `${ELECTRON_AS_NODE} ` : ''}${program.noDaemon ? `${NO_DAEMON} ` : ''}`;
}
/** The line of a shell script that becomes the hook (Cline's executables): `exec` of the same command. */
function shellExecLine(program, agent) {
    return `${envPrefix(program)}exec ${bashCommand({ ...program, electron: false, noDaemon: false }, agent)}`;
}
/** `& '<node>' '<cli.js>' hook run <agent>`, for Copilot's `powershell` (the call operator runs a quoted path). */
function powershellCommand(program, agent) {
    const env = `${program.electron ? "$env:ELECTRON_RUN_AS_NODE='1'; " : ''}${program.noDaemon ? "$env:CLEVERAGENTS_NO_DAEMON='1'; " : ''}`;
    return `${env}& ${powershellWord(program.node)} ${powershellWord(program.cli)} hook run ${agent}`;
}
/**
 * Whether `command` is one this installer wrote for `agent`: it starts our CLI (a path ending in
 * cli.js) with `hook run <agent>`. The CLI's path itself may differ (an older install, another
 * checkout): such an entry is still ours, replaced by install and removed by uninstall.
 */
function isOurCommand(command, agent) {
    if (typeof command !== 'string')
        return false;
    const escaped = agent.replace(/[-]/g, '\\-');
    return new RegExp(`cli\\.js["']?\\s+hook\\s+run\\s+${escaped}(?:\\s|$)`).test(command);
}
/** The node and cli.js paths of a bash command this installer wrote, to check they still exist. */
function programOfCommand(command) {
    const word = String.raw `"((?:[^"\\]|\\.)*)"`;
    const match = new RegExp(`^(?:exec\\s+)?(${ELECTRON_AS_NODE}\\s+)?(${NO_DAEMON}\\s+)?(?:exec\\s+)?${word}\\s+${word}\\s+hook\\s+run\\b`).exec(command.trim());
    if (!match)
        return undefined;
    const unescape = (s) => s.replace(/\\(["\\$`])/g, '$1');
    return { node: unescape(match[3]), cli: unescape(match[4]), ...(match[1] ? { electron: true } : {}), ...(match[2] ? { noDaemon: true } : {}) };
}
//# sourceMappingURL=hookCommandLine.js.map