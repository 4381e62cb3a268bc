"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.READ_KEYS = void 0;
exports.addOurHooks = addOurHooks;
exports.removeOurHooks = removeOurHooks;
exports.holdsOnlySkeleton = holdsOnlySkeleton;
exports.ourConfiguredHooks = ourConfiguredHooks;
const jsonc_parser_1 = require("jsonc-parser");
const node_util_1 = require("node:util");
const hookAgents_1 = require("../hookAgents");
const duplicateKeys_1 = require("./duplicateKeys");
const hookCommandLine_1 = require("./hookCommandLine");
const jsonEdit_1 = require("./jsonEdit");
// Adds and removes our entries in an agent's JSON hook configuration, leaving everything else as
// it was. An entry is ours when one of its commands starts our CLI with `hook run <agent>`.
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Whether one hook (`{command}`, or Copilot's `{bash, powershell}`) starts our CLI for `agent`. */
function isOurHook(hook, agent) {
    return isRecord(hook) && [hook.command, hook.bash, hook.powershell].some((c) => (0, hookCommandLine_1.isOurCommand)(c, agent));
}
/** The hooks of one element of an event's list: the element itself (flat) or its `hooks` (grouped). */
function hooksOf(element, config) {
    if (config.shape === 'flat')
        return [element];
    return isRecord(element) && Array.isArray(element.hooks) ? element.hooks : [];
}
function holdsOurs(element, config) {
    return hooksOf(element, config).some((h) => isOurHook(h, config.agent));
}
/** The top-level keys the installer reads: what it edits, and Gemini CLI's switch for its warning. */
exports.READ_KEYS = ['hooks', 'hooksConfig'];
/** The file parsed, refused when a key it reads or edits is there twice (duplicateKeys.ts). */
function parseRefusingDuplicates(text, config, file) {
    const doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
    const duplicate = (0, duplicateKeys_1.duplicateKey)(doc, exports.READ_KEYS);
    if (duplicate)
        throw new jsonEdit_1.ConfigFileError(`${(0, duplicateKeys_1.duplicateKeyMessage)(file, hookAgents_1.HOOK_AGENT_NAMES[config.agent], duplicate)}; the file was left as it is`);
    return doc;
}
/** A new file: the agent's skeleton with our entries. */
function freshFile(config, program) {
    const hooks = {};
    for (const { event, entry } of config.entries(program))
        (hooks[event] ??= []).push(entry);
    return `${JSON.stringify({ ...config.skeleton, hooks }, null, 2)}\n`;
}
/**
 * Removes one hook of ours from the list at `path` (a whole element, or for a group that also holds
 * others' hooks only our hook in it). Undefined when the list holds none of ours.
 */
function removeOneOfOurs(doc, path, config, file) {
    const list = (0, jsonEdit_1.nodeAt)(doc, path, 'array', file);
    const elements = list?.children ?? [];
    for (let i = elements.length - 1; i >= 0; i--) {
        const element = elements[i];
        const value = (0, jsonc_parser_1.getNodeValue)(element);
        if (!holdsOurs(value, config))
            continue;
        const hooks = hooksOf(value, config);
        if (config.shape === 'flat' || hooks.every((h) => isOurHook(h, config.agent)))
            return (0, jsonEdit_1.removeChild)(doc.text, list, element);
        const hooksNode = (0, jsonEdit_1.nodeAt)(doc, [...path, i, 'hooks'], 'array', file);
        let j = hooks.length - 1;
        while (!isOurHook(hooks[j], config.agent))
            j--;
        return (0, jsonEdit_1.removeChild)(doc.text, hooksNode, hooksNode.children[j]);
    }
    return undefined;
}
/** Removes every hook of ours from the list at `path`; whether any was there. */
function removeOurs(text, path, config, file) {
    let removed = false;
    for (;;) {
        const next = removeOneOfOurs((0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments), path, config, file);
        if (next === undefined)
            return { text, removed };
        text = next;
        removed = true;
    }
}
/**
 * `text` (null: no file yet) with our entries for `program` added. Unchanged (the same string) when
 * exactly those entries are there already; an older entry of ours (another CLI path) is replaced.
 */
function addOurHooks(text, config, program, file) {
    if (text === null || text.trim() === '')
        return freshFile(config, program);
    parseRefusingDuplicates(text, config, file);
    for (const { event, entry } of config.entries(program)) {
        let doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
        if (!(0, jsonEdit_1.nodeAt)(doc, ['hooks'], 'object', file)) {
            text = (0, jsonEdit_1.insertProperty)(text, doc.tree, 'hooks', {});
            doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
        }
        const list = (0, jsonEdit_1.nodeAt)(doc, ['hooks', event], 'array', file);
        if (!list) {
            text = (0, jsonEdit_1.insertProperty)(text, (0, jsonEdit_1.nodeAt)(doc, ['hooks'], 'object', file), event, [entry]);
            continue;
        }
        // from parse(), not getNodeValue(): the latter builds null-prototype objects that never deep-equal ours
        const values = doc.value.hooks[event];
        const ours = values.filter((v) => holdsOurs(v, config));
        if (ours.length === 1 && (0, node_util_1.isDeepStrictEqual)(ours[0], entry))
            continue;
        text = removeOurs(text, ['hooks', event], config, file).text;
        doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
        text = (0, jsonEdit_1.appendElement)(text, (0, jsonEdit_1.nodeAt)(doc, ['hooks', event], 'array', file), entry);
    }
    return text;
}
/**
 * `text` with every hook of ours removed, under any event. A list, or the `hooks` object, that the
 * removal leaves empty goes too (install added it), so a round trip gives back the original bytes.
 */
function removeOurHooks(text, config, file) {
    let doc = parseRefusingDuplicates(text, config, file);
    const hooks = (0, jsonEdit_1.nodeAt)(doc, ['hooks'], 'object', file);
    if (!hooks)
        return text;
    const events = (hooks.children ?? []).map((p) => (0, jsonc_parser_1.getNodeValue)(p.children[0]));
    let removedAny = false;
    for (const event of events) {
        const value = doc.value.hooks[event];
        if (!Array.isArray(value))
            continue;
        const result = removeOurs(text, ['hooks', event], config, file);
        if (!result.removed)
            continue;
        removedAny = true;
        text = result.text;
        doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
        const list = (0, jsonEdit_1.nodeAt)(doc, ['hooks', event], 'array', file);
        if ((list.children ?? []).length === 0) {
            text = (0, jsonEdit_1.removeChild)(text, (0, jsonEdit_1.nodeAt)(doc, ['hooks'], 'object', file), (0, jsonEdit_1.propertyOf)(list));
            doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
        }
    }
    const left = (0, jsonEdit_1.nodeAt)(doc, ['hooks'], 'object', file);
    if (removedAny && left && (left.children ?? []).length === 0)
        text = (0, jsonEdit_1.removeChild)(text, doc.tree, (0, jsonEdit_1.propertyOf)(left));
    return text;
}
/** Whether a file holds nothing but what this installer would create it with, hooks aside. */
function holdsOnlySkeleton(text, config, file) {
    const doc = (0, jsonEdit_1.parseJsonObject)(text, file, config.allowComments);
    // a key twice: the bytes say more than the value shows, so the file is kept
    if ((0, duplicateKeys_1.hasDuplicateTopLevelKey)(doc))
        return false;
    const { value } = doc;
    const rest = { ...value };
    if (isRecord(rest.hooks) && Object.keys(rest.hooks).length === 0)
        delete rest.hooks;
    return (0, node_util_1.isDeepStrictEqual)(rest, { ...config.skeleton }) || Object.keys(rest).length === 0;
}
/** The events under which a hook of ours is configured, and the commands of ours found there. */
function ourConfiguredHooks(value, config) {
    const events = [];
    const commands = [];
    const hooks = isRecord(value.hooks) ? value.hooks : {};
    for (const [event, list] of Object.entries(hooks)) {
        if (!Array.isArray(list))
            continue;
        const mine = list.flatMap((element) => hooksOf(element, config)).filter((h) => isOurHook(h, config.agent));
        if (mine.length === 0)
            continue;
        events.push(event);
        for (const hook of mine) {
            const command = [hook.command, hook.bash].find((c) => (0, hookCommandLine_1.isOurCommand)(c, config.agent));
            if (typeof command === 'string')
                commands.push(command);
        }
    }
    return { events, commands };
}
//# sourceMappingURL=jsonHookMerge.js.map