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
exports.NodeWorkspaceFiles = exports.DATA_DIR_NAME = void 0;
exports.ensureDataDir = ensureDataDir;
exports.writeIgnoreAll = writeIgnoreAll;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
const realDataPath_1 = require("./realDataPath");
const stateFiles_1 = require("./stateFiles");
/** The folder the extension owns inside a workspace folder. */
exports.DATA_DIR_NAME = '.cleveragents';
const ISOLATED_PARENT = `${exports.DATA_DIR_NAME}/sandboxes`;
/** Sandbox folders of one workspace folder, kept inside it whatever the input says. */
class NodeWorkspaceFiles {
    root;
    realRoot;
    constructor(root) {
        this.root = root;
    }
    normalizeSandboxPath(relativePath) {
        const raw = relativePath.trim().replace(/\\/g, '/');
        if (raw === '' || raw.includes('\0'))
            throw new errors_1.ValidationError('sandbox path must not be empty');
        if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) {
            throw new errors_1.ValidationError(`sandbox path must be relative to the workspace, not absolute: ${relativePath}`);
        }
        const normal = path.posix.normalize(raw).replace(/\/+$/, '') || '.';
        if (normal === '..' || normal.startsWith('../'))
            throw new errors_1.ValidationError(`sandbox path leaves the workspace: ${relativePath}`);
        const underData = normal === exports.DATA_DIR_NAME || normal.startsWith(`${exports.DATA_DIR_NAME}/`);
        const isolated = normal.startsWith(`${ISOLATED_PARENT}/`) && ids_1.ULID_PATTERN.test(normal.slice(ISOLATED_PARENT.length + 1));
        if (underData && !isolated)
            throw new errors_1.ValidationError(`sandbox path must not be inside ${exports.DATA_DIR_NAME}/: ${relativePath}`);
        return normal;
    }
    async resolveSandbox(relativePath) {
        const normal = this.normalizeSandboxPath(relativePath);
        const root = await this.canonicalRoot();
        const target = path.resolve(root, normal);
        // Follow links as far as the path exists: a link anywhere on the way may point out.
        let existing = target;
        let rest = '';
        for (;;) {
            const real = await node_fs_1.promises.realpath(existing).catch(() => undefined);
            if (real !== undefined) {
                const resolved = rest ? path.join(real, rest) : real;
                if (!isInside(root, resolved))
                    throw new errors_1.ValidationError(`sandbox path resolves outside the workspace: ${relativePath}`);
                return resolved;
            }
            const parent = path.dirname(existing);
            if (parent === existing)
                throw new errors_1.ValidationError(`sandbox path cannot be resolved: ${relativePath}`);
            rest = rest ? path.join(path.basename(existing), rest) : path.basename(existing);
            existing = parent;
        }
    }
    async isDirectory(absolutePath) {
        return node_fs_1.promises.stat(absolutePath).then((s) => s.isDirectory(), () => false);
    }
    async folderIdentity(absolutePath) {
        const stat = await node_fs_1.promises.lstat(absolutePath, { bigint: true }).catch(() => undefined);
        return stat?.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
    }
    isolatedSandboxPath(planId) {
        if (!ids_1.ULID_PATTERN.test(planId))
            throw new errors_1.ValidationError(`not a plan id: ${planId}`);
        return `${ISOLATED_PARENT}/${planId}`;
    }
    async createEmptyDirectory(absolutePath) {
        await (0, realDataPath_1.assertRealDataPath)(await this.canonicalRoot(), absolutePath);
        await this.assertIsolated(absolutePath, true);
        await node_fs_1.promises.mkdir(absolutePath);
    }
    /** Only ever removes an isolated sandbox: nothing else of the workspace may be deleted here. */
    async removeDirectory(absolutePath) {
        await (0, realDataPath_1.assertRealDataPath)(await this.canonicalRoot(), absolutePath);
        await this.assertIsolated(absolutePath, false);
        // `rm` itself does not follow a symlink it is given or finds inside.
        await node_fs_1.promises.rm(absolutePath, { recursive: true, force: true });
    }
    /**
     * Refuses a folder that is not an isolated sandbox, or one whose way from the workspace folder
     * goes through a symlink or a file (a `.cleveragents/sandboxes` pointing elsewhere would have
     * us create or delete there); with `make`, the folders on the way are made.
     */
    async assertIsolated(absolutePath, make) {
        const root = await this.canonicalRoot();
        const rel = path.relative(root, absolutePath).split(path.sep).join('/');
        if (!rel.startsWith(`${ISOLATED_PARENT}/`) || !ids_1.ULID_PATTERN.test(rel.slice(ISOLATED_PARENT.length + 1))) {
            throw new errors_1.ValidationError(`refusing to create or remove a folder that is not an isolated sandbox: ${absolutePath}`);
        }
        let folder = root;
        for (const part of ISOLATED_PARENT.split('/')) {
            folder = path.join(folder, part);
            let stat = await node_fs_1.promises.lstat(folder).catch(() => undefined);
            if (!stat && make) {
                await node_fs_1.promises.mkdir(folder).catch((error) => {
                    if (error.code !== 'EEXIST')
                        throw error;
                });
                stat = await node_fs_1.promises.lstat(folder);
            }
            if (!stat)
                return;
            if (!stat.isDirectory())
                throw new errors_1.ValidationError(`refusing to create or remove a sandbox through ${folder}, which is not a real folder (a symlink or a file)`);
        }
    }
    canonicalRoot() {
        this.realRoot ??= node_fs_1.promises.realpath(this.root).catch(() => {
            this.realRoot = undefined;
            throw new errors_1.ValidationError(`workspace folder does not exist: ${this.root}`);
        });
        return this.realRoot;
    }
}
exports.NodeWorkspaceFiles = NodeWorkspaceFiles;
function isInside(root, candidate) {
    return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
/**
 * Makes `<workspace>/.cleveragents/` (0700, one level at a time, never through a link) with a
 * `.gitignore` of `*`, so the user's own git never sees what the product keeps there; an existing
 * `.gitignore` is kept.
 */
async function ensureDataDir(workspaceRoot) {
    const dir = path.join(workspaceRoot, exports.DATA_DIR_NAME);
    (0, stateFiles_1.makeStateDir)(workspaceRoot, dir);
    writeIgnoreAll(workspaceRoot, dir);
    return dir;
}
/** A `.gitignore` of `*` in `dir` (a folder of ours inside `workspaceRoot`), unless it has one already (never overwritten). */
function writeIgnoreAll(workspaceRoot, dir) {
    (0, stateFiles_1.createStateFile)(workspaceRoot, path.join(dir, '.gitignore'), '*\n');
}
//# sourceMappingURL=nodeWorkspaceFiles.js.map