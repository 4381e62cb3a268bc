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
exports.diskEntry = diskEntry;
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const sandboxPaths_1 = require("./sandboxPaths");
async function diskEntry(root, rel, objectIdLength) {
    const standing = (0, sandboxPaths_1.standingOf)(root, rel);
    if (standing.kind === 'parent')
        return { kind: 'blocked' };
    const { stat } = standing;
    if (!stat)
        return { kind: 'absent' };
    if (stat.isDirectory())
        return { kind: 'directory' };
    const abs = path.join(root, rel);
    const algorithm = objectIdLength === 64 ? 'sha256' : 'sha1';
    if (stat.isSymbolicLink()) {
        const target = await node_fs_1.promises.readlink(abs, { encoding: 'buffer' });
        return { kind: 'file', id: `120000 ${(0, node_crypto_1.createHash)(algorithm).update(`blob ${target.length}\0`).update(target).digest('hex')}` };
    }
    // Git's blob id: the hash of `blob <size>\0` and the content, streamed.
    const hash = (0, node_crypto_1.createHash)(algorithm).update(`blob ${stat.size}\0`);
    let read = 0;
    for await (const chunk of (0, node_fs_1.createReadStream)(abs)) {
        read += chunk.length;
        hash.update(chunk);
    }
    // A file that changed size while it was read matches no recorded id: it is someone else's.
    const oid = read === stat.size ? hash.digest('hex') : 'changed-while-read';
    return { kind: 'file', id: `${(stat.mode & 0o100) !== 0 ? '100755' : '100644'} ${oid}` };
}
//# sourceMappingURL=diskEntry.js.map