// The hooked-path benchmark's results: its rows (every sample kept, for medians and p95) and its
// profiles (phase timers and node's CPU profile of one hooked call, by top self-time).
import * as path from 'node:path';

export interface HookRow {
  readonly workspace: string;
  /** `resident process on` or `resident process off` (CLEVERAGENTS_NO_DAEMON=1). */
  readonly mode: string;
  readonly step: string;
  /** ms per call, ours */
  readonly ours: readonly number[];
  /** ms per call, plain git doing the same work */
  readonly plain: readonly number[];
}

export interface HookProfile {
  readonly workspace: string;
  readonly mode: string;
  /** pre_write, post_step or prompt */
  readonly what: string;
  /** The profiled call's wall time (NaN: no CPU profile, phases only). */
  readonly wallMs: number;
  /** [function (file:line), self ms], most first */
  readonly top: readonly [string, number][];
  /** [phase, median ms] over the run's timed calls, in their order */
  phases: [string, number][];
  /** The snapshot's own phase line, from the profiled call. */
  readonly notes: readonly string[];
}

interface CpuProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

/** What `node --cpu-prof` writes. */
export interface CpuProfile {
  readonly nodes: readonly CpuProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Self time by function (name, file and line), in ms, most first: the `limit` largest. */
export function summarizeCpuProfile(profile: CpuProfile, limit = 12): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where}`;
    // timeDeltas[i] is the time before sample i; the sample stands for the interval that ends there
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

export function medianOf(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest rank: p95 of 10 samples is the largest. */
export function p95Of(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.95 * s.length) - 1))]!;
}
