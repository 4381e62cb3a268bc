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
exports.FileLock = exports.DEFAULT_FILE_LOCK_OPTIONS = void 0;
exports.lockIsHeld = lockIsHeld;
exports.isProcessAlive = isProcessAlive;
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const promises_1 = require("node:fs/promises");
const os = __importStar(require("node:os"));
const errors_1 = require("../../core/errors");
exports.DEFAULT_FILE_LOCK_OPTIONS = Object.freeze({ timeoutMs: 15_000, staleMs: 60_000 });
const FIRST_DELAY_MS = 2;
const MAX_DELAY_MS = 50;
/**
 * A lock shared by processes: whoever creates the lock file (O_EXCL) holds it. The file names its
 * holder (pid, host, time); a waiter breaks it when that process is gone or the lock is older than
 * `staleMs`, so a crash cannot leave it stuck. Breaking is itself guarded by a second O_EXCL file,
 * so that two waiters cannot both judge the same stale lock and one of them delete the fresh lock
 * the other just took.
 */
class FileLock {
    lockPath;
    report;
    options;
    broken = 0;
    constructor(lockPath, options = {}, report = () => undefined) {
        this.lockPath = lockPath;
        this.report = report;
        this.options = { ...exports.DEFAULT_FILE_LOCK_OPTIONS, ...options };
    }
    /** How many stale locks this instance broke; whatever their holders were doing may be half done. */
    get staleLocksBroken() {
        return this.broken;
    }
    /** Runs `work` while holding the lock, and releases it whatever happens. */
    async withLock(work) {
        const release = await this.acquire();
        try {
            return await work();
        }
        finally {
            await release();
        }
    }
    /** Waits for the lock (with backoff, up to `timeoutMs`) and returns the function that releases it. */
    async acquire() {
        const limit = typeof this.options.timeoutMs === 'function' ? Math.max(0, this.options.timeoutMs()) : this.options.timeoutMs;
        const deadline = Date.now() + limit;
        let attempt = 0;
        let lastHolder;
        for (;;) {
            const owner = {
                pid: process.pid,
                host: os.hostname(),
                acquired_at: new Date().toISOString(),
                token: (0, node_crypto_1.randomBytes)(12).toString('hex'),
                command: processCommand(),
            };
            if (await this.tryCreate(owner)) {
                // A heartbeat: the lock's time stays fresh while its holder lives, so that only a lock
                // whose holder stopped (on another machine, where we cannot ask) grows old enough to break.
                const heartbeat = setInterval(() => void (0, promises_1.utimes)(this.lockPath, new Date(), new Date()).catch(() => undefined), Math.max(50, this.options.staleMs / 4));
                heartbeat.unref();
                return () => {
                    clearInterval(heartbeat);
                    return this.release(owner.token);
                };
            }
            const holder = await this.inspect();
            if (holder) {
                lastHolder = holder;
                const staleBecause = this.staleReason(holder);
                if (staleBecause && (await this.breakStale(holder, staleBecause)))
                    continue;
            }
            else {
                continue; // released between our attempt and our look: try again at once
            }
            if (Date.now() >= deadline)
                throw this.timeoutError(lastHolder, limit);
            await sleep(backoff(attempt++));
        }
    }
    /**
     * Creates the lock whole: the owner goes into a file of this holder's own, which is then linked
     * to the lock's name (that fails when the lock exists, as O_EXCL does). A holder killed half-way
     * so leaves no empty lock, which names nobody and only its age could break: every operation
     * would wait for it and give up until it is `staleMs` old. A kill between the two steps leaves a
     * `.taking` file of a few bytes beside the lock, which locks nothing. (Not `.tmp`: the database
     * store removes `<database>.*.tmp` files as a crashed writer's, under the lock this one takes.)
     * The steps are synchronous, as are the release's: a few system calls on a small file take
     * microseconds, where a round trip through the thread pool each waits its turn on a busy event
     * loop (every checkpoint takes and releases two locks).
     */
    async tryCreate(owner) {
        const temp = `${this.lockPath}-${owner.token}.taking`;
        try {
            (0, node_fs_1.writeFileSync)(temp, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
        }
        catch (error) {
            throw new errors_1.StoreError(`Cannot write the lock file ${temp}: ${error.message}`, { cause: error });
        }
        try {
            (0, node_fs_1.linkSync)(temp, this.lockPath);
            return true;
        }
        catch (error) {
            if (lockIsHeld(error.code))
                return false;
            // A file system without hard links (FAT, some network shares; each says so with its own
            // error): the lock is created in place, which answers the same question.
            return this.tryCreateInPlace(owner);
        }
        finally {
            try {
                (0, node_fs_1.unlinkSync)(temp);
            }
            catch {
                // gone already
            }
        }
    }
    async tryCreateInPlace(owner) {
        let handle;
        try {
            handle = await (0, promises_1.open)(this.lockPath, 'wx', 0o600);
        }
        catch (error) {
            if (lockIsHeld(error.code))
                return false;
            throw new errors_1.StoreError(`Cannot create the lock file ${this.lockPath}: ${error.message}`, { cause: error });
        }
        try {
            await handle.writeFile(JSON.stringify(owner));
            await handle.close();
        }
        catch (error) {
            await handle.close().catch(() => undefined);
            await (0, promises_1.unlink)(this.lockPath).catch(() => undefined);
            throw new errors_1.StoreError(`Cannot write the lock file ${this.lockPath}: ${error.message}`, { cause: error });
        }
        return true;
    }
    async release(token) {
        const current = await this.inspect();
        if (current?.owner?.token === token) {
            try {
                (0, node_fs_1.unlinkSync)(this.lockPath);
            }
            catch {
                // broken and removed meanwhile
            }
        }
        else {
            this.report(`The lock ${this.lockPath} was broken by another process while this one held it.`);
        }
    }
    /** The lock as it is now (read synchronously, see tryCreate); undefined when there is none. */
    async inspect() {
        try {
            const { raw, info } = readLockFile(this.lockPath);
            return { raw, ino: info.ino, mtimeMs: Number(info.mtimeMs), owner: parseOwner(raw) };
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return undefined;
            throw new errors_1.StoreError(`Cannot read the lock file ${this.lockPath}: ${error.message}`, { cause: error });
        }
    }
    staleReason(holder) {
        const { owner } = holder;
        if (owner && owner.host === os.hostname() && !isProcessAlive(owner.pid)) {
            return `its holder (pid ${owner.pid}) is no longer running`;
        }
        // An unreadable lock may be one whose holder is between creating and filling it: only age tells.
        const ageMs = Date.now() - holder.mtimeMs;
        if (ageMs > this.options.staleMs)
            return `it is ${Math.round(ageMs / 1000)} s old`;
        return undefined;
    }
    /** Removes the lock if it is still the very one judged stale; false when someone else got there first. */
    async breakStale(holder, because) {
        const guard = `${this.lockPath}.break`;
        try {
            await (await (0, promises_1.open)(guard, 'wx', 0o600)).close();
        }
        catch (error) {
            if (!lockIsHeld(error.code))
                throw error;
            // Breaking takes microseconds; a guard that stays around was left by a crash mid-break.
            const guardAge = await (0, promises_1.stat)(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
            if (guardAge > Math.min(this.options.staleMs, 10_000))
                await (0, promises_1.unlink)(guard).catch(() => undefined);
            return false;
        }
        try {
            const now = await this.inspect();
            if (!now)
                return true;
            if (now.ino !== holder.ino || now.raw !== holder.raw)
                return false;
            await (0, promises_1.unlink)(this.lockPath);
            this.broken += 1;
            this.report(`Broke the stale lock ${this.lockPath}: ${because}.`);
            return true;
        }
        finally {
            await (0, promises_1.unlink)(guard).catch(() => undefined);
        }
    }
    timeoutError(holder, limit) {
        const who = holder?.owner
            ? ` (held by pid ${holder.owner.pid}${holder.owner.command ? ` running "${holder.owner.command}"` : ''} on ${holder.owner.host} since ${holder.owner.acquired_at})`
            : '';
        return new errors_1.StoreError(`Timed out after ${Math.round(limit / 100) / 10} s waiting for the lock ${this.lockPath}${who}. ` +
            'If no CleverAgents window or agents command is still running, delete that lock file and try again.');
    }
}
exports.FileLock = FileLock;
function parseOwner(raw) {
    try {
        const value = JSON.parse(raw);
        if (value &&
            typeof value.pid === 'number' &&
            Number.isInteger(value.pid) &&
            value.pid > 0 &&
            typeof value.host === 'string' &&
            typeof value.acquired_at === 'string' &&
            typeof value.token === 'string' &&
            (value.command === undefined || typeof value.command === 'string')) {
            return value;
        }
    }
    catch {
        // not JSON: the holder has not written it yet, or it is not one of ours
    }
    return undefined;
}
/**
 * Whether creating the lock file failed because another holder's file is there: EEXIST; on
 * Windows also EPERM, EACCES or EBUSY, what creating a file gives while the previous holder's
 * lock file is being deleted (it stays "delete pending" while any process still has it open, as a
 * waiter reading who holds it does). Such a failure is waited out like a held lock, up to the timeout.
 */
function lockIsHeld(code, platform = process.platform) {
    return code === 'EEXIST' || (platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY'));
}
/** Signal 0 asks the kernel whether the process exists; EPERM means it does, under another user. */
function isProcessAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * What this process runs, for a waiter's message: its script's name and the command words after it
 * (`cli.js plan rollback`, `cli.js hook checkpoint-job`, the editor's host), up to the first other
 * argument. Never the rest of the line: a reason, a title or a path there is the user's, and the
 * lock file is read by whoever waits on it.
 */
function processCommand() {
    const [script, ...args] = process.argv.slice(1);
    const words = [];
    for (const arg of args) {
        if (words.length === 2 || !/^[a-z][a-z-]{0,30}$/.test(arg))
            break;
        words.push(arg);
    }
    return [(script ?? '').replace(/^.*[\\/](?=[^\\/]+$)/, '').slice(0, 100), ...words].join(' ');
}
function backoff(attempt) {
    const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
    return base / 2 + Math.random() * base;
}
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
/** Larger than any owner record: what a lock file holds beyond it is not ours to read. */
const LOCK_READ_MAX = 64 * 1024;
/**
 * The lock file's text and stat, from one open: O_NONBLOCK, so that a FIFO put at the lock's name
 * opens at once (and reads as nobody's lock, which only its age breaks) instead of waiting for a
 * writer; a regular file opens the same.
 */
function readLockFile(file) {
    const fd = (0, node_fs_1.openSync)(file, node_fs_1.constants.O_RDONLY | (node_fs_1.constants.O_NONBLOCK ?? 0));
    try {
        const info = (0, node_fs_1.fstatSync)(fd, { bigint: true });
        const buffer = Buffer.alloc(info.isFile() ? Math.min(Number(info.size), LOCK_READ_MAX) : 0);
        let length = 0;
        while (length < buffer.length) {
            const n = (0, node_fs_1.readSync)(fd, buffer, length, buffer.length - length, length);
            if (n === 0)
                break;
            length += n;
        }
        return { raw: buffer.toString('utf8', 0, length), info };
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
//# sourceMappingURL=fileLock.js.map