import * as path from 'node:path';
import type { Logger } from '../../core/ports';
import { OpenFencesSchema, type OpenFence } from '../../core/openFences';
import { readStateText, removeStateFile, writeStateFile } from './stateFiles';

// The open fences of each plan (core/openFences.ts), one small file per plan in the store's area
// (`.cleveragents/checkpoints/fences/<plan>.json`), written under the store's lock by the
// checkpoint that opens or closes one. The folder comes with the workspace: what is read is
// checked, and a file that cannot be read counts as one fence open (whose call is not known), so
// that the next stretch is unknown rather than credited to anyone. Not flushed: a fence lost in a
// crash leaves the stretch as it was read before fences were kept.

/** A handful of fences: anything larger is not ours. */
const MAX_BYTES = 16 * 1024;

/** What an unreadable file stands for: a call was open, which one is not known. */
const UNREADABLE: OpenFence = { tool_use_id: null, at: '' };

function fileOf(dir: string, planId: string): string {
  return path.join(dir, `${planId}.json`);
}

export function readOpenFences(root: string, dir: string, planId: string, logger: Logger): OpenFence[] {
  try {
    const text = readStateText(root, fileOf(dir, planId), MAX_BYTES);
    if (text === undefined) return [];
    const parsed = OpenFencesSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    logger.warn(`The open tool calls of plan ${planId} are not in the expected form: the next change is named by no one.`);
  } catch (error) {
    logger.warn(`The open tool calls of plan ${planId} could not be read (${(error as Error).message}): the next change is named by no one.`);
  }
  return [UNREADABLE];
}

/** Keeps `fences` (none: the file is removed). Throws when it cannot be written. */
export function writeOpenFences(root: string, dir: string, planId: string, fences: readonly OpenFence[]): void {
  const file = fileOf(dir, planId);
  if (fences.length === 0) removeStateFile(root, file);
  else writeStateFile(root, file, `${JSON.stringify(fences)}\n`, { flush: false });
}
