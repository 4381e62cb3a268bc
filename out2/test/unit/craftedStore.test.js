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
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const nodeWorkspaceFiles_1 = require("../../src/adapters/files/nodeWorkspaceFiles");
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
const gitOutput_1 = require("../../src/adapters/shadowStore/gitOutput");
const storeValidation_1 = require("../../src/adapters/shadowStore/storeValidation");
const cliHarness_1 = require("./helpers/cliHarness");
const interruptedRollback_1 = require("./helpers/interruptedRollback");
const mcpHarness_1 = require("./helpers/mcpHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// `.cleveragents/` arrives with whatever the user clones. Each repository here is made the way an
// attacker would: a real store made by the CLI, then its files changed, and everything committed
// with git plumbing (which does not read `.cleveragents/.gitignore`). The user clones it and runs
// the CLI: no command of the repository may run, and nothing outside the workspace may change.
const STORE = '.cleveragents/checkpoints';
const CONFIG = `${STORE}/shadow.git/config`;
function gitWithInput(cwd, input, ...args) {
    return (0, node_child_process_1.execFileSync)('git', args, { cwd, input, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
}
/** Commits every file, link and folder of `repo` (but `.git` and sockets) as it is, executable bits and links included, with plumbing only. */
function commitEverything(repo) {
    const records = [];
    const walk = (rel) => {
        for (const name of (0, node_fs_1.readdirSync)(path.join(repo, rel))) {
            const r = rel ? `${rel}/${name}` : name;
            if (r === '.git')
                continue;
            const abs = path.join(repo, r);
            const info = (0, node_fs_1.lstatSync)(abs);
            if (info.isDirectory()) {
                walk(r);
                continue;
            }
            // The resident process's socket (.cleveragents/run/): no file git can hold.
            if (info.isSocket())
                continue;
            const content = info.isSymbolicLink() ? (0, node_fs_1.readlinkSync)(abs) : (0, node_fs_1.readFileSync)(abs);
            const oid = gitWithInput(repo, content, 'hash-object', '-w', '--stdin').trim();
            const mode = info.isSymbolicLink() ? '120000' : (info.mode & 0o111) !== 0 ? '100755' : '100644';
            records.push(`${mode} ${oid}\t${r}\0`);
        }
    };
    walk('');
    gitWithInput(repo, records.join(''), 'update-index', '--add', '-z', '--index-info');
    const tree = (0, sandboxFixtures_1.git)(repo, 'write-tree').trim();
    const commit = (0, sandboxFixtures_1.git)(repo, 'commit-tree', tree, '-m', 'Initial commit').trim();
    (0, sandboxFixtures_1.git)(repo, 'update-ref', 'HEAD', commit);
}
/** A hook (or fsmonitor command) that leaves a file named after itself in `markers`. */
function hookScript(markers) {
    return `#!/bin/sh\ntouch "${markers}/hook-$(basename "$0")"\n`;
}
function assertRefused(run, because) {
    assert.equal(run.code, 1, `refused, not run or crashed:\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, because);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'a message, not a stack trace');
}
describe('a cloned repository with a crafted .cleveragents runs nothing and writes nothing outside the workspace', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-crafted-');
    let dir;
    let markers;
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    beforeEach(() => {
        dir = tempDir();
        markers = path.join(dir, 'markers');
        (0, node_fs_1.mkdirSync)(markers);
    });
    const ranNothing = () => assert.deepEqual((0, node_fs_1.readdirSync)(markers), [], 'no command of the repository ran');
    /** The attacker's repository: a plan with a checkpoint made by the CLI, then `tamper`ed, committed; the user's clone of it. */
    function cloneOfCrafted(tamper) {
        const origin = path.join(dir, 'origin');
        (0, sandboxFixtures_1.git)(dir, 'init', '-q', origin);
        (0, sandboxFixtures_1.write)(origin, 'src/app.ts', 'export const a = 1;\n');
        const created = (0, cliHarness_1.runCli)(origin, ['plan', 'create', '--title', 'Work', '--format', 'json']);
        const planId = created.json().plan.plan_id;
        assert.equal((0, cliHarness_1.runCli)(origin, ['plan', 'checkpoint', planId]).code, 0);
        tamper(origin);
        commitEverything(origin);
        const victim = path.join(dir, 'victim');
        (0, sandboxFixtures_1.git)(dir, 'clone', '-q', origin, victim);
        (0, sandboxFixtures_1.write)(victim, 'src/app.ts', 'export const a = 2;\n');
        return { victim, planId };
    }
    it('a store config setting core.fsmonitor: list and show work, checkpoint is refused with the file named, and a new store works', () => {
        const { victim, planId } = cloneOfCrafted((origin) => (0, node_fs_1.appendFileSync)(path.join(origin, CONFIG), `[core]\n\tfsmonitor = "touch '${markers}/fsmonitor'"\n`));
        assert.equal((0, cliHarness_1.runCli)(victim, ['plan', 'list']).code, 0);
        assert.equal((0, cliHarness_1.runCli)(victim, ['plan', 'show', planId]).code, 0);
        const run = (0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]);
        ranNothing();
        assertRefused(run, /Checkpoint store refused: \.cleveragents\/checkpoints\/shadow\.git\/config was not written by CleverAgents \(it sets core\.fsmonitor.*\)\. Move the folder \.cleveragents\/checkpoints aside to start a new store\./);
        const json = (0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId, '--format', 'json']).json();
        assert.equal(json.error.type, 'StoreError');
        // What the message says to do works.
        (0, node_fs_1.renameSync)(path.join(victim, STORE), path.join(victim, '.cleveragents', 'checkpoints-aside'));
        assert.equal((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]).code, 0);
        ranNothing();
    });
    it('a store config setting core.hooksPath to committed hooks (post-index-change, reference-transaction): refused, no hook runs', () => {
        const { victim, planId } = cloneOfCrafted((origin) => {
            // Relative: to the work tree for a sandbox's git, to the store for the store's own.
            for (const hooks of ['evil-hooks', `${STORE}/shadow.git/evil-hooks`]) {
                for (const name of ['post-index-change', 'reference-transaction'])
                    (0, sandboxFixtures_1.write)(origin, `${hooks}/${name}`, hookScript(markers), 0o755);
            }
            (0, node_fs_1.appendFileSync)(path.join(origin, CONFIG), '[core]\n\thooksPath = evil-hooks\n');
        });
        const run = (0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]);
        ranNothing();
        assertRefused(run, /Checkpoint store refused: .*shadow\.git\/config was not written by CleverAgents \(it sets core\.hookspath/);
    });
    it('hooks in the store’s own hooks folder: refused', () => {
        const { victim, planId } = cloneOfCrafted((origin) => {
            for (const name of ['post-index-change', 'reference-transaction'])
                (0, sandboxFixtures_1.write)(origin, `${STORE}/shadow.git/hooks/${name}`, hookScript(markers), 0o755);
        });
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]), /Checkpoint store refused: \.cleveragents\/checkpoints\/shadow\.git\/hooks\/\S+ was not written by CleverAgents \(it is a hook\)/);
        ranNothing();
    });
    it('a store config that includes another file (which sets core.fsmonitor): refused', () => {
        const { victim, planId } = cloneOfCrafted((origin) => {
            (0, sandboxFixtures_1.write)(origin, 'tools/settings.gitconfig', `[core]\n\tfsmonitor = "touch '${markers}/included-fsmonitor'"\n`);
            (0, node_fs_1.appendFileSync)(path.join(origin, CONFIG), '[include]\n\tpath = ../../../tools/settings.gitconfig\n');
        });
        const run = (0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]);
        ranNothing();
        assertRefused(run, /Checkpoint store refused: .*shadow\.git\/config .*\(it sets include\.path\)/);
    });
    it('a filter driver in the store config and the store’s attributes: refused, the filter never runs', () => {
        const { victim, planId } = cloneOfCrafted((origin) => {
            (0, node_fs_1.appendFileSync)(path.join(origin, CONFIG), `[filter "evil"]\n\tclean = "touch '${markers}/filter'; cat"\n\tsmudge = cat\n`);
            (0, node_fs_1.appendFileSync)(path.join(origin, `${STORE}/shadow.git/info/attributes`), '* filter=evil\n');
        });
        const run = (0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]);
        ranNothing();
        assertRefused(run, /Checkpoint store refused: .*shadow\.git\/config .*\(it sets filter\.evil\.clean\)/);
    });
    it('attributes alone that name a filter: refused', () => {
        const { victim, planId } = cloneOfCrafted((origin) => (0, node_fs_1.appendFileSync)(path.join(origin, `${STORE}/shadow.git/info/attributes`), '*.ts filter=lfs diff=ts\n'));
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]), /Checkpoint store refused: .*shadow\.git\/info\/attributes was not written by CleverAgents \(it sets filter=lfs\)/);
    });
    it('an alternates file that borrows objects from another repository: refused', () => {
        const { victim, planId } = cloneOfCrafted((origin) => (0, sandboxFixtures_1.write)(origin, `${STORE}/shadow.git/objects/info/alternates`, '../../../../../elsewhere/objects\n'));
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]), /Checkpoint store refused: .*shadow\.git\/objects\/info\/alternates was not written by CleverAgents/);
    });
    it('a sandbox’s git dir pointed at another repository by its commondir: refused', () => {
        const { victim, planId } = cloneOfCrafted((origin) => (0, node_fs_1.writeFileSync)(path.join(origin, STORE, 'indexes', (0, node_fs_1.readdirSync)(path.join(origin, STORE, 'indexes'))[0], 'commondir'), '../../../../tools/other.git\n'));
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]), /Checkpoint store refused: \.cleveragents\/checkpoints\/indexes\/\w+\/commondir was not written by CleverAgents/);
    });
    it('the MCP tool create_checkpoint on a store config setting core.fsmonitor: refused, nothing runs', async () => {
        const { victim, planId } = cloneOfCrafted((origin) => (0, node_fs_1.appendFileSync)(path.join(origin, CONFIG), `[core]\n\tfsmonitor = "touch '${markers}/mcp-fsmonitor'"\n`));
        const mcp = await (0, mcpHarness_1.startMcp)(victim);
        try {
            const result = await mcp.call('create_checkpoint', { plan_id: planId });
            ranNothing();
            assert.equal(result.isError, true);
            const message = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
            assert.match(message, /Checkpoint store refused: \.cleveragents\/checkpoints\/shadow\.git\/config was not written by CleverAgents \(it sets core\.fsmonitor/);
            assert.deepEqual(mcp.transportErrors, []);
        }
        finally {
            await mcp.close();
        }
    });
    it('a .cleveragents that is a symbolic link to ../elsewhere: plan create and list are refused and nothing is written there', () => {
        const elsewhere = path.join(dir, 'elsewhere');
        (0, node_fs_1.mkdirSync)(elsewhere);
        const origin = path.join(dir, 'origin');
        (0, sandboxFixtures_1.git)(dir, 'init', '-q', origin);
        (0, sandboxFixtures_1.write)(origin, 'src/app.ts', 'export const a = 1;\n');
        (0, node_fs_1.symlinkSync)('../elsewhere', path.join(origin, '.cleveragents'));
        commitEverything(origin);
        const victim = path.join(dir, 'victim');
        (0, sandboxFixtures_1.git)(dir, 'clone', '-q', origin, victim);
        assert.ok((0, node_fs_1.lstatSync)(path.join(victim, '.cleveragents')).isSymbolicLink(), 'git checked the link out as a link');
        const refusal = /Refused: \.cleveragents is a symbolic link \(to \.\.\/elsewhere\)/;
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'create', '--title', 'Work']), refusal);
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'create', '--title', 'Work', '--isolated']), refusal);
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'list']), refusal);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), []);
        // With the database elsewhere in the workspace (a setting), the store's lock, .gitignore and folders are refused too.
        const env = { AGENTS_DATABASE: 'data/agents.db' };
        const planId = (0, cliHarness_1.runCli)(victim, ['plan', 'create', '--title', 'Work', '--format', 'json'], { env }).json().plan.plan_id;
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId], { env }), refusal);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), []);
    });
    it('a .cleveragents/checkpoints that is a symbolic link out of the workspace: checkpoint refused, nothing written there', () => {
        const elsewhere = path.join(dir, 'elsewhere');
        (0, node_fs_1.mkdirSync)(elsewhere);
        const { victim, planId } = cloneOfCrafted((origin) => {
            (0, node_fs_1.rmSync)(path.join(origin, STORE), { recursive: true });
            (0, node_fs_1.symlinkSync)('../../elsewhere', path.join(origin, STORE));
        });
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'checkpoint', planId]), /Refused: \.cleveragents\/checkpoints is a symbolic link \(to \.\.\/\.\.\/elsewhere\)/);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), []);
    });
    it('a database file that is a symbolic link: refused before it is read', () => {
        const elsewhere = path.join(dir, 'elsewhere');
        (0, node_fs_1.mkdirSync)(elsewhere);
        const { victim } = cloneOfCrafted((origin) => {
            (0, node_fs_1.renameSync)(path.join(origin, '.cleveragents', 'cleveragents.db'), path.join(elsewhere, 'cleveragents.db'));
            (0, node_fs_1.symlinkSync)('../../elsewhere/cleveragents.db', path.join(origin, '.cleveragents', 'cleveragents.db'));
        });
        const before = (0, node_fs_1.readFileSync)(path.join(elsewhere, 'cleveragents.db'));
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'list']), /Refused: \.cleveragents\/cleveragents\.db is a symbolic link/);
        assertRefused((0, cliHarness_1.runCli)(victim, ['plan', 'create', '--title', 'Other']), /Refused: \.cleveragents\/cleveragents\.db is a symbolic link/);
        assert.deepEqual((0, node_fs_1.readFileSync)(path.join(elsewhere, 'cleveragents.db')), before);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), ['cleveragents.db']);
    });
});
describe('every git call of the shadow store outranks the store’s config file (defence in depth, without the store’s check)', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-crafted-git-');
    it('a config with core.fsmonitor and core.hooksPath (to post-index-change and reference-transaction hooks) runs nothing through status, update-index, read-tree and update-ref', async () => {
        const dir = tempDir();
        const markers = path.join(dir, 'markers');
        const hooks = path.join(dir, 'hooks');
        const work = path.join(dir, 'work');
        const gitDir = path.join(dir, 'store.git');
        (0, node_fs_1.mkdirSync)(markers);
        for (const name of ['post-index-change', 'reference-transaction'])
            (0, sandboxFixtures_1.write)(hooks, name, hookScript(markers), 0o755);
        (0, sandboxFixtures_1.write)(work, 'a.txt', 'one\n');
        (0, sandboxFixtures_1.git)(dir, 'init', '-q', '--bare', gitDir);
        (0, node_fs_1.appendFileSync)(path.join(gitDir, 'config'), `[core]\n\tfsmonitor = "touch '${markers}/fsmonitor'"\n\thooksPath = ${hooks}\n`);
        const run = (0, gitEnvironment_1.shadowGit)({ cwd: work, gitDir, workTree: work, indexFile: path.join(dir, 'index') });
        await run.raw(['update-index', '--add', '--', 'a.txt']);
        await run.raw(['status', '--porcelain=v2', '-z']);
        const tree = (await run.raw(['write-tree'])).trim();
        await run.raw(['update-ref', 'refs/checkpoints/x', tree]);
        await run.raw(['read-tree', '-m', '-u', tree]);
        assert.deepEqual((0, node_fs_1.readdirSync)(markers), [], 'no command of the config ran');
    });
});
describe('the parts of .cleveragents are real folders inside the workspace, or nothing is written through them', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-crafted-links-');
    const PLAN = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    let root;
    let elsewhere;
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    beforeEach(() => {
        const dir = tempDir();
        root = path.join(dir, 'ws');
        elsewhere = path.join(dir, 'elsewhere');
        (0, node_fs_1.mkdirSync)(path.join(root, '.cleveragents'), { recursive: true });
        (0, node_fs_1.mkdirSync)(elsewhere);
    });
    it('sandboxes/ linked elsewhere: an isolated sandbox is neither made nor removed there', async () => {
        (0, node_fs_1.symlinkSync)('../../elsewhere', path.join(root, '.cleveragents', 'sandboxes'));
        (0, sandboxFixtures_1.write)(elsewhere, `${PLAN}/keep.txt`, 'kept\n');
        const files = new nodeWorkspaceFiles_1.NodeWorkspaceFiles(root);
        const real = path.join((0, node_fs_1.realpathSync)(root), '.cleveragents', 'sandboxes');
        await assert.rejects(files.createEmptyDirectory(path.join(real, '01BX5ZZKBKACTAV9WEVGEMMVRZ')), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
        await assert.rejects(files.removeDirectory(path.join(real, PLAN)), /Refused: \.cleveragents\/sandboxes is a symbolic link/);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), [PLAN]);
        assert.equal((0, node_fs_1.readFileSync)(path.join(elsewhere, PLAN, 'keep.txt'), 'utf8'), 'kept\n');
    });
    it('operations/ linked elsewhere: no journal is written or removed there', async () => {
        (0, node_fs_1.symlinkSync)('../../elsewhere', path.join(root, '.cleveragents', 'operations'));
        (0, sandboxFixtures_1.write)(elsewhere, `${PLAN}.json`, '{}\n');
        const journal = new fileOperationJournal_1.FileOperationJournal(root);
        const record = { type: 'rollback', plan_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ', target_checkpoint_id: PLAN, undo_checkpoint_id: PLAN, sandbox_key: PLAN, from_ref: 'a'.repeat(40), to_ref: 'b'.repeat(40), started_at: new Date().toISOString(), pid: 1, host: 'h' };
        await assert.rejects(journal.begin(record), /Refused: \.cleveragents\/operations is a symbolic link/);
        await assert.rejects(journal.end(PLAN), /Refused: \.cleveragents\/operations is a symbolic link/);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), [`${PLAN}.json`]);
    });
    it('recovered/ linked elsewhere: recover moves no file of the sandbox there', async () => {
        (0, node_fs_1.rmSync)(path.join(root, '.cleveragents'), { recursive: true });
        (0, node_fs_1.mkdirSync)(root, { recursive: true });
        const s = (0, sandboxFixtures_1.services)(root);
        let planId;
        try {
            ({ planId } = await (0, interruptedRollback_1.makeInterruptedRollback)(root, s, { halfWritten: 'tw' }));
        }
        finally {
            s.dispose();
        }
        (0, node_fs_1.symlinkSync)('../../elsewhere', path.join(root, '.cleveragents', 'recovered'));
        assertRefused((0, cliHarness_1.runCli)(root, ['plan', 'recover', '--yes', planId]), /Refused: \.cleveragents\/recovered is a symbolic link/);
        assert.deepEqual((0, node_fs_1.readdirSync)(elsewhere), []);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'tw', 'the half-written file stays where it was');
    });
});
describe('a store changed under a running process (a pull, an unpacked archive) is checked again', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-crafted-later-');
    it('the next checkpoint after the config gained core.fsmonitor is refused, and runs nothing', async () => {
        const dir = tempDir();
        const root = path.join(dir, 'ws');
        const markers = path.join(dir, 'markers');
        (0, node_fs_1.mkdirSync)(markers);
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'p' });
            await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, node_fs_1.appendFileSync)(path.join(root, CONFIG), `[core]\n\tfsmonitor = "touch '${markers}/fsmonitor'"\n`);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
            await assert.rejects(s.checkpoints.createCheckpoint(plan.plan_id), /Checkpoint store refused: .*shadow\.git\/config .*\(it sets core\.fsmonitor/);
        }
        finally {
            s.dispose();
        }
        assert.deepEqual((0, node_fs_1.readdirSync)(markers), []);
    });
});
describe('the store config read without git means what git reads in it', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-crafted-config-');
    function gitEntries(dir, text) {
        const file = path.join(dir, 'config');
        (0, node_fs_1.writeFileSync)(file, text);
        try {
            const out = (0, node_child_process_1.execFileSync)('git', ['config', '--file', file, '--no-includes', '--list', '-z'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_DIR: '/dev/null' } });
            return out.split('\0').filter((r) => r !== '').map((r) => (r.includes('\n') ? [r.slice(0, r.indexOf('\n')), r.slice(r.indexOf('\n') + 1)] : [r, undefined]));
        }
        catch {
            return 'unreadable';
        }
    }
    it('reads what git init and CleverAgents write (this release and earlier ones) as git does, and leaves every doubtful line to git', () => {
        const dir = tempDir();
        (0, sandboxFixtures_1.git)(dir, 'init', '-q', '--bare', 'store.git');
        const ours = (0, node_fs_1.readFileSync)(path.join(dir, 'store.git', 'config'), 'utf8') + (0, gitOutput_1.configText)(gitEnvironment_1.SHADOW_REPO_CONFIG);
        const plain = [ours, `${ours}[core]\n\thooksPath = "/home/u/ws/.cleveragents/checkpoints/shadow.git/no-hooks"\n`, `[core]\n\tfsmonitor = "touch '/tmp/x'; rm -rf ~"\n`, '[CoRe]\n\tFsMonitor = "x"\n', '[core]\n\tk = "v"\n[include]\n\tpath = a.cfg\n', '[core]\n  k=v\n', '[core]\n\tk = "a;b#c"\n', '[core]\n\tk = -v\n'];
        const doubtful = [
            '[core]\n\tfsmonitor = touch x\n',
            '[core]\n\tfsmonitor = "a" ; comment\n',
            '[core]\n\tfsmonitor = "a\\"b"\n',
            '[core]\n\tfsmonitor = a\\\n\tb\n',
            '[core]\n\tbare\n',
            '[core "x"]\n\tk = v\n',
            '[core.x]\n\tk = v\n',
            '[core]\r\n\tfsmonitor = x\r\n',
            '\uFEFF[core]\n\tfsmonitor = x\n',
            '[core]\n\tk = "multi\nline"\n',
            '[core] fsmonitor = x\n',
            'fsmonitor = x\n',
            '# [core]\n\tfsmonitor = x\n',
            '[core]\n\tfsmonitor = "x"#\n',
        ];
        for (const text of plain) {
            const entries = (0, storeValidation_1.plainConfigEntries)(text);
            assert.ok(entries, `read without git: ${JSON.stringify(text)}`);
            assert.deepEqual(entries, gitEntries(dir, text), JSON.stringify(text));
        }
        for (const text of doubtful)
            assert.equal((0, storeValidation_1.plainConfigEntries)(text), undefined, `left to git: ${JSON.stringify(text)}`);
    });
});
//# sourceMappingURL=craftedStore.test.js.map