// The rollback panel's markup, as pure functions of its state: the page assigns the result to
// innerHTML, and the unit tests run them in plain Node. Every piece of data (paths, titles,
// labels, ids) goes through shownHtml (visible escapes for controls, then HTML-escaped); nothing here builds a style or script attribute (the
// page's CSP allows neither inline styles nor inline handlers).
import { displayText, escapeUnsafe, formatCount, naturalCompare, plural } from '../core/displayText';
import type { PanelChange, PanelChangeKind, PanelCheckpoint, PanelMode, PanelState } from './protocol';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text made inert in HTML, in element content and in quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]);
}

/**
 * Text to read: controls, bidi controls and line breaks as visible escapes (`\u202e`, `\n`), then
 * made inert in HTML. Only the attribute that names a path for the host (data-path) keeps the raw path.
 */
export function shownHtml(value: string): string {
  return escapeHtml(escapeUnsafe(value));
}

export interface FolderGroup {
  /** The folder relative to the sandbox, with a trailing slash; '' for the sandbox's top level. */
  readonly folder: string;
  readonly entries: readonly { readonly name: string; readonly path: string; readonly change: PanelChangeKind }[];
}


/** How many rows the list draws at first, and how many more each "Show more" adds: 20,000 paths stay quick. */
export const PAGE_ROWS = 500;

/** What the page keeps of the list beside the state: the filter typed, and how many rows are drawn. */
export interface ListView {
  readonly filter: string;
  readonly limit: number;
}

export const DEFAULT_LIST_VIEW: ListView = { filter: '', limit: PAGE_ROWS };

/** The changes whose path holds the filter (case-insensitive); all of them without one. */
export function filterChanges(changes: readonly PanelChange[], filter: string): readonly PanelChange[] {
  const f = filter.trim().toLowerCase();
  return f === '' ? changes : changes.filter((c) => c.path.toLowerCase().includes(f));
}

/**
 * Paths grouped by their folder: the top level first, then the folders in path order (which keeps
 * a folder next to its subfolders), the files of each by name, numbers counted (natural order).
 */
export function groupByFolder(changes: readonly PanelChange[]): FolderGroup[] {
  const groups = new Map<string, { name: string; path: string; change: PanelChangeKind }[]>();
  for (const c of changes) {
    const slash = c.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : c.path.slice(0, slash + 1);
    const list = groups.get(folder) ?? [];
    list.push({ name: c.path.slice(slash + 1), path: c.path, change: c.change });
    groups.set(folder, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : naturalCompare(a, b)))
    .map(([folder, entries]) => ({ folder, entries: entries.sort((x, y) => naturalCompare(x.name, y.name)) }));
}

export function countByKind(changes: readonly PanelChange[]): Record<PanelChangeKind, number> {
  const counts: Record<PanelChangeKind, number> = { added: 0, modified: 0, deleted: 0 };
  for (const c of changes) counts[c.change] += 1;
  return counts;
}

const MARKS: Record<PanelChangeKind, string> = { added: 'A', modified: 'M', deleted: 'D' };

/** What each kind of change means in each mode, as the row's tooltip and for screen readers. */
function describeChange(mode: PanelMode, change: PanelChangeKind): string {
  switch (mode) {
    case 'rollback':
    case 'undo':
      return { added: 'added back', modified: 'restored', deleted: 'removed' }[change];
    case 'preview':
      return { added: 'will be added', modified: 'will be restored', deleted: 'will be removed' }[change];
    default:
      return change;
  }
}

const HEADINGS: Record<PanelMode, string> = {
  rollback: 'Rollback complete',
  undo: 'Rollback undone',
  preview: 'Rollback preview',
  compareCurrent: 'Compare with current',
  comparePrevious: 'Compare with previous',
};

/** The heading: an agent-only rollback and its preview have their own. */
function heading(state: PanelState): string {
  if (state.agentOnly) return state.mode === 'preview' ? 'Undo agent changes: preview' : 'Agent changes undone';
  return HEADINGS[state.mode];
}

/** The editor tab's title (plain text, not HTML): the plan's title escaped and shortened. */
export function panelTitle(state: PanelState): string {
  return `${heading(state)}: ${displayText(state.plan.title, 40)}`;
}

/** An id as a person reads it: its short form (the whole id in the tooltip), or the whole id where the state has none. */
function idCode(state: PanelState, id: string): string {
  const short = state.shortIds?.[id];
  return short === undefined || short === id ? `<code>${shownHtml(id)}</code>` : `<code title="${shownHtml(id)}">${shownHtml(short)}</code>`;
}

function checkpointText(state: PanelState, c: PanelCheckpoint): string {
  return `<span class="label">${shownHtml(c.label)}</span> ${idCode(state, c.id)} <span class="muted">${shownHtml(typeLabel(c.type))} · ${shownHtml(formatTimestamp(c.createdAt))}</span>`;
}

function typeLabel(type: PanelCheckpoint['type']): string {
  return { manual: 'checkpoint', pre_write: 'before a change', post_step: 'after a change' }[type];
}

/** 2026-11-29T09:46:32.123Z → 2026-11-29 09:46:32 UTC */
export function formatTimestamp(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

function subtitle(state: PanelState): string {
  const plan = `<strong>${shownHtml(state.plan.title)}</strong>`;
  const from = `<strong>${shownHtml(state.from.label)}</strong>`;
  const a = state.agentOnly;
  if (a) {
    const kept = `${plural(a.kept.length, 'path')} that ${a.kept.length === 1 ? 'is' : 'are'} not the agent’s`;
    const calls = plural(a.toolCalls, 'tool call');
    return state.mode === 'preview'
      ? `Undoing the agent’s changes to ${plan} since ${from} (${calls}) would change these files; ${kept} would be kept. Nothing has been touched yet.`
      : `The agent’s changes to ${plan} since ${from} (${calls}) were taken out; ${kept} were kept.`;
  }
  switch (state.mode) {
    case 'rollback':
      return state.correction?.mode === 'keep_independent' ? `The paths of ${plan} that the reverted decisions changed were restored from ${from}.` : `${plan} was rolled back to ${from}.`;
    case 'undo':
      return `${plan} is back to where it was before the rollback.`;
    case 'preview':
      return `Rolling ${plan} back to ${from} would change these files. Nothing has been touched yet.`;
    case 'compareCurrent':
      return `What changed in the sandbox of ${plan} since ${from}.`;
    case 'comparePrevious':
      return `What changed from ${from} to <strong>${shownHtml(state.to?.label ?? '')}</strong>.`;
  }
}

function summaryRows(state: PanelState): [string, string][] {
  const rows: [string, string][] = [['Plan', `<span class="label">${shownHtml(state.plan.title)}</span> ${idCode(state, state.plan.id)}`]];
  const sandbox = state.plan.sandboxPath === '.' ? 'the whole folder' : `${state.plan.sandboxPath}/`;
  rows.push(['Sandbox', `${shownHtml(sandbox)} <span class="muted">in ${shownHtml(state.folder.name)}</span>`]);
  const r = state.rollback;
  switch (state.mode) {
    case 'rollback':
    case 'undo':
      rows.push([state.mode === 'undo' ? 'Restored checkpoint' : 'From checkpoint', checkpointText(state, state.from)]);
      if (r) {
        rows.push(['Files affected', formatCount(r.restoredFilesCount)]);
        rows.push(['Time', `${shownHtml(formatSeconds(r.elapsedSeconds))} <span class="muted">at ${shownHtml(formatTimestamp(state.madeAt))}</span>`]);
        rows.push(['Undo checkpoint', idCode(state, r.undoCheckpointId)]);
      }
      break;
    case 'preview':
      rows.push(['Checkpoint', checkpointText(state, state.from)]);
      rows.push(['Files affected', formatCount(state.changes.length)]);
      break;
    case 'compareCurrent':
      rows.push(['Checkpoint', checkpointText(state, state.from)]);
      rows.push(['Compared with', `the sandbox now <span class="muted">(${shownHtml(formatTimestamp(state.madeAt))})</span>`]);
      rows.push(['Files changed', formatCount(state.changes.length)]);
      break;
    case 'comparePrevious':
      rows.push(['Previous', checkpointText(state, state.from)]);
      if (state.to) rows.push(['Checkpoint', checkpointText(state, state.to)]);
      rows.push(['Files changed', formatCount(state.changes.length)]);
      break;
  }
  return rows;
}

export function formatSeconds(seconds: number): string {
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

function button(action: string, text: string, options: { primary?: boolean; disabled: boolean; title?: string }): string {
  const cls = options.primary ? 'button primary' : 'button secondary';
  const title = options.title ? ` title="${shownHtml(options.title)}"` : '';
  return `<button type="button" class="${cls}" data-action="${escapeHtml(action)}"${title}${options.disabled ? ' disabled' : ''}>${shownHtml(text)}</button>`;
}

/**
 * Whether taking a row's path from the checkpoint removes it: the checkpoint does not hold it
 * (a preview's "will be removed", or a comparison's "added since").
 */
function removes(mode: PanelMode, change: PanelChangeKind): boolean {
  return (mode === 'preview' && change === 'deleted') || (mode === 'compareCurrent' && change === 'added');
}

/** Whether each row offers "Restore this file": where the files differ from the checkpoint now. */
function offersRestore(state: PanelState, canWrite: boolean): boolean {
  // Restoring a file from the checkpoint would also throw away what the user changed in it.
  return canWrite && !state.agentOnly && (state.mode === 'preview' || state.mode === 'compareCurrent');
}

function correctionHeader(state: PanelState): string {
  const c = state.correction;
  if (!c) return '';
  const more = c.reverted.length - 1;
  const how = c.undone
    ? 'The files it restored are back as they were before it.'
    : c.mode === 'keep_independent'
      ? 'Only the paths these decisions changed were restored; independent later work was kept.'
      : 'The sandbox went back to the checkpoint before the decision.';
  const items = c.reverted
    .map((r) => `<li class="depth-${Math.min(r.depth, 6)}"><span class="label">${shownHtml(r.title)}</span> ${idCode(state, r.id)}</li>`)
    .join('');
  return (
    `<section class="correction"><h2>${shownHtml(c.undone ? 'Correction undone' : 'Decision reverted')}: ${shownHtml(c.decisionTitle)}</h2>` +
    `<p class="subtitle">${shownHtml(`“${c.decisionTitle}”${more > 0 ? ` and ${plural(more, 'decision')} built on it` : ''} ${c.undone ? `${more > 0 ? 'are' : 'is'} active again` : `${more > 0 ? 'were' : 'was'} marked reverted`}. ${how}`)}</p>` +
    `<ul class="decisions">${items}</ul><p class="muted">Correction ${idCode(state, c.id)}</p></section>`
  );
}

/** A preview's note of whose later work the rollback would undo; nothing when nobody's. */
function undoneWorkNote(state: PanelState): string {
  const work = state.undoneWork ?? [];
  if (state.mode !== 'preview' || work.length === 0) return '';
  const items = work
    .map((w) => {
      const shownPaths = w.paths.slice(0, 5).map((p) => `<code>${shownHtml(p)}</code>`).join(', ');
      const more = w.paths.length > 5 ? shownHtml(` and ${formatCount(w.paths.length - 5)} more`) : '';
      const who = w.kind === 'outside_tool_calls' ? `edits made outside tool calls (${OUTSIDE_TOOL_CALLS_WHO})` : `${w.kind} “${w.title}”`;
      return `<li>${shownHtml(`${who}, ${plural(w.paths.length, 'path')}`)}: ${shownPaths}${more}</li>`;
    })
    .join('');
  return `<section class="note undone-work"><p>${shownHtml('This also undoes later work of others on the same files:')}</p><ul>${items}</ul></section>`;
}

function toolbar(state: PanelState, busy: boolean, canWrite: boolean): string {
  const buttons: string[] = [];
  const none = state.changes.length === 0;
  if (canWrite && state.correction && !state.correction.undone) {
    buttons.push(button('undoCorrection', 'Undo Correction', { primary: true, disabled: busy, title: 'Put the files back and make the decisions active again (asks for confirmation)' }));
  }
  if (canWrite && state.mode === 'preview') {
    buttons.push(
      state.agentOnly
        ? button('rollback', 'Undo Agent Changes', { primary: true, disabled: busy, title: 'Take the agent’s changes out now, as listed here, keeping yours; a safety checkpoint is taken first (Undo Rollback)' })
        : button('rollback', 'Roll Back', { primary: true, disabled: busy, title: 'Roll back now, as listed here; a safety checkpoint is taken first (Undo Rollback)' }),
    );
  }
  if (canWrite && state.mode === 'compareCurrent' && !state.correction && state.changes.length > 0) {
    buttons.push(button('rollback', 'Roll Back to This Checkpoint…', { primary: true, disabled: busy, title: 'Make the sandbox exactly this checkpoint (asks for confirmation)' }));
  }
  if (canWrite && !state.correction && (state.mode === 'rollback' || state.mode === 'undo') && state.rollback && !state.rollback.undone) {
    buttons.push(button('undo', state.mode === 'undo' ? 'Redo Rollback' : 'Undo Rollback', { primary: true, disabled: busy, title: 'Restore the safety checkpoint taken just before (asks for confirmation)' }));
  }
  buttons.push(button('openAll', 'Open All', { disabled: busy || none, title: 'Open every change in one multi-file diff editor' }));
  buttons.push(button('copyJson', 'Copy as JSON', { disabled: busy, title: state.mode === 'rollback' || state.mode === 'undo' ? 'Copy the rollback envelope, as `agents plan rollback --format json` prints it' : 'Copy the list of changes as JSON' }));
  return `<div class="toolbar" role="toolbar">${buttons.join('')}</div>`;
}

function counts(state: PanelState): string {
  const n = countByKind(state.changes);
  const chip = (kind: PanelChangeKind, label: string) =>
    `<span class="chip ${kind}"><span class="mark ${kind}" aria-hidden="true">${MARKS[kind]}</span>${formatCount(n[kind])} ${label}</span>`;
  return `<div class="counts">${chip('added', 'added')}${chip('modified', 'modified')}${chip('deleted', 'deleted')}</div>`;
}

/** The filter box and what the list shows of the whole: drawn only when there is something to filter. */
function listHeader(total: number, matching: number, drawn: number, view: ListView): string {
  const input = `<input type="search" class="filter" data-filter="" placeholder="Filter paths" aria-label="Filter the paths" value="${shownHtml(view.filter)}">`;
  const of = formatCount;
  const status =
    view.filter.trim() === ''
      ? drawn < total
        ? `Showing ${of(drawn)} of ${of(total)} paths`
        : `${of(total)} path${total === 1 ? '' : 's'}`
      : `${of(matching)} of ${of(total)} paths match${drawn < matching ? `; showing ${of(drawn)}` : ''}`;
  return `<div class="list-header">${input}<span class="muted list-status" role="status">${shownHtml(status)}</span></div>`;
}

function changeList(state: PanelState, canWrite: boolean, busy: boolean, view: ListView): string {
  if (state.changes.length === 0) {
    const why = state.mode === 'preview' ? 'The sandbox already matches this checkpoint: a rollback would change nothing.' : 'No files differ.';
    return `<p class="empty">${shownHtml(why)}</p>`;
  }
  const matching = filterChanges(state.changes, view.filter);
  // Only the first `limit` rows are drawn, in the order shown (folders, then names, numbers counted).
  let budget = Math.max(0, view.limit);
  // Each drawn folder keeps the count of all its matching paths: the heading says 20,000 when 500 are drawn.
  const drawnGroups: (FolderGroup & { readonly total: number })[] = [];
  for (const g of groupByFolder(matching)) {
    if (budget === 0) break;
    const entries = g.entries.slice(0, budget);
    budget -= entries.length;
    drawnGroups.push({ folder: g.folder, entries, total: g.entries.length });
  }
  const drawn = Math.min(matching.length, Math.max(0, view.limit));
  const header = listHeader(state.changes.length, matching.length, drawn, view);
  if (matching.length === 0) return `${header}<p class="empty">${shownHtml('No path matches the filter.')}</p>`;
  const more =
    drawn < matching.length
      ? `<div class="more">${button('more', `Show ${formatCount(Math.min(PAGE_ROWS, matching.length - drawn))} more`, { disabled: false, title: `${formatCount(matching.length - drawn)} more paths not drawn yet; the filter finds any of them at once` })}</div>`
      : '';
  // A file Keep Mine wrote with conflict markers holds both versions: "restored" would say less than it does.
  const marked = new Set(state.agentOnly?.conflictMarkers ?? []);
  const groups = drawnGroups.map((g) => {
    const rows = g.entries
      .map((e) => {
        const what = marked.has(e.path) ? (state.mode === 'preview' ? 'will get conflict markers' : 'conflict markers written') : describeChange(state.mode, e.change);
        return (
          `<li><button type="button" class="path ${e.change}" data-path="${escapeHtml(e.path)}" title="${shownHtml(`${e.path} (${what}): open the diff`)}">` +
          `<span class="mark ${e.change}" aria-hidden="true">${MARKS[e.change]}</span>` +
          `<span class="name">${shownHtml(e.name)}</span><span class="kind">${shownHtml(what)}</span></button>` +
          (offersRestore(state, canWrite)
            ? removes(state.mode, e.change)
              ? `<button type="button" class="button secondary restore" data-restore="${escapeHtml(e.path)}" title="${shownHtml(`Remove ${e.path}: the checkpoint does not hold it (asks first)`)}"${busy ? ' disabled' : ''}>Remove this file</button>`
              : `<button type="button" class="button secondary restore" data-restore="${escapeHtml(e.path)}" title="${shownHtml(`Restore ${e.path} from the checkpoint (asks first)`)}"${busy ? ' disabled' : ''}>Restore this file</button>`
            : '') +
          '</li>'
        );
      })
      .join('');
    const folder = g.folder === '' ? '(top level)' : g.folder;
    return `<section class="group"><h3 class="folder"><span class="folder-icon" aria-hidden="true"></span>${shownHtml(folder)}<span class="muted"> ${formatCount(g.total)}</span></h3><ul>${rows}</ul></section>`;
  });
  return `${header}<div class="groups">${groups.join('')}</div>${more}`;
}

/** An agent-only rollback's other side: the paths it leaves as others made them, and tool calls without a post_step. */
// The page imports no core module but displayText: these are core/authorshipText.ts's words, the same.
type KeptReason = NonNullable<NonNullable<PanelState['agentOnly']>['keptReasons']>[number];
const KEPT_REASON_LABELS: Record<KeptReason, string> = { outside_tool_calls: 'yours', other_session: 'another session’s', unknown: 'unknown', not_in_scope: 'not in scope' };
const OUTSIDE_TOOL_CALLS_WHO = 'you, or another program';

function keptCounts(reasons: readonly KeptReason[]): string {
  return (Object.keys(KEPT_REASON_LABELS) as KeptReason[])
    .map((r) => [r, reasons.filter((x) => x === r).length] as const)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${formatCount(n)} ${KEPT_REASON_LABELS[r]}`)
    .join(', ');
}

function keptList(state: PanelState): string {
  const a = state.agentOnly;
  if (!a) return '';
  const row = (p: string, kind: string, mark = 'K') => `<li><span class="mark kept" aria-hidden="true">${mark}</span><span class="name">${shownHtml(p)}</span><span class="kind">${shownHtml(kind)}</span></li>`;
  const rows = a.kept.map((p, i) => row(p, KEPT_REASON_LABELS[a.keptReasons?.[i] ?? 'outside_tool_calls'])).join('');
  const merged = a.merged ?? [];
  const marked = a.conflictMarkers ?? [];
  const unclosed = a.unclosed.length
    ? `<p class="note">${shownHtml(`${plural(a.unclosed.length, 'tool call')} had no post_step (a crash or a missed hook): whose changes they hold is unknown, so they are kept.`)}</p>`
    : '';
  const reasons = a.keptReasons ? keptCounts(a.kept.map((_, i) => a.keptReasons?.[i] ?? 'outside_tool_calls')) : '';
  const empty = a.kept.length + merged.length + marked.length === 0;
  const body = empty ? `<p class="empty">${shownHtml('Nobody else changed a file since the checkpoint.')}</p>` : a.kept.length > 0 ? `<ul class="kept">${rows}</ul>` : '';
  // Each heading counts the rows under it: a merged path is written (only the agent's part taken
  // out), so it is no kept path, and a path with conflict markers is neither.
  const mergedPart = merged.length
    ? `<h2>${shownHtml(`Merged (others’ changes stay, the agent’s taken out): ${formatCount(merged.length)}`)}</h2><ul class="kept merged">${merged
        .map((p) => row(p, state.mode === 'preview' ? 'only the agent’s changes will be taken out' : 'only the agent’s changes were taken out', 'M'))
        .join('')}</ul>`
    : '';
  const markedPart = marked.length
    ? `<h2>${shownHtml(`Conflict markers written: ${formatCount(marked.length)}`)}</h2><ul class="kept conflict-markers">${marked.map((p) => row(p, 'conflict markers written', 'C')).join('')}</ul>` +
      `<p class="note">${shownHtml('Both the agent and someone else changed the same lines of these files: each now holds both versions between conflict markers. Edit them to settle, or undo the rollback.')}</p>`
    : '';
  // No "Kept: 0" heading over nothing when merged or marked paths follow: their headings say it.
  const keptHeading = a.kept.length > 0 || empty ? `<h2>${shownHtml(`Kept (not the agent’s): ${formatCount(a.kept.length)}${reasons ? ` (${reasons})` : ''}`)}</h2>` : '';
  return `<section class="kept-paths">${keptHeading}${body}${mergedPart}${markedPart}${unclosed}</section>`;
}

/**
 * The whole panel body for a state; `busy` disables the buttons while an action runs. Without
 * `canWrite` (Restricted Mode, or before the host answered) there is no Undo and no Roll Back.
 */
export function renderPanel(state: PanelState, busy: boolean, canWrite: boolean, view: ListView = DEFAULT_LIST_VIEW): string {
  const rows = summaryRows(state)
    .map(([k, v]) => `<tr><th scope="row">${shownHtml(k)}</th><td>${v}</td></tr>`)
    .join('');
  const undone = state.rollback?.undone ? `<p class="note">This rollback was undone.</p>` : '';
  return (
    correctionHeader(state) +
    `<header><h1>${shownHtml(heading(state))}</h1><p class="subtitle">${subtitle(state)}</p></header>` +
    `<table class="summary"><tbody>${rows}</tbody></table>` +
    undone +
    counts(state) +
    undoneWorkNote(state) +
    (!canWrite && offersWrite(state) ? RESTRICTED_NOTE : '') +
    toolbar(state, busy, canWrite) +
    (state.agentOnly ? `<h2>${shownHtml(`Undone (the agent’s): ${formatCount(state.changes.length)}`)}</h2>` : '') +
    changeList(state, canWrite, busy, view) +
    keptList(state)
  );
}

/** Whether the panel would offer Roll Back or Undo (given a trusted workspace). */
function offersWrite(state: PanelState): boolean {
  return state.mode === 'preview' || ((state.mode === 'rollback' || state.mode === 'undo') && state.rollback !== null && !state.rollback.undone);
}

const RESTRICTED_NOTE = '<p class="note restricted">Restricted Mode: rolling back and undoing run git and write files, so they need a trusted workspace.</p>';

/**
 * What a screen reader is told when the panel shows a new state: one short sentence in the live
 * region, instead of the whole panel read again.
 */
export function announcement(state: PanelState, busy: boolean): string {
  if (busy) return 'Working…';
  const n = state.changes.length;
  const files = plural(n, 'file');
  switch (state.mode) {
    case 'rollback':
      return state.rollback?.undone ? 'Rollback undone.' : `Rollback complete: ${files} changed.`;
    case 'undo':
      return `Rollback undone: ${files} changed.`;
    case 'preview':
      return `Rollback preview: ${files} would change.`;
    default:
      return `${HEADINGS[state.mode]}: ${files} ${n === 1 ? 'differs' : 'differ'}.`;
  }
}

export function renderEmpty(): string {
  return '<p class="empty">Nothing to show.</p>';
}
