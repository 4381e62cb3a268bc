// Ending a process that may have a file operation stuck in libuv's thread pool (a write to a hung
// network disk, an open that waits for a reader): Node's process.exit() joins the pool's threads
// as the process ends, and would wait on that thread for good. So: while the caller knows of work
// of its own still under way (a log write that outlived the answer, a request being served), the
// process waits for it up to a grace period; past it, the process kills itself (SIGKILL, which
// nothing joins). Its exit status is then the signal's: an agent takes that as a failed hook that
// still let it go on, where a stuck disk would otherwise keep it waiting to its own timeout.

/** How long a hook's process, its answer written, waits for a log write still under way before it kills itself. */
export const HOOK_EXIT_GRACE_MS = 500;

/**
 * The same wait for Cline's hooks. Its VS Code extension fails closed: a hook that does not exit
 * 0 (one killed by a signal included) blocks the tool it fenced (docs.cline.bot/features/hooks,
 * "hook reference"), so a SIGKILL there costs the user's tool call, where a longer wait costs only
 * time, and a log write that is slow rather than stuck (a loaded machine) still gets through.
 * Claude Code, Gemini CLI and Cline's CLI go on after a hook killed by a signal (Cline's CLI
 * 3.0.65: a PreToolUse hook that answered and then died by SIGKILL, its tool still ran, checked
 * with the real program), so they keep the short wait.
 */
export const CLINE_HOOK_EXIT_GRACE_MS = 10_000;

/** The wait before a hook's process kills itself, for the agent it answers. */
export function hookExitGraceMs(agent: string | undefined): number {
  return agent === 'cline' ? CLINE_HOOK_EXIT_GRACE_MS : HOOK_EXIT_GRACE_MS;
}

const POLL_MS = 20;

/**
 * Exits with `code` at once when `underWay` says nothing is, else once it says so, or kills the
 * process after `graceMs`. Call it when the answer is out: it does not return to the caller's work.
 */
export function exitProcess(code: number, graceMs: number, underWay: () => boolean, kill: () => void = () => process.kill(process.pid, 'SIGKILL')): void {
  const end = Date.now() + graceMs;
  const attempt = (): void => {
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
