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
exports.readFiles = readFiles;
exports.editFiles = editFiles;
exports.withChanges = withChanges;
// The workspace's files by their bytes: what the contract suite compares at each moment of a
// session. Each file's bytes are held as a latin1 string (one character per byte, so equality is
// byte equality, and ASCII content stays readable in a failure's diff).
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
/** The store and the repository's own folder are not the sandbox's files. */
const LEFT_OUT = new Set(['.cleveragents', '.git']);
/** Every file under `root` (relative paths with `/`), symbolic links and folders left out. */
function readFiles(root) {
    const out = {};
    const walk = (dir, rel) => {
        for (const entry of (0, node_fs_1.readdirSync)(dir, { withFileTypes: true })) {
            const relPath = rel ? `${rel}/${entry.name}` : entry.name;
            if (!rel && LEFT_OUT.has(entry.name))
                continue;
            if (entry.isDirectory())
                walk(path.join(dir, entry.name), relPath);
            else if (entry.isFile())
                out[relPath] = (0, node_fs_1.readFileSync)(path.join(dir, entry.name)).toString('latin1');
        }
    };
    walk(root, '');
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
/** Writes files (creating their folders) as a person would, and removes the ones given as null. */
function editFiles(root, changes) {
    for (const [rel, bytes] of Object.entries(changes)) {
        const file = path.join(root, rel);
        if (bytes === null)
            (0, node_fs_1.rmSync)(file);
        else {
            (0, node_fs_1.mkdirSync)(path.dirname(file), { recursive: true });
            (0, node_fs_1.writeFileSync)(file, Buffer.from(bytes, 'latin1'));
        }
    }
}
/** `base` with `changes` applied: null removes a path. */
function withChanges(base, changes) {
    const out = { ...base };
    for (const [rel, bytes] of Object.entries(changes)) {
        if (bytes === null)
            delete out[rel];
        else
            out[rel] = bytes;
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
//# sourceMappingURL=workspaceFiles.js.map