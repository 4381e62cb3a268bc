// Where the time of one `agents blame` without a resident process goes, from node's CPU profile of
// that call: the time each phase's functions were on the stack (with what they called), the time
// node waited (for git and the files: `(idle)`), and what lies outside the profile (node's start
// before it, the exit after it). Phases are found by the names of the functions that do them
// (the bundles keep their names): a phase with no sample shows as "not seen", not as 0.
import type { CpuProfile } from './benchHookReport';

interface Node {
  readonly id: number;
  readonly callFrame: { readonly functionName: string };
  readonly children?: readonly number[];
}

/** The phases, each the functions whose time on the stack it is. */
const PHASES: readonly (readonly [string, readonly string[]])[] = [
  ['the bundles read, compiled and run (cli.js, agentsClient.js, cliMain.js)', ['Module._load']],
  ["the engine's modules run (src/composition.ts)", ['src/composition.ts']],
  ['sql.js and the database file loaded', ['openDatabase', 'initSqlJs']],
  ["the store's reads (sql.js queries, each row checked)", ['runWork']],
  ["of which the plans' checkpoints", ['listForPlan']],
  ['the short ids of the output made', ['ShortIds']],
  ["the attribution (content ids, the kept one, what is after it)", ['blameFromPlans']],
  ["the workspace's git asked about lines before any checkpoint", ['workspaceBlame']],
  ['the output rendered and written', ['renderBlame', 'writeText']],
  ['waiting: git processes, files (idle)', ['(idle)']],
  ['garbage collection', ['(garbage collector)']],
];

/** One line per phase, ms of the call's wall time `wallMs`. */
export function blamePhases(profile: CpuProfile & { readonly startTime: number; readonly endTime: number }, wallMs: number): string[] {
  const nodes = profile.nodes as readonly Node[];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) time.set(profile.samples[i]!, (time.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const inclusive = new Map<string, number>();
  for (const [id, ms] of time) {
    // Each name once per sample, however deep it recurs.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const profiled = (profile.endTime - profile.startTime) / 1000;
  const lines = [`one call without a resident process, node's profiler on: ${wallMs.toFixed(0)} ms in all, of which ${(wallMs - profiled).toFixed(0)} ms outside the profile (node's start before it, the exit after it)`];
  for (const [label, names] of PHASES) {
    const found = names.filter((n) => inclusive.has(n));
    lines.push(`${label}: ${found.length === 0 ? "not seen (no sample of it: below the profiler's interval, or renamed)" : `${Math.max(...found.map((n) => inclusive.get(n)!)).toFixed(1)} ms`}`);
  }
  return lines;
}
