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
const callCheckpointId_1 = require("../../src/daemon/callCheckpointId");
const cliHarness_1 = require("./helpers/cliHarness");
const residentProcessFixtures_1 = require("./helpers/residentProcessFixtures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// AGENTS_CHECKPOINT_ID is honoured only from the client that chose it (issue 34, defect 8). A
// project can set the variable for an agent (Claude Code's settings `env`); before, every later
// `plan checkpoint` then printed the checkpoint of that id and captured nothing. Now the id counts
// only beside AGENTS_CHECKPOINT_CALL=<pid>:<token> naming the process that reads it, and an
// existing checkpoint answers only the call holding its token. The built CLI, real workspaces.
const TOKEN_A = 'A0B1C2D3E4F5G6H7J8K9M0NPQR';
const TOKEN_B = 'ZX0B1C2D3E4F5G6H7J8K9M0NPQ';
const INHERITED = '01M8TNR8KK2J8WR6CV5SV70J9Y';
describe('AGENTS_CHECKPOINT_ID: only the call that chose it', function () {
    this.timeout(240_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-call-id-');
    const daemons = [];
    afterEach(() => (0, residentProcessFixtures_1.killAll)(daemons));
    function planned() {
        const root = (0, residentProcessFixtures_1.newWorkspace)(tempDir());
        const planId = (0, residentProcessFixtures_1.json)(root, ['plan', 'create', '--title', 'p', '--sandbox', '.'], residentProcessFixtures_1.NO_DAEMON).plan.plan_id;
        return { root, planId };
    }
    const list = (root, planId) => (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoints', planId], residentProcessFixtures_1.NO_DAEMON).checkpoints;
    /** The paths that differ between two checkpoints of the plan. */
    const changed = (root, planId, from, to) => (0, residentProcessFixtures_1.json)(root, ['plan', 'diff', planId, from, to], residentProcessFixtures_1.NO_DAEMON).changes.map((c) => c.path);
    /** Two `plan checkpoint` calls with `env`, a file written before each: two checkpoints, each holding its file. */
    let round = 0;
    function twoRealCheckpoints(root, planId, env) {
        const before = list(root, planId).length;
        round++;
        (0, sandboxFixtures_1.write)(root, 'src/one.ts', `export const one = ${round};\n`);
        const first = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId, '--reason', 'one'], env).checkpoint;
        (0, sandboxFixtures_1.write)(root, 'src/two.ts', `export const two = ${round};\n`);
        const second = (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId, '--reason', 'two'], env).checkpoint;
        assert.notEqual(first.checkpoint_id, INHERITED, 'the inherited id is not taken');
        assert.notEqual(second.checkpoint_id, first.checkpoint_id, 'the second call took a checkpoint of its own');
        assert.deepEqual(list(root, planId)
            .slice(before)
            .map((c) => c.metadata.reason), ['one', 'two']);
        assert.deepEqual(changed(root, planId, first.checkpoint_id, second.checkpoint_id), ['src/two.ts'], 'the second captured the file written after the first');
    }
    it('an inherited id, in a plain CLI process: two calls take two real checkpoints; AGENTS_DEBUG says it was ignored', () => {
        const { root, planId } = planned();
        // the first one of that id exists (made by a call long gone): on main every later call answered with it
        const made = (0, node_child_process_1.spawnSync)('/bin/sh', ['-c', `AGENTS_CHECKPOINT_CALL=$$:${TOKEN_A} exec "$0" "$@"`, process.execPath, cliHarness_1.CLI_PATH, '--format', 'json', 'plan', 'checkpoint', planId], {
            cwd: root,
            env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED }),
            encoding: 'utf8',
        });
        assert.equal(JSON.parse(made.stdout).checkpoint.checkpoint_id, INHERITED, made.stderr);
        twoRealCheckpoints(root, planId, { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED });
        // with the binding too, naming the process that set it (the parent), not this one
        twoRealCheckpoints(root, planId, { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED, AGENTS_CHECKPOINT_CALL: `${process.pid}:${TOKEN_A}` });
        const debug = (0, residentProcessFixtures_1.agents)(root, ['plan', 'checkpoint', planId], { env: { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED, AGENTS_DEBUG: '1' } });
        assert.equal(debug.code, 0, debug.stderr);
        assert.match(debug.stderr, /debug: AGENTS_CHECKPOINT_ID is set without AGENTS_CHECKPOINT_CALL \(an inherited value, not this call's\); the checkpoint gets an id of its own/);
        const quiet = (0, residentProcessFixtures_1.agents)(root, ['plan', 'checkpoint', planId], { env: { ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED } });
        assert.doesNotMatch(quiet.stderr, /AGENTS_CHECKPOINT_ID/, 'said only under AGENTS_DEBUG');
    });
    it('an inherited id, through the resident process and its node client: two real checkpoints', async () => {
        const { root, planId } = planned();
        (0, residentProcessFixtures_1.agents)(root, ['plan', 'list']);
        daemons.push((await (0, residentProcessFixtures_1.running)(root)).pid);
        (0, residentProcessFixtures_1.json)(root, ['plan', 'checkpoint', planId], { ...residentProcessFixtures_1.NO_DAEMON });
        const env = { AGENTS_CHECKPOINT_ID: list(root, planId)[0].checkpoint_id };
        twoRealCheckpoints(root, planId, env);
        const served = list(root, planId).slice(-2);
        assert.ok(served.every((c) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(c.metadata.extra.checkpoint_call ?? '')), 'each records the token of the call that took it');
    });
    it('an id bound to this process: a checkpoint holding the same token is the answer (a retry); one holding another is not', () => {
        const { root, planId } = planned();
        /** `plan checkpoint` with the pair bound to the CLI's own pid, as the fast client hands it over. */
        const bound = (token) => {
            const r = (0, node_child_process_1.spawnSync)('/bin/sh', ['-c', `AGENTS_CHECKPOINT_CALL=$$:${token} exec "$0" "$@"`, process.execPath, cliHarness_1.CLI_PATH, '--format', 'json', 'plan', 'checkpoint', planId], {
                cwd: root,
                env: (0, cliHarness_1.cliEnv)({ ...residentProcessFixtures_1.BASE_ENV, ...residentProcessFixtures_1.NO_DAEMON, AGENTS_CHECKPOINT_ID: INHERITED }),
                encoding: 'utf8',
            });
            return { code: r.status, stdout: r.stdout, stderr: r.stderr };
        };
        const first = JSON.parse(bound(TOKEN_A).stdout);
        assert.equal(first.checkpoint.checkpoint_id, INHERITED);
        assert.equal(first.checkpoint.metadata.extra.checkpoint_call, TOKEN_A);
        (0, sandboxFixtures_1.write)(root, 'src/later.ts', 'export const later = 1;\n');
        const retry = JSON.parse(bound(TOKEN_A).stdout);
        assert.equal(retry.checkpoint.checkpoint_id, INHERITED, 'the same call again: the same checkpoint');
        assert.equal(list(root, planId).length, 1);
        const other = JSON.parse(bound(TOKEN_B).stdout);
        assert.notEqual(other.checkpoint.checkpoint_id, INHERITED, 'another call: a checkpoint of its own');
        assert.equal(list(root, planId).length, 2);
        assert.deepEqual(changed(root, planId, INHERITED, other.checkpoint.checkpoint_id), ['src/later.ts']);
    });
    it('reads the pair only when it names the reading process, and clears it', () => {
        const env = { AGENTS_CHECKPOINT_ID: INHERITED };
        assert.match((0, callCheckpointId_1.checkpointCallOf)(env, 42).ignored ?? '', /without AGENTS_CHECKPOINT_CALL/);
        (0, callCheckpointId_1.setCheckpointCall)(env, 42, { id: INHERITED, token: TOKEN_A });
        assert.deepEqual((0, callCheckpointId_1.checkpointCallOf)(env, 42), { call: { id: INHERITED, token: TOKEN_A } });
        assert.match((0, callCheckpointId_1.checkpointCallOf)(env, 43).ignored ?? '', /chosen for process 42, not this one \(43\)/);
        assert.match((0, callCheckpointId_1.checkpointCallOf)({ ...env, AGENTS_CHECKPOINT_ID: 'not-an-id' }, 42).ignored ?? '', /not a checkpoint id/);
        assert.ok((0, callCheckpointId_1.checkpointCallOf)({ ...env, AGENTS_CHECKPOINT_CALL: `42:${TOKEN_A}x` }, 42).ignored);
        (0, callCheckpointId_1.clearCheckpointCall)(env);
        assert.deepEqual(env, {});
        assert.deepEqual((0, callCheckpointId_1.checkpointCallOf)(env, 42), {});
    });
});
//# sourceMappingURL=checkpointCallId.test.js.map