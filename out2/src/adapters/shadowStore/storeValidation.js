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
exports.StoreValidation = exports.COMMON_DIR = void 0;
exports.plainConfigEntries = plainConfigEntries;
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const realDataPath_1 = require("../files/realDataPath");
const gitEnvironment_1 = require("./gitEnvironment");
const storeNames_1 = require("./storeNames");
/**
 * Where a sandbox's git dir (`indexes/<key>/`) finds the shared store, relative to itself: a copy
 * of the workspace (with `.cleveragents/`) then uses its own copy of the store.
 */
exports.COMMON_DIR = '../../shadow.git\n';
/** Keys the store's config file may hold: what `git init` writes there on any platform, and what this program adds. */
const KNOWN_KEYS = new Set([
    'core.repositoryformatversion',
    'core.filemode',
    'core.bare',
    'core.logallrefupdates',
    'core.precomposeunicode',
    'core.symlinks',
    'core.ignorecase',
    'core.hookspath',
    ...Object.keys(gitEnvironment_1.SHADOW_REPO_CONFIG).map((key) => key.toLowerCase()),
]);
/** Of those, the ones that matter, with the only values this program writes. */
const REQUIRED_VALUES = {
    // Version 1 turns on `extensions.*` (a worktree config file, a promisor remote).
    'core.repositoryformatversion': (v) => v === '0',
    'core.bare': (v) => v === 'true',
    'core.fsmonitor': (v) => v === 'false',
    // Earlier releases wrote their store's `no-hooks` folder (absolute: a moved workspace names the old place); it must hold nothing.
    'core.hookspath': (v) => v !== undefined && /[\\/]shadow\.git[\\/]no-hooks$/.test(v),
};
/** Files git would act on that this program never writes: another repository's objects or config, grafts. */
const FORBIDDEN_FILES = [
    { file: 'objects/info/alternates', why: 'it borrows objects from another repository' },
    { file: 'objects/info/http-alternates', why: 'it borrows objects from another repository' },
    { file: 'commondir', why: 'it points the store at another repository' },
    { file: 'config.worktree', why: 'it adds settings' },
    { file: 'info/grafts', why: 'it rewrites history' },
];
/** Folders of the store that must be real folders (links inside them are looked for too). */
const STORE_FOLDERS = ['objects', 'refs', 'refs/checkpoints', 'refs/sandboxes', 'info'];
/**
 * Refuses a shadow store that is not in the shape this program writes, before any git runs on it:
 * `.cleveragents/` arrives with whatever the user clones, and git takes commands from a config file
 * (`core.fsmonitor`, filter drivers), hooks from a folder it names, objects from an alternates file.
 * Every git call gets safe settings on its command line as well (gitEnvironment.ts); this check
 * covers what such settings cannot switch off (`include.path`, filter drivers, alternates,
 * `core.worktree`, `extensions.*`), and says clearly what is wrong instead of letting git fail.
 *
 * The full check (the config parsed by git itself, the folders listed) runs once per process, and
 * again when a cheap look (the lstat of a dozen paths, ~0.15 ms) finds that one of them changed.
 */
class StoreValidation {
    checkpointDir;
    base;
    gitDir;
    /** The look at which the store last passed the full check. */
    passedAt;
    /** The config file's look when git last parsed it, and what it found wrong (undefined: nothing). */
    parsedConfig;
    constructor(checkpointDir, 
    /** The folder the checked paths are shown relative to, and below which no link is allowed. */
    base) {
        this.checkpointDir = checkpointDir;
        this.base = base;
        this.gitDir = path.join(checkpointDir, 'shadow.git');
    }
    /** Throws a StoreRefusedError unless the store is absent or in the shape this program writes. */
    async check() {
        const look = await this.look();
        if (look === this.passedAt)
            return;
        await this.fullCheck();
        this.passedAt = look;
    }
    /** Each watched path's type, inode, size and (for files) time: a change to any of them means a full check. */
    async look() {
        // Folders that change with every snapshot are looked at for what they are, not when they changed.
        const busy = [path.dirname(this.checkpointDir), this.checkpointDir, path.join(this.checkpointDir, 'indexes'), path.join(this.checkpointDir, 'tmp'), this.gitDir, ...['objects', 'refs', 'info'].map((d) => path.join(this.gitDir, d))];
        const still = ['config', 'info/attributes', 'hooks', 'no-hooks', ...FORBIDDEN_FILES.map((f) => f.file)].map((f) => path.join(this.gitDir, f));
        const stat = (p, withTime) => node_fs_1.promises.lstat(p, { bigint: true }).then((s) => `${s.mode}:${s.ino}${withTime ? `:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : ''}`, () => '-');
        return (await Promise.all([...busy.map((d) => stat(d, false)), ...still.map((f) => stat(f, true))])).join('|');
    }
    async fullCheck() {
        await (0, realDataPath_1.assertRealDataPath)(this.base, this.gitDir);
        for (const dir of ['indexes', 'tmp'])
            await (0, realDataPath_1.assertRealDataPath)(this.base, path.join(this.checkpointDir, dir));
        if (!(await exists(this.gitDir)))
            return; // made later, by this program
        for (const dir of STORE_FOLDERS)
            await (0, realDataPath_1.assertRealDataPath)(this.base, path.join(this.gitDir, dir));
        await this.checkConfig();
        for (const { file, why } of FORBIDDEN_FILES) {
            if (await exists(path.join(this.gitDir, file)))
                this.refuse(file, why);
        }
        for (const hooks of ['hooks', 'no-hooks']) {
            const names = await node_fs_1.promises.readdir(path.join(this.gitDir, hooks)).catch(() => []);
            if (names.length > 0)
                this.refuse(`${hooks}/${(0, realDataPath_1.printable)(names[0])}`, 'it is a hook');
        }
        await this.checkAttributes();
        // One level inside: a link there would take the writes of loose objects, refs or indexes elsewhere.
        for (const dir of [...STORE_FOLDERS, '../indexes']) {
            for (const entry of await node_fs_1.promises.readdir(path.join(this.gitDir, dir), { withFileTypes: true }).catch(() => [])) {
                if (entry.isSymbolicLink())
                    this.refuse(path.posix.normalize(`${dir}/${(0, realDataPath_1.printable)(entry.name)}`), 'it is a symbolic link');
            }
        }
        await this.checkIndexes();
    }
    /** Only the keys this program (or `git init`) writes, parsed by git itself so that nothing hides from the check. */
    async checkConfig() {
        const file = path.join(this.gitDir, 'config');
        const info = await node_fs_1.promises.lstat(file, { bigint: true }).catch(() => undefined);
        if (!info?.isFile())
            this.refuse('config', info ? 'it is not a plain file' : 'it is missing');
        if (info.size > 64n * 1024n)
            this.refuse('config', 'it is far larger than the one CleverAgents writes');
        const look = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
        if (this.parsedConfig?.look !== look) {
            this.parsedConfig = { look, problem: await configProblem(file, this.checkpointDir) };
        }
        if (this.parsedConfig.problem)
            this.refuse('config', this.parsedConfig.problem);
    }
    /** `info/attributes` outranks the sandbox's own; this program writes only unset attributes there, never a filter or a driver. */
    async checkAttributes() {
        const file = path.join(this.gitDir, 'info', 'attributes');
        const info = await node_fs_1.promises.lstat(file).catch(() => undefined);
        if (!info?.isFile())
            this.refuse('info/attributes', info ? 'it is not a plain file' : 'it is missing');
        for (const line of (await node_fs_1.promises.readFile(file, 'utf8')).split('\n')) {
            const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
            if (tokens.length === 0 || tokens[0].startsWith('#'))
                continue;
            const set = tokens[0].startsWith('[attr]') ? tokens[0] : tokens.slice(1).find((t) => !/^[-!][A-Za-z0-9_.-]+$/.test(t));
            if (set !== undefined)
                this.refuse('info/attributes', `it sets ${(0, realDataPath_1.printable)(set)}`);
        }
    }
    /** Each sandbox's git dir names this store as its common dir (or an earlier release's absolute path to one, which is rewritten before use). */
    async checkIndexes() {
        const indexes = path.join(this.checkpointDir, 'indexes');
        const keys = (await node_fs_1.promises.readdir(indexes).catch(() => [])).filter((k) => storeNames_1.KEY_PATTERN.test(k));
        await Promise.all(keys.map(async (key) => {
            const commondir = await node_fs_1.promises.readFile(path.join(indexes, key, 'commondir'), 'utf8').catch(() => undefined);
            if (commondir === undefined || commondir === exports.COMMON_DIR || (path.isAbsolute(commondir.trim()) && /[\\/]shadow\.git$/.test(commondir.trim())))
                return;
            this.refuse(`../indexes/${key}/commondir`, 'it points a sandbox at another repository');
        }));
    }
    refuse(file, why) {
        const shown = (p) => path.relative(this.base, p).split(path.sep).join('/');
        throw new errors_1.StoreRefusedError(`Checkpoint store refused: ${shown(path.join(this.gitDir, file))} was not written by CleverAgents (${why}). ` +
            `Move the folder ${shown(this.checkpointDir)} aside to start a new store.`);
    }
}
exports.StoreValidation = StoreValidation;
/** What is wrong with a store config file, or undefined. */
async function configProblem(file, cwd) {
    const entries = plainConfigEntries(await node_fs_1.promises.readFile(file, 'utf8')) ?? (await gitConfigEntries(file, cwd));
    if (entries === undefined)
        return 'git cannot read it';
    for (const [key, value] of entries) {
        if (!KNOWN_KEYS.has(key))
            return `it sets ${(0, realDataPath_1.printable)(key)}`;
        const required = REQUIRED_VALUES[key];
        if (required && !required(value))
            return `it sets ${(0, realDataPath_1.printable)(key)}${value === undefined ? '' : ` to ${JSON.stringify((0, realDataPath_1.printable)(value))}`}`;
        if (key === 'core.hookspath' && (await node_fs_1.promises.readdir(value).catch(() => [])).length > 0)
            return `it sets core.hooksPath to a folder that holds hooks`;
    }
    return undefined;
}
/** The file's entries as git itself parses them (`section.subsection.key`, value; no value: a bare boolean), or undefined when git cannot. */
async function gitConfigEntries(file, cwd) {
    // No repository around (GIT_DIR names a file), no includes followed, the system and global config left out.
    const git = (0, gitEnvironment_1.shadowGit)({ cwd, gitDir: os.devNull });
    let out;
    try {
        out = await git.raw(['config', '--file', file, '--no-includes', '--list', '-z']);
    }
    catch {
        return undefined;
    }
    return out
        .split('\0')
        .filter((record) => record !== '')
        .map((record) => {
        const newline = record.indexOf('\n');
        return newline < 0 ? [record, undefined] : [record.slice(0, newline), record.slice(newline + 1)];
    });
}
/**
 * The entries of a config file written the way `git init` and this program write one, read without
 * starting git (a store is checked on every CLI command: a git process costs 3-10 ms). Only lines
 * whose meaning to git leaves no doubt are read: `[section]`, and `key = value` with the value
 * quoted (no quote or backslash inside) or plain (letters, digits, `_./-`). Anything else (a
 * comment, a subsection, an escape, a continued line, a carriage return) gives undefined: git
 * parses that file instead. A test compares the two on tricky files.
 */
function plainConfigEntries(text) {
    const entries = [];
    let section;
    for (const line of text.split('\n')) {
        if (/^[ \t]*$/.test(line))
            continue;
        const header = /^[ \t]*\[([A-Za-z][A-Za-z0-9-]*)\][ \t]*$/.exec(line);
        if (header) {
            section = header[1].toLowerCase();
            continue;
        }
        const entry = /^[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*=[ \t]*(?:"([^"\\]*)"|([A-Za-z0-9_./-]+))[ \t]*$/.exec(line);
        if (!entry || section === undefined)
            return undefined;
        entries.push([`${section}.${entry[1].toLowerCase()}`, entry[2] ?? entry[3]]);
    }
    return entries;
}
function exists(p) {
    return node_fs_1.promises.lstat(p).then(() => true, () => false);
}
//# sourceMappingURL=storeValidation.js.map