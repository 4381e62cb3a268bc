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
exports.SpecialFileScan = void 0;
exports.specialFilesUnder = specialFilesUnder;
exports.specialFileType = specialFileType;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const folderListings_1 = require("./folderListings");
const gitEnvironment_1 = require("./gitEnvironment");
const gitOutput_1 = require("./gitOutput");
/**
 * How long the walk runs before it lets the event loop (git's output, the editor) have a turn:
 * each git's answer waits for the slice under way, and a snapshot runs three gits in a row beside
 * the walk (4 ms slices cost a post_step on prettier about 8 ms more than 1 ms ones).
 */
const SLICE_MS = 1;
/**
 * A folder changed this recently may change again within the same timestamp tick, unseen: its
 * listing is not trusted next time (git's "racily clean" rule).
 */
const RACY_MS = 2000;
/**
 * Finds the FIFOs, sockets and devices of a sandbox, which git never reports as new files (it
 * neither reads nor lists them), so that a checkpoint can list them as not captured. It looks in
 * every folder git would look in: not `.git`, not nested repositories, not the ignored folders.
 *
 * What makes it cost next to nothing: it runs beside `status`, in short slices, and keeps each
 * folder's listing between snapshots. A folder whose change time and inode are those of its kept
 * listing is not read again (adding, removing or renaming an entry changes a folder's change
 * time), and its subfolders are ignored or not as they were. Git is asked (`check-ignore`) only
 * about folders it has not seen before, a batch per level, and about every folder when an ignore
 * file changed. It stops when the snapshot is not taken after all.
 */
class SpecialFileScan {
    root;
    git;
    changed = false;
    kept = new Map();
    keptIgnored = new Set();
    seen = new Map();
    listingFile;
    loaded;
    early;
    late;
    /**
     * A scan of the sandbox at `root`, with the listings kept in `indexDir` (none is fine). `early`:
     * the walk starts now, beside status; else in {@link finish}.
     */
    constructor(root, indexDir, git, early) {
        this.root = root;
        this.git = git;
        this.listingFile = (0, folderListings_1.listingFileIn)(indexDir);
        this.loaded = (0, folderListings_1.readListing)(this.listingFile).then((kept) => {
            this.kept = kept.folders;
            this.keptIgnored = kept.ignored;
        });
        // Beside status (which starts first); a scan stopped at once reads nothing.
        if (early)
            this.early = this.walk(true);
    }
    /**
     * The special files no ignore rule covers (only those are worth listing). `rulesChanged`: an
     * ignore file changed since the last snapshot, so what was ignored may no longer be: every
     * folder is asked about again.
     */
    finish(rulesChanged) {
        if (rulesChanged)
            this.early?.stop();
        const walk = rulesChanged || !this.early ? (this.late = this.walk(!rulesChanged)) : this.early;
        const found = (async () => {
            const specials = await walk.found;
            if (!walk.stopped)
                await this.save(walk.ignored);
            return withoutIgnored(this.git, specials);
        })();
        // Awaited by whoever needs the list; a scan nobody waits for must not fail the process.
        found.catch(() => undefined);
        return found;
    }
    /** Ends the walk at its next slice. */
    stop() {
        this.early?.stop();
        this.late?.stop();
    }
    /**
     * Every folder git would look in, from the root; `trustKept`: a subfolder the kept listings knew
     * is ignored or not as it was, else git is asked.
     */
    walk(trustKept) {
        const walk = new Walk();
        walk.found = (async () => {
            await this.loaded;
            const specials = [];
            const stack = [''];
            let sliceStart = performance.now();
            while (stack.length > 0 && !walk.stopped) {
                const unknown = [];
                while (stack.length > 0 && !walk.stopped) {
                    const rel = stack.pop();
                    const before = this.kept.get(rel);
                    const folder = this.read(rel);
                    // Unreadable (status lists it) or gone meanwhile; a nested repository is skipped whole.
                    if (!folder || (rel !== '' && folder.nested))
                        continue;
                    const prefix = rel === '' ? '' : `${rel}/`;
                    for (const [name, type] of folder.specials)
                        specials.push({ path: prefix + name, reason: 'special_file', file_type: type });
                    // Which subfolders the kept listing named: all of them when the folder is unchanged.
                    const knownBefore = !trustKept || !before ? undefined : folder === before ? 'all' : new Set(before.folders);
                    for (const name of folder.folders) {
                        const child = prefix + name;
                        if (knownBefore !== 'all' && !knownBefore?.has(name))
                            unknown.push(child);
                        else if (this.keptIgnored.has(child))
                            walk.ignored.add(child);
                        else
                            stack.push(child);
                    }
                    if (performance.now() - sliceStart >= SLICE_MS) {
                        await new Promise((resolve) => setImmediate(resolve));
                        sliceStart = performance.now();
                    }
                }
                if (unknown.length === 0 || walk.stopped)
                    break;
                const ignoredNow = await ignoredAmong(this.git, unknown);
                this.changed = true;
                for (const child of unknown) {
                    if (ignoredNow.has(child))
                        walk.ignored.add(child);
                    else
                        stack.push(child);
                }
            }
            return specials;
        })();
        walk.found.catch(() => undefined);
        return walk;
    }
    /** The folder's listing: the kept one while its change time and inode say it is the same, else read. */
    read(rel) {
        const abs = path.join(this.root, rel);
        let stat;
        let entries;
        try {
            stat = (0, node_fs_1.lstatSync)(abs);
            if (!stat.isDirectory())
                return undefined;
            const kept = this.kept.get(rel);
            if (kept && !kept.racy && kept.ctime === stat.ctimeMs && kept.ino === stat.ino) {
                this.seen.set(rel, kept);
                return kept;
            }
            entries = (0, node_fs_1.readdirSync)(abs, { withFileTypes: true });
        }
        catch {
            return undefined;
        }
        // A folder changed very recently may change again unseen: its listing is read again next
        // time, but the subfolders it names keep what git said about them.
        const folder = { ctime: stat.ctimeMs, ino: stat.ino, racy: stat.ctimeMs >= Date.now() - RACY_MS, nested: false, folders: [], specials: [] };
        for (const entry of entries) {
            if (entry.name === '.git')
                folder.nested = true;
            else if (entry.isDirectory())
                folder.folders.push(entry.name);
            else {
                const type = specialFileType(entry);
                if (type)
                    folder.specials.push([entry.name, type]);
            }
        }
        // A repository's subfolders are never walked, so nothing is known about them.
        if (folder.nested && rel !== '')
            folder.folders = [];
        this.seen.set(rel, folder);
        if (!sameRecord(folder, this.kept.get(rel)))
            this.changed = true;
        return folder;
    }
    /** Keeps the listings when they changed. */
    async save(ignored) {
        const sameIgnored = ignored.size === this.keptIgnored.size && [...ignored].every((f) => this.keptIgnored.has(f));
        const sameFolders = !this.changed && [...this.kept.keys()].every((rel) => this.seen.has(rel));
        if (sameIgnored && sameFolders && this.kept.size > 0)
            return;
        await (0, folderListings_1.writeListing)(this.listingFile, { folders: this.seen, ignored });
    }
}
exports.SpecialFileScan = SpecialFileScan;
/** One walk of the sandbox: what it found, and a way to end it early. */
class Walk {
    stopped = false;
    /** The ignored folders it came across. */
    ignored = new Set();
    found = Promise.resolve([]);
    stop() {
        this.stopped = true;
    }
}
function sameRecord(a, b) {
    return (b !== undefined &&
        a.ctime === b.ctime &&
        a.ino === b.ino &&
        a.racy === b.racy &&
        a.nested === b.nested &&
        a.folders.join('/') === b.folders.join('/') &&
        a.specials.join('/') === b.specials.join('/'));
}
/** The special files in and under these folders (relative to `root`), ignored or not, nested repositories left out. */
function specialFilesUnder(root, folders) {
    const found = [];
    const stack = [...folders];
    while (stack.length > 0) {
        const rel = stack.pop();
        let entries;
        try {
            entries = (0, node_fs_1.readdirSync)(path.join(root, rel), { withFileTypes: true });
        }
        catch {
            continue;
        }
        if (entries.some((e) => e.name === '.git'))
            continue;
        for (const entry of entries) {
            if (entry.isDirectory())
                stack.push(`${rel}/${entry.name}`);
            else if (specialFileType(entry))
                found.push(`${rel}/${entry.name}`);
        }
    }
    return found;
}
/** What a FIFO, socket or device is; undefined for files, folders and symlinks. */
function specialFileType(entry) {
    if (entry.isFIFO())
        return 'fifo';
    if (entry.isSocket())
        return 'socket';
    if (entry.isBlockDevice())
        return 'block_device';
    if (entry.isCharacterDevice())
        return 'character_device';
    return undefined;
}
/** The special files no ignore rule covers (a `*.sock` rule, say): only those are worth listing. */
async function withoutIgnored(git, specials) {
    const ignored = await ignoredAmong(git, specials.map((s) => s.path));
    return specials.filter((s) => !ignored.has(s.path));
}
/** Which of these paths (files or folders, relative to the sandbox) an ignore rule covers. */
async function ignoredAmong(git, paths) {
    if (paths.length === 0)
        return new Set();
    let out;
    try {
        // `./` first: no name is read as pathspec magic.
        out = await git.withMagicPathspecs().raw(['check-ignore', '-z', '--stdin'], (0, gitOutput_1.nulList)(paths.map((p) => `./${p}`)));
    }
    catch (error) {
        // Exit code 1: none of them is ignored.
        if (error instanceof gitEnvironment_1.GitCommandError && error.exitCode === 1)
            return new Set();
        throw error;
    }
    return new Set(out.split('\0').filter(Boolean).map((p) => p.slice(2)));
}
//# sourceMappingURL=specialFiles.js.map