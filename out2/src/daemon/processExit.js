"use strict";
// Ending a process that may have a file operation stuck in libuv's thread pool (a write to a hung
// network disk, an open that waits for a reader): Node's process.exit() joins the pool's threads
// as the process ends, and would wait on that thread for good. So: while the caller knows of work
// of its own still under way (a log write that outlived the answer, a request being served), the
// process waits for it up to a grace period; past it, the process kills itself (SIGKILL, which
// nothing joins). Its exit status is then the signal's: an agent takes that as a failed hook that
// still let it go on, where a stuck disk would otherwise keep it waiting to its own timeout.
Object.defineProperty(exports, "__esModule", { value: true });
exports.HOOK_EXIT_GRACE_MS = void 0;
exports.exitProcess = exitProcess;
/** How long a hook's process, its answer written, waits for a log write still under way before it kills itself. */
exports.HOOK_EXIT_GRACE_MS = 500;
const POLL_MS = 20;
/**
 * Exits with `code` at once when `underWay` says nothing is, else once it says so, or kills the
 * process after `graceMs`. Call it when the answer is out: it does not return to the caller's work.
 */
function exitProcess(code, graceMs, underWay, kill = () => process.kill(process.pid, 'SIGKILL')) {
    const end = Date.now() + graceMs;
    const attempt = () => {
        if (!underWay()) {
            process.exit(code);
            return;
        }
        if (Date.now() >= end) {
            kill();
            return;
        }
        setTimeout(attempt, POLL_MS);
    };
    attempt();
}
//# sourceMappingURL=processExit.js.map