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
exports.assertRealDataPath = assertRealDataPath;
exports.checkRealDataPath = checkRealDataPath;
exports.relativeInside = relativeInside;
exports.printable = printable;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
/**
 * Refuses unless every folder and file that exists on the way from the workspace folder down to
 * `target` is a real one: no symbolic link (nor a Windows junction, which lstat reports as one) and
 * no file where a folder belongs. `.cleveragents/` arrives with whatever the user clones: a link
 * there (or at the database, the store, the journals) would make this program write, rename and
 * delete outside the workspace. The walk starts at the workspace's resolved path and looks at each
 * component with lstat, so what is checked is what the writes go through; what does not exist yet
 * is made later by mkdir as a real folder. The workspace folder itself may be reached through a
 * link: the user chose it. The looks are synchronous: every read and write of the database makes
 * them, and a few lstat calls take microseconds where a round trip through the thread pool each
 * takes far more (and waits its turn on a busy event loop).
 */
async function assertRealDataPath(workspaceRoot, target) {
    checkRealDataPath(workspaceRoot, target);
}
/** `assertRealDataPath`, synchronous (stateFiles.ts): also refuses what belongs to another user. */
function checkRealDataPath(workspaceRoot, target) {
    const relative = relativeInside(workspaceRoot, target);
    if (relative === '')
        return;
    if (relative === undefined) {
        throw new errors_1.StoreRefusedError(`Refused: ${target} is outside the workspace folder ${workspaceRoot}; CleverAgents keeps its data only inside the workspace.`);
    }
    let current = realpathOr(workspaceRoot);
    const names = relative.split(path.sep);
    for (const [i, name] of names.entries()) {
        current = path.join(current, name);
        const shown = names.slice(0, i + 1).join('/');
        let info;
        try {
            info = (0, node_fs_1.lstatSync)(current);
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return;
            throw new errors_1.StoreRefusedError(`Refused: cannot look at ${shown} (${error.message}).`, { cause: error });
        }
        if (info.isSymbolicLink()) {
            const to = printable(readlinkOr(current, 'somewhere else'));
            throw new errors_1.StoreRefusedError(`Refused: ${shown} is a symbolic link (to ${to}). CleverAgents keeps its data only in real folders and files inside the workspace, ` +
                `so that nothing it writes lands elsewhere. Move the link aside (put a real folder in its place to keep what it points to) and try again.`);
        }
        if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
            throw new errors_1.StoreRefusedError(`Refused: ${shown} belongs to another user (uid ${info.uid}). CleverAgents uses only its own files and folders.`);
        }
        if (i < names.length - 1 && !info.isDirectory()) {
            throw new errors_1.StoreRefusedError(`Refused: ${shown} is not a folder. Move it aside and try again.`);
        }
    }
}
/**
 * `target` relative to `root` in the platform's form ('' for the root itself), or undefined when it
 * lies outside: above it, or on another drive (path.win32 gives an absolute path then). A name
 * that merely starts with two dots (`..notes`) is inside.
 */
function relativeInside(root, target, paths = path) {
    const relative = paths.relative(paths.resolve(root), paths.resolve(target));
    if (relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative))
        return undefined;
    return relative;
}
/** Text from a file (a link's target, a config key) made safe to print: no control characters, at most 120 characters. */
function printable(text) {
    const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
    return clean.length > 120 ? `${clean.slice(0, 119)}…` : clean;
}
function realpathOr(dir) {
    try {
        return node_fs_1.realpathSync.native(dir);
    }
    catch {
        return path.resolve(dir);
    }
}
function readlinkOr(link, fallback) {
    try {
        return (0, node_fs_1.readlinkSync)(link);
    }
    catch {
        return fallback;
    }
}
//# sourceMappingURL=realDataPath.js.map