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
exports.writeLooseObject = writeLooseObject;
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_util_1 = require("node:util");
const node_zlib_1 = require("node:zlib");
const deflate = (0, node_util_1.promisify)(node_zlib_1.deflate);
/**
 * Writes `content` into the store as git's loose object of `type` (`objects/ab/cdef…`, zlib of
 * `<type> <size>\0` and the bytes, SHA-1: the store's format version 0 allows no other), in this
 * process, and returns its id: a save waits for its objects, and a git process costs tens of
 * milliseconds, hundreds on a loaded machine. An object already there (the same name is the same
 * bytes) is left as it is.
 */
async function writeLooseObject(objectsDir, type, content) {
    const header = Buffer.from(`${type} ${content.byteLength}\0`);
    const oid = (0, node_crypto_1.createHash)('sha1').update(header).update(content).digest('hex');
    const dir = path.join(objectsDir, oid.slice(0, 2));
    const file = path.join(dir, oid.slice(2));
    // The store is workspace content: a link planted in objects/ after this process checked the store
    // (it checks it once) must not carry the write out of it.
    for (const folder of [objectsDir, dir]) {
        const stat = await node_fs_1.promises.lstat(folder).catch(() => undefined);
        if (stat !== undefined && !stat.isDirectory())
            throw new Error(`${folder} is not a folder of the store (a link?): no object is written through it`);
    }
    if (await node_fs_1.promises.stat(file).then(() => true, () => false))
        return oid;
    const deflated = await deflate(Buffer.concat([header, content]));
    await node_fs_1.promises.mkdir(dir, { recursive: true });
    // Git's own way: a temporary file in the same folder (a reader never sees half an object), linked
    // to the final name, then removed.
    const temp = path.join(dir, `tmp_obj_${(0, node_crypto_1.randomBytes)(6).toString('hex')}`);
    await node_fs_1.promises.writeFile(temp, deflated, { mode: 0o444, flag: 'wx' });
    try {
        await node_fs_1.promises.link(temp, file).catch(async (error) => {
            // Another writer put the same object there first.
            if (error.code === 'EEXIST')
                return;
            // A file system without hard links: renamed instead (Windows refuses to rename over an object
            // another writer put there meanwhile, which has the same bytes).
            await node_fs_1.promises.rename(temp, file).catch(async (renameError) => {
                if (!(await node_fs_1.promises.stat(file).then(() => true, () => false)))
                    throw renameError;
            });
        });
    }
    finally {
        await node_fs_1.promises.rm(temp, { force: true });
    }
    return oid;
}
//# sourceMappingURL=looseObject.js.map