// The rollback panel's page. It renders what the host sends, keeps it in the webview state (so the
// host's serializer gets it back after a window reload), and turns clicks into messages; every
// decision and every check is the host's.
import type { HostMessage, PageMessage, PanelState } from './protocol';
import { DEFAULT_LIST_VIEW, PAGE_ROWS, announcement, renderEmpty, renderPanel, type ListView } from './render';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
const live = document.getElementById('announce');
let state = vscode.getState() as PanelState | undefined;
let busy = false;
// Until the host says the workspace is trusted, the page offers no action that writes.
let canWrite = false;
// The list's filter and how many rows are drawn: the page's own, reset when another state comes.
let view: ListView = DEFAULT_LIST_VIEW;

function render(): void {
  // Keep the focused row or button focused across a re-render (keyboard users).
  const focused = document.activeElement as HTMLElement | null;
  const focusKey =
    focused?.dataset.filter !== undefined
      ? 'filter'
      : focused?.dataset.path !== undefined
        ? `path:${focused.dataset.path}`
        : focused?.dataset.action !== undefined
          ? `action:${focused.dataset.action}`
          : undefined;
  root.innerHTML = state ? renderPanel(state, busy, canWrite, view) : renderEmpty();
  if (focusKey === 'filter') {
    const input = root.querySelector<HTMLInputElement>('input[data-filter]');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    return;
  }
  if (focusKey) {
    for (const el of root.querySelectorAll<HTMLElement>('[data-path], [data-action]')) {
      const key = el.dataset.path !== undefined ? `path:${el.dataset.path}` : `action:${el.dataset.action}`;
      if (key === focusKey) {
        el.focus();
        break;
      }
    }
  }
}

function isHostMessage(value: unknown): value is HostMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isHostMessage(message)) return;
  if (message.type === 'show') {
    if (state?.madeAt !== message.state.madeAt || state?.mode !== message.state.mode) view = DEFAULT_LIST_VIEW;
    state = message.state;
    canWrite = message.canWrite === true;
    busy = false;
    vscode.setState(state);
    render();
    announce();
  } else if (message.type === 'busy') {
    busy = message.busy;
    render();
    announce();
  }
});

/** One sentence in the live region: the status changed, and only that is read. */
function announce(): void {
  if (live && state) live.textContent = announcement(state, busy);
}

// The toolbar (role="toolbar") moves between its buttons with the arrow keys, Home and End.
root.addEventListener('keydown', (event) => {
  const current = (event.target as Element | null)?.closest<HTMLElement>('.toolbar [data-action]');
  if (!current) return;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('.toolbar [data-action]')].filter((b) => !b.disabled);
  const i = buttons.indexOf(current as HTMLButtonElement);
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined || buttons.length === 0) return;
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
});

root.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-path], [data-action], [data-restore]');
  if (!target || (target as HTMLButtonElement).disabled) return;
  if (target.dataset.restore !== undefined) {
    if (canWrite) vscode.postMessage({ type: 'restorePath', path: target.dataset.restore });
    return;
  }
  if (target.dataset.path !== undefined) {
    vscode.postMessage({ type: 'openDiff', path: target.dataset.path });
    return;
  }
  const action = target.dataset.action;
  if (action === 'more') {
    view = { ...view, limit: view.limit + PAGE_ROWS };
    render();
    return;
  }
  if (action === 'openAll' || action === 'copyJson') vscode.postMessage({ type: action });
  else if ((action === 'undo' || action === 'rollback' || action === 'undoCorrection') && canWrite) vscode.postMessage({ type: action });
});

// Filtering redraws the list as one types; a burst of keys makes one redraw per frame.
let pending = 0;
root.addEventListener('input', (event) => {
  const input = event.target as HTMLInputElement | null;
  if (input?.dataset.filter === undefined) return;
  view = { filter: input.value, limit: PAGE_ROWS };
  if (pending) cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => {
    pending = 0;
    render();
  });
});

render();
vscode.postMessage({ type: 'ready' });
