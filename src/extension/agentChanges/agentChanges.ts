import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LineAuthor } from '../../core/provenance/lineProvenance';
import type { BlameTimings } from '../../core/provenance/provenanceService';
import { ShortIds, workspaceIds } from '../../core/shortIds';
import { Commands } from '../commandIds';
import { Debouncer } from '../debouncer';
import type { FolderServices } from '../folderServices';
import { formatRelativeTime } from '../tree/treePresentation';
import { shownMarkdown, showInfo, showModal, showPick, showWarning } from '../shownText';
import { checkpointFileUri } from '../checkpointDocuments/checkpointContentProvider';
import { commandLink, hoverMarkdown, lineEditOf, lineMarks, markAt, shiftMarks, type LineMark, type MarkGroup } from './lineMarks';

// Show Agent Changes: a toggle (command and status-bar item) that marks the active file's lines by
// who wrote them, a hover with the tool call and its links, and Undo This Change. Marks follow the
// document's edits at once (shiftMarks; painted after a short pause); who wrote what is worked out
// again only after a pause in typing (against the unsaved text: the lines typed since the last
// checkpoint are the user's), on save, and when the view's checkpoints change, never per
// keystroke. A recompute runs no git once the file's checkpoints were read (the provenance
// service keeps what it read), and reads what an earlier one kept (core/provenance/planBlame.ts).

/** Where a tool call's change is: what the hover's links and Undo This Change are given. */
interface ToolCallTarget {
  readonly folder: string;
  readonly planId: string;
  readonly checkpointId: string;
  /** The file, relative to the workspace folder. */
  readonly path: string;
  /** From code (tests, other extensions): this hunk without asking, and no confirmation. */
  readonly hunk?: number;
  readonly yes?: boolean;
}

const COLORS: Record<MarkGroup, string> = { agent: 'cleveragents.agentLineBackground', user: 'cleveragents.userLineBackground', unknown: 'cleveragents.unknownLineBackground' };
const GUTTER: Record<MarkGroup, string> = { agent: 'cleveragents.agentLineGutter', user: 'cleveragents.userLineGutter', unknown: 'cleveragents.unknownLineGutter' };

/** A file's marks were set: worked out (`computed`) or moved with an edit (`moved`); for tests and other extensions. */
export interface AgentMarksSet {
  readonly uri: string;
  readonly cause: 'computed' | 'moved';
  /** Worked out: how long the provenance engine took (reading the store and comparing versions). */
  readonly workedOutMs?: number;
  /**
   * Worked out: where the time went, in milliseconds: `startedAt` (performance.now() in this
   * process when the work began: what came before was VS Code's), the folder's services
   * (`services`: made on first use), then the engine's phases (ProvenanceService.blame's
   * BlameTimings), the marks made of its answer (`marks`) and painted (`paint`). What the phases
   * leave of `workedOutMs` is the extension host's other work between them.
   */
  readonly phases?: Readonly<Record<string, number>>;
}

/** Marks and Undo This Change read the shadow store with git (and the undo writes files): off in Restricted Mode, with a word why. */
function trusted(): boolean {
  if (vscode.workspace.isTrusted) return true;
  void showWarning('Show Agent Changes and Undo This Change run git and write files: trust this workspace to use them (Restricted Mode is on).');
  return false;
}

export class AgentChanges implements vscode.Disposable {
  private on = false;
  private marks = new Map<string, LineMark[]>();
  /** The file whose marks are being worked out, and whether another run was asked for meanwhile. */
  private running: { readonly uri: string; readonly abort: AbortController; again: boolean } | undefined;
  private readonly types: Record<MarkGroup, vscode.TextEditorDecorationType>;
  private readonly status: vscode.StatusBarItem;
  private readonly recompute = new Debouncer(() => void this.refresh(), 800, 3000);
  /** Documents whose marks moved with an edit and wait to be painted. */
  private readonly moved = new Set<vscode.TextDocument>();
  private readonly repaint = new Debouncer(() => this.paintMoved(), 100, 300);
  private readonly marksSet = new vscode.EventEmitter<AgentMarksSet>();
  /** Fires when a file's marks are set. */
  readonly onDidSetMarks = this.marksSet.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly folders: FolderServices,
    reveal: (folder: vscode.WorkspaceFolder, planId: string, checkpointId?: string) => Promise<void>,
  ) {
    const type = (g: MarkGroup) =>
      vscode.window.createTextEditorDecorationType({
        isWholeLine: true,
        backgroundColor: new vscode.ThemeColor(COLORS[g]),
        overviewRulerColor: new vscode.ThemeColor(GUTTER[g]),
        overviewRulerLane: vscode.OverviewRulerLane.Left,
        borderColor: new vscode.ThemeColor(GUTTER[g]),
        borderStyle: 'solid',
        borderWidth: '0 0 0 3px',
      });
    this.types = { agent: type('agent'), user: type('user'), unknown: type('unknown') };
    this.status = vscode.window.createStatusBarItem('cleveragents.agentChanges', vscode.StatusBarAlignment.Right, 90);
    this.status.name = 'Show Agent Changes';
    this.status.command = Commands.showAgentChanges;
    this.showStatus();
    this.status.show();
    this.disposables.push(
      this.status,
      ...Object.values(this.types),
      vscode.window.onDidChangeActiveTextEditor(() => this.on && void this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => this.follow(e)),
      vscode.workspace.onDidSaveTextDocument(() => this.on && this.recompute.schedule()),
      vscode.languages.registerHoverProvider({ scheme: 'file' }, { provideHover: (doc, pos) => this.hover(doc, pos) }),
      vscode.commands.registerCommand(Commands.showAgentChanges, () => this.toggle()),
      vscode.commands.registerCommand(Commands.undoThisChange, (t: ToolCallTarget) => this.undo(t)),
      vscode.commands.registerCommand(Commands.compareBeforeToolCall, (t: ToolCallTarget) => this.compare(t)),
      vscode.commands.registerCommand(Commands.revealPlan, async (folderUri: string, planId: string, checkpointId?: string) => {
        const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
        if (folder && typeof planId === 'string') await reveal(folder, planId, typeof checkpointId === 'string' ? checkpointId : undefined);
      }),
      this.recompute,
      this.repaint,
      this.marksSet,
    );
  }

  /** The marks held for an open file (0-based lines, `end` exclusive). */
  marksOf(uri: vscode.Uri): readonly { start: number; end: number; group: MarkGroup }[] {
    return (this.marks.get(uri.toString()) ?? []).map(({ start, end, group }) => ({ start, end, group }));
  }

  /** A new checkpoint (the view refreshed): the marks may have changed. */
  checkpointsChanged(): void {
    if (this.on) this.recompute.schedule();
  }

  async toggle(): Promise<void> {
    if (!this.on && !trusted()) return;
    this.on = !this.on;
    this.showStatus();
    if (this.on) await this.refresh();
    else {
      this.running?.abort.abort();
      for (const editor of vscode.window.visibleTextEditors) this.paint(editor, []);
    }
  }

  private showStatus(): void {
    this.status.text = this.on ? '$(eye) Agent Changes' : '$(eye-closed) Agent Changes';
    this.status.tooltip = shownMarkdown('**Show Agent Changes** (click to turn ' + (this.on ? 'off' : 'on') + ')\n\n- left bar, tinted: an agent’s tool call wrote the line\n- left bar, other tint: you (or another program) between tool calls\n- third tint: a fence was missed, the author is unknown\n- unmarked: there before any checkpoint');
  }

  /**
   * Works out who wrote each line of the active file again. One at a time: a call for the file
   * being worked out asks for one more run after it (which reads what this one keeps, so costs a
   * comparison with the text then); a call for another file stops this one at its next pause (its
   * answer would be for a file no longer shown).
   */
  async refresh(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!this.on || !editor || editor.document.uri.scheme !== 'file') return;
    const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
    if (!folder) return;
    const rel = path.relative(folder.uri.fsPath, editor.document.uri.fsPath).split(path.sep).join('/');
    const doc = editor.document;
    const uri = doc.uri.toString();
    if (this.running?.uri === uri) {
      this.running.again = true;
      return;
    }
    this.running?.abort.abort();
    const run = { uri, abort: new AbortController(), again: false };
    this.running = run;
    const version = doc.version;
    // Unsaved edits: the text as the editor holds it (encoded as UTF-8); else the file on disk, byte for byte.
    const text = doc.isDirty ? new TextEncoder().encode(doc.getText()) : undefined;
    let marks: LineMark[] = [];
    const started = performance.now();
    // A plain object made here: the engine's modules load at first use, not with this view.
    const timings: BlameTimings = { fileMs: 0, storeWaitMs: 0, rowsMs: 0, idsMs: 0, keptMs: 0, compareMs: 0, remembered: false };
    let servicesMs = 0;
    let marksMs = 0;
    try {
      const services = await this.folders.services(folder);
      servicesMs = performance.now() - started;
      const result = await services.provenance.blame(rel, undefined, text, run.abort.signal, timings);
      const marking = performance.now();
      marks = result.blame.state === 'text' ? lineMarks(result.blame.lines) : [];
      marksMs = performance.now() - marking;
    } catch {
      // A file no plan holds (or that went away) has no marks; work stopped for another file sets none.
      marks = [];
    } finally {
      if (this.running === run) this.running = undefined;
    }
    if (run.abort.signal.aborted) return;
    if (run.again) void this.refresh();
    // Edited while it was worked out: the marks would be of another text; the edit scheduled another.
    if (doc.version !== version || !this.on) return;
    this.marks.set(uri, marks);
    this.moved.delete(doc);
    const workedOut = performance.now();
    for (const e of vscode.window.visibleTextEditors) if (e.document === doc) this.paint(e, marks);
    const { remembered, ...engine } = timings;
    const phases = { startedAt: started, services: servicesMs, ...engine, remembered: remembered ? 1 : 0, marks: marksMs, paint: performance.now() - workedOut };
    this.marksSet.fire({ uri, cause: 'computed', workedOutMs: workedOut - started, phases });
  }

  private paintMoved(): void {
    for (const doc of this.moved) {
      const marks = this.marks.get(doc.uri.toString()) ?? [];
      for (const e of vscode.window.visibleTextEditors) if (e.document === doc) this.paint(e, marks);
      this.marksSet.fire({ uri: doc.uri.toString(), cause: 'moved' });
    }
    this.moved.clear();
  }

  private paint(editor: vscode.TextEditor, marks: readonly LineMark[]): void {
    for (const g of Object.keys(this.types) as MarkGroup[]) {
      editor.setDecorations(this.types[g], marks.filter((m) => m.group === g).map((m) => new vscode.Range(m.start, 0, Math.max(m.start, m.end - 1), 0)));
    }
  }

  private follow(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let marks = this.marks.get(key);
    if (!this.on || !marks || e.contentChanges.length === 0) return;
    // Last change first: each one's line numbers are those before any of the event's changes.
    for (const c of [...e.contentChanges].sort((a, b) => b.range.start.line - a.range.start.line)) {
      marks = shiftMarks(marks, lineEditOf(c.range, c.text));
    }
    // Held at once (the hover reads them); painted after a short pause (the editor moves what is
    // painted with the text meanwhile).
    this.marks.set(key, marks);
    this.moved.add(e.document);
    this.repaint.schedule();
    this.recompute.schedule();
  }

  private async hover(doc: vscode.TextDocument, pos: vscode.Position): Promise<vscode.Hover | undefined> {
    if (!this.on) return undefined;
    const mark = markAt(this.marks.get(doc.uri.toString()) ?? [], pos.line);
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
    if (!mark || !folder) return undefined;
    const a: LineAuthor = mark.author;
    const target = a.kind === 'tool_call' ? { folder: folder.uri.toString(), planId: a.plan_id, checkpointId: a.checkpoint_id, path: path.relative(folder.uri.fsPath, doc.uri.fsPath).split(path.sep).join('/') } : undefined;
    const decision = a.kind === 'tool_call' ? await this.decisionOf(folder, a.plan_id, a.checkpoint_id) : undefined;
    const session = a.kind === 'tool_call' ? await this.sessionOf(folder, a.plan_id) : undefined;
    const md = new vscode.MarkdownString(
      hoverMarkdown(mark, {
        now: new Date(),
        relative: formatRelativeTime,
        ...(decision ? { decision } : {}),
        ...(session ? { short: (id: string) => session.short.of(id), planTitle: session.title } : {}),
        links: target ? { reveal: commandLink(Commands.revealPlan, [target.folder, target.planId, target.checkpointId]), compare: commandLink(Commands.compareBeforeToolCall, [target]), undo: commandLink(Commands.undoThisChange, [target]) } : {},
      }),
    );
    // Links to our three commands only; every value in the text is escaped.
    md.isTrusted = { enabledCommands: [Commands.revealPlan, Commands.compareBeforeToolCall, Commands.undoThisChange] };
    md.supportHtml = false;
    return new vscode.Hover(md, new vscode.Range(mark.start, 0, Math.max(mark.start, mark.end - 1), Number.MAX_SAFE_INTEGER));
  }

  /** The session's title and the workspace's short ids (what a person types in the CLI), read when hovered. */
  private async sessionOf(folder: vscode.WorkspaceFolder, planId: string): Promise<{ title: string; short: ShortIds } | undefined> {
    try {
      const services = await this.folders.services(folder);
      const [plan, ids] = await Promise.all([services.plans.getPlan(planId), workspaceIds(services)]);
      return { title: plan.title, short: new ShortIds(ids) };
    } catch {
      return undefined;
    }
  }

  private async decisionOf(folder: vscode.WorkspaceFolder, planId: string, checkpointId: string): Promise<{ title: string; rationale: string | null } | undefined> {
    try {
      const services = await this.folders.services(folder);
      const checkpoint = (await services.checkpoints.listCheckpoints(planId)).find((c) => c.checkpoint_id === checkpointId);
      if (!checkpoint?.decision_id) return undefined;
      const found = (await services.corrections.listDecisions(planId)).find((d) => d.decision.decision_id === checkpoint.decision_id);
      return found ? { title: found.decision.title, rationale: found.decision.rationale } : undefined;
    } catch {
      return undefined;
    }
  }

  /** The file's path in the plan's sandbox, from its path in the workspace folder. */
  private async inSandbox(t: ToolCallTarget) {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === t.folder);
    if (!folder) throw new Error('That workspace folder is no longer open.');
    const services = await this.folders.services(folder);
    const plan = await services.plans.getPlan(t.planId);
    const sandbox = plan.sandbox_path === '.' ? '' : `${plan.sandbox_path.replace(/\/+$/, '')}/`;
    if (!t.path.startsWith(sandbox)) throw new Error('That file is outside the plan’s sandbox.');
    return { folder, services, plan, path: t.path.slice(sandbox.length) };
  }

  private async compare(t: ToolCallTarget): Promise<void> {
    if (!trusted()) return;
    const { services, plan, path: rel } = await this.inSandbox(t);
    const list = await services.checkpoints.listCheckpoints(plan.plan_id);
    const i = list.findIndex((c) => c.checkpoint_id === t.checkpointId);
    const before = i > 0 ? list[i - 1]!.checkpoint_id : null;
    const uri = (checkpointId: string | null) => checkpointFileUri({ folder: t.folder, planId: plan.plan_id, checkpointId, path: rel });
    await vscode.commands.executeCommand('vscode.diff', uri(before), uri(t.checkpointId), `${rel} (before ↔ after the tool call)`);
  }

  /** Undo This Change: choose all of the call's change to the file or one hunk, see what stays, confirm; then an Undo button. */
  private async undo(t: ToolCallTarget): Promise<string | undefined> {
    if (!trusted()) return undefined;
    const { services, plan, path: rel } = await this.inSandbox(t);
    const whole = await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, t.checkpointId, 'tool_call', { path: rel });
    const hunks = whole.summary.change?.hunks ?? [];
    const span = (r: { start: number; count: number }) => (r.count === 0 ? `none before line ${r.start}` : r.count === 1 ? `line ${r.start}` : `lines ${r.start}–${r.start + r.count - 1}`);
    const picked =
      typeof t.hunk === 'number'
        ? { hunk: t.hunk }
        : hunks.length > 1
        ? await showPick(
            [{ label: 'The whole change to this file', hunk: undefined as number | undefined }, ...hunks.map((h) => ({ label: `Hunk ${h.index}`, description: `${span(h.before)} → ${span(h.after)}`, hunk: h.index as number | undefined }))],
            { title: 'Undo This Change', placeHolder: 'Which part of the tool call’s change to take back?' },
          )
        : { hunk: undefined };
    if (!picked) return undefined;
    const change = { path: rel, ...(picked.hunk === undefined ? {} : { hunk: picked.hunk }) };
    const preview = picked.hunk === undefined ? whole : await services.checkpoints.previewAgentOnlyRollback(plan.plan_id, t.checkpointId, 'tool_call', change);
    if (preview.summary.conflicts.length > 0) {
      void showWarning(`Undo This Change is refused: ${rel} was changed on the same lines since the tool call. Nothing was written.`);
      return undefined;
    }
    const go = t.yes === true ? 'Undo This Change' : await showModal(
      `Take back ${picked.hunk === undefined ? 'the tool call’s change' : `hunk ${picked.hunk} of the tool call’s change`} to ${rel}? Later edits in it stay.`,
      ['A safety checkpoint is taken first, so this can be undone.'],
      ['Undo This Change'],
    );
    if (go !== 'Undo This Change') return undefined;
    const outcome = await services.checkpoints.rollbackAgentOnly(plan.plan_id, t.checkpointId, undefined, 'tool_call', change);
    this.recompute.schedule();
    // Not waited for: the command returns the safety checkpoint (its undo) while the offer stands.
    void showInfo(`Took the change back from ${rel}.`, 'Undo').then(async (again) => {
      if (again !== 'Undo') return;
      await services.checkpoints.rollbackToCheckpoint(plan.plan_id, outcome.undo_checkpoint_id);
      this.recompute.schedule();
    });
    return outcome.undo_checkpoint_id;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
