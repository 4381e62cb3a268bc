"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.repeatedKeys = repeatedKeys;
exports.firstInFile = firstInFile;
exports.duplicateKey = duplicateKey;
exports.hasDuplicateTopLevelKey = hasDuplicateTopLevelKey;
exports.duplicateKeyMessage = duplicateKeyMessage;
exports.agentParse = agentParse;
const jsonc_parser_1 = require("jsonc-parser");
const jsonEdit_1 = require("./jsonEdit");
function child(path, key) {
    return typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
}
/** Every repeated key in the objects of `node` and below, in no particular order. */
function repeatsBelow(text, node, path, found) {
    if (node.type === 'array') {
        (node.children ?? []).forEach((element, i) => repeatsBelow(text, element, child(path, i), found));
        return;
    }
    if (node.type !== 'object')
        return;
    repeatsIn(text, node, path, () => true, found);
    for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value)
            repeatsBelow(text, value, child(path, String(key.value)), found);
    }
}
/** The repeated keys among one object's own properties, of those `concerned` names. */
function repeatsIn(text, object, path, concerned, found) {
    const seen = new Map();
    for (const property of object.children ?? []) {
        const key = property.children?.[0];
        if (!key || typeof key.value !== 'string' || !concerned(key.value))
            continue;
        const earlier = seen.get(key.value);
        if (earlier)
            found.push({ path: child(path, key.value), at: (0, jsonEdit_1.lineColumn)(text, key.offset), first: (0, jsonEdit_1.lineColumn)(text, earlier.offset), offset: key.offset });
        else
            seen.set(key.value, key);
    }
}
/**
 * The repeated keys of `object` (at `path`) among `keys` (every key: undefined), and, `deep`, every
 * repeated key anywhere in those keys' values.
 */
function repeatedKeys(text, object, path, keys, deep) {
    const found = [];
    const concerned = (key) => keys === undefined || keys.includes(key);
    repeatsIn(text, object, path, concerned, found);
    if (deep) {
        for (const property of object.children ?? []) {
            const [key, value] = property.children ?? [];
            if (key && value && concerned(String(key.value)))
                repeatsBelow(text, value, child(path, String(key.value)), found);
        }
    }
    return found;
}
/** The first (in the file's order) of `found`. */
function firstInFile(found) {
    return [...found].sort((a, b) => a.offset - b.offset)[0];
}
/**
 * The first repeated key (in the file's order) among the top-level `keys` and anywhere in their
 * values; undefined when there is none.
 */
function duplicateKey(doc, keys) {
    return firstInFile(repeatedKeys(doc.text, doc.tree, '', keys, true));
}
/** Whether the object's own top-level keys name one twice. */
function hasDuplicateTopLevelKey(doc) {
    return repeatedKeys(doc.text, doc.tree, '', undefined, false).length > 0;
}
/** What is said of a repeated key: `<file>:<line>:<col>: "<path>" is there twice ...`. */
function duplicateKeyMessage(file, agentName, duplicate) {
    return `${file}:${duplicate.at}: "${duplicate.path}" is there twice (first at ${duplicate.first}); ${agentName} reads only the last one`;
}
/**
 * The file as the agent itself reads it: JSON.parse, after the comments are taken out where the
 * agent allows them; undefined when that fails (the file is then reported by the installer's parse).
 */
function agentParse(text, allowComments) {
    try {
        const value = JSON.parse(allowComments ? (0, jsonc_parser_1.stripComments)(text) : text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=duplicateKeys.js.map