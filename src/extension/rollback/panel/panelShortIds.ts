import { ShortIds, workspaceIds, type IdSources } from '../../../core/shortIds';
import type { PanelState } from '../../../webview/protocol';

// The rollback panel shows ids as the tree and the dialogs do: in their short form, unique in the
// workspace (core/shortIds.ts). The state carries the short forms of the ids it shows, worked out
// by the host (the page sees no other id), and keeps every whole id for its tooltips and JSON.

/** The ids a state shows: its plan, checkpoints, the rollback's safety checkpoint, a correction and its decisions. */
export function shownIds(state: PanelState): string[] {
  return [
    state.plan.id,
    state.from.id,
    ...(state.to ? [state.to.id] : []),
    ...(state.rollback ? [state.rollback.undoCheckpointId] : []),
    ...(state.correction ? [state.correction.id, ...state.correction.reverted.map((r) => r.id)] : []),
  ];
}

/** The state with the short form of each id it shows, among all the ids of the workspace. */
export async function withShortIds(state: PanelState, sources: IdSources): Promise<PanelState> {
  const short = new ShortIds(await workspaceIds(sources));
  return { ...state, shortIds: Object.fromEntries(shownIds(state).map((id) => [id, short.of(id)])) };
}
