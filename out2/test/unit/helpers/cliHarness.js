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
exports.CLI_PATH = exports.REPO_ROOT = void 0;
exports.ensureCliBuilt = ensureCliBuilt;
exports.daemonModes = daemonModes;
exports.useDaemonMode = useDaemonMode;
exports.cliEnv = cliEnv;
exports.runCli = runCli;
exports.hasScript = hasScript;
exports.runCliOnTerminal = runCliOnTerminal;
exports.runCliOnTerminalRaw = runCliOnTerminalRaw;
exports.cliJson = cliJson;
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
/** The repository root: the folder above this file holding our package.json (works from out/ too). */
exports.REPO_ROOT = (() => {
    for (let dir = __dirname;; dir = path.dirname(dir)) {
        const pkg = path.join(dir, 'package.json');
        if ((0, node_fs_1.existsSync)(pkg) && JSON.parse((0, node_fs_1.readFileSync)(pkg, 'utf8')).name === 'cleveragents-checkpoints')
            return dir;
        if (path.dirname(dir) === dir)
            throw new Error(`no package.json of cleveragents-checkpoints above ${__dirname}`);
    }
})();
exports.CLI_PATH = path.join(exports.REPO_ROOT, 'dist', 'cli.js');
function newestMtime(target) {
    const info = (0, node_fs_1.statSync)(target);
    if (!info.isDirectory())
        return info.mtimeMs;
    let newest = info.mtimeMs;
    for (const name of (0, node_fs_1.readdirSync)(target))
        newest = Math.max(newest, newestMtime(path.join(target, name)));
    return newest;
}
/** Bundles dist/cli.js with the project's own build when it is missing or older than the sources. */
function ensureCliBuilt() {
    const sources = Math.max(newestMtime(path.join(exports.REPO_ROOT, 'src')), newestMtime(path.join(exports.REPO_ROOT, 'esbuild.mjs')), newestMtime(path.join(exports.REPO_ROOT, 'package.json')));
    if ((0, node_fs_1.existsSync)(exports.CLI_PATH) && (0, node_fs_1.statSync)(exports.CLI_PATH).mtimeMs >= sources)
        return;
    const r = (0, node_child_process_1.spawnSync)(process.execPath, ['esbuild.mjs'], { cwd: exports.REPO_ROOT, encoding: 'utf8' });
    if (r.status !== 0 || !(0, node_fs_1.existsSync)(exports.CLI_PATH))
        throw new Error(`node esbuild.mjs failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}
let daemonMode = 'on';
/**
 * The modes a suite runs in: both, unless `AGENTS_TEST_DAEMON` names one (on|off). The crash and
 * kill suites run in each (issue 24: "the crash and kill suites run with it on and with it off").
 */
function daemonModes() {
    const only = process.env.AGENTS_TEST_DAEMON;
    return only === 'on' || only === 'off' ? [only] : ['on', 'off'];
}
/** Inside a `describe`: the CLI runs of its tests (runCli, cliJson, `cliEnv`) use `mode`. */
function useDaemonMode(mode) {
    let before = 'on';
    // mocha's root-level hooks are not wanted here: these run for this describe only
    globalThis.before(() => {
        before = daemonMode;
        daemonMode = mode;
    });
    globalThis.after(() => {
        daemonMode = before;
    });
}
/** The environment the CLI runs in: ours, without what would change its behaviour. */
function childEnv(extra = {}) {
    const env = { ...process.env };
    delete env.AGENTS_DEBUG;
    delete env.CLEVERAGENTS_NO_DAEMON;
    for (const key of Object.keys(env))
        if (key.startsWith('GIT_'))
            delete env[key];
    return { ...env, ...(daemonMode === 'off' ? { CLEVERAGENTS_NO_DAEMON: '1' } : {}), ...extra };
}
/** The environment runCli gives the CLI, for tests that start it themselves. */
function cliEnv(extra = {}) {
    return childEnv(extra);
}
function result(code, stdout, stderr) {
    return {
        code,
        stdout,
        stderr,
        json() {
            try {
                return JSON.parse(stdout);
            }
            catch (error) {
                throw new Error(`stdout is not one JSON document (${String(error)}):\n${stdout}\nstderr:\n${stderr}`);
            }
        },
    };
}
/**
 * Runs `node dist/cli.js ...args` in `cwd` with stdin a pipe (not a terminal) that is closed at once,
 * or fed `input`.
 */
function runCli(cwd, args, options = {}) {
    const r = (0, node_child_process_1.spawnSync)(process.execPath, [exports.CLI_PATH, ...args], {
        cwd,
        input: options.input ?? '',
        env: childEnv(options.env),
        encoding: 'utf8',
        timeout: 60_000,
    });
    if (r.error)
        throw r.error;
    return result(r.status, r.stdout, r.stderr);
}
/** Whether util-linux `script` is here to give the CLI a real pseudo-terminal. */
function hasScript() {
    return (0, node_child_process_1.spawnSync)('script', ['--version'], { encoding: 'utf8' }).status === 0;
}
function shellQuote(arg) {
    return `'${arg.replace(/'/g, `'\\''`)}'`;
}
/**
 * Runs the CLI on a real pseudo-terminal (`script -qec CMD /dev/null`), typing `answer` into it;
 * `stderrTo` sends the CLI's stderr to that file instead of the terminal.
 * stdout and stderr both arrive on the terminal, so `stdout` holds both, with CR LF line ends
 * turned into LF and terminal control sequences removed.
 */
function runCliOnTerminal(cwd, args, answer, options = {}) {
    const command = [process.execPath, exports.CLI_PATH, ...args].map(shellQuote).join(' ') + (options.stderrTo ? ` 2>${shellQuote(options.stderrTo)}` : '');
    const r = (0, node_child_process_1.spawnSync)('script', ['-qec', command, '/dev/null'], {
        cwd,
        input: answer,
        env: childEnv({ TERM: 'dumb' }),
        encoding: 'utf8',
        timeout: 30_000,
    });
    if (r.error)
        throw r.error;
    const clean = r.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r\n?/g, '\n');
    return result(r.status, clean, r.stderr);
}
/**
 * Runs the CLI on a real pseudo-terminal like `runCliOnTerminal`, and returns the bytes the
 * terminal received exactly as they came (the terminal itself turns each LF into CR LF).
 */
function runCliOnTerminalRaw(cwd, args, answer) {
    const command = [process.execPath, exports.CLI_PATH, ...args].map(shellQuote).join(' ');
    const r = (0, node_child_process_1.spawnSync)('script', ['-qec', command, '/dev/null'], { cwd, input: answer, env: childEnv({ TERM: 'dumb' }), timeout: 30_000 });
    if (r.error)
        throw r.error;
    return { code: r.status, bytes: r.stdout };
}
/** The built CLI with `--format json`, which must succeed: its JSON document. */
function cliJson(root, ...args) {
    const run = runCli(root, ['--format', 'json', ...args]);
    if (run.code !== 0)
        throw new Error(`agents ${args.join(' ')} exited ${run.code}: ${run.stdout}${run.stderr}`);
    return run.json();
}
//# sourceMappingURL=cliHarness.js.map