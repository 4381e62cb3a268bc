"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CheckpointsCli = void 0;
// The built CLI (dist/cli.js), as the contract suite uses it on a session's workspace: install the
// hooks, read the plan and its checkpoints, diff and roll back. Each call runs in the environment
// of the session (resident process on or off), validated with zod where the suite relies on a field.
const node_child_process_1 = require("node:child_process");
const zod_1 = require("zod");
const cliHarness_1 = require("../unit/helpers/cliHarness");
const Checkpoint = zod_1.z.looseObject({
    checkpoint_id: zod_1.z.string(),
    checkpoint_type: zod_1.z.string(),
    created_at: zod_1.z.string(),
    metadata: zod_1.z.looseObject({
        reason: zod_1.z.string().nullable().optional(),
        source_tool: zod_1.z.string().nullable().optional(),
        extra: zod_1.z.record(zod_1.z.string(), zod_1.z.unknown()).nullable().optional(),
    }),
});
class CheckpointsCli {
    workspace;
    env;
    constructor(workspace, env) {
        this.workspace = workspace;
        this.env = env;
    }
    /** Runs `agents --format json …args` and returns its JSON document; fails on a non-zero exit. */
    json(...args) {
        const r = (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, '--format', 'json', '--workspace', this.workspace, ...args], {
            cwd: this.workspace,
            env: this.env,
            encoding: 'utf8',
            input: '',
            timeout: 120_000,
        });
        if (r.error)
            throw r.error;
        if (r.status !== 0)
            throw new Error(`agents ${args.join(' ')} exited ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`);
        try {
            return JSON.parse(r.stdout);
        }
        catch {
            throw new Error(`agents ${args.join(' ')} printed no JSON document:\n${r.stdout}${r.stderr}`);
        }
    }
    plans() {
        return zod_1.z.object({ plans: zod_1.z.array(zod_1.z.looseObject({ plan_id: zod_1.z.string(), title: zod_1.z.string() })) }).parse(this.json('plan', 'list')).plans;
    }
    checkpoints(planId) {
        return zod_1.z.object({ checkpoints: zod_1.z.array(Checkpoint) }).parse(this.json('plan', 'checkpoints', planId)).checkpoints;
    }
    /** The paths that differ from one checkpoint to another. */
    diff(planId, from, to) {
        const out = zod_1.z.object({ changes: zod_1.z.array(zod_1.z.object({ path: zod_1.z.string(), change: zod_1.z.string() })) }).parse(this.json('plan', 'diff', planId, from, to));
        return out.changes.map((c) => c.path).sort();
    }
    /** A rollback (full, or `--agent-only`) with `--yes`; returns the id that undoes it. */
    rollback(planId, checkpointId, options = {}) {
        const out = this.json('plan', 'rollback', '--yes', ...(options.agentOnly ? ['--agent-only'] : []), planId, checkpointId);
        return zod_1.z.object({ post_rollback_state: zod_1.z.object({ undo_checkpoint_id: zod_1.z.string() }) }).parse(out).post_rollback_state.undo_checkpoint_id;
    }
    hookInstall(agent) {
        this.json('hook', 'install', agent);
    }
    /** Stops the workspace's resident process, if one runs (it would outlive the test's folder). */
    stopDaemon() {
        (0, node_child_process_1.spawnSync)(process.execPath, [cliHarness_1.CLI_PATH, 'daemon', 'stop', '--workspace', this.workspace], { env: this.env, encoding: 'utf8', input: '', timeout: 30_000 });
    }
}
exports.CheckpointsCli = CheckpointsCli;
//# sourceMappingURL=checkpointsCli.js.map