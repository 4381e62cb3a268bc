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
exports.uncapturedFilesInTheWay = uncapturedFilesInTheWay;
const path = __importStar(require("node:path"));
const sandboxPaths_1 = require("./sandboxPaths");
const specialFiles_1 = require("./specialFiles");
/**
 * The files a restore of `changes` would overwrite or delete although no snapshot holds them:
 * ignored files, files above the size limit, unreadable ones, nested repositories, special files. `changes` go
 * from the state the sandbox's index holds now (an `added` path is not in it) to the target.
 * Looks at each changed path, the folders on its way (a file or symlink where the target needs a
 * folder), and what a folder that the target replaces by a file holds. `git` runs on the sandbox.
 */
async function uncapturedFilesInTheWay(root, git, changes) {
    const captured = new Set(changes.filter((c) => c.change !== 'added').map((c) => c.path));
    const found = new Set();
    const foldersToList = [];
    const checkedAncestors = new Map();
    for (const change of changes) {
        let reachable = true;
        for (const ancestor of (0, sandboxPaths_1.ancestorsOf)(change.path)) {
            let verdict = checkedAncestors.get(ancestor);
            if (verdict === undefined) {
                const stat = (0, sandboxPaths_1.lstatOrUndefined)(path.join(root, ancestor));
                verdict = stat?.isDirectory() ? 'folder' : 'stop';
                if (stat && !stat.isDirectory() && !captured.has(ancestor))
                    found.add(ancestor);
                checkedAncestors.set(ancestor, verdict);
            }
            if (verdict === 'stop') {
                reachable = false;
                break;
            }
        }
        if (!reachable)
            continue;
        const stat = (0, sandboxPaths_1.lstatOrUndefined)(path.join(root, change.path));
        if (!stat)
            continue;
        if (stat.isDirectory())
            foldersToList.push(change.path);
        else if (change.change === 'added')
            found.add(change.path);
    }
    // Everything in those folders that the index does not hold, ignored files included (no exclude
    // rules are given); a nested repository is listed as its folder.
    for (let i = 0; i < foldersToList.length; i += 500) {
        const out = await git.raw(['ls-files', '--others', '-z', '--', ...foldersToList.slice(i, i + 500)]);
        for (const p of out.split('\0'))
            if (p)
                found.add(p.replace(/\/$/, ''));
    }
    // And the FIFOs, sockets and devices there, which git does not list.
    for (const special of (0, specialFiles_1.specialFilesUnder)(root, foldersToList))
        found.add(special);
    return [...found].sort();
}
//# sourceMappingURL=uncapturedFiles.js.map