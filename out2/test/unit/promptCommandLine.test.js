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
const fileLock_1 = require("../../src/adapters/files/fileLock");
const backgroundCheckpoint_1 = require("../../src/hooks/backgroundCheckpoint");
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// No prompt on a command line (issue 34, defect 10, its first half): a plan's first snapshot runs
// in a process of its own (`agents hook checkpoint-job`), and its job (the reason quotes the
// prompt) goes on that process's stdin, never its arguments, which /proc/<pid>/cmdline shows to
// every local user and the store's lock file records. Real processes of the built CLI.
const SECRET = 'the launch codes are 0000';
const DIST = path.dirname(cliHarness_1.CLI_PATH);
/** Polls `check` every 50 ms until it holds; fails after `ms` (generous: the machine is shared). */
async function until(what, check, ms = 120_000) {
    for (const by = Date.now() + ms; !check();) {
        if (Date.now() > by)
            assert.fail(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}
describe('a background checkpoint takes its job on stdin: no prompt on any command line', function () {
    this.timeout(240_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-prompt-cmdline-');
    before(() => (0, cliHarness_1.ensureCliBuilt)());
    /** A workspace with a started plan over it and no checkpoint yet. */
    function planned() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'notes.txt', 'one\n');
        (0, sandboxFixtures_1.write)(root, 'src/main.ts', 'export {};\n');
        const made = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'create', '--title', 'first', '--sandbox', '.']);
        const planId = made.json().plan.plan_id;
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'start', planId]).code, 0);
        return { root, planId };
    }
    const jobOf = (root, planId) => ({
        workspaceRoot: root,
        planId,
        type: 'manual',
        reason: `Before: "${SECRET}"`,
        phase: 'prompt',
        extra: { session_id: 's1' },
        onlyIfChanged: false,
    });
    const checkpoints = (root, planId) => (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json().checkpoints;
    it('the running job\'s command line holds no prompt, and neither does the lock file it holds; the checkpoint is taken with its reason', async function () {
        if (process.platform !== 'linux')
            this.skip();
        const { root, planId } = planned();
        const lockFile = path.join(root, '.cleveragents', 'checkpoints.lock');
        // where a hook keeps its session files, and the marker naming the job's process
        (0, node_fs_1.mkdirSync)(path.dirname((0, backgroundCheckpoint_1.firstSnapshotMarker)(root, planId)), { recursive: true });
        // the store held here: the job waits for it, alive, while its command line is read
        const release = await new fileLock_1.FileLock(lockFile, { timeoutMs: 10_000 }).acquire();
        let pid;
        try {
            assert.equal(await (0, backgroundCheckpoint_1.checkpointInBackground)(jobOf(root, planId), DIST, 0), 'still-running');
            pid = JSON.parse((0, node_fs_1.readFileSync)((0, backgroundCheckpoint_1.firstSnapshotMarker)(root, planId), 'utf8')).pid;
            const cmdline = (0, node_fs_1.readFileSync)(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
            assert.deepEqual(cmdline.slice(1), [cliHarness_1.CLI_PATH, 'hook', 'checkpoint-job'], 'the program and its command words, nothing else');
            assert.ok(!cmdline.join(' ').includes('launch codes'));
        }
        finally {
            await release();
        }
        // the lock as the job holds it: read while the job runs, as any other process would
        const seen = [];
        await until('the checkpoint', () => {
            if ((0, node_fs_1.existsSync)(lockFile))
                seen.push((0, node_fs_1.readFileSync)(lockFile, 'utf8'));
            return checkpoints(root, planId).length > 0;
        });
        for (const record of seen)
            assert.ok(!record.includes('launch codes'), record);
        assert.deepEqual(checkpoints(root, planId).map((c) => c.metadata.reason), [`Before: "${SECRET}"`]);
    });
    it('the starter may exit at once: the job, already in the pipe, is read to its end and taken', async () => {
        const { root, planId } = planned();
        const starter = `require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out/src/hooks/backgroundCheckpoint.js'))}).checkpointInBackground(${JSON.stringify(jobOf(root, planId))}, ${JSON.stringify(DIST)}, 0).then((o) => { process.stdout.write(o); process.exit(0); });`;
        const r = (0, node_child_process_1.spawnSync)(process.execPath, ['-e', starter], { encoding: 'utf8', timeout: 60_000 });
        assert.equal(r.stdout, 'still-running', r.stderr);
        await until('the checkpoint', () => checkpoints(root, planId).length > 0);
        assert.deepEqual(checkpoints(root, planId).map((c) => c.metadata.reason), [`Before: "${SECRET}"`]);
    });
    it('`hook checkpoint-job` takes no job from its arguments, and a stdin that ends early or holds no whole job is refused (exit 2)', () => {
        const { root, planId } = planned();
        const job = JSON.stringify(jobOf(root, planId));
        const run = (args, input) => (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, 'hook', 'checkpoint-job', ...args], { cwd: root, input, encoding: 'utf8', timeout: 60_000 }).status;
        assert.equal(run([job], ''), 2, 'a job on the command line is not read');
        assert.equal(run([], ''), 2, 'no job');
        assert.equal(run([], job.slice(0, 40)), 2, 'a job cut short');
        assert.equal(run([], JSON.stringify({ ...jobOf(root, planId), reason: 7 })), 2, 'a job its schema refuses');
        assert.deepEqual(checkpoints(root, planId), []);
        assert.equal(run([], job), 0);
        assert.equal(checkpoints(root, planId).length, 1);
    });
    it("a lock file names its holder's program and command words, never the rest of its command line", async () => {
        const dir = tempDir();
        (0, node_fs_1.mkdirSync)(path.join(dir, 'bin'));
        const script = path.join(dir, 'bin', 'cli.js');
        const lockFile = path.join(dir, 'x.lock');
        (0, node_fs_1.writeFileSync)(script, `const { FileLock } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out/src/adapters/files/fileLock.js'))});\n` +
            `new FileLock(${JSON.stringify(lockFile)}).acquire().then((release) => { process.stdout.write(require('fs').readFileSync(${JSON.stringify(lockFile)}, 'utf8')); return release(); });\n`);
        const holder = (args) => new Promise((resolve, reject) => {
            const child = (0, node_child_process_1.spawn)(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
            let out = '';
            child.stdout.on('data', (d) => (out += String(d)));
            child.on('error', reject);
            child.on('close', () => resolve(JSON.parse(out).command));
        });
        assert.equal(await holder(['plan', 'create', '--title', 'secret']), 'cli.js plan create');
        assert.equal(await holder(['plan', 'checkpoint', '01ARZ3NDEKTSV4RRFFQ69G5FAV', '--reason', 'secret']), 'cli.js plan checkpoint');
        assert.equal(await holder(['hook', 'checkpoint-job', '{"reason":"secret"}']), 'cli.js hook checkpoint-job');
        assert.equal(await holder(['--format', 'json', 'plan', 'create', 'secret']), 'cli.js');
    });
});
//# sourceMappingURL=promptCommandLine.test.js.map