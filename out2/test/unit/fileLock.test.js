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
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_child_process_2 = require("node:child_process");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const fileLock_1 = require("../../src/adapters/files/fileLock");
const errors_1 = require("../../src/core/errors");
const tempDir_1 = require("./helpers/tempDir");
/** The pid of a process that has exited. */
function deadPid() {
    const child = (0, node_child_process_2.spawnSync)(process.execPath, ['-e', '']);
    assert.equal((0, fileLock_1.isProcessAlive)(child.pid), false);
    return child.pid;
}
function ownerJson(pid, host = os.hostname()) {
    return JSON.stringify({ pid, host, acquired_at: new Date().toISOString(), token: 'someone-else' });
}
describe('FileLock', () => {
    const tempDir = (0, tempDir_1.useTempDirs)('cleveragents-lock-');
    const lockIn = (dir) => path.join(dir, 'db.lock');
    it('creates the lock file naming its holder, and removes it on release', async () => {
        const lockPath = lockIn(tempDir());
        const release = await new fileLock_1.FileLock(lockPath).acquire();
        const owner = JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8'));
        assert.equal(owner.pid, process.pid);
        assert.equal(owner.host, os.hostname());
        assert.ok(!Number.isNaN(Date.parse(owner.acquired_at)));
        await release();
        assert.equal((0, node_fs_1.existsSync)(lockPath), false);
    });
    it('lets one holder in at a time', async () => {
        const lockPath = lockIn(tempDir());
        let inside = 0;
        let maxInside = 0;
        let done = 0;
        await Promise.all(Array.from({ length: 8 }, () => new fileLock_1.FileLock(lockPath).withLock(async () => {
            inside += 1;
            maxInside = Math.max(maxInside, inside);
            await new Promise((r) => setTimeout(r, 3));
            inside -= 1;
            done += 1;
        })));
        assert.equal(maxInside, 1);
        assert.equal(done, 8);
        assert.equal((0, node_fs_1.existsSync)(lockPath), false);
    });
    it('breaks a lock whose holder is no longer running, and says so', async () => {
        const lockPath = lockIn(tempDir());
        const pid = deadPid();
        (0, node_fs_1.writeFileSync)(lockPath, ownerJson(pid));
        const reports = [];
        const started = Date.now();
        const release = await new fileLock_1.FileLock(lockPath, { timeoutMs: 2000 }, (m) => reports.push(m)).acquire();
        assert.ok(Date.now() - started < 1000);
        assert.equal(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).pid, process.pid);
        assert.match(reports.join('\n'), new RegExp(`pid ${pid}\\) is no longer running`));
        await release();
    });
    it('names the holder\'s command, and keeps a held lock fresh (a heartbeat), so a waiter never breaks it', async () => {
        const lockPath = lockIn(tempDir());
        // A stale limit of seconds: the holder's heartbeat and the waiter share this process's event
        // loop, which a busy machine (the unit tier runs in parallel) can hold up for a good part of one.
        const holder = new fileLock_1.FileLock(lockPath, { staleMs: 2000 });
        const release = await holder.acquire();
        // this process's script: mocha.js, or mocha's worker.cjs when the unit tier runs in parallel
        const script = path.basename(process.argv[1]);
        assert.ok(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).command.startsWith(script), script);
        // Longer than the stale limit: without the heartbeat the waiter would take it over.
        const waiter = new fileLock_1.FileLock(lockPath, { timeoutMs: 5000, staleMs: 2000 });
        await assert.rejects(waiter.acquire(), (e) => e instanceof errors_1.StoreError && e.message.includes(`running "${script}`));
        assert.equal(waiter.staleLocksBroken, 0);
        await release();
    });
    it('breaks a lock older than the stale limit even if its holder lives', async () => {
        const lockPath = lockIn(tempDir());
        (0, node_fs_1.writeFileSync)(lockPath, ownerJson(process.pid));
        const old = new Date(Date.now() - 120_000);
        (0, node_fs_1.utimesSync)(lockPath, old, old);
        const release = await new fileLock_1.FileLock(lockPath, { timeoutMs: 2000, staleMs: 60_000 }).acquire();
        await release();
    });
    it('waits for a live holder, then gives up with an error naming the lock, its holder and the way out', async () => {
        const lockPath = lockIn(tempDir());
        (0, node_fs_1.writeFileSync)(lockPath, ownerJson(process.pid));
        const started = Date.now();
        await assert.rejects(new fileLock_1.FileLock(lockPath, { timeoutMs: 300 }).acquire(), (e) => {
            assert.ok(e instanceof errors_1.StoreError);
            assert.ok(e.message.includes(lockPath), e.message);
            assert.match(e.message, new RegExp(`pid ${process.pid}`));
            assert.match(e.message, /delete that lock file/);
            return true;
        });
        assert.ok(Date.now() - started >= 300);
        assert.equal(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).token, 'someone-else', 'a live lock is never broken');
    });
    it('gets the lock as soon as a live holder lets go', async () => {
        const lockPath = lockIn(tempDir());
        const first = await new fileLock_1.FileLock(lockPath).acquire();
        setTimeout(() => void first(), 50);
        const second = await new fileLock_1.FileLock(lockPath, { timeoutMs: 2000 }).acquire();
        await second();
    });
    it('treats an unreadable lock by its age only: a fresh one may be half written', async () => {
        const lockPath = lockIn(tempDir());
        (0, node_fs_1.writeFileSync)(lockPath, '');
        await assert.rejects(new fileLock_1.FileLock(lockPath, { timeoutMs: 150 }).acquire(), errors_1.StoreError);
        const old = new Date(Date.now() - 120_000);
        (0, node_fs_1.utimesSync)(lockPath, old, old);
        await (await new fileLock_1.FileLock(lockPath, { timeoutMs: 1000 }).acquire())();
    });
    it('a holder killed while it takes the lock leaves no empty lock, which would block everyone until it is old', async () => {
        const lockPath = lockIn(tempDir());
        // The holder's writes are synchronous: each is looked at as it starts (where a SIGKILL could
        // stop the holder). The name goes into a file of the holder's own, never into the lock in place.
        // the module object itself (FileLock calls through it), not an import's copy of its members
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const fs = require('node:fs');
        const original = fs.writeFileSync;
        let writes = 0;
        fs.writeFileSync = function (...args) {
            if (typeof args[0] === 'string' && args[0].startsWith(lockPath)) {
                writes++;
                assert.notEqual(path.resolve(args[0]), path.resolve(lockPath), 'the lock is written in place, where a kill leaves it empty');
                // What another process sees now, had the holder died here: no lock, or one that names its holder.
                if ((0, node_fs_1.existsSync)(lockPath))
                    assert.doesNotThrow(() => JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')), 'an empty lock was left, naming nobody');
            }
            return original.apply(this, args);
        };
        let release;
        try {
            release = await new fileLock_1.FileLock(lockPath, { timeoutMs: 2000 }).acquire();
            assert.ok(writes > 0, 'the holder never wrote its name');
            assert.equal(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).pid, process.pid);
        }
        finally {
            fs.writeFileSync = original;
        }
        await release();
        assert.equal((0, node_fs_1.existsSync)(lockPath), false);
        assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(lockPath)), [], 'its own file is removed');
    });
    it('on a file system without hard links, takes the lock in place, one holder at a time', async () => {
        const lockPath = lockIn(tempDir());
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const fs = require('node:fs');
        const original = fs.linkSync;
        fs.linkSync = () => {
            throw Object.assign(new Error('operation not supported'), { code: 'ENOTSUP' });
        };
        try {
            const release = await new fileLock_1.FileLock(lockPath).acquire();
            assert.equal(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).pid, process.pid);
            await assert.rejects(new fileLock_1.FileLock(lockPath, { timeoutMs: 100 }).acquire(), errors_1.StoreError);
            await release();
            assert.equal((0, node_fs_1.existsSync)(lockPath), false);
            assert.deepEqual((0, node_fs_1.readdirSync)(path.dirname(lockPath)), []);
        }
        finally {
            fs.linkSync = original;
        }
    });
    it('a FIFO at the lock\u2019s name is nobody\u2019s lock: waited for and given up on, never read until a writer comes', async () => {
        const lockPath = lockIn(tempDir());
        (0, node_child_process_1.execFileSync)('mkfifo', [lockPath]);
        await assert.rejects(new fileLock_1.FileLock(lockPath, { timeoutMs: 150 }).acquire(), errors_1.StoreError);
    });
    it('a lock from another host is judged by age, since its pid means nothing here', async () => {
        const lockPath = lockIn(tempDir());
        (0, node_fs_1.writeFileSync)(lockPath, ownerJson(deadPid(), 'some-other-machine'));
        await assert.rejects(new fileLock_1.FileLock(lockPath, { timeoutMs: 150 }).acquire(), errors_1.StoreError);
    });
    it('does not remove a lock that is no longer its own', async () => {
        const lockPath = lockIn(tempDir());
        const reports = [];
        const release = await new fileLock_1.FileLock(lockPath, {}, (m) => reports.push(m)).acquire();
        (0, node_fs_1.writeFileSync)(lockPath, ownerJson(process.pid));
        await release();
        assert.equal(JSON.parse((0, node_fs_1.readFileSync)(lockPath, 'utf8')).token, 'someone-else');
        assert.match(reports.join('\n'), /broken by another process/);
    });
});
//# sourceMappingURL=fileLock.test.js.map