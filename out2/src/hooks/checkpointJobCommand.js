"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkpointJobCommand = checkpointJobCommand;
const answerGate_1 = require("./answerGate");
const checkpointJob_1 = require("./checkpointJob");
const boundedFlush_1 = require("./boundedFlush");
const hookLog_1 = require("./hookLog");
const hookServices_1 = require("./hookServices");
const hookStdin_1 = require("./hookStdin");
/** A background checkpoint waits for the store as long as the CLI does: nobody waits on it. */
const BACKGROUND_LOCK_WAIT_MS = 120_000;
/** How long it waits for its line in hooks.log. */
const BACKGROUND_LOG_WAIT_MS = 5_000;
/** A job is a few kB; its starter writes it at once and closes the pipe. */
const JOB_MAX_BYTES = 64 * 1024;
const JOB_WAIT_MS = 5_000;
/**
 * `agents hook checkpoint-job`, the job's JSON on stdin, started by a hook (backgroundCheckpoint.ts),
 * never by a person: takes one checkpoint and says so in hooks.log. Exit 0 when it was taken (or
 * not needed); 2 when no whole job came (no arguments are taken: a job on the command line would
 * show its prompt to every local user).
 */
async function checkpointJobCommand(argv, stdin, wasmDir) {
    if (argv.length > 0)
        return 2;
    const log = new hookLog_1.HookLog('background');
    const input = await (0, hookStdin_1.readStdin)(stdin, JOB_MAX_BYTES, JOB_WAIT_MS);
    if (!input.ok)
        return 2;
    let parsed;
    try {
        parsed = checkpointJob_1.CheckpointJobSchema.safeParse(JSON.parse(input.text));
    }
    catch {
        return 2;
    }
    if (!parsed.success)
        return 2;
    const job = parsed.data;
    let code = 0;
    try {
        const services = await (0, hookServices_1.hookServices)(job.workspaceRoot, job.databasePath, wasmDir, BACKGROUND_LOCK_WAIT_MS, log);
        try {
            const taken = await (0, checkpointJob_1.runCheckpointJob)(services, job, (0, answerGate_1.firstSnapshotGate)(job.lateAfter));
            const late = taken?.late ? ', recorded late: it ended after the hook had stopped waiting, so it may hold changes the agent made meanwhile, and no rollback uses it as a boundary' : '';
            log.line(`${job.type} ${taken?.id ?? 'skipped, nothing changed'} in plan ${job.planId} (the plan's first snapshot, in process ${process.pid}${late})`);
        }
        finally {
            services.dispose();
        }
    }
    catch (error) {
        log.line(`${job.type} of plan ${job.planId} missed: ${error instanceof Error ? error.message : String(error)}`);
        code = 1;
    }
    // Nobody waits for this process, but its marker keeps later hooks from starting another first
    // snapshot while it lives: a log write that hangs must not keep it alive (main.ts ends it).
    await (0, boundedFlush_1.flushWithin)(log, job.workspaceRoot, Date.now() + BACKGROUND_LOG_WAIT_MS);
    return code;
}
//# sourceMappingURL=checkpointJobCommand.js.map