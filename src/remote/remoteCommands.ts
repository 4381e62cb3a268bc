import * as os from 'node:os';
import type { WorkspaceServices } from '../composition';
import { BusinessRuleViolation } from '../core/errors';
import { escapeUnsafe } from '../core/displayText';
import type { RemoteCommand } from '../cli/remoteArgs';
import { createUlidGenerator } from '../adapters/systemClock';
import { originText } from './fetchedOrigins';
import { fetchPlans, type FetchOutcome } from './remoteFetch';
import { prunePlans, type PruneOutcome } from './remotePrune';
import { pushPlans, type PushOutcome } from './remotePush';
import { RemoteCancelled, resolveRemote, shownUrl } from './remoteRefs';
import type { RemoteProgressSink } from './remoteProgress';
import { readSessionEndOutcome, type SessionEndOutcome } from './sessionEndOutcome';
import { privacyRulesOf, readRemoteSettings, settingsPath, updateRemoteSettings, type WorkspaceRemoteSettings } from './remoteSettings';
import type { WithheldReason } from './privacyRules';

// `agents remote …` on a workspace's services: the settings, push, fetch and prune, and their text.

export interface RemoteCommandContext {
  readonly services: Pick<WorkspaceServices, 'store' | 'snapshotter' | 'workspace'>;
  readonly cwd: string;
  readonly now: () => Date;
  readonly warn: (message: string) => void;
  /** Cancel (the editor's button): push and fetch stop their git and leave both sides consistent. */
  readonly signal?: AbortSignal;
  readonly progress?: RemoteProgressSink;
}

const v = escapeUnsafe;

function whoAmI(): { machine: string; user: string } {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // no user name on this system
  }
  return { machine: os.hostname().slice(0, 200), user: user.slice(0, 200) };
}

const WITHHELD_TEXT: Record<WithheldReason, string> = {
  denied_name: 'its name is on the deny list',
  secret_content: 'it holds',
  too_large: 'it is over the size cap',
};

function settingsJson(s: WorkspaceRemoteSettings | undefined, last: SessionEndOutcome | undefined): unknown {
  const shown = s === undefined ? { enabled: false } : { ...s, ...(s.push_at_session_end === undefined ? {} : { push_at_session_end: shownUrl(s.push_at_session_end) }) };
  return last === undefined ? shown : { ...shown, last_session_end_push: last };
}

function settingsText(s: WorkspaceRemoteSettings | undefined, last: SessionEndOutcome | undefined): string {
  const lastLine = last === undefined ? [] : [`Last push at a session's end: ${last.status} (${v(last.at)}, ${v(last.remote)}${last.plan_id ? `, plan ${last.plan_id}` : ''}): ${v(last.message)}`];
  if (s === undefined || !s.enabled) return [`Pushing is off for this workspace. Turn it on with: agents remote enable`, ...lastLine, `(settings: ${v(settingsPath())})`].join('\n');
  return [
    `Pushing is on for this workspace (id ${s.workspace_id}).`,
    `  allow:    ${s.allow.length ? s.allow.map(v).join(', ') : 'none'}`,
    `  deny:     the default list${s.deny.length ? ` and ${s.deny.map(v).join(', ')}` : ''}`,
    `  size cap: ${Math.round(s.max_blob_bytes / 1024 / 1024)} MB per file`,
    `  at a session's end: ${s.push_at_session_end === undefined ? 'nothing is pushed' : `the session's plan is pushed to ${v(shownUrl(s.push_at_session_end))}`}`,
    ...lastLine,
    `(settings: ${v(settingsPath())})`,
  ].join('\n');
}

function renderPush(out: PushOutcome): string {
  const lines: string[] = [];
  const verb = out.dry_run ? 'Would push' : 'Pushed';
  const moving = out.plans.filter((p) => p.status === 'pushed' || p.status === 'would_push');
  lines.push(`${verb} ${moving.length} plan(s) to ${v(out.remote)} (refs/cleveragents/v1/plans/…)${out.prompts_included ? ', prompts included' : ', prompt text left out'}.`);
  for (const p of out.plans) {
    const head = `  ${p.plan_id} "${v(p.title)}": `;
    if (p.status === 'refused') lines.push(`${head}refused: ${v(p.reason ?? '')}`);
    else if (p.status === 'up_to_date') lines.push(`${head}up to date (${p.checkpoints_on_remote} checkpoint(s) on the remote)`);
    else lines.push(`${head}${p.checkpoints_sent.length} checkpoint(s) ${out.dry_run ? 'to send' : 'sent'}, ${p.checkpoints_on_remote} on the remote`);
  }
  const withheld = out.plans.flatMap((p) => p.withheld);
  if (withheld.length > 0) {
    lines.push('Withheld (not sent):');
    const seen = new Set<string>();
    for (const w of withheld) {
      const key = `${w.path}\0${w.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`  ${v(w.path)}: ${WITHHELD_TEXT[w.reason]}${w.reason === 'secret_content' ? ` a ${v(w.detail ?? 'secret')}` : w.detail ? ` (${v(w.detail)})` : ''}`);
    }
  } else lines.push('Nothing was withheld.');
  if (out.dry_run) {
    const objects = out.plans.flatMap((p) => p.objects ?? []);
    lines.push(`Objects that would leave this machine (${objects.length}):`);
    for (const o of objects) lines.push(`  ${o.type.padEnd(6)} ${o.oid}${o.path ? ` ${v(o.path)}` : ''}`);
  }
  return lines.join('\n');
}

function renderFetch(out: FetchOutcome): string {
  const fetched = out.plans.filter((p) => p.status === 'fetched');
  const lines = [`Fetched ${fetched.length} plan(s) from ${v(out.remote)}.`];
  for (const p of out.plans) {
    const from = p.origin ? ` from ${v(originText(p.origin))}` : '';
    const head = `  ${p.plan_id} "${v(p.title)}"${from}: `;
    if (p.status === 'fetched') lines.push(`${head}${p.checkpoints_added.length} checkpoint(s) added (read-only here)`);
    else if (p.status === 'up_to_date') lines.push(`${head}up to date`);
    else lines.push(`${head}${p.status}: ${v(p.reason ?? '')}`);
  }
  return lines.join('\n');
}

function renderPrune(out: PruneOutcome): string {
  const lines = [`${out.dry_run ? 'Would prune' : 'Pruned'} on ${v(out.remote)}:`];
  if (out.plans.length === 0) lines.push('  no plan of this workspace is there');
  for (const p of out.plans) {
    const what = { deleted: 'deleted', would_delete: 'would be deleted', rewritten: `${p.checkpoints_removed.length} checkpoint(s) removed`, would_rewrite: `${p.checkpoints_removed.length} checkpoint(s) would be removed`, kept: 'nothing to remove', refused: `refused: ${v(p.reason ?? '')}` }[p.status];
    lines.push(`  ${p.plan_id}: ${what}`);
  }
  return lines.join('\n');
}

function requireEnabled(settings: WorkspaceRemoteSettings | undefined, what: string): WorkspaceRemoteSettings {
  if (settings?.enabled !== true) {
    throw new BusinessRuleViolation(`Refused: pushing is off for this workspace, so nothing was ${what}. Turn it on with "agents remote enable" (see what would leave first with "agents remote push <remote> --dry-run").`);
  }
  return settings;
}

export async function runRemoteCommand(command: RemoteCommand, ctx: RemoteCommandContext): Promise<{ json: unknown; text: string }> {
  try {
    return await runCommand(command, ctx);
  } catch (error) {
    // A git stopped by Cancel fails in whatever way it was stopped: said as the cancel it was.
    if (ctx.signal?.aborted && !(error instanceof RemoteCancelled)) throw new RemoteCancelled('Cancelled: git was stopped; what was done before is kept whole, nothing half-done is.');
    throw error;
  }
}

async function runCommand(command: RemoteCommand, ctx: RemoteCommandContext): Promise<{ json: unknown; text: string }> {
  const root = ctx.services.workspace.root;
  const ids = createUlidGenerator();
  const shownSettings = (s: WorkspaceRemoteSettings | undefined) => {
    const last = readSessionEndOutcome(root);
    return { json: { remote_settings: settingsJson(s, last) }, text: settingsText(s, last) };
  };
  switch (command.name) {
    case 'enable': {
      // A remote for the session's end must be one now (a name of the repository's remotes, or a URL); kept as given.
      if (typeof command.pushAtSessionEnd === 'string') await resolveRemote(root, command.pushAtSessionEnd, ctx.cwd);
      const s = await updateRemoteSettings(
        root,
        (c) => {
          const { push_at_session_end: before, ...rest } = c;
          const atEnd = command.pushAtSessionEnd === undefined ? before : (command.pushAtSessionEnd ?? undefined);
          return {
            ...rest,
            enabled: true,
            allow: [...new Set([...c.allow, ...command.allow])],
            deny: [...new Set([...c.deny, ...command.deny])],
            max_blob_bytes: command.maxBlobBytes ?? c.max_blob_bytes,
            ...(atEnd === undefined ? {} : { push_at_session_end: atEnd }),
          };
        },
        () => ids.next(),
      );
      return shownSettings(s);
    }
    case 'disable': {
      const s = await updateRemoteSettings(root, (c) => ({ ...c, enabled: false }), () => ids.next());
      return shownSettings(s);
    }
    case 'status':
      return shownSettings(await readRemoteSettings(root));
    case 'push': {
      let settings = await readRemoteSettings(root);
      // A dry run sends nothing: it may look before pushing is turned on (with the default rules).
      if (command.dryRun) settings ??= await updateRemoteSettings(root, (c) => c, () => ids.next());
      else settings = requireEnabled(settings, 'pushed');
      const url = await resolveRemote(root, command.remote, ctx.cwd);
      const planIds = command.planIds === undefined ? undefined : await fullPlanIds(ctx, command.planIds);
      const out = await pushPlans(
        { services: ctx.services, origin: { workspace_id: settings.workspace_id, ...whoAmI() }, rules: privacyRulesOf(settings), warn: ctx.warn, ...signalAndProgress(ctx) },
        url,
        { dryRun: command.dryRun, includePrompts: command.includePrompts, ...(planIds ? { planIds } : {}) },
      );
      return { json: { push: out }, text: renderPush(out) };
    }
    case 'fetch': {
      const settings = await readRemoteSettings(root);
      const url = await resolveRemote(root, command.remote, ctx.cwd);
      const out = await fetchPlans({ services: ctx.services, workspaceId: settings?.workspace_id, now: ctx.now, warn: ctx.warn, ...signalAndProgress(ctx) }, url, {
        ...(command.planIds ? { planIds: command.planIds } : {}),
        ...(command.since ? { since: command.since } : {}),
      });
      return { json: { fetch: out }, text: renderFetch(out) };
    }
    case 'prune': {
      const settings = requireEnabled(await readRemoteSettings(root), 'pruned');
      const url = await resolveRemote(root, command.remote, ctx.cwd);
      const out = await prunePlans({ services: ctx.services, origin: { workspace_id: settings.workspace_id, ...whoAmI() }, warn: ctx.warn }, url, { dryRun: command.dryRun });
      return { json: { prune: out }, text: renderPrune(out) };
    }
  }
}

function signalAndProgress(ctx: RemoteCommandContext): { signal?: AbortSignal; progress?: RemoteProgressSink } {
  return { ...(ctx.signal ? { signal: ctx.signal } : {}), ...(ctx.progress ? { progress: ctx.progress } : {}) };
}

/** `--plan` values as full ids: each a unique prefix of a plan of this workspace (else kept as given, and refused by name). */
async function fullPlanIds(ctx: RemoteCommandContext, given: readonly string[]): Promise<string[]> {
  const all = await ctx.services.store.read((uow) => uow.plans.list().map((p) => p.plan_id));
  return given.map((g) => {
    const fits = all.filter((id) => id.startsWith(g.toUpperCase()));
    return fits.length === 1 ? fits[0]! : g.toUpperCase();
  });
}
