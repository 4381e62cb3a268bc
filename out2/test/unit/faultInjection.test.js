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
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * Kills the built CLI (SIGKILL) at moments spread over checkpoint, rollback, undo and retention
 * pruning on a sandbox of 2,000 changed files, then lets the next commands recover, and checks that
 * nothing is lost: the database is sound, the store passes `git fsck --strict`, the sandbox is
 * exactly the state before or after the operation, ignored files are untouched, every pin has its
 * row and every row its pin. `npm test` runs a few kills; `npm run test:faults` runs 32. Both with the
 * resident process on (the kill takes it too) and off, or the one `AGENTS_TEST_DAEMON` names.
 */
const MODES = (0, cliHarness_1.daemonModes)();
/** Shared between the modes (resident process on, off): `npm test` costs what it did with one. */
const KILLS = Math.max(4, Math.ceil(Number(process.env.FAULT_KILLS ?? 8) / MODES.length));
const FILES = 2000;
// With the resident process on, a kill takes both the CLI and the resident process serving it.
for (const mode of MODES)
    describe(`fault injection: ${KILLS} kills of the CLI at moments spread over every phase (resident process ${mode})`, function () {
        this.timeout(30 * 60_000);
        (0, cliHarness_1.useDaemonMode)(mode);
        const tempDir = (0, tempDir_1.useTempDirs)('ca-fault-');
        before(function () {
            this.timeout(180_000);
            (0, cliHarness_1.ensureCliBuilt)();
        });
        const ignored = (rel) => rel === 'build.log' || rel === 'node_modules';
        /** The captured files (ignored ones and folders apart: git records no folder). */
        const captured = (root) => Object.fromEntries(Object.entries((0, sandboxFixtures_1.hashTree)(root, ignored)).filter(([, v]) => v !== 'dir'));
        function cli(root, ...args) {
            const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
            assert.equal(run.code, 0, `agents ${args.join(' ')}: ${run.stdout}${run.stderr}`);
            return run.json();
        }
        function edit(root, round) {
            for (let i = 0; i < FILES; i++)
                (0, sandboxFixtures_1.write)(root, `src/d${i % 40}/f${i}.ts`, `export const v${i} = ${round};\n`.repeat(1 + (i % 5)));
        }
        /** The resident process serving `root`, when one does (and the mode has it on). */
        function daemonPid(root) {
            if (mode === 'off')
                return undefined;
            const status = JSON.parse((0, cliHarness_1.runCli)(root, ['daemon', 'status']).stdout);
            return status.running ? status.pid : undefined;
        }
        /** Runs the CLI and kills it (and the resident process) after `delayMs`; whether it finished first does not matter. */
        function killAfter(root, args, delayMs) {
            const daemon = daemonPid(root);
            return new Promise((resolve) => {
                // Its own process group, killed whole, as a closed terminal or a killed agent takes git with it.
                const child = (0, node_child_process_1.spawn)(process.execPath, [cliHarness_1.CLI_PATH, '--format', 'json', ...args], { cwd: root, stdio: 'ignore', detached: true, env: (0, cliHarness_1.cliEnv)() });
                const timer = setTimeout(() => {
                    process.kill(-child.pid, 'SIGKILL');
                    // and its own group too: the git it runs dies with it
                    if (daemon !== undefined) {
                        try {
                            process.kill(-daemon, 'SIGKILL');
                        }
                        catch {
                            // it left already
                        }
                    }
                }, delayMs);
                child.on('exit', (_code, signal) => {
                    clearTimeout(timer);
                    resolve(signal === 'SIGKILL' ? 'killed' : 'finished');
                });
            });
        }
        function durationOf(root, args) {
            const start = performance.now();
            cli(root, ...args);
            return performance.now() - start;
        }
        it('leaves a sound database and store and the sandbox exactly before or after, every time', async () => {
            const root = tempDir();
            (0, sandboxFixtures_1.write)(root, '.gitignore', '*.log\nnode_modules/\n');
            (0, sandboxFixtures_1.write)(root, 'build.log', 'precious log\n');
            (0, sandboxFixtures_1.write)(root, 'node_modules/pkg/index.js', 'module.exports = 1;\n');
            edit(root, 0);
            const ignoredBefore = (0, sandboxFixtures_1.hashTree)(root, (rel) => !ignored(rel.split('/')[0]));
            const planId = cli(root, 'plan', 'create', '--title', 'faults').plan.plan_id;
            const checkpoint = () => cli(root, 'plan', 'checkpoint', planId).checkpoint.checkpoint_id;
            const c1 = checkpoint();
            const s1 = captured(root);
            edit(root, 1);
            checkpoint();
            const s2 = captured(root);
            const rollbackTo = (id) => cli(root, 'plan', 'rollback', '--yes', planId, id).post_rollback_state.undo_checkpoint_id;
            // Each operation: how to set it up, the command to kill, and the two states allowed afterwards.
            const operations = [
                {
                    name: 'rollback',
                    prepare: () => {
                        assert.deepEqual(captured(root), s2);
                        return ['plan', 'rollback', '--yes', planId, c1];
                    },
                    outcomes: [s2, s1],
                    reset: () => edit(root, 1),
                },
                {
                    name: 'undo',
                    prepare: () => ['plan', 'rollback', '--yes', planId, rollbackTo(c1)],
                    outcomes: [s1, s2],
                    reset: () => edit(root, 1),
                },
                {
                    name: 'checkpoint',
                    prepare: () => {
                        edit(root, 2);
                        return ['plan', 'checkpoint', planId];
                    },
                    outcomes: 'unchanged',
                    reset: () => edit(root, 1),
                },
                {
                    name: 'pruning',
                    prepare: () => {
                        cli(root, 'plan', 'policy', planId, '--max-checkpoints', '2');
                        edit(root, 3);
                        return ['plan', 'checkpoint', planId];
                    },
                    outcomes: 'unchanged',
                    reset: () => {
                        cli(root, 'plan', 'policy', planId, '--max-checkpoints', '50');
                        edit(root, 1);
                    },
                },
            ];
            // How long each takes uninterrupted, to spread the kills over it.
            const durations = new Map();
            for (const op of operations) {
                durations.set(op.name, durationOf(root, op.prepare()));
                op.reset();
            }
            const tally = { killed: 0, finished: 0, before: 0, after: 0, recovered: 0 };
            /** The k-th kill, of the k-th operation (in turn), after `share` of its uninterrupted duration; then the checks. */
            const killOnce = async (k, share) => {
                const op = operations[k % operations.length];
                const args = op.prepare();
                const filesBefore = captured(root);
                const delay = Math.max(5, durations.get(op.name) * share);
                tally[await killAfter(root, args, delay)]++;
                // The next command: it must not be held by the dead process's locks, and tells what is left.
                const shown = cli(root, 'plan', 'show', planId);
                if (shown.interrupted_operation !== null) {
                    cli(root, 'plan', 'recover', '--yes', ...(k % 2 === 1 ? ['--undo'] : []), planId);
                    tally.recovered++;
                    assert.equal(cli(root, 'plan', 'show', planId).interrupted_operation, null);
                }
                const now = captured(root);
                if (op.outcomes === 'unchanged')
                    assert.deepEqual(now, filesBefore, `${op.name} killed after ${delay.toFixed(0)} ms changed files`);
                else {
                    const [before, after] = op.outcomes;
                    if (JSON.stringify(now) === JSON.stringify(before))
                        tally.before++;
                    else {
                        const differ = (x) => Object.keys({ ...x, ...now }).filter((key) => x[key] !== now[key]);
                        assert.deepEqual(now, after, `${op.name} killed after ${delay.toFixed(0)} ms (recovered: ${shown.interrupted_operation !== null}): neither the state before (${differ(before).length} paths differ, e.g. ${differ(before).slice(0, 3).join(' ')}) nor after (${differ(after).length}, e.g. ${differ(after).slice(0, 3).join(' ')})`);
                        tally.after++;
                    }
                }
                assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, (rel) => !ignored(rel.split('/')[0])), ignoredBefore, 'ignored files untouched');
                assertSound(root, planId);
                op.reset();
            };
            const rounds = Math.ceil(KILLS / operations.length);
            // From just after the start to past the uninterrupted duration: a loaded machine runs slower.
            for (let k = 0; k < KILLS; k++)
                await killOnce(k, 0.1 + (Math.floor(k / operations.length) + 0.5) / rounds);
            // On a busy machine the durations measured above may be far longer than the runs that follow,
            // and every kill come after its run ended: then more, each sooner, until one lands inside.
            for (let extra = 0; tally.killed === 0 && extra < 2 * operations.length; extra++)
                await killOnce(KILLS + extra, 0.1 / 2 ** Math.floor(extra / operations.length));
            console.log(`      ${KILLS} kills: ${tally.killed} killed mid-way, ${tally.finished} finished first; ${tally.recovered} recovered; sandbox as before ${tally.before}, as after ${tally.after}`);
            // Where each kill lands depends on the machine; that some land inside the operations does not.
            assert.ok(tally.killed > 0, 'no kill landed inside an operation');
        });
        /** Database, store, and rows against pins, after a checkpoint (which drops a killed one's leftover pin). */
        function assertSound(root, planId) {
            const db = path.join(root, '.cleveragents', 'cleveragents.db');
            const integrity = (0, node_child_process_1.spawnSync)('sqlite3', [db, 'PRAGMA integrity_check;'], { encoding: 'utf8' });
            if (integrity.error === undefined)
                assert.equal(integrity.stdout.trim(), 'ok', integrity.stderr);
            const gitDir = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
            const fsck = (0, node_child_process_1.spawnSync)('git', ['--git-dir', gitDir, 'fsck', '--strict', '--no-dangling'], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
            assert.equal(fsck.status, 0, `git fsck --strict: ${fsck.stdout}${fsck.stderr}`);
            (0, cliHarness_1.runCli)(root, ['plan', 'checkpoint', planId]);
            const rows = ((0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json().checkpoints).map((c) => c.checkpoint_id).sort();
            const pins = (0, node_fs_1.readdirSync)(path.join(gitDir, 'refs', 'checkpoints', planId)).sort();
            assert.deepEqual(pins, rows, 'every pin has its row and every row its pin');
            for (const leftover of (0, node_fs_1.readdirSync)(path.join(root, '.cleveragents')).filter((n) => n.endsWith('.lock'))) {
                assert.fail(`a lock was left behind: ${leftover}`);
            }
            if ((0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'operations', `${planId}.json`)))
                assert.fail('the operation record was left behind');
        }
    });
//# sourceMappingURL=faultInjection.test.js.map