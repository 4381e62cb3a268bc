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
exports.directorySize = directorySize;
exports.replaceFile = replaceFile;
exports.firstLine = firstLine;
exports.wrap = wrap;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const atomicFile_1 = require("../files/atomicFile");
const renameOver_1 = require("../files/renameOver");
async function directorySize(dir) {
    let total = 0;
    const entries = await node_fs_1.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
        const p = path.join(dir, e.name);
        if (e.isDirectory())
            total += await directorySize(p);
        else
            total += (await node_fs_1.promises.lstat(p).catch(() => ({ size: 0 }))).size;
    }
    return total;
}
/**
 * Replaces a small bookkeeping file by rename, without fsync: all of these are rebuilt from git
 * when lost, and flushing them would double the cost of a small checkpoint.
 */
async function replaceFile(file, text) {
    const temp = (0, atomicFile_1.tempFileFor)(file);
    try {
        await node_fs_1.promises.writeFile(temp, text);
        await (0, renameOver_1.renameOver)(temp, file);
    }
    catch (error) {
        await node_fs_1.promises.rm(temp, { force: true });
        throw error;
    }
}
function firstLine(error) {
    const text = error instanceof Error ? error.message : String(error);
    return text.split('\n').find((l) => l.trim().length > 0)?.trim() ?? text;
}
function wrap(what, error) {
    if (error instanceof errors_1.SandboxError || error instanceof errors_1.ValidationError || error instanceof errors_1.StoreError)
        return error;
    if (/no space left on device|out of diskspace|ENOSPC|quota exceeded|EDQUOT/i.test(String(error))) {
        return new errors_1.SandboxError(`${what}: the disk is full (${firstLine(error)}); free some space and try again. The files are as they were.`, { cause: error });
    }
    return new errors_1.SandboxError(`${what}: ${firstLine(error)}`, { cause: error });
}
//# sourceMappingURL=storeFiles.js.map