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
exports.AtomicWriteError = exports.TEMP_FILE_SUFFIX = void 0;
exports.tempFileFor = tempFileFor;
exports.writeFileAtomic = writeFileAtomic;
exports.fsyncDirectory = fsyncDirectory;
const node_crypto_1 = require("node:crypto");
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const renameOver_1 = require("./renameOver");
/** Suffix of the temporary files `writeFileAtomic` creates beside its target. */
exports.TEMP_FILE_SUFFIX = '.tmp';
/** The name of a fresh temporary file beside `filePath`; it starts with the target's own name. */
function tempFileFor(filePath) {
    return `${filePath}.${process.pid}.${(0, node_crypto_1.randomBytes)(6).toString('hex')}${exports.TEMP_FILE_SUFFIX}`;
}
/**
 * Replaces `filePath` with `data` so that a reader (or a crash) sees either the old file or the
 * new one, never a mix: write a temporary file in the same folder, flush it, rename it over the
 * target, then flush the folder so the rename itself survives a power cut. Strings are written
 * as UTF-8.
 */
/** A failed atomic write, saying whether the file was replaced already (only its folder's flush failed). */
class AtomicWriteError extends Error {
    replaced;
    constructor(replaced, cause) {
        super(cause instanceof Error ? cause.message : String(cause), { cause });
        this.replaced = replaced;
    }
    /** Whether the disk (or its quota) was full. */
    get diskFull() {
        return ['ENOSPC', 'EDQUOT'].includes(this.cause?.code ?? '');
    }
}
exports.AtomicWriteError = AtomicWriteError;
async function writeFileAtomic(filePath, content, mode = 0o600) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const temp = tempFileFor(filePath);
    let renamed = false;
    try {
        const handle = await (0, promises_1.open)(temp, 'wx', mode);
        try {
            let offset = 0;
            while (offset < data.byteLength) {
                const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset);
                offset += bytesWritten;
            }
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await (0, renameOver_1.renameOver)(temp, filePath);
        renamed = true;
        await fsyncDirectory(path.dirname(filePath));
    }
    catch (error) {
        throw new AtomicWriteError(renamed, error);
    }
    finally {
        if (!renamed)
            await (0, promises_1.unlink)(temp).catch(() => undefined);
    }
}
/** Flushes a folder's entries. Some platforms (Windows) cannot open a folder for this: skip there. */
async function fsyncDirectory(dir) {
    let handle;
    try {
        handle = await (0, promises_1.open)(dir, 'r');
    }
    catch {
        return;
    }
    try {
        await handle.sync();
    }
    catch (error) {
        const code = error.code;
        if (code !== 'EPERM' && code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EBADF')
            throw error;
    }
    finally {
        await handle.close();
    }
}
//# sourceMappingURL=atomicFile.js.map