// The benchmark's figures as Markdown, and the section of a document that holds them: `npm run bench
// -- --markdown docs/PERFORMANCE.md` rewrites what lies between the two markers, so the figures in
// the docs are the ones a run printed, with the date, the machine and the command that made them.
import type { Row } from './benchCommon';
import { medianOf, p95Of, type HookProfile, type HookRow } from './benchHookReport';

export const BENCH_START = '<!-- bench:start -->';
export const BENCH_END = '<!-- bench:end -->';
/** The hooked path's section (`--hooks`) has markers of its own: it does not replace the other figures. */
export const HOOKS_START = '<!-- bench-hooks:start -->';
export const HOOKS_END = '<!-- bench-hooks:end -->';

export interface Markers {
  readonly start: string;
  readonly end: string;
}
const BENCH_MARKERS: Markers = { start: BENCH_START, end: BENCH_END };
export const HOOKS_MARKERS: Markers = { start: HOOKS_START, end: HOOKS_END };
/** `--save` and `--db-growth` write sections of their own too, each replacing only its own figures. */
export const SAVE_MARKERS: Markers = { start: '<!-- bench-save:start -->', end: '<!-- bench-save:end -->' };
export const DB_GROWTH_MARKERS: Markers = { start: '<!-- bench-db-growth:start -->', end: '<!-- bench-db-growth:end -->' };
/** `--blame`: `agents blame` against `git blame`, and where a call's time goes. */
export const BLAME_MARKERS: Markers = { start: '<!-- bench-blame:start -->', end: '<!-- bench-blame:end -->' };

/** Where and how a run was made: what a reader needs to weigh its figures. */
export interface BenchRun {
  readonly date: Date;
  /** e.g. `linux 6.1.0 x64` */
  readonly os: string;
  /** the processor's model as the system names it */
  readonly cpu: string;
  readonly cores: number;
  /** `git --version` */
  readonly git: string;
  /** `process.version` */
  readonly node: string;
  /** the command line that made the run, as typed */
  readonly command: string;
  readonly runs: number;
  readonly rows: readonly Row[];
  /** The 1-minute load average at the run's start and end: a shared machine's other work. */
  readonly load?: readonly [number, number];
  /** `--hooks`: per-call samples of the hooked path */
  readonly hookRows?: readonly HookRow[];
  /** `--hooks --profile` */
  readonly profiles?: readonly HookProfile[];
  /** `--hooks`: lines said under the table (the resident process's memory) */
  readonly notes?: readonly string[];
  /** A table of its own (`--save`, `--db-growth`) in place of the ours / plain git one. */
  readonly table?: string;
}

/** A step timed alone, with no plain git counterpart (`--save`): its median and every run. */
export interface SampledRow {
  readonly workspace: string;
  readonly step: string;
  readonly samples: readonly number[];
}

/** `--save`'s table: per step, the median and each run in order (the first one after the first checkpoint differs). */
export function sampledMarkdownTable(rows: readonly SampledRow[]): string {
  const lines = ['| workspace | step | median | each run |', '|---|---|---:|---|'];
  for (const r of rows) lines.push(`| ${r.workspace} | ${r.step} | ${ms(medianOf(r.samples))} | ${r.samples.map((x) => x.toFixed(0)).join(', ')} ms |`);
  return lines.join('\n');
}

/** One database size of `--db-growth`. */
export interface DatabaseGrowthRow {
  readonly rows: number;
  readonly databaseBytes: number;
  /** The write log's size after the timed checkpoints; 0 when the database was saved whole. */
  readonly logBytes: number;
  /** `agents plan checkpoint`, each run. */
  readonly samples: readonly number[];
  /** The fold the write log puts off, timed once; undefined without a log. */
  readonly foldMs?: number;
}

/** `--db-growth`'s table: per database size, the checkpoint's median and its ratio to the first (smallest) size. */
export function databaseGrowthTable(rows: readonly DatabaseGrowthRow[], foldEvery: string): string {
  const lines = [`| checkpoint rows in the database | database file | write log | \`agents plan checkpoint\`, median | ratio to ${rows[0]?.rows.toLocaleString('en-US') ?? '-'} rows | the log's fold (${foldEvery}) |`, '|---:|---:|---:|---:|---:|---:|'];
  const baseline = rows[0] ? medianOf(rows[0].samples) : Number.NaN;
  for (const r of rows) {
    const m = medianOf(r.samples);
    lines.push(
      `| ${r.rows.toLocaleString('en-US')} | ${(r.databaseBytes / 1e6).toFixed(1)} MB | ${(r.logBytes / 1e3).toFixed(0)} kB | ${ms(m)} | ${(m / baseline).toFixed(2)} | ${r.foldMs === undefined ? '-' : ms(r.foldMs)} |`,
    );
  }
  return lines.join('\n');
}

function isStore(row: Row): boolean {
  return row.step.startsWith('store');
}

/** The table the bench prints at its end: medians, ours against plain git, and the ratio. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| workspace | step | ours | plain git | ratio |', '|---|---|---:|---:|---:|'];
  for (const r of rows) {
    const digits = isStore(r) ? 1 : 0;
    const unit = isStore(r) ? ' MB' : ' ms';
    const plain = Number.isNaN(r.plain) ? '-' : `${r.plain.toFixed(digits)}${unit}`;
    const ratio = Number.isNaN(r.plain) ? '-' : (r.ours / r.plain).toFixed(2);
    lines.push(`| ${r.size} | ${r.step} | ${r.ours.toFixed(digits)}${unit} | ${plain} | ${ratio} |`);
  }
  return lines.join('\n');
}

const ms = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);

/** The hooked path's table: per-call medians and p95 of ours and of plain git, and the ratio of the medians. */
export function hookMarkdownTable(rows: readonly HookRow[]): string {
  const lines = ['| workspace | resident process | step | calls | ours median | ours p95 | plain git median | plain git p95 | ratio |', '|---|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const ratio = medianOf(r.ours) / medianOf(r.plain);
    lines.push(`| ${r.workspace} | ${r.mode.replace(/^resident process /, '')} | ${r.step} | ${r.ours.length} | ${ms(medianOf(r.ours))} | ${ms(p95Of(r.ours))} | ${ms(medianOf(r.plain))} | ${ms(p95Of(r.plain))} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'} |`);
  }
  return lines.join('\n');
}

/**
 * The profiles of each workspace and mode: one table of the phases of a hooked call (medians over
 * the run's calls, a column per event), then node's top self-time in the profiled calls.
 */
export function profileMarkdown(profiles: readonly HookProfile[], top = 8): string {
  const out: string[] = [];
  const groups = new Map<string, HookProfile[]>();
  for (const p of profiles) groups.set(`${p.workspace}, ${p.mode}`, [...(groups.get(`${p.workspace}, ${p.mode}`) ?? []), p]);
  for (const [title, list] of groups) {
    out.push(`**${title}**: where a hooked call's time goes`, '');
    const withPhases = list.filter((p) => p.phases.length > 0);
    if (withPhases.length > 0) {
      const names = [...new Set(withPhases.flatMap((p) => p.phases.map(([name]) => name)))];
      const cell = (p: HookProfile, name: string) => {
        const x = p.phases.find(([n]) => n === name)?.[1];
        return x === undefined ? '-' : x.toFixed(1);
      };
      out.push(`| phase (ms, median over the run's calls) | ${withPhases.map((p) => p.what).join(' | ')} |`, `|---|${withPhases.map(() => '---:').join('|')}|`);
      for (const name of names) out.push(`| ${name} | ${withPhases.map((p) => cell(p, name)).join(' | ')} |`);
      out.push(`| total | ${withPhases.map((p) => p.phases.reduce((a, [, x]) => a + x, 0).toFixed(1)).join(' | ')} |`, '');
    }
    for (const p of list) {
      if (p.notes.length > 0) out.push(`- ${p.what}, the snapshot's own phases: ${p.notes.filter((n) => n.startsWith('snapshot')).map((n) => `\`${n.replace(/`/g, "'").replace(/^snapshot \S+: /, '')}\``).join('; ') || '-'}`);
      if (p.top.length > 0) out.push(`- ${p.what}, top self-time with node's profiler on (${ms(p.wallMs)}): ${p.top.slice(0, top).map(([fn, x]) => `\`${fn.replace(/[|`]/g, '_')}\` ${x.toFixed(1)}`).join(', ')}`);
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The section between the markers: when, on what, by which command, then the figures. */
export function benchSection(run: BenchRun, markers: Markers = BENCH_MARKERS): string {
  const hooks = run.hookRows !== undefined;
  return [
    markers.start,
    `Written by the benchmark on ${run.date.toISOString().slice(0, 10)} (${run.date.toISOString().slice(11, 16)} UTC): ${hooks ? `per-call medians and p95; ${run.runs} run${run.runs === 1 ? '' : 's'} of the no-change pre_write` : `medians of ${run.runs} run${run.runs === 1 ? '' : 's'} per step`}.`,
    '',
    `- machine: ${run.os}, ${run.cores} × ${run.cpu}`,
    `- ${run.git}, Node.js ${run.node}`,
    ...(run.load ? [`- load average (1 min) at the start and the end: ${run.load[0].toFixed(1)}, ${run.load[1].toFixed(1)}`] : []),
    `- command: \`${run.command}\``,
    '',
    ...(hooks ? [hookMarkdownTable(run.hookRows!)] : []),
    ...(run.table !== undefined ? [run.table] : run.rows.length > 0 || !hooks ? [markdownTable(run.rows)] : []),
    // After the table (a list right before a table would take the table in).
    ...(run.notes && run.notes.length > 0 ? ['', ...run.notes.map((n) => `- ${n}`)] : []),
    ...(run.profiles && run.profiles.length > 0 ? ['', profileMarkdown(run.profiles)] : []),
    markers.end,
  ].join('\n');
}

function indexesOf(text: string, marker: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(marker); i >= 0; i = text.indexOf(marker, i + marker.length)) found.push(i);
  return found;
}

/**
 * `document` with `section` in place of what lies between the markers, markers included; everything
 * else is kept byte for byte. A document without markers gets the section at its end. Markers that
 * do not make one pair in order throw: rewriting the wrong part of a page would lose text.
 */
export function withBenchSection(document: string, section: string, markers: Markers = BENCH_MARKERS): string {
  const starts = indexesOf(document, markers.start);
  const ends = indexesOf(document, markers.end);
  if (starts.length === 0 && ends.length === 0) {
    const gap = document === '' ? '' : document.endsWith('\n\n') ? '' : document.endsWith('\n') ? '\n' : '\n\n';
    return `${document}${gap}${section}\n`;
  }
  if (starts.length !== 1 || ends.length !== 1 || ends[0]! < starts[0]!) {
    throw new Error(`expected one ${markers.start} followed by one ${markers.end}; found ${starts.length} and ${ends.length}${starts.length === 1 && ends.length === 1 ? ', in the wrong order' : ''}`);
  }
  return document.slice(0, starts[0]) + section + document.slice(ends[0]! + markers.end.length);
}
