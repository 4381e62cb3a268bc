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
exports.SandboxStaging = exports.BULK_STAGE_THRESHOLD = void 0;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const atomicFile_1 = require("../files/atomicFile");
const gitOutput_1 = require("./gitOutput");
const phaseTimer_1 = require("./phaseTimer");
const sandboxPaths_1 = require("./sandboxPaths");
const specialFiles_1 = require("./specialFiles");
const storeFiles_1 = require("./storeFiles");
const storeNames_1 = require("./storeNames");
/** Above this many paths, staging goes through one `git add -A` that writes a single pack. */
exports.BULK_STAGE_THRESHOLD = 1000;
/**
 * Brings a sandbox's persistent index up to date with its files, and decides what is not
 * captured: files above the size limit, unreadable files, nested repositories (listed as skipped)
 * and the store's own files wherever they are (never listed).
 */
class SandboxStaging {
    repo;
    maxFileBytes;
    protectedFiles;
    constructor(repo, maxFileBytes, protectedFiles) {
        this.repo = repo;
        this.maxFileBytes = maxFileBytes;
        this.protectedFiles = protectedFiles;
    }
    /**
     * Brings the sandbox's index up to date with its files: what status names is staged, except
     * nested repositories and files above the size limit, which are skipped (and listed).
     *
     * `specials`: when to look for special files. `beside-status` for a snapshot that is taken
     * whatever it finds; `after-status` for one that may not be (it then starts looking when status
     * names a change, and else only when asked, so that a snapshot with nothing new pays nothing);
     * `none` when the caller never asks.
     */
    async stage(sandbox, phases = new phaseTimer_1.PhaseTimer(), specials = 'beside-status') {
        const state = await this.repo.readState(sandbox.key);
        const skipped = await this.stillSkipped(sandbox, state?.skipped ?? []);
        const isProtected = this.protectedMatcher(sandbox);
        await this.writeSkipList(sandbox, skipped);
        const git = this.repo.keyGit(sandbox);
        const firstTime = !state;
        const indexDir = this.repo.keyDir(sandbox.key);
        let scan = specials === 'beside-status' ? new specialFiles_1.SpecialFileScan(sandbox.dir, indexDir, git, true) : undefined;
        phases.mark('prepare');
        let status;
        try {
            status = await this.changedPaths(sandbox, git);
        }
        catch (error) {
            scan?.stop();
            throw error;
        }
        const { entries } = status;
        // An ignore file that changed may change what is ignored: the walk asks git about every folder.
        const rulesChanged = entries.some((e) => e.path === '.gitignore' || e.path.endsWith('/.gitignore'));
        let found = scan?.finish(rulesChanged);
        const specialFiles = () => {
            if (found)
                return found;
            scan = new specialFiles_1.SpecialFileScan(sandbox.dir, indexDir, git, false);
            return (found = scan.finish(rulesChanged));
        };
        if (specials === 'after-status' && entries.length > 0)
            void specialFiles();
        try {
            // A folder git may not open is left out by git itself: list it, so the user knows.
            for (const m of status.warnings.matchAll(/could not open directory '(.+?)\/?': /g)) {
                if (!skipped.some((s) => s.path === m[1]))
                    skipped.push({ path: m[1], reason: 'unreadable' });
            }
            phases.mark('status');
            const toStage = [];
            // Gone from the index as they are from the files: deleted paths (also those behind a folder
            // that became a symlink, which a plain `--remove` refuses) and what must not be captured.
            const toDrop = [];
            await forEachInSlices(entries, (entry) => {
                if (isProtected(entry.path)) {
                    if (entry.kind !== 'untracked')
                        toDrop.push(entry.path);
                    return;
                }
                if (entry.kind === 'nested') {
                    skipped.push({ path: entry.path, reason: 'nested_repository' });
                    return;
                }
                if (entry.kind === 'staged')
                    return;
                if (entry.kind === 'deleted') {
                    toDrop.push(entry.path);
                    return;
                }
                const abs = path.join(sandbox.dir, entry.path);
                const stat = (0, sandboxPaths_1.lstatOrUndefined)(abs);
                if (!stat && entry.path.includes('\uFFFD')) {
                    // Git names it by bytes that are not UTF-8: by the decoded name it cannot be staged.
                    skipped.push({ path: entry.path, reason: 'name_not_utf8' });
                    return;
                }
                if (!stat) {
                    toStage.push(entry.path);
                    return;
                }
                const special = (0, specialFiles_1.specialFileType)(stat);
                if (special) {
                    // A captured file replaced by a FIFO, a socket or a device: git would refuse to stage it.
                    skipped.push({ path: entry.path, reason: 'special_file', file_type: special });
                    toDrop.push(entry.path);
                    return;
                }
                const why = stat.isSymbolicLink() ? undefined : stat.size > this.maxFileBytes ? 'too_large' : !isReadable(abs) ? 'unreadable' : undefined;
                if (why) {
                    skipped.push(why === 'too_large' ? { path: entry.path, reason: why, size_bytes: stat.size } : { path: entry.path, reason: why });
                    if (entry.kind === 'changed')
                        toDrop.push(entry.path);
                    return;
                }
                toStage.push(entry.path);
            });
            skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
            const allExcluded = await this.writeSkipList(sandbox, skipped);
            phases.mark('stat');
            // Dropped first: `add -A` refuses a captured path that is now a special file.
            if (toDrop.length > 0)
                await git.raw(['update-index', '--force-remove', '-z', '--stdin'], (0, gitOutput_1.nulList)(toDrop));
            if ((firstTime || toStage.length > exports.BULK_STAGE_THRESHOLD) && allExcluded) {
                // One walk that streams every blob into a single pack (fast, and far smaller than loose
                // objects); the skip list keeps what is not captured out.
                const bulk = this.repo.keyGit(sandbox, { 'core.bigFileThreshold': '1', 'pack.compression': '1' });
                await bulk.raw(['add', '-A']);
                // `add` invalidates the untracked cache of every folder it added to: the next status
                // would read every folder again. That status is the next snapshot's, often the pre_write
                // a save waits for (VS Code waits 1.5 s); this one pays it now, in a snapshot nobody waits on.
                await this.changedPaths(sandbox, git);
            }
            else {
                if (toStage.length > 0)
                    await git.raw(['update-index', '--add', '--remove', '--replace', '-z', '--stdin'], (0, gitOutput_1.nulList)(toStage));
            }
        }
        catch (error) {
            scan?.stop();
            throw error;
        }
        phases.mark('stage');
        return { state, entries, skipped, specialFiles, stopSpecials: () => scan?.stop() };
    }
    /**
     * Every path that differs between HEAD, index and files, each untracked file named. Status may
     * write the index back: files rewritten with the same content get fresh stat data, so the next
     * status does not hash them again and a restore does not find them "not uptodate"; and its
     * untracked cache, so that only folders changed since are read again. For that cache, a folder
     * that holds only untracked files is named as itself; `ls-files` then lists its files (and those
     * of a folder that replaced a captured file or symlink, which status does not look into).
     */
    async changedPaths(sandbox, git) {
        const status = await this.repo.keyGit(sandbox, {}, true).rawWithWarnings(['status', '--porcelain=v2', '-z', '--untracked-files=normal', '--no-renames']);
        let entries = (0, gitOutput_1.parseStatus)(status.out);
        let warnings = status.warnings;
        const replacedByFolder = (e) => e.kind === 'deleted' && (0, sandboxPaths_1.lstatOrUndefined)(path.join(sandbox.dir, e.path))?.isDirectory() === true;
        const folders = entries.filter((e) => e.kind === 'folder' || replacedByFolder(e)).map((e) => `${e.path}/`);
        if (folders.length > 0) {
            entries = entries.filter((e) => e.kind !== 'folder');
            for (let i = 0; i < folders.length; i += 500) {
                const others = await git.rawWithWarnings(['ls-files', '--others', '--exclude-standard', '-z', '--', ...folders.slice(i, i + 500)]);
                entries.push(...(0, gitOutput_1.parseOthers)(others.out));
                warnings += others.warnings;
            }
        }
        return { entries, warnings };
    }
    /** Paths skipped before stay skipped while they are still too large, unreadable or a repository. */
    async stillSkipped(sandbox, previous) {
        const kept = [];
        for (const s of previous) {
            // Special files are found afresh by each snapshot's walk.
            if (s.reason === 'special_file')
                continue;
            const abs = path.join(sandbox.dir, s.path);
            if (s.reason === 'nested_repository') {
                if (await node_fs_1.promises.lstat(path.join(abs, '.git')).then(() => true, () => false))
                    kept.push(s);
                continue;
            }
            const stat = await node_fs_1.promises.lstat(abs).catch(() => undefined);
            if (!stat || stat.isSymbolicLink())
                continue;
            if (stat.size > this.maxFileBytes)
                kept.push({ path: s.path, reason: 'too_large', size_bytes: stat.size });
            else if (!isReadable(abs))
                kept.push({ path: s.path, reason: 'unreadable' });
        }
        return kept;
    }
    /**
     * Writes the sandbox's exclude file: what is skipped, and the store's own files. Returns false
     * when a name cannot be written there (a line break in it): then only staging by explicit path
     * keeps it out.
     */
    async writeSkipList(sandbox, skipped) {
        const file = path.join(this.repo.keyDir(sandbox.key), 'skipped');
        const ownFiles = this.protectedIn(sandbox).flatMap((p) => [(0, gitOutput_1.exactIgnorePattern)(p), (0, gitOutput_1.exactIgnorePattern)(p) && `${(0, gitOutput_1.exactIgnorePattern)(p)}.*${atomicFile_1.TEMP_FILE_SUFFIX}`]);
        // Git never adds a special file that it does not track: no pattern needed (or wanted, for a name with a line break).
        const excluded = skipped.filter((s) => s.reason !== 'special_file');
        const patterns = [...ownFiles, ...excluded.map((s) => (0, gitOutput_1.exactIgnorePattern)(s.path, s.reason === 'nested_repository'))];
        const text = patterns.filter((p) => p !== undefined).map((p) => `${p}\n`).join('') || '\n';
        if (readOrEmpty(file) !== text)
            await (0, storeFiles_1.replaceFile)(file, text);
        // A name that is not UTF-8 cannot be written as a pattern either (its bytes are lost).
        return patterns.every((p) => p !== undefined) && !skipped.some((s) => s.reason === 'name_not_utf8');
    }
    /** Whether a path of the sandbox is a protected file or one of its temporary files. */
    protectedMatcher(sandbox) {
        const files = this.protectedIn(sandbox);
        return (rel) => files.some((p) => rel === p || (rel.startsWith(`${p}.`) && rel.endsWith(atomicFile_1.TEMP_FILE_SUFFIX)));
    }
    /** The protected files inside this sandbox, relative to it. */
    protectedIn(sandbox) {
        return this.protectedFiles
            .map((file) => path.relative(sandbox.dir, file).split(path.sep).join('/'))
            .filter((rel) => rel !== '' && rel !== '..' && !rel.startsWith('../') && !path.isAbsolute(rel))
            // `.cleveragents/` (and `.git/`) is excluded from every snapshot already (and an overlay per restore costs).
            .filter((rel) => (0, storeNames_1.unsafeReason)(rel) === undefined);
    }
}
exports.SandboxStaging = SandboxStaging;
/**
 * A small file's text, '' when it cannot be read. Read synchronously: four round trips through the
 * thread pool (open, stat, read, close) each wait for whatever holds the event loop (a slice of the
 * special-file walk), where the read itself takes microseconds.
 */
function readOrEmpty(file) {
    try {
        return (0, node_fs_1.readFileSync)(file, 'utf8');
    }
    catch {
        return '';
    }
}
/** Whether this process may read the file (a file it cannot read is skipped, not a failed snapshot). */
function isReadable(file) {
    try {
        (0, node_fs_1.accessSync)(file, node_fs_1.constants.R_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Runs a quick synchronous step (an lstat: microseconds, where a promise round trip through the
 * thread pool costs ten times more) for each item, giving the event loop back every few hundred.
 */
async function forEachInSlices(items, fn) {
    for (let start = 0; start < items.length; start += 256) {
        if (start > 0)
            await new Promise((resolve) => setImmediate(resolve));
        for (const item of items.slice(start, start + 256))
            fn(item);
    }
}
//# sourceMappingURL=sandboxStaging.js.map