import { performance } from 'node:perf_hooks';
import { sharedAcrossBundles } from '../core/sharedAcrossBundles';

// Phase timers of one `hook run`, for `npm run bench -- --hooks --profile` (scripts/benchHooks.ts):
// with AGENTS_HOOK_TIMINGS=1 the hook writes one line to stderr as it exits,
// `agents-hook-timings {"bootstrapComplete":…,"marks":[[phase, ms],…],"notes":[…]}`, every time in
// ms since node's time origin (the process's start). Off (the default), each call is one boolean
// test: nothing is kept, nothing written. main.ts imports this module first, so its first mark is
// taken when the hook bundle starts to run (node's start, the launcher and the bundle's compile
// lie before it).

const ON = process.env.AGENTS_HOOK_TIMINGS === '1';

interface Timings {
  readonly marks: [string, number][];
  readonly notes: string[];
  /** Told of every mark, timings on or off (the resident process's trace). */
  listener?: (name: string) => void;
}

// One record per process: this module is bundled both into dist/agentsHook.js and into
// dist/agentsHookStore.js (hookServices), and both halves must add to the same lines.
let first = false;
const timings = sharedAcrossBundles<Timings>('hookTimings', () => ((first = true), { marks: [], notes: [] }));
const { marks, notes } = timings;

/** Marks the end of a phase named `name` (it began at the previous mark). */
export function hookPhase(name: string): void {
  if (ON) marks.push([name, performance.now()]);
  timings.listener?.(name);
}

/**
 * The phases of the hook served from now on, in ms each (`event parsed 0.2, …`), timings on or
 * off: the resident process's trace (CLEVERAGENTS_DAEMON_TRACE=1), which serves one hook at a time.
 */
export function traceHookPhases(): { end(): string } {
  const parts: string[] = [];
  let last = performance.now();
  timings.listener = (name) => {
    const now = performance.now();
    parts.push(`${name} ${(now - last).toFixed(1)}`);
    last = now;
  };
  return {
    end: () => {
      timings.listener = undefined;
      return parts.join(', ') || 'none';
    },
  };
}

/** A line of detail (the snapshot's own phase timings), kept only when timings are on. */
export function hookNote(text: string): void {
  if (ON) notes.push(text);
}

export function hookTimingsOn(): boolean {
  return ON;
}

/** The timings line on stderr (an agent shows a hook's stderr at most in a debug view; the bench reads it). */
export function writeHookTimings(): void {
  if (!ON) return;
  hookPhase('stdout written');
  process.stderr.write(`agents-hook-timings ${JSON.stringify({ bootstrapComplete: performance.nodeTiming.bootstrapComplete, marks, notes })}\n`);
}

if (first) hookPhase('hook bundle started');
