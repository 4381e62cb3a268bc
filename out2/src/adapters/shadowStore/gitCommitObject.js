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
exports.writeCommitObject = writeCommitObject;
exports.looseObjectTree = looseObjectTree;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_util_1 = require("node:util");
const node_zlib_1 = require("node:zlib");
const ids_1 = require("../../core/ids");
const looseObject_1 = require("./looseObject");
const inflateAsync = (0, node_util_1.promisify)(node_zlib_1.inflate);
/**
 * Writes a parentless commit of `tree` as a loose object of a SHA-1 repository, the way
 * `git commit-tree` would, and returns its id: a snapshot needs one per checkpoint, and starting a
 * git process for it costs more than the whole write. `git fsck` checks the format in the tests.
 */
async function writeCommitObject(objectsDir, tree, message, who, when) {
    if (!ids_1.OBJECT_ID_PATTERN.test(tree) || tree.length !== 40)
        throw new Error(`not a SHA-1 tree id: ${tree}`);
    const person = `${cleanIdentity(who.name)} <${cleanIdentity(who.email)}> ${Math.floor(when.getTime() / 1000)} +0000`;
    // A NUL would end the message for git; a message always ends with one newline.
    const text = `${message.replace(/\0/g, '').replace(/\n*$/, '')}\n`;
    const body = Buffer.from(`tree ${tree}\nauthor ${person}\ncommitter ${person}\n\n${text}`, 'utf8');
    return (0, looseObject_1.writeLooseObject)(objectsDir, 'commit', body);
}
function cleanIdentity(value) {
    return value.replace(/[<>\n\0]/g, '').trim();
}
/**
 * The tree a loose commit (or a loose tree: itself) stands for, read from its file: the commits of
 * recent snapshots are loose, and reading one costs less than starting `git rev-parse`. Undefined
 * when the object is not loose (git packed it) or not a commit or tree.
 */
async function looseObjectTree(objectsDir, oid) {
    if (!ids_1.OBJECT_ID_PATTERN.test(oid) || oid.length !== 40)
        return undefined;
    const compressed = await node_fs_1.promises.readFile(path.join(objectsDir, oid.slice(0, 2), oid.slice(2))).catch(() => undefined);
    if (!compressed)
        return undefined;
    const head = (await inflateAsync(compressed, { finishFlush: node_zlib_1.constants.Z_SYNC_FLUSH }).catch(() => undefined))?.subarray(0, 64).toString('latin1');
    if (head?.startsWith('tree '))
        return oid;
    const m = head && /^commit \d+\0tree ([0-9a-f]{40})\n/.exec(head);
    return m ? m[1] : undefined;
}
//# sourceMappingURL=gitCommitObject.js.map