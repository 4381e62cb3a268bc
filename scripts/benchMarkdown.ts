// The benchmark's figures as Markdown, and the section of a document that holds them: `npm run bench
// -- --markdown docs/PERFORMANCE.md` rewrites what lies between the two markers, so the figures in
// the docs are the ones a run printed, with the date, the machine and the command that made them.
import type { Row } from './benchCommon';

export const BENCH_START = '<!-- bench:start -->';
export const BENCH_END = '<!-- bench:end -->';

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

/** The section between the markers: when, on what, by which command, then the figures. */
export function benchSection(run: BenchRun): string {
  return [
    BENCH_START,
    `Written by the benchmark on ${run.date.toISOString().slice(0, 10)} (${run.date.toISOString().slice(11, 16)} UTC): medians of ${run.runs} run${run.runs === 1 ? '' : 's'} per step.`,
    '',
    `- machine: ${run.os}, ${run.cores} × ${run.cpu}`,
    `- ${run.git}, Node.js ${run.node}`,
    `- command: \`${run.command}\``,
    '',
    markdownTable(run.rows),
    BENCH_END,
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
export function withBenchSection(document: string, section: string): string {
  const starts = indexesOf(document, BENCH_START);
  const ends = indexesOf(document, BENCH_END);
  if (starts.length === 0 && ends.length === 0) {
    const gap = document === '' ? '' : document.endsWith('\n\n') ? '' : document.endsWith('\n') ? '\n' : '\n\n';
    return `${document}${gap}${section}\n`;
  }
  if (starts.length !== 1 || ends.length !== 1 || ends[0]! < starts[0]!) {
    throw new Error(`expected one ${BENCH_START} followed by one ${BENCH_END}; found ${starts.length} and ${ends.length}${starts.length === 1 && ends.length === 1 ? ', in the wrong order' : ''}`);
  }
  return document.slice(0, starts[0]) + section + document.slice(ends[0]! + BENCH_END.length);
}
