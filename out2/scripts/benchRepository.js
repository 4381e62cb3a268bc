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
exports.PLAIN_SNAPSHOT = exports.CLI = void 0;
exports.cleanEnv = cleanEnv;
exports.readRepo = readRepo;
exports.history = history;
exports.pathsLeftOut = pathsLeftOut;
exports.excluding = excluding;
exports.checkout = checkout;
exports.applyCommit = applyCommit;
exports.benchRepository = benchRepository;
// The checkpoint engine against plain git on a real repository's history: a commit is checked
// out into two temporary workspaces, then the commits after it are replayed as an agent's edits
// (each commit's diff applied to the files with `git apply`, not a checkout), and both sides do the
// same work after each: a checkpoint; then a no-change checkpoint, a preview, a rollback and its
// undo. Once in this process (the engine) and once through the `agents` CLI as a child process
// (node's start included; plain git's side is the same work as one shell command). The repository
// is only read.
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const composition_1 = require("../src/composition");
const benchCommon_1 = require("./benchCommon");
const benchWarmUp_1 = require("./benchWarmUp");
exports.CLI = path.join(__dirname, 'cli.js');
function cleanEnv() {
    const env = {};
    for (const [k, v] of Object.entries(process.env))
        if (!k.startsWith('GIT_'))
            env[k] = v;
    return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
}
function readRepo(repo, ...args) {
    return (0, node_child_process_1.execFileSync)('git', ['-C', repo, ...args], { env: cleanEnv(), encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}
/** The commits to replay, oldest first, after the one to start from. */
function history(options) {
    if (options.from) {
        const start = readRepo(options.repo, 'rev-parse', '--verify', `${options.from}^{commit}`);
        const after = readRepo(options.repo, 'rev-list', '--reverse', '--first-parent', '--ancestry-path', `${start}..HEAD`).split('\n').filter(Boolean);
        return { start, commits: after.slice(0, options.steps) };
    }
    const recent = readRepo(options.repo, 'rev-list', '--first-parent', '-n', String(options.steps + 1), 'HEAD').split('\n').filter(Boolean).reverse();
    return { start: recent[0], commits: recent.slice(1) };
}
/**
 * Paths left out of the checkout and of every diff: submodules (an agent's edits never include
 * them), and files whose content the repository does not have at one of these commits (a partial
 * clone, or a mirror without its largest files).
 */
function pathsLeftOut(repo, commits) {
    const out = new Set();
    for (const commit of commits) {
        const absent = new Set(readRepo(repo, 'rev-list', '--objects', '--missing=print', '--no-walk', commit).split('\n').filter((l) => l.startsWith('?')).map((l) => l.slice(1)));
        for (const line of readRepo(repo, 'ls-tree', '-r', '-z', commit).split('\0')) {
            const m = /^(\d{6}) (blob|commit) ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
            if (m && (m[2] === 'commit' || absent.has(m[3])))
                out.add(m[4]);
        }
    }
    return [...out];
}
/** Pathspecs for "everything but these". */
function excluding(paths) {
    return ['--', '.', ...paths.map((p) => `:(exclude,literal)${p}`)];
}
function checkout(repo, commit, dir, leftOut) {
    (0, node_fs_1.mkdirSync)(dir, { recursive: true });
    const tar = (0, node_child_process_1.execFileSync)('git', ['-C', repo, 'archive', commit, ...excluding(leftOut)], { env: cleanEnv(), maxBuffer: 4 * 1024 * 1024 * 1024 });
    (0, node_child_process_1.execFileSync)('tar', ['-x', '-C', dir], { input: tar, maxBuffer: 1024 * 1024 });
}
/** Applies a commit's changes to a workspace the way an agent edits files. False when the patch does not apply. */
function applyCommit(repo, parent, commit, workspaces, patchFile, leftOut) {
    const patch = (0, node_child_process_1.execFileSync)('git', ['-C', repo, 'diff', '--binary', '--no-renames', '--ignore-submodules', parent, commit, ...excluding(leftOut)], { env: cleanEnv(), maxBuffer: 1024 * 1024 * 1024 });
    (0, node_fs_1.writeFileSync)(patchFile, patch);
    const names = readRepo(repo, 'diff', '--name-only', '--no-renames', '--ignore-submodules', parent, commit, ...excluding(leftOut)).split('\n').filter(Boolean);
    const paths = names.length;
    if (paths === 0)
        return { ok: true, paths, names };
    for (const w of workspaces) {
        const r = (0, node_child_process_1.spawnSync)('git', ['apply', '--binary', '--whitespace=nowarn', patchFile], { cwd: w, env: cleanEnv(), encoding: 'utf8' });
        if (r.status !== 0)
            return { ok: false, paths, names };
    }
    return { ok: true, paths, names };
}
function cli(workspace, ...args) {
    const r = (0, node_child_process_1.spawnSync)(process.execPath, [exports.CLI, '--workspace', workspace, '--format', 'json', ...args], { encoding: 'utf8', env: cleanEnv(), maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0)
        throw new Error(`agents ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
    return JSON.parse(r.stdout);
}
/** The same snapshot as plain git's `checkpoint()`, as one shell command (what a shell-scripted tool would run). */
exports.PLAIN_SNAPSHOT = 'git add -A && t=$(git write-tree) && c=$(git commit-tree "$t" -m cp) && git update-ref "refs/cp/$c" "$c"';
async function benchRepository(options) {
    const rows = [];
    const label = path.basename(path.resolve(options.repo)) === 'repo' ? path.basename(path.dirname(path.resolve(options.repo))) : path.basename(path.resolve(options.repo));
    const { start, commits } = history(options);
    if (commits.length < 2)
        throw new Error(`${options.repo}: fewer than 2 commits to replay after ${start}`);
    const files = readRepo(options.repo, 'ls-tree', '-r', '--name-only', start).split('\n').length;
    console.log(`\n[${label}] ${files} files at ${start.slice(0, 12)}; replaying ${commits.length} commits up to ${commits.at(-1).slice(0, 12)}`);
    const root = path.join(options.base, label, 'ours');
    const plainRoot = path.join(options.base, label, 'plain');
    const leftOut = pathsLeftOut(options.repo, [start, ...commits]);
    if (leftOut.length > 0)
        console.log(`  left out (submodules, content missing from the repository): ${leftOut.join(', ')}`);
    checkout(options.repo, start, root, leftOut);
    checkout(options.repo, start, plainRoot, leftOut);
    (0, benchCommon_1.settle)();
    const plain = new benchCommon_1.PlainGit(path.join(plainRoot, '.cleveragents', 'checkpoints', 'shadow.git'), plainRoot);
    const record = (step, ours, theirs) => {
        (0, benchCommon_1.settle)();
        const row = { size: label, step, ours: (0, benchCommon_1.median)(ours), plain: (0, benchCommon_1.median)(theirs) };
        rows.push(row);
        console.log(`  ${step.padEnd(44)} ours ${row.ours.toFixed(0).padStart(6)} ms   plain git ${row.plain.toFixed(0).padStart(6)} ms   ratio ${(row.ours / row.plain).toFixed(2)}`);
    };
    const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: __dirname, logger: options.logger });
    const planId = (await s.plans.createPlan({ title: 'bench' })).plan_id;
    const first = (await s.checkpoints.createCheckpoint(planId)).checkpoint;
    plain.init();
    const plainFirst = plain.checkpoint(true);
    const treeOf = (gitDir, commit) => (0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir, 'rev-parse', `${commit}^{tree}`], { env: cleanEnv(), encoding: 'utf8' }).trim();
    const oursGitDir = path.join(s.checkpointDir, 'shadow.git');
    let inexact = 0;
    const same = (oursCommit, plainCommit, what) => {
        if (treeOf(oursGitDir, oursCommit) !== treeOf(plain.gitDir, plainCommit)) {
            inexact++;
            console.log(`  !! ${what}: ours and plain git captured different trees`);
        }
    };
    same(first.sandbox_ref, plainFirst, 'first checkpoint');
    const patchFile = path.join(options.base, label, 'step.patch');
    const half = Math.ceil(commits.length / 2);
    let parent = start;
    const changed = [];
    // In-process: the engine itself.
    const o = [];
    const p = [];
    let last = first;
    for (const commit of commits.slice(0, half)) {
        const applied = applyCommit(options.repo, parent, commit, [root, plainRoot], patchFile, leftOut);
        parent = commit;
        if (!applied.ok)
            throw new Error(`the diff of ${commit} does not apply; pick another --from`);
        if (applied.paths === 0)
            continue;
        changed.push(applied.paths);
        (0, benchCommon_1.settle)();
        o.push(await (0, benchCommon_1.time)(async () => (last = (await s.checkpoints.createCheckpoint(planId)).checkpoint)));
        let plainCommit = '';
        p.push(await (0, benchCommon_1.time)(() => (plainCommit = plain.checkpoint())));
        same(last.sandbox_ref, plainCommit, `checkpoint after ${commit.slice(0, 12)}`);
    }
    record(`incremental checkpoint (median ${(0, benchCommon_1.median)(changed)} paths)`, o, p);
    const repeat = async (ours, theirs) => {
        const a = [];
        const b = [];
        for (let r = 0; r < options.runs; r++) {
            a.push(await (0, benchCommon_1.time)(ours));
            b.push(await (0, benchCommon_1.time)(theirs));
        }
        return [a, b];
    };
    record('no-change checkpoint', ...(await repeat(() => s.checkpoints.createCheckpoint(planId), () => plain.checkpoint())));
    record('preview of a rollback to the first checkpoint', ...(await repeat(() => s.checkpoints.previewRollback(planId, first.checkpoint_id), () => {
        plain.git('add', '-A');
        plain.git('diff-tree', '-r', '--name-status', '--no-renames', plain.git('write-tree'), plainFirst);
    })));
    {
        const back = [];
        const undo = [];
        const plainBack = [];
        const plainUndo = [];
        for (let r = 0; r < options.runs; r++) {
            let undoId = '';
            back.push(await (0, benchCommon_1.time)(async () => (undoId = (await s.checkpoints.rollbackToCheckpoint(planId, first.checkpoint_id)).undo_checkpoint_id)));
            let safety = '';
            plainBack.push(await (0, benchCommon_1.time)(() => (safety = plain.rollback(plainFirst))));
            undo.push(await (0, benchCommon_1.time)(() => s.checkpoints.rollbackToCheckpoint(planId, undoId)));
            plainUndo.push(await (0, benchCommon_1.time)(() => plain.rollback(safety)));
        }
        record('rollback to the first checkpoint', back, plainBack);
        record('undo of that rollback', undo, plainUndo);
    }
    s.dispose();
    // Through the CLI, a process per call, as an agent's shell runs it, with the workspace's resident
    // process warm (started by an untimed `plan list`, then an untimed no-change checkpoint): the
    // `plan` commands it serves are timed in steady use, not its start (benchWarmUp.ts).
    const warmUp = await (0, benchWarmUp_1.warmResidentProcess)({
        workspace: root,
        env: cleanEnv(),
        cli: exports.CLI,
        first: () => cli(root, 'plan', 'list'),
        served: () => cli(root, 'plan', 'checkpoint', planId),
    });
    console.log(`  ${(0, benchWarmUp_1.describeWarmUp)(warmUp, 'plan list', 'a no-change plan checkpoint')}`);
    const co = [];
    const cp = [];
    const cliChanged = [];
    for (const commit of commits.slice(half)) {
        const applied = applyCommit(options.repo, parent, commit, [root, plainRoot], patchFile, leftOut);
        parent = commit;
        if (!applied.ok)
            throw new Error(`the diff of ${commit} does not apply; pick another --from`);
        if (applied.paths === 0)
            continue;
        cliChanged.push(applied.paths);
        (0, benchCommon_1.settle)();
        co.push(await (0, benchCommon_1.time)(() => cli(root, 'plan', 'checkpoint', planId)));
        cp.push(await (0, benchCommon_1.time)(() => plain.shell(exports.PLAIN_SNAPSHOT)));
    }
    if (co.length > 0)
        record(`CLI: incremental checkpoint (median ${(0, benchCommon_1.median)(cliChanged)} paths)`, co, cp);
    record('CLI: no-change checkpoint', ...(await repeat(async () => cli(root, 'plan', 'checkpoint', planId), () => plain.shell(exports.PLAIN_SNAPSHOT))));
    {
        const back = [];
        const plainBack = [];
        const undo = [];
        const plainUndo = [];
        const plainRollback = (to) => `${exports.PLAIN_SNAPSHOT} && git diff-tree -r -z --name-status --no-renames "$c" ${to} >/dev/null && git read-tree -m -u "$c" ${to} && echo "$c"`;
        for (let r = 0; r < options.runs; r++) {
            let undoId = '';
            back.push(await (0, benchCommon_1.time)(() => (undoId = (cli(root, 'plan', 'rollback', '--yes', planId, first.checkpoint_id).post_rollback_state.undo_checkpoint_id))));
            let safety = '';
            plainBack.push(await (0, benchCommon_1.time)(() => (safety = plain.shell(plainRollback(plainFirst)))));
            undo.push(await (0, benchCommon_1.time)(() => cli(root, 'plan', 'rollback', '--yes', planId, undoId)));
            plainUndo.push(await (0, benchCommon_1.time)(() => plain.shell(plainRollback(safety))));
        }
        record('CLI: rollback to the first checkpoint', back, plainBack);
        record('CLI: undo of that rollback', undo, plainUndo);
    }
    console.log(inexact === 0 ? '  every snapshot of ours held the same tree as plain git\'s' : `  !! ${inexact} snapshot(s) differed from plain git's`);
    return rows;
}
//# sourceMappingURL=benchRepository.js.map