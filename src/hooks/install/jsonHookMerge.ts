import { getNodeValue, type JSONPath } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import { HOOK_AGENT_NAMES, type HookAgent } from '../../daemonClient/hookAgents';
import type { JsonHookConfig } from './agentHookConfigs';
import { duplicateKey, duplicateKeyMessage, hasDuplicateTopLevelKey } from './duplicateKeys';
import { isOurCommand, type HookProgram } from './hookCommandLine';
import { appendElement, ConfigFileError, insertProperty, nodeAt, parseJsonObject, propertyOf, removeChild, type JsonDocument } from './jsonEdit';

// Adds and removes our entries in an agent's JSON hook configuration, leaving everything else as
// it was. An entry is ours when one of its commands starts our CLI with `hook run <agent>`.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether one hook (`{command}`, or Copilot's `{bash, powershell}`) starts our CLI for `agent`. */
function isOurHook(hook: unknown, agent: HookAgent): boolean {
  return isRecord(hook) && [hook.command, hook.bash, hook.powershell].some((c) => isOurCommand(c, agent));
}

/** The hooks of one element of an event's list: the element itself (flat) or its `hooks` (grouped). */
function hooksOf(element: unknown, config: JsonHookConfig): unknown[] {
  if (config.shape === 'flat') return [element];
  return isRecord(element) && Array.isArray(element.hooks) ? element.hooks : [];
}

function holdsOurs(element: unknown, config: JsonHookConfig): boolean {
  return hooksOf(element, config).some((h) => isOurHook(h, config.agent));
}

/** The top-level keys the installer reads: what it edits, and Gemini CLI's switch for its warning. */
export const READ_KEYS: readonly string[] = ['hooks', 'hooksConfig'];

/** The file parsed, refused when a key it reads or edits is there twice (duplicateKeys.ts). */
function parseRefusingDuplicates(text: string, config: JsonHookConfig, file: string): JsonDocument {
  const doc = parseJsonObject(text, file, config.allowComments);
  const duplicate = duplicateKey(doc, READ_KEYS);
  if (duplicate) throw new ConfigFileError(`${duplicateKeyMessage(file, HOOK_AGENT_NAMES[config.agent], duplicate)}; the file was left as it is`);
  return doc;
}

/** A new file: the agent's skeleton with our entries. */
function freshFile(config: JsonHookConfig, program: HookProgram): string {
  const hooks: Record<string, unknown[]> = {};
  for (const { event, entry } of config.entries(program)) (hooks[event] ??= []).push(entry);
  return `${JSON.stringify({ ...config.skeleton, hooks }, null, 2)}\n`;
}

/**
 * Removes one hook of ours from the list at `path` (a whole element, or for a group that also holds
 * others' hooks only our hook in it). Undefined when the list holds none of ours.
 */
function removeOneOfOurs(doc: JsonDocument, path: JSONPath, config: JsonHookConfig, file: string): string | undefined {
  const list = nodeAt(doc, path, 'array', file);
  const elements = list?.children ?? [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const element = elements[i]!;
    const value: unknown = getNodeValue(element);
    if (!holdsOurs(value, config)) continue;
    const hooks = hooksOf(value, config);
    if (config.shape === 'flat' || hooks.every((h) => isOurHook(h, config.agent))) return removeChild(doc.text, list!, element);
    const hooksNode = nodeAt(doc, [...path, i, 'hooks'], 'array', file)!;
    let j = hooks.length - 1;
    while (!isOurHook(hooks[j], config.agent)) j--;
    return removeChild(doc.text, hooksNode, hooksNode.children![j]!);
  }
  return undefined;
}

/** Removes every hook of ours from the list at `path`; whether any was there. */
function removeOurs(text: string, path: JSONPath, config: JsonHookConfig, file: string): { text: string; removed: boolean } {
  let removed = false;
  for (;;) {
    const next = removeOneOfOurs(parseJsonObject(text, file, config.allowComments), path, config, file);
    if (next === undefined) return { text, removed };
    text = next;
    removed = true;
  }
}

/**
 * `text` (null: no file yet) with our entries for `program` added. Unchanged (the same string) when
 * exactly those entries are there already; an older entry of ours (another CLI path) is replaced.
 */
export function addOurHooks(text: string | null, config: JsonHookConfig, program: HookProgram, file: string): string {
  if (text === null || text.trim() === '') return freshFile(config, program);
  parseRefusingDuplicates(text, config, file);
  for (const { event, entry } of config.entries(program)) {
    let doc = parseJsonObject(text, file, config.allowComments);
    if (!nodeAt(doc, ['hooks'], 'object', file)) {
      text = insertProperty(text, doc.tree, 'hooks', {});
      doc = parseJsonObject(text, file, config.allowComments);
    }
    const list = nodeAt(doc, ['hooks', event], 'array', file);
    if (!list) {
      text = insertProperty(text, nodeAt(doc, ['hooks'], 'object', file)!, event, [entry]);
      continue;
    }
    // from parse(), not getNodeValue(): the latter builds null-prototype objects that never deep-equal ours
    const values = (doc.value.hooks as Record<string, unknown[]>)[event]!;
    const ours = values.filter((v) => holdsOurs(v, config));
    if (ours.length === 1 && isDeepStrictEqual(ours[0], entry)) continue;
    text = removeOurs(text, ['hooks', event], config, file).text;
    doc = parseJsonObject(text, file, config.allowComments);
    text = appendElement(text, nodeAt(doc, ['hooks', event], 'array', file)!, entry);
  }
  return text;
}

/**
 * `text` with every hook of ours removed, under any event. A list, or the `hooks` object, that the
 * removal leaves empty goes too (install added it), so a round trip gives back the original bytes.
 */
export function removeOurHooks(text: string, config: JsonHookConfig, file: string): string {
  let doc = parseRefusingDuplicates(text, config, file);
  const hooks = nodeAt(doc, ['hooks'], 'object', file);
  if (!hooks) return text;
  const events = (hooks.children ?? []).map((p) => getNodeValue(p.children![0]!) as string);
  let removedAny = false;
  for (const event of events) {
    const value = (doc.value.hooks as Record<string, unknown>)[event];
    if (!Array.isArray(value)) continue;
    const result = removeOurs(text, ['hooks', event], config, file);
    if (!result.removed) continue;
    removedAny = true;
    text = result.text;
    doc = parseJsonObject(text, file, config.allowComments);
    const list = nodeAt(doc, ['hooks', event], 'array', file)!;
    if ((list.children ?? []).length === 0) {
      text = removeChild(text, nodeAt(doc, ['hooks'], 'object', file)!, propertyOf(list));
      doc = parseJsonObject(text, file, config.allowComments);
    }
  }
  const left = nodeAt(doc, ['hooks'], 'object', file);
  if (removedAny && left && (left.children ?? []).length === 0) text = removeChild(text, doc.tree, propertyOf(left));
  return text;
}

/** Whether a file holds nothing but what this installer would create it with, hooks aside. */
export function holdsOnlySkeleton(text: string, config: JsonHookConfig, file: string): boolean {
  const doc = parseJsonObject(text, file, config.allowComments);
  // a key twice: the bytes say more than the value shows, so the file is kept
  if (hasDuplicateTopLevelKey(doc)) return false;
  const { value } = doc;
  const rest = { ...value };
  if (isRecord(rest.hooks) && Object.keys(rest.hooks).length === 0) delete rest.hooks;
  return isDeepStrictEqual(rest, { ...config.skeleton }) || Object.keys(rest).length === 0;
}

/** The events under which a hook of ours is configured, and the commands of ours found there. */
export function ourConfiguredHooks(value: Record<string, unknown>, config: JsonHookConfig): { events: string[]; commands: string[] } {
  const events: string[] = [];
  const commands: string[] = [];
  const hooks = isRecord(value.hooks) ? value.hooks : {};
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const mine = list.flatMap((element) => hooksOf(element, config)).filter((h): h is Record<string, unknown> => isOurHook(h, config.agent));
    if (mine.length === 0) continue;
    events.push(event);
    for (const hook of mine) {
      const command = [hook.command, hook.bash].find((c) => isOurCommand(c, config.agent));
      if (typeof command === 'string') commands.push(command);
    }
  }
  return { events, commands };
}

