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
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const nodeWorkspaceFiles_1 = require("../../src/adapters/files/nodeWorkspaceFiles");
const ids_1 = require("../../src/core/ids");
const cliHarness_1 = require("./helpers/cliHarness");
const interruptedRollback_1 = require("./helpers/interruptedRollback");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * What an attacker ships in `.cleveragents/`: objects written into the shadow store with git's
 * plumbing. A tree is written with `hash-object -t tree --literally`, so that git's own checks of
 * entry names (`..`, `.git`, a `/` in a name) do not stop it.
 */
class CraftedStore {
    gitDir;
    constructor(gitDir) {
        this.gitDir = gitDir;
    }
    git(args, input) {
        return (0, node_child_process_1.execFileSync)('git', args, { env: { ...process.env, GIT_DIR: this.gitDir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' }, input, encoding: 'utf8' }).trim();
    }
    blob(text) {
        return this.git(['hash-object', '-w', '--stdin'], text);
    }
    /** A tree holding exactly these entries (git wants them in name order). */
    tree(entries) {
        const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : 1));
        const bytes = Buffer.concat(sorted.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), Buffer.from(e.oid, 'hex')]));
        return this.git(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], bytes);
    }
    commit(tree) {
        return this.git(['commit-tree', tree, '-m', 'crafted']);
    }
    /** The entries of a commit's tree (to copy the real ones beside the crafted one). */
    entriesOf(commit) {
        return this.git(['ls-tree', commit])
            .split('\n')
            .filter(Boolean)
            .map((line) => {
            const m = /^(\d+) \w+ ([0-9a-f]+)\t(.*)$/.exec(line);
            return { mode: m[1] === '040000' ? '40000' : '100644', name: m[3], oid: m[2] };
        });
    }
}
const REFUSED = /Checkpoint store refused: snapshot [0-9a-f]{40} names an unsafe path '([^']*)' \(it has a "(?:\.\.|\.git)" component\).*Nothing was changed/;
describe('paths named by a snapshot, a journal or the database are checked before anything writes through them', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-unsafe-paths-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    /**
     * The reproduction: a workspace beside a folder `outside-secret`, one real checkpoint,
     * a shadow-store commit whose tree holds `crafted` (say `..` → `outside-secret`) beside the real
     * files, and an operation record whose `from_ref` names that commit.
     */
    async function craftedInterruptedRollback(crafted) {
        const parent = tempDir();
        const root = path.join(parent, 'workspace');
        const outside = path.join(parent, 'outside-secret');
        (0, sandboxFixtures_1.write)(outside, 'secret.txt', 'keys\n');
        (0, sandboxFixtures_1.write)(outside, 'more/notes.txt', 'notes\n');
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        let target;
        try {
            const plan = await s.plans.createPlan({ title: 'cloned' });
            planId = plan.plan_id;
            target = (await s.checkpoints.createCheckpoint(planId)).checkpoint;
        }
        finally {
            s.dispose();
        }
        const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
        const evil = store.commit(store.tree([...store.entriesOf(target.sandbox_ref), crafted(store)]));
        await new fileOperationJournal_1.FileOperationJournal(root).begin({
            type: 'rollback',
            plan_id: planId,
            target_checkpoint_id: target.checkpoint_id,
            undo_checkpoint_id: null,
            sandbox_key: planId,
            from_ref: evil,
            to_ref: target.sandbox_ref,
            started_at: new Date().toISOString(),
            pid: 999_999_999,
            host: os.hostname(),
        });
        return { root, outside, planId, record: path.join(root, '.cleveragents', 'operations', `${planId}.json`) };
    }
    /** `..` → a tree holding `outside-secret` (a blob there, so that the folder holds "neither side"). */
    const dotDot = (store) => ({ mode: '40000', name: '..', oid: store.tree([{ mode: '100644', name: 'outside-secret', oid: store.blob('x\n') }]) });
    it("the issue's reproduction: recover (and recover --undo) of a journal naming a tree with `..` refuses, and nothing outside the workspace moves", async () => {
        const { root, outside, planId, record } = await craftedInterruptedRollback(dotDot);
        const outsideBefore = (0, sandboxFixtures_1.hashTree)(outside);
        const workspaceBefore = (0, sandboxFixtures_1.hashTree)(root);
        const show = (0, cliHarness_1.runCli)(root, ['plan', 'show', planId]);
        assert.match(show.stdout, /agents plan recover/, 'the user is sent to recover');
        for (const args of [['plan', 'recover', '--yes', planId], ['plan', 'recover', '--yes', '--undo', planId]]) {
            const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
            assert.equal(run.code, 1, run.stdout + run.stderr);
            const { message } = run.json().error;
            assert.match(message, REFUSED);
            assert.equal(REFUSED.exec(message)[1], '../outside-secret');
        }
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), outsideBefore, 'outside-secret is where it was, unchanged');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), workspaceBefore, 'the workspace is unchanged');
        assert.ok(!(0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'recovered')), 'nothing was moved into recovered/');
        assert.ok((0, node_fs_1.existsSync)(record), 'the record stays: the user decides what to do with it');
    });
    it('a `.git` entry (a tree `.git` holding `config`) is refused the same way; the workspace repository is untouched', async () => {
        const { root, outside, planId } = await craftedInterruptedRollback((store) => ({ mode: '40000', name: '.git', oid: store.tree([{ mode: '100644', name: 'config', oid: store.blob('[core]\n\tfsmonitor = "touch /tmp/pwned"\n') }]) }));
        (0, sandboxFixtures_1.git)(root, 'init', '-q');
        const [repoBefore, outsideBefore] = [(0, sandboxFixtures_1.hashTree)(path.join(root, '.git')), (0, sandboxFixtures_1.hashTree)(outside)];
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.equal(REFUSED.exec(run.json().error.message)?.[1], '.git/config');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(path.join(root, '.git')), repoBefore);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), outsideBefore);
    });
    it('an entry whose name itself holds slashes (`a/../../x`) is refused', async () => {
        const { root, outside, planId } = await craftedInterruptedRollback((store) => ({ mode: '100644', name: 'a/../../outside-secret/secret.txt', oid: store.blob('x\n') }));
        const before = (0, sandboxFixtures_1.hashTree)(outside);
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', '--undo', planId]);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.equal(REFUSED.exec(run.json().error.message)?.[1], 'a/../../outside-secret/secret.txt');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before);
    });
    it('a rollback to a checkpoint whose row names a crafted snapshot is refused before anything is written', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'workspace');
        const outside = path.join(parent, 'outside-secret');
        (0, sandboxFixtures_1.write)(outside, 'secret.txt', 'keys\n');
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'p' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
            const evil = store.commit(store.tree([...store.entriesOf(checkpoint.sandbox_ref), { mode: '40000', name: '..', oid: store.tree([{ mode: '100644', name: 'outside-secret', oid: store.blob('x\n') }]) }]));
            const crafted = { ...checkpoint, checkpoint_id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', sandbox_ref: evil };
            await s.store.write((uow) => uow.checkpoints.insert(crafted));
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
            const before = [(0, sandboxFixtures_1.hashTree)(root), (0, sandboxFixtures_1.hashTree)(outside)];
            await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, crafted.checkpoint_id), REFUSED);
            await assert.rejects(s.checkpoints.previewRollback(plan.plan_id, crafted.checkpoint_id), REFUSED);
            assert.deepEqual([(0, sandboxFixtures_1.hashTree)(root), (0, sandboxFixtures_1.hashTree)(outside)], before);
            const operations = path.join(root, '.cleveragents', 'operations');
            assert.deepEqual((0, node_fs_1.existsSync)(operations) ? (0, node_fs_1.readdirSync)(operations) : [], [], 'no operation was left recorded');
        }
        finally {
            s.dispose();
        }
    });
    it('restoring a path under `.git` or `.cleveragents` (a correction row can name any) is refused', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'p' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            for (const p of ['.git/config', 'sub/.GIT/hooks', '.cleveragents/cleveragents.db', './.git']) {
                await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, checkpoint.checkpoint_id, [p]), /cannot be restored: it has a "\.(?:git|cleveragents)" component/, p);
            }
        }
        finally {
            s.dispose();
        }
    });
    it('recover never moves what it keeps through a symlinked `.cleveragents/recovered`', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'workspace');
        const outside = path.join(parent, 'outside');
        (0, sandboxFixtures_1.write)(outside, 'keep.txt', 'not yours\n');
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        try {
            ({ planId } = await (0, interruptedRollback_1.makeInterruptedRollback)(root, s, { halfWritten: 'tw' }));
        }
        finally {
            s.dispose();
        }
        (0, node_fs_1.symlinkSync)('../../outside', path.join(root, '.cleveragents', 'recovered'));
        const before = (0, sandboxFixtures_1.hashTree)(outside);
        const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'recover', '--yes', planId]);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.match(run.json().error.message, /Refused: \.cleveragents\/recovered is a symbolic link/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing was moved outside the workspace');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'tw', 'the half-written file is still where it was');
    });
    it('restoring a folder of a crafted checkpoint whose tree holds `sub/..` is refused where the overlay reads it', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'workspace');
        const outside = path.join(parent, 'outside-secret');
        (0, sandboxFixtures_1.write)(outside, 'secret.txt', 'keys\n');
        (0, sandboxFixtures_1.write)(root, 'sub/a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'p' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            const store = new CraftedStore(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
            const up = store.tree([{ mode: '40000', name: 'outside-secret', oid: store.tree([{ mode: '100644', name: 'secret.txt', oid: store.blob('x\n') }]) }]);
            const evil = store.commit(store.tree([{ mode: '40000', name: 'sub', oid: store.tree([{ mode: '40000', name: '..', oid: up }]) }]));
            const crafted = { ...checkpoint, checkpoint_id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', sandbox_ref: evil };
            await s.store.write((uow) => uow.checkpoints.insert(crafted));
            const before = [(0, sandboxFixtures_1.hashTree)(root), (0, sandboxFixtures_1.hashTree)(outside)];
            await assert.rejects(s.checkpoints.restorePaths(plan.plan_id, crafted.checkpoint_id, ['sub']), (error) => REFUSED.exec(error.message)?.[1] === 'sub/../outside-secret/secret.txt');
            assert.deepEqual([(0, sandboxFixtures_1.hashTree)(root), (0, sandboxFixtures_1.hashTree)(outside)], before);
        }
        finally {
            s.dispose();
        }
    });
    it('an isolated sandbox is never made or removed through a symlinked `.cleveragents/sandboxes`', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'workspace');
        const outside = path.join(parent, 'outside');
        const id = '01KZZZZZZZZZZZZZZZZZZZZZZZ';
        (0, sandboxFixtures_1.write)(outside, `${id}/precious.txt`, 'keep me\n');
        (0, sandboxFixtures_1.write)(root, '.cleveragents/.gitignore', '*\n');
        (0, node_fs_1.symlinkSync)('../../outside', path.join(root, '.cleveragents', 'sandboxes'));
        const files = new nodeWorkspaceFiles_1.NodeWorkspaceFiles(root);
        const dir = path.join((0, node_fs_1.realpathSync)(root), '.cleveragents', 'sandboxes', id);
        const before = (0, sandboxFixtures_1.hashTree)(outside);
        await assert.rejects(files.removeDirectory(dir), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside was deleted');
        (0, node_fs_1.rmSync)(path.join(outside, id), { recursive: true });
        await assert.rejects(files.createEmptyDirectory(dir), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
        assert.ok(!(0, node_fs_1.existsSync)(path.join(outside, id)), 'nothing was made outside');
    });
    it('unsafePathReason: the one check, on POSIX and on Windows rules', () => {
        const posix = { backslashSeparates: false, foldCase: false };
        const windows = { backslashSeparates: true, foldCase: true };
        for (const p of ['a.txt', 'src/app.ts', 'big\\..\\z.bin', 'c:notes', '...', '.gitignore', '.github/x', 'a/.git-keep', '.cleveragentsrc']) {
            assert.equal((0, ids_1.unsafePathReason)(p, posix), undefined, p);
        }
        const refused = [
            ['', /empty/],
            ['..', /"\.\."/],
            ['a/../../x', /"\.\."/],
            ['./a', /"\."/],
            ['a//b', /empty component/],
            ['a/', /empty component/],
            ['/etc/passwd', /absolute/],
            ['a\0b', /NUL/],
            ['.git', /"\.git"/],
            ['sub/.GIT/config', /"\.git"/],
            ['.git./config', /"\.git"/],
            ['.git /config', /"\.git"/],
            ['.cleveragents/operations/x.json', /"\.cleveragents"/],
            ['sub/.cleveragents', /"\.cleveragents"/],
        ];
        for (const [p, reason] of refused)
            assert.match((0, ids_1.unsafePathReason)(p, posix) ?? 'accepted', reason, JSON.stringify(p));
        for (const [p, reason] of [['big\\..\\z.bin', /"\.\."/], ['c:notes', /absolute/], ['\\\\server\\share', /absolute/], ['a\\.git\\config', /"\.git"/], ['.CleverAgents/x', /"\.cleveragents"/]]) {
            assert.match((0, ids_1.unsafePathReason)(p, windows) ?? 'accepted', reason, JSON.stringify(p));
        }
        assert.equal((0, ids_1.unsafePathReason)('.CleverAgents/x', posix), undefined, 'another folder where case matters');
    });
    it('unsafePathReason reads names as Windows and macOS do: trailing dots and spaces, 8.3 aliases, streams, HFS+’s ignored characters', () => {
        const posix = { backslashSeparates: false, foldCase: false };
        const windows = { backslashSeparates: true, foldCase: true, windowsNames: true };
        const macos = { backslashSeparates: false, foldCase: true };
        const refusedOnWindows = [
            ['.cleveragents./operations/x.json', /"\.cleveragents"/],
            ['.cleveragents  /x', /"\.cleveragents"/],
            ['sub\\.CleverAgents.\\x', /"\.cleveragents"/],
            ['CLEVER~1/cleveragents.db', /"\.cleveragents"/],
            ['GIT~1/config', /"\.git"/],
            ['.git::$INDEX_ALLOCATION/config', /alternate data stream/],
            ['notes.txt:hidden', /alternate data stream/],
            ['a/.../b', /Windows drops its trailing dots/],
            ['a/ . /b', /Windows drops its trailing dots/],
        ];
        for (const [p, reason] of refusedOnWindows) {
            assert.match((0, ids_1.unsafePathReason)(p, windows) ?? 'accepted', reason, JSON.stringify(p));
            assert.equal((0, ids_1.unsafePathReason)(p.replaceAll('\\', '/').replace('.CleverAgents', 'x'), posix), undefined, `${JSON.stringify(p)} is an ordinary name on Linux`);
        }
        for (const p of ['.g\u200cit/config', '.GI\ufeffT/hooks/x', '.clever\u200dagents/x', 'sub/.CleverAgents/x']) {
            assert.ok((0, ids_1.unsafePathReason)(p, macos) !== undefined, `${JSON.stringify(p)} names .git or .cleveragents on macOS`);
        }
        assert.equal((0, ids_1.unsafePathReason)('.clever\u200dagents/x', posix), undefined, 'on Linux, another name');
        for (const p of ['a.txt', 'src/app.ts', 'notes.v2.txt', 'GIT~X', 'clever~1a', '.cleveragentsrc'])
            assert.equal((0, ids_1.unsafePathReason)(p, windows), undefined, p);
        // A restore's paths are checked with the folding rules on every platform, not with Windows' names: `notes:v2` is a file on Linux.
        assert.equal((0, ids_1.unsafePathReason)('notes:v2', { backslashSeparates: true, foldCase: true }), undefined);
    });
});
//# sourceMappingURL=unsafePaths.test.js.map