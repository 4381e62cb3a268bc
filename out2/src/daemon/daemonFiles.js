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
exports.NO_DAEMON_ENV = exports.DAEMON_LOG = exports.SOCKET_NAME = exports.RUN_DIR = exports.DATABASE_FILE = exports.DATA_DIR = void 0;
exports.noDaemon = noDaemon;
exports.dataDirOf = dataDirOf;
exports.runDirOf = runDirOf;
exports.windowsPipeName = windowsPipeName;
exports.checkFolder = checkFolder;
exports.checkSocket = checkSocket;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
// Where the resident process of a workspace store lives, and the checks that come before any use
// of it. Shared by the client (dist/agentsClient.js, which loads nothing but node:fs, node:net and
// node:path) and the process itself: nothing here may import zod, sql.js or git.
/** The workspace's data folder, as src/adapters/files/nodeWorkspaceFiles names it. */
exports.DATA_DIR = '.cleveragents';
/** The default database's name in DATA_DIR (as adapters/sqlStore names it). */
exports.DATABASE_FILE = 'cleveragents.db';
/** `.cleveragents/run/`: the socket's folder, 0700. */
exports.RUN_DIR = 'run';
/**
 * The socket's name inside `run/`. Clients connect to it by this relative name from inside the
 * folder (see `connectPath`): a Unix socket's whole path must fit in 108 bytes, a workspace's need not.
 */
exports.SOCKET_NAME = 'agents.sock';
/** `.cleveragents/logs/daemon.log`: the resident process's stdout and stderr. */
exports.DAEMON_LOG = path.join('logs', 'daemon.log');
/** Turns the resident process off for a call (and so for the hooks an installer writes it into). */
exports.NO_DAEMON_ENV = 'CLEVERAGENTS_NO_DAEMON';
function noDaemon(env) {
    const value = env[exports.NO_DAEMON_ENV];
    return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
function dataDirOf(workspaceRoot) {
    return path.join(workspaceRoot, exports.DATA_DIR);
}
function runDirOf(workspaceRoot) {
    return path.join(workspaceRoot, exports.DATA_DIR, exports.RUN_DIR);
}
/**
 * Windows has no Unix sockets in folders: a named pipe, named after the store's real path (pipes
 * live in one namespace, `\\.\pipe\`). Its name holds a hash of the path, never the path itself.
 */
function windowsPipeName(realDataDir, hash) {
    return `\\\\.\\pipe\\cleveragents-${hash(realDataDir.toLowerCase())}`;
}
function ownedByUs(stats) {
    return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}
/**
 * A folder we may trust with the socket: a real folder (not a symlink), ours; with `private`,
 * usable by no one else (no group or other permission bits). Nothing from the workspace is trusted.
 */
function checkFolder(dir, options) {
    let stats;
    try {
        stats = (0, node_fs_1.lstatSync)(dir);
    }
    catch (error) {
        const code = error.code;
        return { ok: false, why: `${dir}: ${code ?? 'cannot be read'}`, missing: code === 'ENOENT' };
    }
    if (stats.isSymbolicLink())
        return { ok: false, why: `${dir} is a symbolic link` };
    if (!stats.isDirectory())
        return { ok: false, why: `${dir} is not a folder` };
    if (!ownedByUs(stats))
        return { ok: false, why: `${dir} belongs to another user` };
    if (options.private && process.platform !== 'win32' && (stats.mode & 0o077) !== 0)
        return { ok: false, why: `${dir} is open to other users (mode ${(stats.mode & 0o777).toString(8)})` };
    return { ok: true, stats };
}
/** The socket itself: a socket, ours, 0600 or stricter. */
function checkSocket(file) {
    let stats;
    try {
        stats = (0, node_fs_1.lstatSync)(file);
    }
    catch (error) {
        const code = error.code;
        return { ok: false, why: `${file}: ${code ?? 'cannot be read'}`, missing: code === 'ENOENT' };
    }
    if (!stats.isSocket())
        return { ok: false, why: `${file} is not a socket` };
    if (!ownedByUs(stats))
        return { ok: false, why: `${file} belongs to another user` };
    if ((stats.mode & 0o077) !== 0)
        return { ok: false, why: `${file} is open to other users (mode ${(stats.mode & 0o777).toString(8)})` };
    return { ok: true, stats };
}
//# sourceMappingURL=daemonFiles.js.map