import type { ToolCallAuthor, UnknownReason } from '../authorship';
import { isBinary, LineNumbering, matchLines } from './lineDiff';
import { nextLines, readLines, type Lines } from './versionLines';

// Who wrote each line of a file as it is now, from the file's versions at a plan's checkpoints and
// whose each change between them was (core/authorship.ts works that out from the fences). Each
// change is a line diff of one version against the next: a line the diff keeps keeps its author, a
// line the change inserted is the change's author's, and a block the change deleted at one place
// and inserted at another (a move) keeps its author. Nothing is guessed: a change the fences
// cannot name gives its lines `unknown`.

/** A tool call that wrote the line, with the stretch it ran in. */
export type ToolCallLineAuthor = ToolCallAuthor & {
  /** The prompt's checkpoint reason (`Before: "…"`); null when no prompt came before the call. */
  readonly prompt: string | null;
  /** The agent's session, as its hooks named it; null when they did not. */
  readonly session_id: string | null;
  /** The tool's input in short: the file it wrote, or the first line of the command it ran. */
  readonly input: string | null;
  /** When the stretch began (its `pre_write`, or the checkpoint before) and ended (its `post_step`). */
  readonly since: string;
  readonly until: string;
};

/** A stretch between checkpoints of a plan, for lines that are not a tool call's. */
export interface StretchTimes {
  readonly plan_id: string;
  readonly from_checkpoint_id: string;
  /** null: the files now. */
  readonly to_checkpoint_id: string | null;
  readonly since: string;
  /** null: the files now. */
  readonly until: string | null;
}

/** Who wrote a line (or a binary file), as the fences say. */
export type LineAuthor =
  | ToolCallLineAuthor
  /** Between tool calls: "you, or another program". */
  | ({ readonly kind: 'outside_tool_calls' } & StretchTimes)
  /** A stretch whose fence was missed (or that nothing fences): whose it is cannot be told. */
  | ({ readonly kind: 'unknown'; readonly reason: UnknownReason } & StretchTimes)
  /** There before the first checkpoint of every plan over the file (`until`: the earliest; null: no checkpoint holds the file). */
  | { readonly kind: 'before_checkpoints'; readonly until: string | null };

export type LineKind = LineAuthor['kind'];

/** One line of the file now (1-based), its text (UTF-8, line break left off) and its author. */
export type LineProvenance = LineAuthor & { readonly line: number; readonly text: string };

/** The provenance of a file now: per line, or one entry for a binary file. */
export type FileBlame =
  | { readonly state: 'text'; readonly lines: readonly LineProvenance[] }
  | { readonly state: 'binary'; readonly author: LineAuthor }
  | { readonly state: 'absent' };

/**
 * A file at one snapshot: `id` names its content (equal ids: equal bytes); undefined content:
 * absent there. `unreadable`: the store no longer holds that snapshot, so what changed across it
 * cannot be told.
 */
export interface FileVersion {
  readonly id: string | undefined;
  readonly content: Uint8Array | undefined;
  readonly unreadable?: boolean;
}

/** Whose change led to a version: a line author, or this product's restore of an earlier version. */
export type StepAuthor =
  | Exclude<LineAuthor, { kind: 'before_checkpoints' }>
  /**
   * A rollback (undo, correction) to version `restored_from` (an index into the versions, base 0;
   * -1: not among them). Lines it brought back keep the authors they had there; lines in neither
   * that version nor the one before were written after the restore, outside tool calls.
   */
  | ({ readonly kind: 'restore'; readonly restored_from: number } & StretchTimes);

export interface ProvenanceStep {
  readonly version: FileVersion;
  readonly author: StepAuthor;
  /** The stretch the change was made in. */
  readonly times: StretchTimes;
}

export { isBinary };

// Lines compare byte for byte (lineDiff.ts numbers them by their bytes); UTF-8 only for display.
const utf8 = new TextDecoder('utf-8');

/** The lines of a text (each with its line break, so that a last line without one differs from one with). */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      if (start < text.length) lines.push(text.slice(start));
      return lines;
    }
    lines.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
}

interface Attributed {
  readonly id: string | undefined;
  readonly lines: Lines;
  /** Per line, where its author comes from (see LineTokens). */
  readonly tokens: Int32Array;
}

/**
 * Where a line's author comes from, as a number a cache can keep: 0 the base (there before the
 * first checkpoint); for step `s`, `1 + 3s` its author, `2 + 3s` "outside tool calls" in its
 * stretch (written after a restore), `3 + 3s` unknown in its stretch (a restore of a version that
 * cannot be read). The numbers name steps, not authors: the authors are worked out again from the
 * checkpoints on every call, so a cache of tokens holds only what the file's versions decided.
 */
class LineTokens {
  private readonly made = new Map<number, LineAuthor>();

  constructor(
    private readonly baseAuthor: LineAuthor,
    private readonly steps: readonly ProvenanceStep[],
    private readonly effective: readonly (StepAuthor | undefined)[],
  ) {}

  author(token: number): LineAuthor {
    if (token === 0) return this.baseAuthor;
    const known = this.made.get(token);
    if (known) return known;
    const s = Math.floor((token - 1) / 3);
    const times = this.steps[s]!.times;
    const own = this.effective[s];
    const variant = (token - 1) % 3;
    // A restore names no line itself: its lines are those it brought back, or one of the other two.
    const a: LineAuthor = variant === 0 && own !== undefined && own.kind !== 'restore' ? own : variant === 1 ? { kind: 'outside_tool_calls', ...times } : { kind: 'unknown', reason: 'unreadable', ...times };
    this.made.set(token, a);
    return a;
  }
}

/**
 * Each step's author as the line attribution uses it (undefined: the step changes nothing, the
 * same content or an unreadable snapshot). Since when snapshots could not be read, what changed
 * across them is named by no one. Ids only: no content is read here.
 */
function effectiveAuthors(base: FileVersion, steps: readonly ProvenanceStep[]): (StepAuthor | undefined)[] {
  let gap: StretchTimes | undefined = base.unreadable && steps[0] ? steps[0].times : undefined;
  let prevId = base.unreadable ? undefined : base.id;
  return steps.map((step) => {
    if (step.version.unreadable) {
      gap ??= step.times;
      return undefined;
    }
    // Equal content: nothing to compare (most checkpoints leave a given file alone).
    if (step.version.id === prevId && prevId !== undefined) {
      gap = undefined;
      return undefined;
    }
    const author: StepAuthor = gap === undefined ? step.author : { kind: 'unknown', reason: 'unreadable', ...gap, to_checkpoint_id: step.times.to_checkpoint_id, until: step.times.until };
    gap = undefined;
    prevId = step.version.id;
    return author;
  });
}

/** Line attribution resumed from a known point: the tokens of the version after `steps[0, at)` (`at` 0: the base). */
export interface ProvenanceResume {
  readonly at: number;
  readonly tokens: Int32Array;
}

/** What `lineProvenanceRun` worked out: the blame, and the tokens of the version after `keepAt` steps when asked. */
export interface ProvenanceRun {
  readonly blame: FileBlame;
  readonly kept: Int32Array | undefined;
}

/**
 * The author of each line of the last version (the base's when there are no steps). `base`: the
 * file at the first checkpoint, whose lines were there before it; each step: the next version and
 * whose change led to it, oldest first.
 */
export function lineProvenance(base: FileVersion, baseAuthor: Extract<LineAuthor, { kind: 'before_checkpoints' }>, steps: readonly ProvenanceStep[]): FileBlame {
  return lineProvenanceRun(base, baseAuthor, steps)!.blame;
}

/**
 * lineProvenance, which can also keep the tokens of the version after `keepAt` steps (for a cache)
 * and start from tokens kept before (`resume`: then the versions before it need no content, and
 * the version it names must be readable). Undefined when the resumed run cannot go on: a restore
 * after `resume.at` brings back a version before it, whose lines it does not have.
 */
export function lineProvenanceRun(base: FileVersion, baseAuthor: Extract<LineAuthor, { kind: 'before_checkpoints' }>, steps: readonly ProvenanceStep[], options: RunOptions = {}): ProvenanceRun | undefined {
  const run = attributionRun(base, baseAuthor, steps, options);
  for (;;) {
    const r = run.next();
    if (r.done) return r.value;
  }
}

/**
 * lineProvenanceRun, giving way to other work (`pause`) every few versions compared: in an
 * editor's process, a long history worked out for the first time does not hold up the rest.
 */
export async function lineProvenanceRunAsync(base: FileVersion, baseAuthor: Extract<LineAuthor, { kind: 'before_checkpoints' }>, steps: readonly ProvenanceStep[], options: RunOptions, pause: () => Promise<void>): Promise<ProvenanceRun | undefined> {
  const run = attributionRun(base, baseAuthor, steps, options);
  for (let n = 1; ; n++) {
    const r = run.next();
    if (r.done) return r.value;
    if (n % PAUSE_EVERY === 0) await pause();
  }
}

/** Versions compared between two pauses (each a diff of the file's changed part). */
const PAUSE_EVERY = 16;

export interface RunOptions {
  readonly keepAt?: number;
  readonly resume?: ProvenanceResume;
}

/** The number of lines readLines gives a version, without numbering them. */
function lineCount(v: FileVersion): number {
  if (v.content === undefined || v.unreadable) return 0;
  if (isBinary(v.content)) return 1;
  let n = 0;
  for (let at = v.content.indexOf(0x0a); at >= 0; at = v.content.indexOf(0x0a, at + 1)) n++;
  return v.content.length > 0 && v.content[v.content.length - 1] !== 0x0a ? n + 1 : n;
}

/** The attribution, one version compared per step of the generator. */
function* attributionRun(base: FileVersion, baseAuthor: Extract<LineAuthor, { kind: 'before_checkpoints' }>, steps: readonly ProvenanceStep[], options: RunOptions): Generator<void, ProvenanceRun | undefined> {
  const numbering = new LineNumbering();
  const weight = (id: number): number => numbering.weight(id);
  const effective = effectiveAuthors(base, steps);
  const tokens = new LineTokens(baseAuthor, steps, effective);
  const resume = options.resume;
  const history: (Attributed | undefined)[] = [];
  if (resume === undefined) {
    const baseLines = readLines(base, numbering);
    history.push({ id: base.id, lines: baseLines, tokens: new Int32Array(baseLines.ids.length) });
  } else {
    const at = resume.at === 0 ? base : steps[resume.at - 1]!.version;
    // Tokens that do not fit the version (a cache from elsewhere): the caller runs from the base.
    if (at.unreadable || lineCount(at) !== resume.tokens.length || resume.tokens.some((t) => t < 0 || t > 3 * resume.at)) return undefined;
    for (let i = 0; i < resume.at; i++) history.push(undefined);
    // Its lines are numbered only when a later version is compared with it (most often none is).
    let lines: Lines | undefined;
    history.push({
      id: at.id,
      get lines() {
        return (lines ??= readLines(at, numbering));
      },
      tokens: resume.tokens,
    });
  }
  let kept = options.keepAt === history.length - 1 ? history[history.length - 1]!.tokens : undefined;
  for (let s = history.length - 1; s < steps.length; s++) {
    const step = steps[s]!;
    const prev = history[history.length - 1]!;
    const author = effective[s];
    const next = author === undefined ? prev : attribute(prev, step, author, s, history);
    if (next === undefined) return undefined;
    history.push(next);
    if (options.keepAt === s + 1) kept = next.tokens;
    if (author !== undefined) yield;
  }
  const last = steps.length > 0 ? steps[steps.length - 1]!.version : base;
  if (last.unreadable || last.content === undefined) return { blame: { state: 'absent' }, kept };
  const now = history[history.length - 1]!;
  if (isBinary(last.content)) return { blame: { state: 'binary', author: now.tokens.length > 0 ? tokens.author(now.tokens[0]!) : baseAuthor }, kept };
  const display = splitLines(utf8.decode(last.content));
  const lines = Array.from(now.tokens, (t, i): LineProvenance => ({ ...tokens.author(t), line: i + 1, text: (display[i] ?? '').replace(/\r?\n$/, '') }));
  return { blame: { state: 'text', lines }, kept };

  function attribute(prev: Attributed, step: ProvenanceStep, a: StepAuthor, s: number, history: readonly (Attributed | undefined)[]): Attributed | undefined {
    const { lines, start, end, mid } = nextLines(prev.lines, step.version, numbering, weight);
    const count = lines.ids.length;
    const [own, outside, unknown] = [1 + 3 * s, 2 + 3 * s, 3 + 3 * s];
    // The common start and end keep their tokens as they are (copied whole); a line between is
    // the one it matched, or (-1) inserted: the change's author, unless a restore says otherwise.
    const out = new Int32Array(count);
    out.set(prev.tokens.subarray(0, start), 0);
    out.set(prev.tokens.subarray(end), start + mid.length);
    carryTokens(out, start, mid, prev.tokens, a.kind === 'restore' ? -1 : own);
    if (a.kind !== 'restore') return { id: step.version.id, lines, tokens: out };
    const inRange = a.restored_from >= 0 && a.restored_from < history.length - 1;
    const restored = inRange ? history[a.restored_from] : undefined;
    // A resumed run lacks the versions before its start: the caller runs again from the base.
    if (inRange && restored === undefined) return undefined;
    if (restored === undefined) {
      // What it brought back cannot be read: its lines are named by no one.
      for (let j = 0; j < count; j++) if (out[j]! < 0) out[j] = unknown;
      return { id: step.version.id, lines, tokens: out };
    }
    const back = matchLines(restored.lines.ids, lines.ids);
    for (let j = 0; j < count; j++) {
      if (out[j]! >= 0) continue;
      out[j] = back[j]! >= 0 ? restored.tokens[back[j]!]! : outside;
    }
    return { id: step.version.id, lines, tokens: out };
  }
}

/** out[start + x]: the token of the line mid[x] of the previous version, or `inserted` (mid[x] -1). A function of its own: V8 optimizes it after a few versions. */
function carryTokens(out: Int32Array, start: number, mid: Int32Array, tokens: Int32Array, inserted: number): void {
  for (let x = 0; x < mid.length; x++) {
    const i = mid[x]!;
    out[start + x] = i >= 0 ? tokens[i]! : inserted;
  }
}

/** How much an author says, for choosing among plans over the same file: a tool call names most; `before_checkpoints` least. */
function rank(a: LineAuthor): number {
  switch (a.kind) {
    case 'tool_call':
      return 5;
    case 'unknown':
      // A plan nothing fences knows nothing of whose a change is; another plan's fences may.
      return a.reason === 'unfenced' ? 2 : 4;
    case 'outside_tool_calls':
      return 3;
    default:
      return 1;
  }
}

/** The better of two plans' answers for a line: the one that names more, then the newer. */
export function betterAuthor(a: LineAuthor, b: LineAuthor): LineAuthor {
  const [ra, rb] = [rank(a), rank(b)];
  if (ra !== rb) return ra > rb ? a : b;
  const key = (x: LineAuthor): string => x.until ?? '\uffff';
  // Two plans' changes: the later one made the line as it is. There before checkpoints: the plan
  // whose first checkpoint came first says so with the most reason.
  if (a.kind === 'before_checkpoints') return key(b) < key(a) ? b : a;
  return key(b) > key(a) ? b : a;
}

/**
 * Several plans' provenance of the same file now (each worked out from its own checkpoints) as
 * one: per line, the answer that names most. Another session's tool call is "outside tool calls"
 * to a plan that did not make it, and named by the plan that did.
 */
export function combineBlames(blames: readonly FileBlame[]): FileBlame {
  const [first, ...rest] = blames;
  if (first === undefined) return { state: 'absent' };
  let out = first;
  for (const b of rest) {
    if (out.state === 'binary' && b.state === 'binary') out = { state: 'binary', author: betterAuthor(out.author, b.author) };
    else if (out.state === 'text' && b.state === 'text' && out.lines.length === b.lines.length) {
      const other = b.lines;
      out = { state: 'text', lines: out.lines.map((l, i) => (betterAuthor(l, other[i]!) === l ? l : { ...other[i]!, line: l.line, text: l.text })) };
    }
  }
  return out;
}
