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
exports.overlayTree = overlayTree;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_crypto_1 = require("node:crypto");
const gitOutput_1 = require("./gitOutput");
const storeNames_1 = require("./storeNames");
const restorePaths_1 = require("../../core/restorePaths");
/** How many bytes of paths go on git's command line at most (Windows allows 32 KB in all). */
const PATHS_ON_COMMAND_LINE = 16 * 1024;
/** `baseRef` with `paths` (files or folders) replaced by what `sourceRef` has there. */
async function overlayTree(repo, baseRef, sourceRef, paths) {
    const rels = paths.map(storeNames_1.assertRelative);
    const chosen = (0, restorePaths_1.pathsMatcher)(rels);
    // A few paths are named to git, which then reads only their folders. Beyond a command line's
    // room (32 KB on Windows; a correction may name tens of thousands), the whole trees are listed and
    // filtered here.
    const named = rels.reduce((bytes, r) => bytes + Buffer.byteLength(r) + 3, 0) <= PATHS_ON_COMMAND_LINE ? ['--', ...rels] : [];
    const indexFile = path.join(repo.checkpointDir, 'tmp', `overlay-${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
    await node_fs_1.promises.mkdir(path.dirname(indexFile), { recursive: true });
    const emptyDir = path.join(repo.checkpointDir, 'tmp', 'empty');
    await node_fs_1.promises.mkdir(emptyDir, { recursive: true });
    const git = repo.indexGit(emptyDir, indexFile);
    const entriesOf = async (ref) => (0, gitOutput_1.parseLsTree)(await git.raw(['ls-tree', '-r', '-z', ref, ...named])).filter((e) => chosen(e.path));
    try {
        await git.raw(['read-tree', baseRef]);
        const remove = (await entriesOf(baseRef)).map((e) => e.path);
        if (remove.length > 0)
            await git.raw(['update-index', '--force-remove', '-z', '--stdin'], (0, gitOutput_1.nulList)(remove));
        const add = await entriesOf(sourceRef);
        (0, storeNames_1.assertSnapshotPaths)(sourceRef, add.map((e) => e.path));
        if (add.length > 0)
            await git.raw(['update-index', '--add', '-z', '--index-info'], (0, gitOutput_1.nulList)(add.map((e) => `${e.mode} ${e.oid}\t${e.path}`)));
        const tree = (await git.raw(['write-tree'])).trim();
        (0, storeNames_1.assertObjectId)(tree);
        return tree;
    }
    finally {
        await node_fs_1.promises.rm(indexFile, { force: true });
    }
}
//# sourceMappingURL=treeOverlay.js.map