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
exports.hookWorkspace = hookWorkspace;
exports.sandboxRelativePath = sandboxRelativePath;
exports.samePath = samePath;
const promises_1 = require("node:fs/promises");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const workspaceLocation_1 = require("../cli/workspaceLocation");
/**
 * The workspace a hook works in: the folder the event names (its project dir, workspace root or
 * cwd), else as the CLI finds it ($AGENTS_WORKSPACE, else the current directory), with the
 * database $AGENTS_DATABASE names. It must be an existing folder, and neither the file system's
 * root nor the home folder itself: a checkpoint of those would snapshot everything the user has.
 */
async function hookWorkspace(eventDir, cwd, env) {
    let location;
    try {
        location = (0, workspaceLocation_1.workspaceLocation)(cwd, eventDir, env);
    }
    catch (error) {
        return { ok: false, why: error instanceof Error ? error.message : String(error) };
    }
    const dir = location.workspaceRoot;
    const info = await (0, promises_1.stat)(dir).catch(() => undefined);
    if (!info?.isDirectory())
        return { ok: false, why: `workspace ${dir} is not an existing folder` };
    const real = await (0, promises_1.realpath)(dir).catch(() => dir);
    if (path.dirname(real) === real)
        return { ok: false, why: `workspace ${dir} is the root of the file system` };
    if (samePath(real, await (0, promises_1.realpath)(os.homedir()).catch(() => os.homedir())))
        return { ok: false, why: `workspace ${dir} is the home folder` };
    return { ok: true, location };
}
/** Whether the platform's file systems usually ignore case in names (Windows, macOS). */
const FOLDS_CASE = process.platform === 'win32' || process.platform === 'darwin';
/**
 * A tool's file as recorded in a checkpoint: relative to the sandbox (the workspace), with `/`
 * separators. Undefined when it lies outside, inside `.cleveragents`, or holds control characters.
 * `paths`: the platform's path functions (path.win32 reads drive letters and backslashes, and
 * another drive is outside); where the file system ignores case (Windows, macOS) `.CleverAgents`
 * is our folder too.
 */
function sandboxRelativePath(root, base, filePath, paths = path, foldCase = FOLDS_CASE) {
    if (filePath === undefined || filePath.length > 4096 || /[\u0000-\u001f\u007f]/.test(filePath))
        return undefined;
    const absolute = paths.resolve(base ?? root, filePath);
    const relative = paths.relative(root, absolute);
    if (relative === '' || relative === '..' || relative.startsWith(`..${paths.sep}`) || paths.isAbsolute(relative))
        return undefined;
    const posix = relative.split(paths.sep).join('/');
    const first = posix.split('/')[0];
    if ((foldCase ? first.toLowerCase() : first) === '.cleveragents')
        return undefined;
    return posix;
}
/** Whether two resolved paths name the same folder, ignoring case where the platform does. */
function samePath(a, b, foldCase = FOLDS_CASE) {
    return foldCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}
//# sourceMappingURL=hookWorkspace.js.map