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
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
const executableOnPath_1 = require("../../src/adapters/files/executableOnPath");
const gitRelay_1 = require("../../src/adapters/shadowStore/gitRelay");
const tempDir_1 = require("./helpers/tempDir");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const PERL = (0, executableOnPath_1.executableOnPath)('perl');
/** A repository with a text file, a binary file (NUL bytes, every byte value) and a file git does not track. */
function repository(dir) {
    const root = path.join(dir, 'work');
    (0, node_fs_1.mkdirSync)(root);
    (0, node_child_process_1.execFileSync)('git', ['init', '-q', root]);
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    (0, node_fs_1.writeFileSync)(path.join(root, 'a.txt'), 'one\n');
    (0, node_fs_1.writeFileSync)(path.join(root, 'b.bin'), binary);
    const git = (0, gitEnvironment_1.shadowGit)({ cwd: root, gitDir: path.join(root, '.git'), workTree: root });
    return { git, binary };
}
/** Runs `work` once with git started directly and once through `relay`; returns both results. */
async function bothWays(relay, work) {
    (0, gitRelay_1.setGitRelay)(undefined);
    const direct = await work();
    (0, gitRelay_1.setGitRelay)(relay);
    try {
        return [direct, await work()];
    }
    finally {
        (0, gitRelay_1.setGitRelay)(undefined);
    }
}
/** What git failed with, or undefined when it did not. */
async function failure(run) {
    try {
        await run;
        return undefined;
    }
    catch (error) {
        return error;
    }
}
(PERL ? describe : describe.skip)('git relay (git started by a small perl process)', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)();
    let relay;
    beforeEach(async () => {
        relay = new gitRelay_1.GitRelay(PERL);
        relay.warm(2);
        await (0, residentProcessFixtures_1.until)('the relay is ready', () => relay.pids().length === 2 || undefined);
    });
    afterEach(() => {
        (0, gitRelay_1.setGitRelay)(undefined);
        relay.close();
    });
    it('gives the same bytes, exit codes and errors as git started directly', async () => {
        const { git, binary } = repository(tempDir());
        const [direct, relayed] = await bothWays(relay, async () => {
            const blob = (await git.raw(['hash-object', '-w', '--stdin'], 'naïve text\n')).trim();
            const written = (await git.run(['hash-object', '-w', '--stdin'], binary)).toString('utf8').trim();
            const content = await git.run(['cat-file', 'blob', written]);
            const status = await git.rawWithWarnings(['status', '--porcelain=v2', '-z', '--untracked-files=all']);
            const missing = await failure(git.raw(['rev-parse', '--verify', '--quiet', 'no-such-ref']));
            const fatal = await failure(git.raw(['cat-file', 'blob', '0000000000000000000000000000000000000000']));
            return { blob, written, content, status, missing, fatal };
        });
        assert.ok(relay.served >= 6, `the relay ran ${relay.served} git(s)`);
        assert.deepEqual(relayed.content, binary);
        assert.equal(relayed.written, direct.written);
        assert.equal(relayed.blob, direct.blob);
        assert.deepEqual(relayed.status, direct.status);
        assert.match(relayed.status.out, /\? a\.txt\0\? b\.bin\0/);
        for (const key of ['missing', 'fatal']) {
            assert.ok(relayed[key] instanceof gitEnvironment_1.GitCommandError && direct[key] instanceof gitEnvironment_1.GitCommandError);
            assert.equal(relayed[key].exitCode, direct[key].exitCode);
            assert.equal(relayed[key].message, direct[key].message);
        }
        assert.equal(relayed.missing.exitCode, 1);
        assert.equal(relayed.fatal.exitCode, 128);
    });
    it('writes a large input while git answers as it reads (no full pipe waits on the other)', async () => {
        const { git } = repository(tempDir());
        const oid = (await git.raw(['hash-object', '-w', '--stdin'], 'x'.repeat(4000))).trim();
        // 3,000 names in (123 kB) while git writes 12 MB back, line by line.
        (0, gitRelay_1.setGitRelay)(relay);
        const out = await git.run(['cat-file', '--batch'], `${oid}\n`.repeat(3000));
        assert.equal(relay.served, 1);
        assert.equal(out.length, 3000 * (`${oid} blob 4000\n`.length + 4001));
    });
    it('gives git exactly the environment and folder of the request, and perl none of ours', async () => {
        const dir = tempDir();
        const saved = { ...process.env };
        // A PERL5OPT of the user's that reached perl would stop it before it is ready.
        process.env.PERL5OPT = '-Mno_such_module_here';
        process.env.CA_RELAY_NOT_GIVEN = 'leaked';
        const own = new gitRelay_1.GitRelay(PERL);
        try {
            own.warm(1);
            await (0, residentProcessFixtures_1.until)('the relay is ready despite PERL5OPT', () => own.pids().length === 1 || undefined);
            const env = { PATH: process.env.PATH, CA_RELAY_GIVEN: 'a value with spaces, = and $dollar', GIT_CONFIG_NOSYSTEM: '1', HOME: dir };
            const answer = await own.run(dir, env, ['-c', 'alias.envpwd=!env; pwd', 'envpwd'], undefined);
            assert.ok(answer, 'the relay took the request');
            assert.equal(answer.code, 0, answer.err.toString());
            const lines = answer.out.toString('utf8').split('\n');
            assert.ok(lines.includes('CA_RELAY_GIVEN=a value with spaces, = and $dollar'));
            assert.ok(!lines.some((l) => l.startsWith('CA_RELAY_NOT_GIVEN') || l.startsWith('PERL5OPT')), lines.join('\n'));
            assert.equal(lines.filter((l) => l !== '').at(-1), dir);
        }
        finally {
            own.close();
            process.env = saved;
        }
    });
    it('runs several gits at once, each answer to its own request', async () => {
        const { git } = repository(tempDir());
        const contents = Array.from({ length: 12 }, (_, i) => `content ${i}\n`.repeat(i * 500 + 1));
        const oids = await Promise.all(contents.map(async (c) => (await git.raw(['hash-object', '-w', '--stdin'], c)).trim()));
        (0, gitRelay_1.setGitRelay)(relay);
        const back = await Promise.all(oids.map((oid) => git.raw(['cat-file', 'blob', oid])));
        assert.deepEqual(back, contents);
        assert.ok(relay.served > 0 && relay.served <= 12);
    });
    it('starts git before its input is known, and stops it when the input fails', async () => {
        const { git } = repository(tempDir());
        const oid = (await git.raw(['hash-object', '-w', '--stdin'], 'later\n')).trim();
        (0, gitRelay_1.setGitRelay)(relay);
        let give = () => undefined;
        const later = git.rawWithLaterInput(['cat-file', '--batch-check'], new Promise((resolve) => (give = resolve)));
        setTimeout(() => give(`${oid}\n`), 50);
        assert.equal(await later, `${oid} blob 6\n`);
        const refused = new Error('the input could not be made');
        assert.equal(await failure(git.rawWithLaterInput(['cat-file', '--batch-check'], Promise.reject(refused))), refused);
        // The relay stays in step: the next git gets its own answer.
        assert.equal(await git.raw(['cat-file', '-t', oid]), 'blob\n');
        assert.equal(relay.served, 3);
    });
    it('says a git could not start, as a direct start would', async () => {
        const dir = tempDir();
        const answer = await relay.run(dir, { PATH: path.join(dir, 'no-git-here') }, ['--version'], undefined);
        assert.ok(answer);
        assert.equal(answer.code, null);
        assert.match(answer.err.toString(), /cannot run git/);
        const gone = await relay.run(path.join(dir, 'missing'), { PATH: process.env.PATH }, ['--version'], undefined);
        assert.equal(gone?.code, null);
        assert.match(gone.err.toString(), /cannot enter/);
    });
    it('fails the call whose relay process ends, and goes on with a new one', async () => {
        const dir = tempDir();
        const { git } = repository(dir);
        (0, gitRelay_1.setGitRelay)(relay);
        const marker = path.join(dir, 'git-ran');
        const pending = failure(git.raw(['-c', `alias.wait=!touch '${marker}'; sleep 2`, 'wait']));
        const busy = await (0, residentProcessFixtures_1.until)('git runs', () => {
            try {
                (0, node_child_process_1.execFileSync)('test', ['-e', marker]);
                return true;
            }
            catch {
                return undefined;
            }
        });
        assert.ok(busy);
        const before = relay.pids();
        for (const pid of before)
            process.kill(pid, 'SIGKILL');
        const error = await pending;
        assert.match(String(error), /relay process ended before git's answer/);
        await (0, residentProcessFixtures_1.until)('the killed relay processes are gone', () => relay.pids().every((pid) => !before.includes(pid)) || undefined);
        // With none ready, git starts the usual way, and a relay process gets ready for the next one.
        const served = relay.served;
        assert.equal((await git.raw(['rev-parse', '--is-inside-work-tree'])).trim(), 'true');
        assert.equal(relay.served, served);
        await (0, residentProcessFixtures_1.until)('a new relay process is ready', () => relay.pids().length > 0 || undefined);
        assert.equal((await git.raw(['rev-parse', '--is-inside-work-tree'])).trim(), 'true');
        assert.equal(relay.served, served + 1);
    });
    it('once closed, ends its processes (a busy one after its answer) and starts git the usual way', async () => {
        const { git } = repository(tempDir());
        (0, gitRelay_1.setGitRelay)(relay);
        const pids = relay.pids();
        const busy = git.raw(['-c', 'alias.pause=!sleep 0.3; echo done', 'pause']);
        relay.close();
        assert.equal(await busy, 'done\n', 'the busy one answers first');
        const served = relay.served;
        assert.equal((await git.raw(['rev-parse', '--is-inside-work-tree'])).trim(), 'true');
        assert.equal(relay.served, served, 'not through the relay any more');
        await (0, residentProcessFixtures_1.until)('its processes ended', () => pids.every((pid) => !(0, residentProcessFixtures_1.alive)(pid)) || undefined);
    });
    it('starts git the usual way where perl does not start', async () => {
        const { git } = repository(tempDir());
        const none = new gitRelay_1.GitRelay(path.join(tempDir(), 'no-perl'));
        none.warm(2);
        (0, gitRelay_1.setGitRelay)(none);
        for (let i = 0; i < 5; i++)
            assert.equal((await git.raw(['rev-parse', '--is-inside-work-tree'])).trim(), 'true');
        assert.equal(none.served, 0);
    });
});
//# sourceMappingURL=gitRelay.test.js.map