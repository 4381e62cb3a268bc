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
exports.RECORD_FILE = void 0;
exports.readInstallRecord = readInstallRecord;
exports.writeInstallRecord = writeInstallRecord;
exports.removeBareDataFolder = removeBareDataFolder;
exports.withCreated = withCreated;
const promises_1 = require("node:fs/promises");
const stateFiles_1 = require("../../adapters/files/stateFiles");
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const atomicFile_1 = require("../../adapters/files/atomicFile");
const hookAgents_1 = require("../hookAgents");
const safeTarget_1 = require("./safeTarget");
// What `agents hook install` created (files and folders), per agent, so that uninstall removes a
// file or a folder only when install made it and nothing of anyone else's is left in it. Kept in
// `<root>/.cleveragents/hook-install.json`, root being the workspace or the home folder. The file
// is untrusted (it arrives with a clone): it is validated, and only the paths the agent's
// installer itself could have created are ever acted on.
exports.RECORD_FILE = '.cleveragents/hook-install.json';
const recordSchema = z.object({
    version: z.literal(1),
    /** Whether install created `.cleveragents/` itself (to hold this file). */
    data_folder_created: z.boolean(),
    created: z.partialRecord(z.enum(hookAgents_1.HOOK_AGENTS), z.array(z.string().max(200)).max(50)),
});
const RECORD_MAX_BYTES = 1024 * 1024;
const EMPTY = { version: 1, data_folder_created: false, created: {} };
async function readInstallRecord(root, scope) {
    let text;
    try {
        const bytes = (0, stateFiles_1.readRegularFile)(await (0, safeTarget_1.resolveTarget)(root, exports.RECORD_FILE, scope, exports.RECORD_FILE), exports.RECORD_FILE, RECORD_MAX_BYTES);
        if (bytes === undefined)
            return EMPTY;
        text = bytes.toString('utf8');
    }
    catch {
        return EMPTY;
    }
    try {
        const parsed = recordSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : EMPTY;
    }
    catch {
        return EMPTY;
    }
}
/** Writes the record, or removes it (and `.cleveragents/` when it made it and it is empty) once it names nothing. */
async function writeInstallRecord(root, scope, record) {
    const file = await (0, safeTarget_1.resolveTarget)(root, exports.RECORD_FILE, scope, exports.RECORD_FILE);
    const empty = hookAgents_1.HOOK_AGENTS.every((agent) => (record.created[agent] ?? []).length === 0);
    if (!empty) {
        await (0, atomicFile_1.writeFileAtomic)(file, `${JSON.stringify(record, null, 2)}\n`);
        return;
    }
    await (0, promises_1.unlink)(file).catch(() => undefined);
    if (record.data_folder_created)
        await removeBareDataFolder(path.dirname(path.dirname(file)));
}
/**
 * `.cleveragents/` when it holds nothing but the `.gitignore` of `*` that install writes first (no
 * store, no log, no record): removed with it, so that install then uninstall leaves no trace.
 */
async function removeBareDataFolder(root) {
    const dir = path.join(root, '.cleveragents');
    let names;
    try {
        names = (0, stateFiles_1.listStateDir)(root, dir);
    }
    catch {
        return;
    }
    if (names.length === 1 && names[0] === '.gitignore' && readIgnore(root, path.join(dir, '.gitignore')) === '*\n')
        await (0, promises_1.unlink)(path.join(dir, '.gitignore')).catch(() => undefined);
    await (0, promises_1.rmdir)(dir).catch(() => undefined);
}
function readIgnore(root, file) {
    try {
        return (0, stateFiles_1.readStateText)(root, file, 1024) ?? '';
    }
    catch {
        return '';
    }
}
/** The record with `agent`'s created paths replaced by `paths`. */
function withCreated(record, agent, paths) {
    return { ...record, created: { ...record.created, [agent]: [...new Set(paths)] } };
}
//# sourceMappingURL=installRecord.js.map