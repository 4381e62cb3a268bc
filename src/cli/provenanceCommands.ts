import * as path from 'node:path';
import { workspaceBlame } from '../adapters/workspaceGit/workspaceBlame';
import { ValidationError } from '../core/errors';
import { isBinary } from '../core/provenance/lineProvenance';
import { unifiedPatch } from '../core/provenance/unifiedPatch';
import { blameEnvelope, logEnvelope } from '../envelopes/provenanceEnvelopes';
import type { CommandContext, CommandOutput } from './commandContext';
import { idShown } from './idPrefixes';
import type { ProvenanceCommand } from './provenanceArgs';
import { renderBlame, renderLog } from './provenanceText';

const utf8 = new TextDecoder('utf-8');

/**
 * A path as given on the command line (relative to the current directory, or absolute) relative to
 * the workspace folder, POSIX separators; one outside it is refused (a ValidationError).
 */
export function workspaceRelative(given: string, cwd: string, root: string): string {
  const rel = path.relative(path.resolve(root), path.resolve(cwd, given));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    throw new ValidationError(`${JSON.stringify(given)} is not a file inside the workspace folder ${root}`);
  }
  return rel.split(path.sep).join('/');
}

/** A side of a change as text for a diff; null: absent. */
function side(content: Uint8Array | undefined): string | null {
  return content === undefined ? null : utf8.decode(content);
}

/** `agents blame` and `agents log`: reads only, nothing is written. */
export async function runProvenanceCommand(command: ProvenanceCommand, ctx: CommandContext): Promise<CommandOutput> {
  const { provenance, workspace } = ctx.services;
  const rel = workspaceRelative(command.path, ctx.cwd ?? workspace.root, workspace.root);
  if (command.name === 'blame') {
    const result = await provenance.blame(rel, command.planId);
    const b = result.blame;
    // The workspace's own git is asked only about lines that were there before any checkpoint.
    const git = b.state === 'text' && b.lines.some((l) => l.kind === 'before_checkpoints') ? await workspaceBlame(workspace.root, result.path, b.lines.map((l) => l.text)) : undefined;
    const json = blameEnvelope(result, git);
    const shown = await idShown(ctx);
    // Rendered only when asked for (`--format json` never reads it): a line per line of the file.
    return {
      json,
      get text() {
        return renderBlame(result.path, json.blame.binary, json.blame.lines, shown);
      },
    };
  }
  const result = await provenance.log(rel, command.planId);
  const diffs = command.patch
    ? result.changes.map((c) => {
        const [before, after] = [c.before.content, c.after.content];
        if ((before !== undefined && isBinary(before)) || (after !== undefined && isBinary(after))) return `Binary file ${result.path} ${c.change}`;
        return unifiedPatch(result.path, side(before), side(after));
      })
    : undefined;
  const json = logEnvelope(result, diffs);
  return { json, text: renderLog(json.log, await idShown(ctx)) };
}
