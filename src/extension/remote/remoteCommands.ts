import * as vscode from 'vscode';
import { registerGuardedCommands } from '../commands/trustedCommands';
import * as z from 'zod';
import { shownUrl, type RemoteFailureKind } from '../../core/remoteFailures';
import type { FetchOutcome } from '../../remote/remoteFetch';
import type { RemoteProgress } from '../../remote/remoteProgress';
import type { PushOutcome } from '../../remote/remotePush';
import { readRemoteSettings } from '../../remote/remoteSettings';
import { DEFAULT_MAX_BLOB_BYTES } from '../../remote/privacyRules';
import { Commands, type RemoteCommandName } from '../commandIds';
import { PlanArgsSchema, parseArgs } from '../commands/commandArgs';
import { pickPlan } from '../commands/prompts';
import { folderNamed, type FolderPlan, type FolderServices } from '../folderServices';
import { loadEngine } from '../loadEngine';
import { showError, showInfo, showWarning, withProgressTitled } from '../shownText';
import { fetchedOrigins } from '../tree/remoteGroup';
import type { TreeAccess } from '../rollback/rollbackCommands';
import type { RollbackDialogs } from '../rollback/rollbackDialogs';
import { pickFolder, pickRemote } from './remotePicks';
import { OPEN_TERMINAL, RETRY, SHOW_IN_VIEW, SHOW_LOG, SHOW_WHAT_WOULD_LEAVE, TURN_ON_AND_PUSH, consentText, credentialCommand, failureActions, fetchOutcomeText, pushOutcomeText } from './remoteText';

// Push Session… (a plan row's menu, the palette) and Fetch from Remote… (the view's … menu, the
// palette): the CLI's `agents remote push|fetch` (src/remote, through the engine bundle) with a
// picked remote, the opt-in modal, a cancellable notification with counts, and for each way git
// fails a message with what to do next.

const PushArgsSchema = PlanArgsSchema.extend({ remote: z.string().min(1).max(4096).optional() }).strict();
const FetchArgsSchema = z.object({ folder: z.string().min(1).max(4096).optional(), remote: z.string().min(1).max(4096).optional() }).strict();

export interface RemoteCommandDeps {
  readonly folders: Pick<FolderServices, 'folders' | 'findPlan' | 'planChoices' | 'services'>;
  /** The opt-in modal goes through the rollback features' dialogs: the integration tests answer it. */
  readonly dialogs: Pick<RollbackDialogs, 'confirm'>;
  readonly tree?: TreeAccess;
  readonly channel: vscode.LogOutputChannel;
}

/** What a command run from code gets back when git failed or the person cancelled (it was also said in a notification). */
export interface RemoteFailure {
  readonly failed: { readonly type: string; readonly kind?: RemoteFailureKind; readonly message: string; readonly actions: readonly string[] };
}

function isFailure(value: unknown): value is RemoteFailure {
  return typeof value === 'object' && value !== null && 'failed' in value;
}

/** An error of the engine's own bundle, told apart by its `type` (instanceof would need that bundle's class). */
function remoteErrorOf(error: unknown): { type: string; kind?: RemoteFailureKind } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const type = (error as { type?: unknown }).type;
  if (type !== 'RemoteError' && type !== 'RemoteCancelled') return undefined;
  const kind = (error as { kind?: unknown }).kind;
  return { type, ...(typeof kind === 'string' ? { kind: kind as RemoteFailureKind } : {}) };
}

export class RemoteCommands {
  constructor(private readonly deps: RemoteCommandDeps) {}

  register(): vscode.Disposable {
    const handlers: Record<RemoteCommandName, (arg: unknown) => Promise<unknown>> = {
      pushSession: (arg) => this.pushSession(arg),
      fetchFromRemote: (arg) => this.fetchFromRemote(arg),
    };
    return registerGuardedCommands(Object.keys(handlers) as RemoteCommandName[], {
      run: (name, arg) => handlers[name](arg),
      onError: (error, title) => {
        this.deps.channel.error(`${title}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        void showError(`${title} failed: ${error instanceof Error ? error.message : String(error)}`, SHOW_LOG).then((c) => {
          if (c === SHOW_LOG) this.deps.channel.show(true);
        });
      },
    });
  }

  /** Pushes one plan of this workspace; returns the push's outcome, what failed (said too), or undefined when declined. */
  async pushSession(arg: unknown): Promise<PushOutcome | RemoteFailure | undefined> {
    const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? parseArgs(PushArgsSchema, arg, Commands.pushSession) : undefined;
    const target = await this.planTarget(arg, given);
    if (!target) return undefined;
    const { folder, services, plan } = target;
    const root = folder.uri.fsPath;
    if (fetchedOrigins(folder, (m) => this.deps.channel.warn(m)).has(plan.plan_id)) {
      void showInfo(`“${plan.title}” was fetched from a remote: only the workspace that recorded a plan pushes it.`);
      return undefined;
    }
    const engine = loadEngine();
    const remote = given?.remote ?? (await pickRemote(await engine.workspaceRemotes(root), `Push “${plan.title}” to…`));
    if (remote === undefined) return undefined;
    const ctx = { services, cwd: root, now: () => new Date(), warn: (m: string) => this.deps.channel.warn(m) };
    const settings = await readRemoteSettings(root);
    if (settings?.enabled !== true) {
      // Asked until answered: the dry run opens beside the modal, then the question comes back.
      for (;;) {
        const text = consentText(shownUrl(remote), settings?.max_blob_bytes ?? DEFAULT_MAX_BLOB_BYTES);
        const choice = await this.deps.dialogs.confirm(text.message, text.detail, [TURN_ON_AND_PUSH, SHOW_WHAT_WOULD_LEAVE]);
        if (choice === TURN_ON_AND_PUSH) break;
        if (choice !== SHOW_WHAT_WOULD_LEAVE) return undefined;
        const dry = await this.withRemoteProgress(`What would leave for “${plan.title}”`, (signal, progress) =>
          engine.runRemoteCommand({ name: 'push', remote, planIds: [plan.plan_id], dryRun: true, includePrompts: false }, { ...ctx, signal, progress }),
        );
        if (isFailure(dry)) return dry;
        const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `${dry.text}\n` });
        await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: false });
      }
      await engine.runRemoteCommand({ name: 'enable', allow: [], deny: [] }, ctx);
      this.deps.channel.info(`Pushing turned on for ${root} (Push Session…).`);
    }
    const run = async (): Promise<PushOutcome | RemoteFailure> => {
      const done = await this.withRemoteProgress(
        `Pushing “${plan.title}” to ${shownUrl(remote)}`,
        (signal, progress) => engine.runRemoteCommand({ name: 'push', remote, planIds: [plan.plan_id], dryRun: false, includePrompts: false }, { ...ctx, signal, progress }),
        run,
        { folder, remote },
      );
      if (isFailure(done)) return done;
      const out = (done.json as { push: PushOutcome }).push;
      // Said with the remote as the person chose it (`origin`), not the URL it stands for.
      const said = pushOutcomeText({ ...out, remote: shownUrl(remote) });
      this.deps.channel.info(said.message);
      if (said.ok) void showInfo(said.message);
      else
        void showWarning(said.message, ...(said.mayRetry ? [RETRY] : [])).then((c) => {
          if (c === RETRY) void run();
        });
      return out;
    };
    return run();
  }

  /** Fetches a remote's plans into a folder; returns the fetch's outcome, what failed (said too), or undefined when declined. */
  async fetchFromRemote(arg: unknown): Promise<FetchOutcome | RemoteFailure | undefined> {
    const given = arg !== undefined ? parseArgs(FetchArgsSchema, arg, Commands.fetchFromRemote) : undefined;
    const folders = this.deps.folders.folders();
    const folder = folderNamed(folders, given?.folder) ?? (await pickFolder(folders));
    if (!folder) return undefined;
    const root = folder.uri.fsPath;
    const engine = loadEngine();
    const remote = given?.remote ?? (await pickRemote(await engine.workspaceRemotes(root), 'Fetch plans from…'));
    if (remote === undefined) return undefined;
    const services = await this.deps.folders.services(folder);
    const ctx = { services, cwd: root, now: () => new Date(), warn: (m: string) => this.deps.channel.warn(m) };
    const run = async (): Promise<FetchOutcome | RemoteFailure> => {
      const done = await this.withRemoteProgress(`Fetching plans from ${shownUrl(remote)}`, (signal, progress) => engine.runRemoteCommand({ name: 'fetch', remote }, { ...ctx, signal, progress }), run, { folder, remote });
      this.deps.tree?.refresh?.();
      if (isFailure(done)) return done;
      const out = (done.json as { fetch: FetchOutcome }).fetch;
      const said = fetchOutcomeText({ ...out, remote: shownUrl(remote) });
      this.deps.channel.info(said.message);
      const first = said.fetched[0];
      void showInfo(said.message, ...(first ? [SHOW_IN_VIEW] : [])).then((c) => {
        if (c === SHOW_IN_VIEW && first) void this.deps.tree?.reveal?.(folder, first);
      });
      return out;
    };
    return run();
  }

  /**
   * Runs `work` under a cancellable notification that shows its steps and counts. Cancel stops its
   * git; a failure is said with what fits it (credentials, Retry) and returned. The notification is
   * not waited for: the command ends when the work does.
   */
  private async withRemoteProgress<T>(
    title: string,
    work: (signal: AbortSignal, progress: (step: RemoteProgress) => void) => Promise<T>,
    retry?: () => Promise<unknown>,
    where?: { folder: vscode.WorkspaceFolder; remote: string },
  ): Promise<T | RemoteFailure> {
    try {
      return await withProgressTitled(
        vscode.ProgressLocation.Notification,
        title,
        async (progress, token) => {
          const controller = new AbortController();
          const sub = token.onCancellationRequested(() => controller.abort());
          try {
            return await work(controller.signal, (step) => progress.report({ message: step.message }));
          } finally {
            sub.dispose();
          }
        },
        true,
      );
    } catch (error) {
      const remoteError = remoteErrorOf(error);
      const message = error instanceof Error ? error.message : String(error);
      this.deps.channel.error(`${title}: ${message}`);
      if (remoteError?.type === 'RemoteCancelled') {
        const rest = message.replace(/^Cancelled:?\s*/, '');
        const said = `${title}: cancelled. ${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
        void showInfo(said);
        return { failed: { type: remoteError.type, message: said, actions: [] } };
      }
      if (!remoteError) throw error;
      const actions = failureActions(remoteError.kind).filter((a) => (a !== RETRY || retry !== undefined) && (a !== OPEN_TERMINAL || where !== undefined));
      void showError(message, ...actions).then((choice) => {
        if (choice === SHOW_LOG) this.deps.channel.show(true);
        if (choice === RETRY && retry) void retry();
        if (choice === OPEN_TERMINAL && where) {
          const terminal = vscode.window.createTerminal({ name: 'Git credentials', cwd: where.folder.uri });
          terminal.show();
          // Typed, not run: the person reads it and presses Enter; git then asks for what it lacks.
          terminal.sendText(credentialCommand(where.remote), false);
        }
      });
      return { failed: { type: remoteError.type, ...(remoteError.kind ? { kind: remoteError.kind } : {}), message, actions } };
    }
  }

  private async planTarget(arg: unknown, given: z.output<typeof PushArgsSchema> | undefined): Promise<FolderPlan | undefined> {
    const node = this.deps.tree?.isNode(arg) ? arg : given === undefined ? this.deps.tree?.selection()[0] : undefined;
    if (node && (node.kind === 'plan' || node.kind === 'checkpoint' || node.kind === 'decision')) return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
    if (given) return this.deps.folders.findPlan(given.planId, folderNamed(this.deps.folders.folders(), given.folder));
    const choices = [];
    for (const c of await this.deps.folders.planChoices(() => true)) if (!fetchedOrigins(c.value.folder, () => undefined).has(c.plan.plan_id)) choices.push(c);
    if (choices.length === 0) {
      void showInfo('No plan of this workspace to push yet.');
      return undefined;
    }
    return pickPlan(choices, 'Push which plan (session)?');
  }
}
