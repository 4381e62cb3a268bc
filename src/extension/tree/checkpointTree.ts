import * as vscode from 'vscode';
import type { Checkpoint } from '../../core/checkpoint';
import type { Plan } from '../../core/plan';
import { Commands, SETTINGS_SECTION, TreeItemContext } from '../commandIds';
import { AUTO_CHECKPOINTS_SETTING, autoCheckpointsEnabled, autoCheckpointsOffRow } from './autoCheckpointsRow';
import { ContextKeys, planStatesValue, type DatabaseState } from './contextKeys';
import { PRESERVE_FOCUS } from '../rollback/rollbackCommandIds';
import { Debouncer } from '../debouncer';
import type { FolderServices } from '../folderServices';
import { shown, shownMarkdown, shownMessage } from '../shownText';
import { checkpointAccessibilityLabel, checkpointContextValue, checkpointIcon, isFinished, planContextValue, planIcon } from './treePresentation';
import { checkpointRowDescription, checkpointRowLabel, decisionRowDescription, planRowAccessibilityLabel, planRowDescription, rowTooltipMarkdown } from './treeRowPresentation';
import { decisionIcon } from './decisionPresentation';
import { groupByPrompt, hookAgentOf, isPromptCheckpoint } from '../../core/hookCheckpoints';
import { databaseErrorRows, databaseGoneRow } from './databaseErrorRows';
import { placeSafetyCheckpoints } from './safetyPlacement';
import { SAFETY_GROUP_TOOLTIP, safetyGroupDescription, safetyGroupLabel } from './treePresentation';
import { ShortIds } from '../../core/shortIds';
import { contextOf, fetchedOrigins, newRemoteGroup, remoteGroupItem } from './remoteGroup';
import { PLAN_URI_SCHEME, aggregate, collapsibleName, themeIcon } from './treeItemParts';
export { FinishedPlanDecorations } from './treeItemParts';

export type { FolderNode, PlanNode, DecisionNode, CheckpointNode, MessageNode, SafetyGroupNode, TreeNode, TreeRow } from './treeNodes';
import type { FolderNode, PlanNode, DecisionNode, CheckpointNode, MessageNode, SafetyGroupNode, TreeNode, TreeRow } from './treeNodes';


/** A database change is shown after this quiet time, and at the latest after REFRESH_MAX_WAIT_MS. */
export const REFRESH_DEBOUNCE_MS = 250;
export const REFRESH_MAX_WAIT_MS = 1000;
/** How often relative times ("5 min ago") are brought up to date while the view is visible. */
const CLOCK_TICK_MS = 60_000;

/**
 * Workspace folder (only when there are several) → plans → checkpoints, newest first. Item ids are
 * stable (folder URI + plan or checkpoint id), so a refresh keeps what is expanded and selected.
 * The data comes from the services of each folder; nothing here shows UI of its own.
 */
export class CheckpointTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  /** When each row was last drawn (see shownAt). */
  private readonly drawnAt = new WeakMap<TreeNode, Date>();
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  private readonly debouncer = new Debouncer(() => this.refresh(), REFRESH_DEBOUNCE_MS, REFRESH_MAX_WAIT_MS);
  private readonly folderStates = new Map<string, DatabaseState>();
  /** Folders whose database this window saw and then found gone. */
  private readonly goneDatabases = new Set<string>();
  /** The plans each folder listed last, for the palette's context key (planStates). */
  private readonly folderPlans = new Map<string, Plan[]>();
  /** Nodes this tree handed out: commands tell a tree node from arguments given by code. */
  private readonly issued = new WeakSet<object>();
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly services: FolderServices,
    private readonly log: vscode.LogOutputChannel,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.disposables.push(
      services.onDidChangeDatabase(() => this.debouncer.schedule()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.${AUTO_CHECKPOINTS_SETTING}`)) this.refresh();
      }),
    );
  }

  /** Reloads everything now. */
  refresh(): void {
    this.changed.fire(undefined);
  }

  /** Reloads soon; many calls in a burst make one reload. */
  scheduleRefresh(): void {
    this.debouncer.schedule();
  }

  isNode(value: unknown): value is TreeNode {
    return typeof value === 'object' && value !== null && this.issued.has(value);
  }

  /** Keeps relative times current while the view is visible. */
  attach(view: vscode.TreeView<TreeNode>): vscode.Disposable {
    let timer: ReturnType<typeof setInterval> | undefined;
    const update = () => {
      if (view.visible && !timer) timer = setInterval(() => this.refresh(), CLOCK_TICK_MS);
      if (!view.visible && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    update();
    const sub = view.onDidChangeVisibility(update);
    return new vscode.Disposable(() => {
      sub.dispose();
      if (timer) clearInterval(timer);
    });
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) {
      const folders = this.services.folders();
      this.forgetFoldersExcept(folders);
      if (folders.length === 0) {
        await ContextKeys.databaseState.set('noFolder');
        return [];
      }
      if (folders.length === 1) return this.loadFolder(folders[0], undefined);
      return folders.map((folder) => this.issue<FolderNode>({ kind: 'folder', id: `${folder.uri.toString()}`, folder }));
    }
    switch (node.kind) {
      case 'folder':
        return this.loadFolder(node.folder, node);
      case 'decision':
        return [...this.decisionNodes(node.planNode, node, node.decision.decision_id), ...this.checkpointNodes(node.planNode, node, node.decision.decision_id)];
      case 'plan':
        return [...this.decisionNodes(node, node, undefined), ...this.checkpointNodes(node, node, undefined)];
      case 'checkpoint': {
        const at = (c: Checkpoint) => `${node.planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}`;
        const safety = node.safety ?? [];
        // A plain checkpoint's only children are its rollbacks' safety checkpoints (the row starts folded);
        // a prompt's are folded into one row above its tool calls.
        if (node.steps === undefined) return [...safety].reverse().map((c) => this.checkpointNode(node.planNode, node, c, at(c)));
        const group = safety.length > 0 ? [this.issue<SafetyGroupNode>({ kind: 'safetyGroup', id: `${node.id}/safety`, folder: node.folder, plan: node.plan, planNode: node.planNode, checkpoints: safety, parent: node })] : [];
        return [...group, ...[...node.steps].reverse().map((c) => this.checkpointNode(node.planNode, node, c, at(c)))];
      }
      case 'remoteGroup':
        return node.plans;
      case 'safetyGroup':
        return [...node.checkpoints].reverse().map((c) => this.checkpointNode(node.planNode, node.parent, c, `${node.planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}`));
      default:
        return [];
    }
  }

  /** The checkpoints shown under `parent`, newest first: those aligned to decision `of`, or (under the plan) to no decision shown. */
  private checkpointNodes(planNode: PlanNode, parent: PlanNode | DecisionNode, of: string | undefined): CheckpointNode[] {
    const known = new Set(planNode.decisions.map((d) => d.decision_id));
    const here = planNode.checkpoints.filter((c) => !planNode.safety.placed.has(c.checkpoint_id) && (of === undefined ? c.decision_id === null || !known.has(c.decision_id) : c.decision_id === of));
    // A decision reached under two decisions it builds on shows its checkpoints under each: the ids differ by the parent.
    const id = (c: Checkpoint) => (of === undefined ? `${planNode.folder.uri.toString()}#checkpoint/${c.checkpoint_id}` : `${parent.id}/checkpoint/${c.checkpoint_id}`);
    if (of === undefined && hookAgentOf(planNode.checkpoints) !== undefined) {
      // A plan fed by an agent's hooks: a row per prompt (its checkpoint), the tool calls' checkpoints under it.
      const { before, groups } = groupByPrompt(here);
      return [
        ...[...groups].reverse().map((g) => this.checkpointNode(planNode, parent, g.prompt, id(g.prompt), g.steps)),
        ...[...before].reverse().map((checkpoint) => this.checkpointNode(planNode, parent, checkpoint, id(checkpoint))),
      ];
    }
    return [...here].reverse().map((checkpoint) => this.checkpointNode(planNode, parent, checkpoint, id(checkpoint)));
  }

  private checkpointNode(planNode: PlanNode, parent: CheckpointNode['parent'], checkpoint: Checkpoint, id: string, steps?: readonly Checkpoint[]): CheckpointNode {
    const safety = planNode.safety.under.get(checkpoint.checkpoint_id);
    return this.issue<CheckpointNode>({ kind: 'checkpoint', id, folder: planNode.folder, plan: planNode.plan, checkpoint, planNode, parent, ...(steps ? { steps } : {}), ...(safety ? { safety } : {}) });
  }

  /** The decisions shown under `parent`: those that build on `on`, or on nothing known (under the plan). */
  private decisionNodes(planNode: PlanNode, parent: PlanNode | DecisionNode, on: string | undefined): DecisionNode[] {
    const known = new Set(planNode.decisions.map((d) => d.decision_id));
    const here = planNode.decisions.filter((d) => (on === undefined ? !d.depends_on.some((x) => known.has(x)) : d.depends_on.includes(on)));
    return here.map((decision) =>
      this.issue<DecisionNode>({
        kind: 'decision',
        id: `${parent.id}/decision/${decision.decision_id}`,
        folder: planNode.folder,
        plan: planNode.plan,
        decision,
        planNode,
        parent,
      }),
    );
  }

  getParent(node: TreeNode): TreeNode | undefined {
    // A safety checkpoint of a prompt's group row is listed by that row; its node names the prompt, the group is between.
    if (node.kind === 'checkpoint' && node.parent.kind === 'checkpoint' && node.parent.steps !== undefined && node.parent.safety?.some((c) => c.checkpoint_id === node.checkpoint.checkpoint_id)) {
      return this.issue<SafetyGroupNode>({ kind: 'safetyGroup', id: `${node.parent.id}/safety`, folder: node.folder, plan: node.plan, planNode: node.planNode, checkpoints: node.parent.safety, parent: node.parent });
    }
    return node.kind === 'folder' ? undefined : node.parent;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    // Drawn now: its tooltip, resolved later, speaks of the same moment.
    this.drawnAt.set(node, this.now());
    switch (node.kind) {
      case 'folder': {
        const item = new vscode.TreeItem(shown(node.folder.name), vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('root-folder');
        item.contextValue = TreeItemContext.folder;
        item.tooltip = shown(node.folder.uri.fsPath);
        return item;
      }
      case 'plan': {
        const { plan } = node;
        const finished = isFinished(plan);
        const state =
          node.checkpoints.length === 0 && node.decisions.length === 0
            ? vscode.TreeItemCollapsibleState.None
            : finished
              ? vscode.TreeItemCollapsibleState.Collapsed
              : vscode.TreeItemCollapsibleState.Expanded;
        const item = new vscode.TreeItem(shown(plan.title), state);
        item.id = node.id;
        item.description = shown(planRowDescription(node));
        item.iconPath =
          node.interrupted || node.sandboxMissing
            ? themeIcon({ id: 'warning', color: 'list.warningForeground' })
            : node.inProgress
              ? themeIcon({ id: 'sync~spin' })
              : themeIcon(planIcon(plan));
        item.contextValue = contextOf(planContextValue(plan, node.checkpoints, node.interrupted !== undefined, node.sandboxMissing === true), node.origin !== undefined);
        if (finished) item.resourceUri = vscode.Uri.from({ scheme: PLAN_URI_SCHEME, path: `/${plan.plan_id}`, query: plan.state });
        item.accessibilityInformation = { label: shown(planRowAccessibilityLabel(node)) };
        return item;
      }
      case 'decision': {
        const { decision } = node;
        const hasDependents = node.planNode.decisions.some((d) => d.depends_on.includes(decision.decision_id));
        const hasCheckpoints = node.planNode.checkpoints.some((c) => c.decision_id === decision.decision_id);
        // Its checkpoints start folded: the decisions read as an outline, the snapshots are one click away.
        const state = hasDependents ? vscode.TreeItemCollapsibleState.Expanded : hasCheckpoints ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
        const item = new vscode.TreeItem(shown(decision.title), state);
        item.id = node.id;
        item.description = shown(decisionRowDescription(node, this.shownAt(node)));
        item.iconPath = themeIcon(decisionIcon(decision));
        const decisionContext = decision.state === 'reverted' ? TreeItemContext.revertedDecision : TreeItemContext.decision;
        // A fetched plan's decisions are read-only here: no Revert, no Undo Correction.
        item.contextValue = node.plan.state === 'applied' ? undefined : contextOf(decisionContext, node.planNode.origin !== undefined);
        if (decision.state === 'reverted') item.resourceUri = vscode.Uri.from({ scheme: PLAN_URI_SCHEME, path: `/${decision.decision_id}`, query: 'reverted' });
        item.accessibilityInformation = { label: `Decision ${shown(decision.title)}, ${item.description}` };
        return item;
      }
      case 'checkpoint': {
        const { checkpoint, steps } = node;
        const newestPrompt = steps !== undefined && [...node.planNode.checkpoints].reverse().find((c) => isPromptCheckpoint(c))?.checkpoint_id === checkpoint.checkpoint_id;
        const safety = node.safety?.length ?? 0;
        // A row with only safety checkpoints under it starts folded: they are there to undo a rollback, not to read.
        const collapsible =
          steps !== undefined && steps.length > 0 && newestPrompt
            ? vscode.TreeItemCollapsibleState.Expanded
            : (steps?.length ?? 0) > 0 || safety > 0
              ? vscode.TreeItemCollapsibleState.Collapsed
              : vscode.TreeItemCollapsibleState.None;
        const item = new vscode.TreeItem(shown(checkpointRowLabel(node)), collapsible);
        item.id = node.id;
        // The time comes first, so that a narrow sidebar still shows it; the decision is the row's parent.
        item.description = shown(checkpointRowDescription(node, this.shownAt(node)));
        item.iconPath = steps === undefined ? themeIcon(checkpointIcon(checkpoint)) : new vscode.ThemeIcon('comment');
        item.contextValue = contextOf(checkpointContextValue(node.plan, checkpoint, node.planNode.checkpoints[0]?.checkpoint_id === checkpoint.checkpoint_id) + (steps === undefined ? '' : '.prompt'), node.planNode.origin !== undefined);
        item.accessibilityInformation = { label: shown(checkpointAccessibilityLabel(node.plan, checkpoint, this.shownAt(node))) };
        // A click (or Enter) compares with the files as they are now: looking is the easy thing, rolling back is not.
        // In Restricted Mode a comparison runs git: the command says so and offers to trust the workspace (a click that did nothing was taken for a bug).
        item.command = { command: Commands.compareWithCurrent, title: 'Compare with Current', arguments: [node, PRESERVE_FOCUS] };
        return item;
      }
      case 'safetyGroup': {
        const item = new vscode.TreeItem(shown(safetyGroupLabel(node.checkpoints.length)), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = node.id;
        item.description = shown(safetyGroupDescription(node.checkpoints, this.shownAt(node)));
        item.iconPath = themeIcon(checkpointIcon(node.checkpoints[0]!));
        item.tooltip = shown(SAFETY_GROUP_TOOLTIP);
        item.contextValue = TreeItemContext.safetyGroup;
        return item;
      }
      case 'remoteGroup':
        return remoteGroupItem(node);
      case 'message': {
        const item = new vscode.TreeItem(shownMessage(node.label), vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.severity === 'error' ? 'error' : 'info', node.severity === 'error' ? new vscode.ThemeColor('errorForeground') : undefined);
        item.tooltip = node.tooltip === undefined ? undefined : shownMessage(node.tooltip);
        item.command = node.command;
        if (node.description !== undefined) item.description = shownMessage(node.description);
        item.contextValue = node.contextValue ?? TreeItemContext.message;
        return item;
      }
    }
  }

  /** Markdown tooltips are built when hovered, not for every row of every refresh. */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    const markdown = rowTooltipMarkdown(node, this.shownAt(node));
    if (markdown !== undefined) item.tooltip = shownMarkdown(markdown);
    return item;
  }

  /** The whole tree, loaded now, as plain rows (tooltips included). */
  async describe(node?: TreeNode): Promise<TreeRow[]> {
    const rows: TreeRow[] = [];
    for (const child of await this.getChildren(node)) {
      const item = this.getTreeItem(child);
      const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
      rows.push({
        id: item.id ?? child.id,
        label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
        description: typeof item.description === 'string' ? item.description : undefined,
        contextValue: item.contextValue,
        icon,
        tooltip: rowTooltipMarkdown(child, this.shownAt(child)) ?? (typeof item.tooltip === 'string' ? item.tooltip : undefined),
        collapsible: collapsibleName(item.collapsibleState),
        children: await this.describe(child),
      });
    }
    return rows;
  }

  /** Finds a plan's node, or one of its checkpoints', loading the folder now (for reveal). */
  async findNode(folder: vscode.WorkspaceFolder, planId: string, checkpointId?: string): Promise<TreeNode | undefined> {
    const roots = await this.getChildren();
    const folderNode = roots.find((n): n is FolderNode => n.kind === 'folder' && n.folder.uri.toString() === folder.uri.toString());
    const plans = (folderNode ? await this.getChildren(folderNode) : roots).flatMap((n) => (n.kind === 'remoteGroup' ? n.plans : [n]));
    const planNode = plans.find((n): n is PlanNode => n.kind === 'plan' && n.plan.plan_id === planId);
    if (!planNode || checkpointId === undefined) return planNode;
    // A checkpoint may be under its decision, and that under others: depth first.
    const search = async (under: TreeNode): Promise<TreeNode | undefined> => {
      for (const child of await this.getChildren(under)) {
        if (child.kind === 'checkpoint' && child.checkpoint.checkpoint_id === checkpointId) return child;
        if (child.kind === 'decision' || child.kind === 'safetyGroup' || (child.kind === 'checkpoint' && (child.steps !== undefined || child.safety !== undefined))) {
          const found = await search(child);
          if (found) return found;
        }
      }
      return undefined;
    };
    return search(planNode);
  }

  /**
   * The moment a row's relative times are said from: the one its row was drawn at, so that the
   * tooltip (resolved later, on hover) says what the row says.
   */
  private shownAt(node: TreeNode): Date {
    let at = this.drawnAt.get(node);
    if (!at) {
      at = this.now();
      this.drawnAt.set(node, at);
    }
    return at;
  }

  dispose(): void {
    this.debouncer.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private async loadFolder(folder: vscode.WorkspaceFolder, parent: FolderNode | undefined): Promise<TreeNode[]> {
    const prefix = folder.uri.toString();
    try {
      if (!(await this.services.databaseExists(folder))) {
        // Seen before in this window, gone now (deleted or moved by hand): said in a row, not by an empty view.
        const had = this.folderStates.get(prefix);
        if (had === 'ready' || had === 'empty') this.goneDatabases.add(prefix);
        this.folderPlans.delete(prefix);
        await ContextKeys.planStates.set(planStatesValue([...this.folderPlans.values()].flat()));
        await this.setFolderState(folder, 'missing');
        if (this.goneDatabases.has(prefix)) return [this.issue<MessageNode>({ ...databaseGoneRow(folder, this.services.databaseUri(folder).fsPath), parent })];
        return parent ? [this.noPlansHint(folder, parent)] : [];
      }
      this.goneDatabases.delete(prefix);
      const { plans, checkpoints, recovery, corrections } = await this.services.services(folder);
      const loaded: Omit<PlanNode, 'shortIds'>[] = [];
      const ids: string[] = [];
      for (const plan of [...(await plans.listPlans())].reverse()) {
        const list = await checkpoints.listCheckpoints(plan.plan_id);
        const decisions = (await corrections.listDecisions(plan.plan_id)).map((d) => d.decision);
        ids.push(plan.plan_id, ...list.map((c) => c.checkpoint_id), ...decisions.map((d) => d.decision_id), ...(await corrections.listCorrections(plan.plan_id)).map((c) => c.correction_id));
        loaded.push({
          kind: 'plan',
          id: `${prefix}#plan/${plan.plan_id}`,
          folder,
          plan,
          checkpoints: list,
          interrupted: await recovery.interrupted(plan.plan_id).catch(() => undefined),
          inProgress: await recovery.inProgress(plan.plan_id).catch(() => undefined),
          decisions,
          // Applied plans keep their checkpoints for the record: a sandbox cleaned up after is expected.
          sandboxMissing: plan.state !== 'applied' && (await checkpoints.sandboxMissing(plan.plan_id).catch(() => false)),
          safety: placeSafetyCheckpoints(list, hookAgentOf(list) !== undefined),
          parent,
        });
      }
      // The same short ids as the CLI's (core/shortIds): made from every id of the folder.
      const shortIds = new ShortIds(ids);
      // Plans fetched from a git remote go under the Remote group, after the folder's own.
      const origins = fetchedOrigins(folder, (m) => this.log.warn(m));
      const group = this.issue(newRemoteGroup(folder, parent));
      const nodes: TreeNode[] = [];
      for (const p of loaded) {
        const origin = origins.get(p.plan.plan_id);
        if (origin) group.plans.push(this.issue<PlanNode>({ ...p, shortIds, origin, parent: group }));
        else nodes.push(this.issue<PlanNode>({ ...p, shortIds }));
      }
      this.folderPlans.set(prefix, [...nodes, ...group.plans].map((n) => (n as PlanNode).plan));
      if (group.plans.length > 0) nodes.push(group);
      await ContextKeys.planStates.set(planStatesValue([...this.folderPlans.values()].flat()));
      await this.setFolderState(folder, nodes.length > 0 ? 'ready' : 'empty');
      if (nodes.length === 0) return parent ? [this.noPlansHint(folder, parent)] : nodes;
      // Said in a row with its button, not only in a tooltip: without them an executing plan gets no checkpoint of its writes.
      if (vscode.workspace.isTrusted && !autoCheckpointsEnabled()) nodes.unshift(this.issue<MessageNode>({ ...autoCheckpointsOffRow(prefix), folder, parent }));
      return nodes;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Cannot list the plans of ${folder.uri.fsPath}: ${error instanceof Error ? (error.stack ?? message) : message}`);
      await this.setFolderState(folder, 'error');
      return databaseErrorRows(folder, parent, error, vscode.workspace.isTrusted).map((row) => this.issue(row));
    }
  }

  private noPlansHint(folder: vscode.WorkspaceFolder, parent: FolderNode): MessageNode {
    return this.issue<MessageNode>({
      kind: 'message',
      id: `${folder.uri.toString()}#no-plans`,
      folder,
      label: 'No plans yet',
      tooltip: 'Click to create a plan in this folder.',
      severity: 'info',
      command: { command: Commands.createPlan, title: 'Create Plan', arguments: [{ folder: folder.uri.toString() }] },
      parent,
    });
  }

  private issue<T extends TreeNode>(node: T): T {
    this.issued.add(node);
    return node;
  }

  private async setFolderState(folder: vscode.WorkspaceFolder, state: DatabaseState): Promise<void> {
    this.folderStates.set(folder.uri.toString(), state);
    await ContextKeys.databaseState.set(aggregate([...this.folderStates.values()]));
  }

  private forgetFoldersExcept(folders: readonly vscode.WorkspaceFolder[]): void {
    const keep = new Set(folders.map((f) => f.uri.toString()));
    for (const key of this.folderStates.keys()) if (!keep.has(key)) this.folderStates.delete(key);
    for (const key of this.folderPlans.keys()) if (!keep.has(key)) this.folderPlans.delete(key);
  }
}
