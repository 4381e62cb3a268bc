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
exports.ShadowRepository = exports.KEY_INDEX_CONFIG = void 0;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_crypto_1 = require("node:crypto");
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
const gitEnvironment_1 = require("./gitEnvironment");
const gitOutput_1 = require("./gitOutput");
const gitCommitObject_1 = require("./gitCommitObject");
const gitRefFiles_1 = require("./gitRefFiles");
const storeNames_1 = require("./storeNames");
const staleIndexLock_1 = require("./staleIndexLock");
const storeFiles_1 = require("./storeFiles");
const storeValidation_1 = require("./storeValidation");
const realDataPath_1 = require("../files/realDataPath");
/**
 * The settings of a sandbox's persistent index (the one every snapshot stages into). Split: the
 * entries live in a shared file (`sharedindex.<id>` in the sandbox's git dir) that git rewrites
 * only once a fifth of them changed, and each write of the index (status refreshing it, staging,
 * write-tree saving its cache of trees) writes the few entries that changed since. A snapshot
 * writes the index two or three times: on a sandbox of 27,000 files, a whole write costs 15 to
 * 25 ms, a split one a few. Indexes made for one operation (a restore's staging) stay whole.
 */
exports.KEY_INDEX_CONFIG = { 'core.splitIndex': 'true' };
/**
 * The shadow repository on disk: `shadow.git/` (objects, pins) and one linked git dir per sandbox
 * under `indexes/<key>/` (its persistent index, HEAD, exclude file and `state.json`), the git
 * runners for both, and the objects and refs the store writes itself.
 */
class ShadowRepository {
    checkpointDir;
    report;
    base;
    gitDir;
    ready;
    validation;
    constructor(checkpointDir, report = () => undefined, 
    /** The workspace folder: nothing from it down to the store may be a symbolic link. */
    base = path.dirname(checkpointDir)) {
        this.checkpointDir = checkpointDir;
        this.report = report;
        this.base = base;
        this.gitDir = path.join(checkpointDir, 'shadow.git');
        this.validation = new storeValidation_1.StoreValidation(checkpointDir, base);
    }
    /** The store, made when missing and checked (once per process) before any git runs on it. */
    ensureRepo() {
        this.ready ??= (async () => {
            await this.validation.check();
            await this.initRepo();
            await this.validation.check();
        })().catch((error) => {
            this.ready = undefined;
            throw (0, storeFiles_1.wrap)('Could not create the checkpoint store', error);
        });
        return this.ready;
    }
    /**
     * The store checked again (a cheap look, a full check when it changed): at the start of each
     * locked operation. A missing store passes: `ensureRepo` makes it when it is needed.
     */
    verify() {
        return this.validation.check().catch((error) => {
            throw (0, storeFiles_1.wrap)('Could not use the checkpoint store', error);
        });
    }
    async initRepo() {
        if (await node_fs_1.promises.stat(path.join(this.gitDir, 'HEAD')).then(() => true, () => false))
            return;
        await node_fs_1.promises.mkdir(this.checkpointDir, { recursive: true });
        // Made aside and renamed into place, so another process never sees a half-made store.
        const temp = `${this.gitDir}.tmp-${process.pid}-${(0, node_crypto_1.randomBytes)(4).toString('hex')}`;
        const git = (0, gitEnvironment_1.shadowGit)({ cwd: this.checkpointDir, gitDir: temp });
        await git.raw(['init', '--bare', '--quiet', '--template=', temp]);
        // No hook folder: every call names none (SAFE_GIT_CONFIG), whatever this file says.
        await node_fs_1.promises.appendFile(path.join(temp, 'config'), (0, gitOutput_1.configText)(gitEnvironment_1.SHADOW_REPO_CONFIG));
        await node_fs_1.promises.mkdir(path.join(temp, 'info'), { recursive: true });
        await node_fs_1.promises.writeFile(path.join(temp, 'info', 'exclude'), '.cleveragents/\n');
        await node_fs_1.promises.writeFile(path.join(temp, 'info', 'attributes'), gitEnvironment_1.NEUTRAL_ATTRIBUTES);
        try {
            await node_fs_1.promises.rename(temp, this.gitDir);
        }
        catch (error) {
            await node_fs_1.promises.rm(temp, { recursive: true, force: true });
            if (!(await node_fs_1.promises.stat(path.join(this.gitDir, 'HEAD')).then(() => true, () => false)))
                throw error;
        }
    }
    keyDir(key) {
        (0, storeNames_1.assertKey)(key);
        return path.join(this.checkpointDir, 'indexes', key);
    }
    /** A per-sandbox git dir linked to the shared store, as `git worktree` links its own. */
    async ensureKey(key) {
        await this.ensureRepo();
        const dir = this.keyDir(key);
        await (0, realDataPath_1.assertRealDataPath)(this.base, dir);
        const commondir = await node_fs_1.promises.readFile(path.join(dir, 'commondir'), 'utf8').catch(() => undefined);
        if (commondir !== undefined) {
            // Earlier releases wrote an absolute path: a copied workspace then wrote into the original's store.
            if (commondir !== storeValidation_1.COMMON_DIR)
                await (0, storeFiles_1.replaceFile)(path.join(dir, 'commondir'), storeValidation_1.COMMON_DIR);
            await (0, staleIndexLock_1.clearStaleIndexLock)(dir, this.report);
            return;
        }
        await node_fs_1.promises.mkdir(dir, { recursive: true });
        await (0, storeFiles_1.replaceFile)(path.join(dir, 'HEAD'), `ref: ${(0, storeNames_1.headRef)(key)}\n`);
        await (0, storeFiles_1.replaceFile)(path.join(dir, 'skipped'), '\n');
        await (0, storeFiles_1.replaceFile)(path.join(dir, 'commondir'), storeValidation_1.COMMON_DIR);
    }
    keyGit(sandbox, extraConfig = {}, refreshIndex = false) {
        return (0, gitEnvironment_1.shadowGit)({
            cwd: sandbox.dir,
            gitDir: this.keyDir(sandbox.key),
            workTree: sandbox.dir,
            config: { 'core.excludesFile': path.join(this.keyDir(sandbox.key), 'skipped'), ...exports.KEY_INDEX_CONFIG, ...extraConfig },
            refreshIndex,
            before: () => this.ensureRepo(),
        });
    }
    /**
     * A git on a copy of the sandbox's index (`indexFile`), run in the sandbox's git dir: a split
     * index names its shared part, which git looks for in the git dir it runs in.
     */
    keyIndexCopyGit(sandbox, indexFile) {
        return (0, gitEnvironment_1.shadowGit)({ cwd: this.checkpointDir, gitDir: this.keyDir(sandbox.key), workTree: sandbox.dir, indexFile, config: exports.KEY_INDEX_CONFIG, before: () => this.ensureRepo() });
    }
    repoGit() {
        return (0, gitEnvironment_1.shadowGit)({ cwd: this.checkpointDir, gitDir: this.gitDir, before: () => this.ensureRepo() });
    }
    /** A git on the store with its own index file (an overlay's), checked like the others. */
    indexGit(workTree, indexFile) {
        return (0, gitEnvironment_1.shadowGit)({ cwd: this.checkpointDir, gitDir: this.gitDir, workTree, indexFile, before: () => this.ensureRepo() });
    }
    /**
     * The git of a sandbox's git dir that the garbage collector reads without a sandbox at hand; undefined
     * when that folder does not link to this store (a half-made one, or one this program did not make).
     */
    async linkedKeyGit(key) {
        const dir = this.keyDir(key);
        const info = await node_fs_1.promises.lstat(dir).catch(() => undefined);
        if (!info?.isDirectory())
            return undefined;
        const commondir = await node_fs_1.promises.readFile(path.join(dir, 'commondir'), 'utf8').catch(() => undefined);
        if (commondir === undefined)
            return undefined;
        if (commondir !== storeValidation_1.COMMON_DIR)
            await (0, storeFiles_1.replaceFile)(path.join(dir, 'commondir'), storeValidation_1.COMMON_DIR);
        return (0, gitEnvironment_1.shadowGit)({ cwd: this.checkpointDir, gitDir: dir, config: exports.KEY_INDEX_CONFIG, before: () => this.ensureRepo() });
    }
    commitTree(tree, message) {
        const identity = { name: gitEnvironment_1.SHADOW_REPO_CONFIG['user.name'], email: gitEnvironment_1.SHADOW_REPO_CONFIG['user.email'] };
        return (0, gitCommitObject_1.writeCommitObject)(path.join(this.gitDir, 'objects'), tree, message.slice(0, 2000) || 'snapshot', identity, new Date());
    }
    async treeOf(ref) {
        (0, storeNames_1.assertObjectId)(ref);
        await this.ensureRepo();
        const loose = await (0, gitCommitObject_1.looseObjectTree)(path.join(this.gitDir, 'objects'), ref);
        if (loose)
            return loose;
        const tree = (await this.repoGit().raw(['rev-parse', '--verify', '-q', `${ref}^{tree}`])).trim();
        if (!ids_1.OBJECT_ID_PATTERN.test(tree))
            throw new errors_1.SandboxError(`The shadow store has no snapshot ${ref}`);
        return tree;
    }
    async rawChanges(fromRef, toRef) {
        (0, storeNames_1.assertObjectId)(fromRef);
        (0, storeNames_1.assertObjectId)(toRef);
        await this.ensureRepo();
        const changes = (0, gitOutput_1.parseRawDiff)(await this.repoGit().raw(['diff-tree', '-r', '-z', '--no-renames', fromRef, toRef]));
        // Every restore, recovery and apply writes, renames and deletes the paths of such a diff.
        for (const c of changes)
            (0, storeNames_1.assertSnapshotPaths)(c.oldOid !== undefined ? fromRef : toRef, [c.path]);
        return changes;
    }
    /** Points the sandbox's HEAD at its newest state, so the next status compares against it. */
    async recordHead(key, state, pin = null) {
        const updates = [[(0, storeNames_1.headRef)(key), state.commit]];
        if (pin !== null)
            updates.push([(0, storeNames_1.pinRef)(pin), state.commit]);
        // Either order survives a crash between the two: a snapshot trusts state.json only while HEAD
        // names the same commit.
        await Promise.all([(0, gitRefFiles_1.writeRefs)(this.gitDir, updates), (0, storeFiles_1.replaceFile)(path.join(this.keyDir(key), 'state.json'), JSON.stringify(state))]);
    }
    /** Loose refs are deleted as files; one that `git pack-refs` packed goes through git. */
    async deleteRefs(refs) {
        const packed = await (0, gitRefFiles_1.deleteLooseRefs)(this.gitDir, refs);
        if (packed.length > 0)
            await this.repoGit().raw(['update-ref', '--stdin'], packed.map((ref) => `delete ${ref}\n`).join(''));
    }
    async readState(key) {
        try {
            const parsed = JSON.parse(await node_fs_1.promises.readFile(path.join(this.keyDir(key), 'state.json'), 'utf8'));
            if (!ids_1.OBJECT_ID_PATTERN.test(parsed.commit) || !ids_1.OBJECT_ID_PATTERN.test(parsed.tree))
                return undefined;
            if (!(await node_fs_1.promises.stat(path.join(this.keyDir(key), 'index')).then(() => true, () => false)))
                return undefined;
            return { ...parsed, skipped: Array.isArray(parsed.skipped) ? parsed.skipped.filter((s) => ids_1.RelativePathSchema.safeParse(s.path).success) : [] };
        }
        catch {
            return undefined;
        }
    }
}
exports.ShadowRepository = ShadowRepository;
//# sourceMappingURL=shadowRepository.js.map