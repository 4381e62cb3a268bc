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
exports.describeAgentContract = describeAgentContract;
// The contract suite's one test, run for each agent: its real program, at the pinned version, runs
// the scripted session (scriptedSession.ts) offline against our scripted model server, under the
// hooks `agents hook install` wrote, with the resident process on or off. Then, by the files' bytes:
// a checkpoint per prompt, a fence around each writing tool call (the failing one too), the user's
// edits outside every fence, rollbacks to before each prompt exact, agent-only rollbacks keeping
// exactly the user's edits, and each rollback undone exactly.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const cliHarness_1 = require("../unit/helpers/cliHarness");
const agentPrograms_1 = require("./agentPrograms");
const checkpointsCli_1 = require("./checkpointsCli");
const http_1 = require("./modelServer/http");
const script_1 = require("./modelServer/script");
const runProgram_1 = require("./runProgram");
const scriptedSession_1 = require("./scriptedSession");
const workspaceFiles_1 = require("./workspaceFiles");
const PROMPT_DEADLINE_MS = 240_000;
function git(cwd, ...args) {
    const r = (0, node_child_process_1.spawnSync)('git', ['-c', 'user.name=Contract Test', '-c', 'user.email=contract@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
    if (r.status !== 0)
        throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}
function isPrompt(cp) {
    return cp.checkpoint_type === 'manual' && (cp.metadata.reason ?? '').startsWith('Before: ');
}
/** `n` small files in folders of 500 under `bulk/`, written as fast as the disk takes them. */
function writeBulkFiles(root, n) {
    for (let i = 0; i < n; i += 1) {
        const dir = path.join(root, 'bulk', `d${String(Math.floor(i / 500)).padStart(3, '0')}`);
        if (i % 500 === 0)
            (0, node_fs_1.mkdirSync)(dir, { recursive: true });
        (0, node_fs_1.writeFileSync)(path.join(dir, `f${i}.txt`), `bulk file ${i}\n`);
    }
}
function describeAgentContract(driver, mode, options = {}) {
    const pin = (0, agentPrograms_1.pinnedVersion)(driver.agent);
    const waiting = [...(driver.needsAgentsBranch ?? []), ...(options.needsAgentsBranch ?? [])];
    const pending = (check) => (waiting.includes(check) ? ' (needs agents branch)' : '');
    const variant = options.bulkFiles ? `, in a repository of ${options.bulkFiles} more files` : '';
    describe(`${driver.title} ${pin.version} (${pin.package}), resident process ${mode}${variant}: a scripted session under the hooks`, function () {
        this.timeout(2 * PROMPT_DEADLINE_MS + 120_000);
        let program;
        let ctx;
        let server;
        let cli;
        let scenario;
        const runs = [];
        /** The files right after `hook install` (the first files and the agent's settings), and later. */
        let base;
        let beforePrompt2;
        let afterPrompt1;
        let afterPrompt2;
        let plans = [];
        /** The session's plan: the tests after the first need it to be the only one. */
        const planOf = () => {
            assert.equal(plans.length, 1, `one session, one plan: ${JSON.stringify(plans)}\n${context()}`);
            return plans[0].plan_id;
        };
        let checkpoints;
        let dirs = [];
        /** A scripted state with the agent's settings files that install wrote. */
        const expected = (state) => (0, workspaceFiles_1.withChanges)(state, Object.fromEntries(Object.entries(base).filter(([p]) => !(p in scriptedSession_1.INITIAL))));
        const context = () => `model server requests:\n${server?.describe() ?? '(none)'}\n${runs.map((r, i) => `--- prompt ${i + 1}: ${(0, runProgram_1.describeRun)(r)}`).join('\n')}`;
        before(async function () {
            (0, cliHarness_1.ensureCliBuilt)();
            program = (0, agentPrograms_1.agentProgram)(driver.agent);
            const workspace = (0, node_fs_1.realpathSync)((0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), `agents-contract-${driver.agent}-`)));
            const home = (0, node_fs_1.realpathSync)((0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), `agents-contract-home-${driver.agent}-`)));
            dirs = [workspace, home];
            (0, workspaceFiles_1.editFiles)(workspace, scriptedSession_1.INITIAL);
            if (options.bulkFiles)
                writeBulkFiles(workspace, options.bulkFiles);
            git(workspace, 'init', '-q', '-b', 'main');
            git(workspace, 'add', '-A');
            git(workspace, 'commit', '-q', '-m', 'initial');
            scenario = (0, scriptedSession_1.scenarioFor)(driver.tools, workspace);
            server = await (0, http_1.startModelServer)(new script_1.ScriptedModel(scenario.prompts), driver.adapters);
            ctx = { workspace, home, serverUrl: server.url };
            const env = {
                PATH: process.env.PATH ?? '/usr/bin:/bin',
                HOME: home,
                LANG: 'C.UTF-8',
                TERM: 'dumb',
                CLEVERAGENTS_DAEMON_IDLE_MS: '20000',
                ...(mode === 'off' ? { CLEVERAGENTS_NO_DAEMON: '1' } : {}),
                ...driver.env(ctx),
            };
            driver.prepare(ctx, program, env);
            cli = new checkpointsCli_1.CheckpointsCli(workspace, env);
            cli.hookInstall(driver.hookAgent);
            base = (0, workspaceFiles_1.readFiles)(workspace);
            const prompt = async (n) => {
                runs.push(await (0, runProgram_1.runProgram)(program.command, driver.promptArgs(scriptedSession_1.PROMPTS[n - 1], n, ctx), { cwd: workspace, env, timeoutMs: PROMPT_DEADLINE_MS }));
            };
            const between = () => {
                afterPrompt1 = (0, workspaceFiles_1.readFiles)(workspace);
                (0, workspaceFiles_1.editFiles)(workspace, scriptedSession_1.USER_EDITS);
                beforePrompt2 = (0, workspaceFiles_1.readFiles)(workspace);
            };
            if (driver.runSession) {
                runs.push(...(await driver.runSession({ program, ctx, env, prompts: scriptedSession_1.PROMPTS, between, deadlineMs: PROMPT_DEADLINE_MS })));
            }
            else {
                await prompt(1);
                between();
                await prompt(2);
            }
            afterPrompt2 = (0, workspaceFiles_1.readFiles)(workspace);
            // Some agents run some hooks detached (Cline's agent_start and agent_end): read the
            // checkpoints once two readings a few seconds apart agree, or after a minute.
            const reading = () => JSON.stringify(cli.plans().map((p) => [p.plan_id, cli.checkpoints(p.plan_id).length]));
            for (let last = '', now = reading(), deadline = Date.now() + 60_000; now !== last && Date.now() < deadline; last = now, now = reading()) {
                await new Promise((resolve) => setTimeout(resolve, 3000));
            }
            plans = cli.plans();
            checkpoints = plans.length === 1 ? cli.checkpoints(plans[0].plan_id) : [];
        });
        after(() => {
            cli?.stopDaemon();
            const closing = server?.close();
            // In a large repository a detached first-snapshot job may still be writing when the
            // session ends: rmSync retries (its delays grow, about 20 s in all), and a folder still in
            // use after that is left in the temporary folder with a warning rather than failing the test.
            for (const dir of dirs) {
                try {
                    (0, node_fs_1.rmSync)(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
                }
                catch (e) {
                    console.warn(`agents contract suite: could not remove ${dir}: ${e.message}`);
                }
            }
            return closing;
        });
        it('runs the scripted tool calls: the files after each prompt are the script\'s', () => {
            assert.deepEqual(afterPrompt1, expected(scriptedSession_1.AFTER_PROMPT_1), context());
            assert.deepEqual(beforePrompt2, expected(scriptedSession_1.BEFORE_PROMPT_2));
            assert.deepEqual(afterPrompt2, expected((0, workspaceFiles_1.withChanges)(scriptedSession_1.AFTER_PROMPT_2, driver.tools.subagent ? scriptedSession_1.SUBAGENT_FILE : {})), context());
        });
        it(`feeds one plan, the session's, with the hooks' checkpoints${pending('plan')}`, () => {
            planOf();
            assert.ok(checkpoints.length > 0, `the plan has checkpoints\n${context()}`);
        });
        const withPrompts = driver.promptCheckpoints !== false;
        it(`${withPrompts ? 'takes a checkpoint per prompt and fences' : 'fences'} each writing tool call, the failing one${driver.tools.subagent ? " and a subagent's" : ''} too; the user's edits lie outside every fence${pending('fences')}`, () => {
            const events = [];
            let prompts = 0;
            checkpoints.forEach((cp, i) => {
                if (withPrompts && isPrompt(cp)) {
                    prompts += 1;
                    assert.ok(cp.metadata.reason?.includes(scriptedSession_1.PROMPTS[prompts - 1] ?? '\0'), `prompt ${prompts}'s checkpoint names it: ${cp.metadata.reason}`);
                    events.push({ prompt: prompts });
                }
                else if (cp.checkpoint_type === 'post_step' && i > 0) {
                    events.push({ tool: cp.metadata.source_tool ?? '(none)', paths: cli.diff(planOf(), checkpoints[i - 1].checkpoint_id, cp.checkpoint_id) });
                }
            });
            const wanted = scenario.fences.flatMap((fences, n) => [...(withPrompts ? [{ prompt: n + 1 }] : []), ...fences]);
            assert.deepEqual(events, wanted, `checkpoints:\n${listing()}\n${context()}`);
            // From the last fence of prompt 1 to the checkpoint before prompt 2: the user's edits, and nothing else.
            const second = checkpoints.findIndex((c) => c.checkpoint_id === promptCheckpoint(2));
            const lastFence = checkpoints.slice(0, second).reverse().find((c) => c.checkpoint_type === 'post_step');
            assert.ok(lastFence, `a post_step before prompt 2:\n${listing()}`);
            assert.deepEqual(cli.diff(planOf(), lastFence.checkpoint_id, checkpoints[second].checkpoint_id), Object.keys(scriptedSession_1.USER_EDITS).sort());
        });
        const listing = () => checkpoints.map((c) => `${c.checkpoint_type} ${c.metadata.source_tool ?? ''} ${c.metadata.reason ?? ''}`).join('\n');
        /**
         * The checkpoint "before prompt n": the prompt's own, or, for an agent without prompt events,
         * the one that opens the prompt's first fence (the checkpoint before its first post_step).
         */
        const promptCheckpoint = (n) => {
            if (withPrompts) {
                const found = checkpoints.filter(isPrompt)[n - 1];
                assert.ok(found, `prompt ${n} has a checkpoint:\n${listing()}`);
                return found.checkpoint_id;
            }
            const fenceIndex = scenario.fences.slice(0, n - 1).reduce((sum, f) => sum + f.length, 0);
            const post = checkpoints.map((c, i) => ({ c, i })).filter(({ c }) => c.checkpoint_type === 'post_step')[fenceIndex];
            assert.ok(post && post.i > 0, `prompt ${n}'s first tool call has a fence:\n${listing()}`);
            return checkpoints[post.i - 1].checkpoint_id;
        };
        const rollbackAndUndo = (n, agentOnly, want) => {
            const undo = cli.rollback(planOf(), promptCheckpoint(n), { agentOnly });
            const now = (0, workspaceFiles_1.readFiles)(ctx.workspace);
            cli.rollback(planOf(), undo);
            assert.deepEqual(now, want(), `after the ${agentOnly ? 'agent-only ' : ''}rollback to before prompt ${n}`);
            assert.deepEqual((0, workspaceFiles_1.readFiles)(ctx.workspace), afterPrompt2, 'undoing the rollback gives back the files as they were');
        };
        it(`agent-only rollback to before prompt 1 keeps exactly the user's edits, the failing call's file taken out${pending('agentOnlyToPrompt1')}`, () => {
            rollbackAndUndo(1, true, () => expected(scriptedSession_1.INITIAL_WITH_USER_EDITS));
        });
        it(`agent-only rollback to before prompt 2 takes out only prompt 2's calls${driver.tools.subagent ? ', the subagent\'s included' : ''}${pending('agentOnlyToPrompt2')}`, () => {
            rollbackAndUndo(2, true, () => beforePrompt2);
        });
        it(`rollback to before prompt 2 gives back its files byte for byte, the user's edits included${pending('rollbackToPrompt2')}`, () => {
            rollbackAndUndo(2, false, () => beforePrompt2);
        });
        it(`rollback to before prompt 1 gives back the first files byte for byte${pending('rollbackToPrompt1')}`, () => {
            rollbackAndUndo(1, false, () => base);
        });
    });
}
//# sourceMappingURL=contractSuite.js.map