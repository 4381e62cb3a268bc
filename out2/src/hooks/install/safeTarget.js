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
exports.resolveTarget = resolveTarget;
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const jsonEdit_1 = require("./jsonEdit");
// The workspace is untrusted input: a cloned repository may ship `.claude` as a symbolic link to
// `~/.claude`, or `.github/hooks/x.json` pointing at a file elsewhere, so that a project-scope
// install would write outside it. In project scope, every existing part of a path we write must
// stay inside the workspace once its links are followed. The home folder (user scope) is the
// user's own: links there (dotfiles kept in a repository) are followed.
function isInside(root, candidate) {
    const relative = path.relative(root, candidate);
    return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
async function lstatOrUndefined(p) {
    try {
        return await (0, promises_1.lstat)(p);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    }
}
/**
 * The path to read and write for `relative` (with `/` separators) under `root`: the file itself, or
 * what it links to. Refuses, in project scope, a path that leads out of the workspace.
 */
async function resolveTarget(root, relative, scope, display) {
    const parts = relative.split('/');
    const realRoot = await (0, promises_1.realpath)(root);
    let current = root;
    for (let i = 0; i < parts.length; i++) {
        current = path.join(current, parts[i]);
        const info = await lstatOrUndefined(current);
        if (!info)
            break;
        if (!info.isSymbolicLink())
            continue;
        let real;
        try {
            real = await (0, promises_1.realpath)(current);
        }
        catch {
            throw new jsonEdit_1.ConfigFileError(`${display}: ${parts.slice(0, i + 1).join('/')} is a symbolic link to nothing; nothing was written`);
        }
        if (scope === 'project' && !isInside(realRoot, real)) {
            throw new jsonEdit_1.ConfigFileError(`${display}: ${parts.slice(0, i + 1).join('/')} is a symbolic link that leads outside the workspace (to ${real}); nothing was written`);
        }
        // the last part is the file itself: write to what it links to, so the link stays a link
        if (i === parts.length - 1)
            return real;
    }
    return path.join(root, ...parts);
}
//# sourceMappingURL=safeTarget.js.map