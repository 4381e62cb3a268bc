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
exports.sandboxContents = sandboxContents;
// eslint-disable-next-line no-restricted-imports -- lists the sandbox (the user's files), never .cleveragents/
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
/** Counts the files (and their bytes) under a folder, without following links; for previews only. */
async function sandboxContents(dir) {
    const top = await (0, promises_1.lstat)(dir).catch(() => undefined);
    if (!top?.isDirectory())
        return { exists: false, files: 0, bytes: 0 };
    let files = 0;
    let bytes = 0;
    const pending = [dir];
    while (pending.length > 0) {
        const current = pending.pop();
        const entries = await (0, promises_1.readdir)(current, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
            const full = path.join(current, entry.name);
            if (entry.isDirectory())
                pending.push(full);
            else {
                files += 1;
                if (entry.isFile())
                    bytes += (await (0, promises_1.lstat)(full).catch(() => undefined))?.size ?? 0;
            }
        }
    }
    return { exists: true, files, bytes };
}
//# sourceMappingURL=sandboxContents.js.map