// Runs an agent's program to its end, with a deadline: the agents' programs are real and may hang
// (waiting on a model answer the script did not give, say); past the deadline the process is killed
// and the run reports it, with the output so far.
import { spawn } from 'node:child_process';

export interface ProgramRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export function runProgram(command: readonly string[], args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; input?: string }): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], [...command.slice(1), ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A run's outcome and its output's tail, for an assertion's message. */
export function describeRun(run: ProgramRun): string {
  const tail = (s: string): string => (s.length > 4000 ? `…${s.slice(-4000)}` : s);
  return `exit ${run.code ?? run.signal}${run.timedOut ? ' (killed at the deadline)' : ''}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`;
}
