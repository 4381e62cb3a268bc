"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.planHookChange = planHookChange;
exports.applyHookPlan = applyHookPlan;
// eslint-disable-next-line no-restricted-imports -- makes the agents' settings folders one level at a time, after safeTarget.resolveTarget
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const atomicFile_1 = require("../../adapters/files/atomicFile");
const nodeWorkspaceFiles_1 = require("../../adapters/files/nodeWorkspaceFiles");
const agentHookConfigs_1 = require("./agentHookConfigs");
const codexTrust_1 = require("./codexTrust");
const hookCommandLine_1 = require("./hookCommandLine");
const hookFiles_1 = require("./hookFiles");
const installRecord_1 = require("./installRecord");
const jsonHookMerge_1 = require("./jsonHookMerge");
const jsonEdit_1 = require("./jsonEdit");
const safeTarget_1 = require("./safeTarget");
const sharedFiles_1 = require("./sharedFiles");
/** Gemini CLI runs no hook when a settings file switches them off: say so rather than override the user. */
function geminiWarnings(text, display) {
    const { value } = (0, jsonEdit_1.parseJsonObject)(text, display, true);
    const hooksConfig = value.hooksConfig;
    if (typeof hooksConfig === 'object' && hooksConfig !== null && hooksConfig.enabled === false) {
        return [`${display} sets hooksConfig.enabled to false: Gemini CLI runs no hook until it is true`];
    }
    return [];
}
/** Our hooks taken out of one file (removed when install created it and nothing else is left); null when it has none. */
async function withoutOurs(config, scope, root, relative, created) {
    const display = (0, hookFiles_1.displayPath)(scope, relative);
    const target = await (0, safeTarget_1.resolveTarget)(root, relative, scope, display);
    const before = await (0, hookFiles_1.readTextOrNull)(target, display);
    if (before === null)
        return null;
    let after = (0, jsonHookMerge_1.removeOurHooks)(before, config, display);
    if (created.includes(relative) && (0, jsonHookMerge_1.holdsOnlySkeleton)(after, config, display))
        after = null;
    return after === before ? null : { relative, display, target, before, after, executable: false };
}
async function planJson(config, mode, scope, root, program, created) {
    const relative = config.file(scope);
    const display = (0, hookFiles_1.displayPath)(scope, relative);
    const events = config.entries(program).map((e) => e.event);
    const changes = [];
    // Where an earlier version put them (Claude Code's shared settings.json): taken out on install
    // and on uninstall alike, so that no machine's path stays in a file a team shares.
    for (const former of config.formerFiles?.(scope) ?? []) {
        const change = await withoutOurs(config, scope, root, former, created);
        if (change)
            changes.push(change);
    }
    let after;
    if (mode === 'install') {
        const target = await (0, safeTarget_1.resolveTarget)(root, relative, scope, display);
        const before = await (0, hookFiles_1.readTextOrNull)(target, display);
        after = (0, jsonHookMerge_1.addOurHooks)(before, config, program, display);
        if (after !== before)
            changes.push({ relative, display, target, before, after, executable: false });
    }
    else {
        const change = await withoutOurs(config, scope, root, relative, created);
        if (change)
            changes.push(change);
        after = change ? change.after : null;
    }
    const warnings = config.agent === 'gemini' && after !== null ? geminiWarnings(after, display) : config.agent === 'codex' && mode === 'install' ? [(0, codexTrust_1.codexTrustNote)(display)] : [];
    const files = [display, ...changes.filter((c) => c.relative !== relative).map((c) => c.display)];
    return { agent: config.agent, scope, root, changes, files, events, warnings };
}
async function planScripts(config, mode, scope, root, program) {
    const folder = config.folder(scope);
    const firstPart = folder.split('/')[0];
    const first = await (0, promises_1.stat)(path.join(root, firstPart)).catch(() => undefined);
    if (first && !first.isDirectory()) {
        throw new jsonEdit_1.ConfigFileError(`${(0, hookFiles_1.displayPath)(scope, firstPart)} is a file: Cline reads hooks only from a ${folder}/ folder (move the file's rules into ${firstPart}/ as a .md file, then run this again); nothing was written`);
    }
    const script = config.script(program);
    const changes = [];
    for (const event of config.events) {
        const relative = `${folder}/${event}`;
        const display = (0, hookFiles_1.displayPath)(scope, relative);
        const target = await (0, safeTarget_1.resolveTarget)(root, relative, scope, display);
        const before = await (0, hookFiles_1.readTextOrNull)(target, display);
        if (mode === 'uninstall') {
            if (before !== null && (0, hookFiles_1.isOurClineScript)(before))
                changes.push({ relative, display, target, before, after: null, executable: true });
            continue;
        }
        if (before !== null && !(0, hookFiles_1.isOurClineScript)(before)) {
            throw new jsonEdit_1.ConfigFileError(`${display} exists and is not ours: Cline runs one hook file per event, so add this line to it yourself: ${(0, hookCommandLine_1.bashCommand)(program, 'cline')} (it must print {"cancel":false}); nothing was written`);
        }
        const executable = ((await (0, hookFiles_1.modeOf)(target)) ?? 0) & 0o100;
        if (before !== script || !executable)
            changes.push({ relative, display, target, before, after: script, executable: true });
    }
    return { agent: config.agent, scope, root, changes, files: [(0, hookFiles_1.displayPath)(scope, `${folder}/`)], events: config.events, warnings: [] };
}
/**
 * A plugin file that is all ours (OpenCode): written whole, replaced when it names another
 * program, removed by uninstall; a file of that name that is not ours is refused, never overwritten.
 */
async function planPlugin(config, mode, scope, root, program) {
    const relative = config.file(scope);
    const display = (0, hookFiles_1.displayPath)(scope, relative);
    const target = await (0, safeTarget_1.resolveTarget)(root, relative, scope, display);
    const before = await (0, hookFiles_1.readTextOrNull)(target, display);
    const base = { agent: config.agent, scope, root, files: [display], events: config.events, warnings: [] };
    if (mode === 'uninstall') {
        return { ...base, changes: before !== null && config.isOurs(before) ? [{ relative, display, target, before, after: null, executable: false }] : [] };
    }
    if (before !== null && !config.isOurs(before))
        throw new jsonEdit_1.ConfigFileError(`${display} exists and is not ours; nothing was written (move it away, then run this again)`);
    const after = config.text(program);
    return { ...base, changes: before === after ? [] : [{ relative, display, target, before, after, executable: false }] };
}
/** What installing `agent`'s hooks in `scope` changes. Throws ConfigFileError for a file it must not touch. */
async function planHookChange(agent, mode, scope, root, program) {
    const config = agentHookConfigs_1.AGENT_HOOK_CONFIGS[agent];
    // the record is written after the configuration: refuse a record path out of the workspace before anything is written
    await (0, safeTarget_1.resolveTarget)(root, installRecord_1.RECORD_FILE, scope, (0, hookFiles_1.displayPath)(scope, installRecord_1.RECORD_FILE));
    const record = await (0, installRecord_1.readInstallRecord)(root, scope);
    const created = (record.created[agent] ?? []).filter((p) => (0, hookFiles_1.creatablePaths)(agent, scope).includes(p));
    const plan = config.kind === 'plugin' ? await planPlugin(config, mode, scope, root, program) : config.kind === 'json' ? await planJson(config, mode, scope, root, program, created) : await planScripts(config, mode, scope, root, program);
    if (mode === 'uninstall')
        return plan;
    // a command naming this machine's paths, in a file a team shares or one git may not ignore: said
    const shared = (0, sharedFiles_1.sharedFileWarning)(agent, scope);
    const local = agent === 'claude-code' && scope === 'project' ? await (0, sharedFiles_1.localSettingsWarning)(root) : undefined;
    return { ...plan, warnings: [...plan.warnings, ...(shared ? [shared] : []), ...(local ? [local] : [])] };
}
/** Creates the folders above `relative` that are missing; the ones it made, relative to the root. */
async function makeParents(root, relative) {
    const parts = relative.split('/').slice(0, -1);
    const made = [];
    for (let i = 1; i <= parts.length; i++) {
        const rel = parts.slice(0, i).join('/');
        try {
            await (0, promises_1.mkdir)(path.join(root, rel));
            made.push(rel);
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
    }
    return made;
}
/**
 * `.cleveragents/` with its `.gitignore` of `*`, made before anything else an install writes: from
 * then on the agent's first `git status` does not show the store (nor the install record) to the
 * model. Whether this call made the folder.
 */
async function keepStoreOutOfGit(root) {
    const existed = await (0, promises_1.lstat)(path.join(root, nodeWorkspaceFiles_1.DATA_DIR_NAME)).then(() => true, () => false);
    await (0, nodeWorkspaceFiles_1.ensureDataDir)(root);
    return !existed;
}
/** Writes the plan: each file atomically, then the install record. */
async function applyHookPlan(plan, mode) {
    const { root, scope, agent } = plan;
    const madeDataFolder = mode === 'install' && scope === 'project' && plan.changes.length > 0 ? await keepStoreOutOfGit(root) : false;
    let record = await (0, installRecord_1.readInstallRecord)(root, scope);
    const allowed = (0, hookFiles_1.creatablePaths)(agent, scope);
    const created = (record.created[agent] ?? []).filter((p) => allowed.includes(p));
    for (const change of plan.changes) {
        if (change.after === null) {
            await (0, promises_1.unlink)(change.target);
            continue;
        }
        created.push(...(await makeParents(root, change.relative)));
        const mode = change.executable ? 0o755 : ((await (0, hookFiles_1.modeOf)(change.target)) ?? 0o644);
        await (0, atomicFile_1.writeFileAtomic)(change.target, change.after, mode);
        // the umask may have taken bits away from a new file's mode: an agent runs only an executable hook
        if (change.executable)
            await (0, promises_1.chmod)(change.target, 0o755);
        if (change.before === null)
            created.push(change.relative);
    }
    if (mode === 'uninstall') {
        // what install made, deepest first: a folder goes only when nothing of anyone else's is left in it
        const deepestFirst = [...created].sort((a, b) => b.split('/').length - a.split('/').length);
        for (const made of deepestFirst)
            await (0, promises_1.rmdir)(path.join(root, made)).catch(() => undefined);
        if ((record.created[agent] ?? []).length > 0)
            await (0, installRecord_1.writeInstallRecord)(root, scope, (0, installRecord_1.withCreated)(record, agent, []));
        if (scope === 'project' && plan.changes.length > 0)
            await (0, installRecord_1.removeBareDataFolder)(root);
        return;
    }
    if (created.length === (record.created[agent] ?? []).filter((p) => allowed.includes(p)).length)
        return;
    // .cleveragents/ made here to hold the record is the record's to remove when it empties
    if ((await makeParents(root, installRecord_1.RECORD_FILE)).length > 0 || madeDataFolder)
        record = { ...record, data_folder_created: true };
    await (0, installRecord_1.writeInstallRecord)(root, scope, (0, installRecord_1.withCreated)(record, agent, created));
}
//# sourceMappingURL=hookInstaller.js.map