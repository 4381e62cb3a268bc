import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import type { InterruptedOperation } from '../../core/interruptedOperation';
import { isProcessAlive } from './fileLock';

/**
 * When a process started, as the kernel tells it on Linux: the boot's id and the start time in
 * clock ticks since boot (field 22 of /proc/<pid>/stat). Two processes that ever had the same pid
 * differ here, so a record's owner is not mistaken for a later process that got its pid.
 * Undefined where /proc is not there (macOS, Windows) or the process is gone.
 */
export function processStarted(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    if (!start || !/^\d+$/.test(start)) return undefined;
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${start}`;
  } catch {
    return undefined;
  }
}

/** This process, as journal records name their owner. */
export function thisProcess(): { pid: number; host: string; process_started?: string } {
  const started = processStarted(process.pid);
  return { pid: process.pid, host: os.hostname(), ...(started ? { process_started: started } : {}) };
}

/**
 * Whether the process that recorded the operation is another one, on this machine, still alive
 * (and, where the start time was recorded, the same process and not a later one with its pid):
 * then the operation is in progress, not interrupted. A record of this very process is judged by
 * the caller, which knows what it runs. Another machine's process cannot be checked: its record
 * stays "interrupted", naming the host.
 */
export function otherOwnerAlive(op: Pick<InterruptedOperation, 'pid' | 'host' | 'process_started'>): boolean {
  if (op.host !== os.hostname() || op.pid === process.pid || !isProcessAlive(op.pid)) return false;
  if (op.process_started === undefined) return true;
  const now = processStarted(op.pid);
  return now === undefined || now === op.process_started;
}
