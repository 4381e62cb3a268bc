"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.displayPath = displayPath;
exports.readTextOrNull = readTextOrNull;
exports.modeOf = modeOf;
exports.isOurClineScript = isOurClineScript;
exports.creatablePaths = creatablePaths;
const promises_1 = require("node:fs/promises");
const stateFiles_1 = require("../../adapters/files/stateFiles");
const errors_1 = require("../../core/errors");
const agentHookConfigs_1 = require("./agentHookConfigs");
const hookCommandLine_1 = require("./hookCommandLine");
const jsonEdit_1 = require("./jsonEdit");
// Small helpers shared by install, uninstall and status.
/** A path as the user sees it: relative to the workspace, or under `~/` in the home folder. */
function displayPath(scope, relative) {
    return scope === 'user' ? `~/${relative}` : relative;
}
/** An agent's settings file is a few kilobytes; one far larger is not one. */
const SETTINGS_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The file's text, or null when there is none. Never blocks: a FIFO, a socket or a device in a
 * settings file's place (a tarball can ship one) is refused, and nothing is written.
 */
async function readTextOrNull(target, display) {
    try {
        return (0, stateFiles_1.readRegularFile)(target, display, SETTINGS_MAX_BYTES)?.toString('utf8') ?? null;
    }
    catch (error) {
        if (error instanceof errors_1.StoreRefusedError)
            throw new jsonEdit_1.ConfigFileError(`${error.message.replace(/^Refused: /, '').replace(/\.$/, '')}; nothing was written`);
        const code = error.code;
        if (code === 'ENOENT')
            return null;
        if (code === 'EISDIR')
            throw new jsonEdit_1.ConfigFileError(`${display} is a folder, not a file; nothing was written`);
        throw new jsonEdit_1.ConfigFileError(`${display}: cannot read it (${code ?? String(error)}); nothing was written`);
    }
}
/** The file's permission bits, or undefined when there is no file. */
async function modeOf(target) {
    try {
        return (await (0, promises_1.stat)(target)).mode & 0o777;
    }
    catch {
        return undefined;
    }
}
/** Whether a Cline hook script is one this installer wrote: our mark and our command. */
function isOurClineScript(text) {
    return text.split(/\r?\n/).includes(agentHookConfigs_1.CLINE_SCRIPT_MARK) && (0, hookCommandLine_1.isOurCommand)(text, 'cline');
}
/**
 * Every path (files, and the folders above them) that installing `agent` in `scope` may create,
 * relative to the root: the only paths of the install record ever acted on.
 */
function creatablePaths(agent, scope) {
    const config = agentHookConfigs_1.AGENT_HOOK_CONFIGS[agent];
    const files = config.kind === 'scripts' ? config.events.map((event) => `${config.folder(scope)}/${event}`) : config.kind === 'json' ? [config.file(scope), ...(config.formerFiles?.(scope) ?? [])] : [config.file(scope)];
    const paths = new Set();
    for (const file of files) {
        const parts = file.split('/');
        for (let i = 1; i <= parts.length; i++)
            paths.add(parts.slice(0, i).join('/'));
    }
    return [...paths];
}
//# sourceMappingURL=hookFiles.js.map