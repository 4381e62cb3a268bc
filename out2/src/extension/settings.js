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
exports.DEFAULT_MAX_FILE_SIZE_MIB = exports.DEFAULT_DATABASE_PATH = void 0;
exports.parseFolderSettings = parseFolderSettings;
exports.readFolderSettings = readFolderSettings;
exports.affectsEngine = affectsEngine;
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const errors_1 = require("../core/errors");
const databasePath_1 = require("../core/databasePath");
Object.defineProperty(exports, "DEFAULT_DATABASE_PATH", { enumerable: true, get: function () { return databasePath_1.DEFAULT_DATABASE_PATH; } });
const retentionPolicy_1 = require("../core/retentionPolicy");
const commandIds_1 = require("./commandIds");
exports.DEFAULT_MAX_FILE_SIZE_MIB = 5;
const MIB = 1024 * 1024;
/**
 * Validates raw setting values (as `WorkspaceConfiguration.get` returns them; `undefined` = not
 * set). A bad value does not stop the extension: it falls back to the default, and the problem is
 * returned so that it can be shown once.
 */
function parseFolderSettings(raw) {
    const problems = [];
    const value = (key, schema, fallback) => {
        const given = raw(key);
        if (given === undefined || given === null)
            return fallback;
        const parsed = schema.safeParse(given);
        if (parsed.success)
            return parsed.data;
        problems.push(`Setting "${commandIds_1.SETTINGS_SECTION}.${key}" is invalid (${JSON.stringify(given)}: ${(0, errors_1.describeIssues)(parsed.error.issues)}); ` +
            `using ${JSON.stringify(fallback)}.`);
        return fallback;
    };
    const maxCheckpoints = z.number().int('must be a whole number').min(retentionPolicy_1.MIN_MAX_CHECKPOINTS).max(retentionPolicy_1.MAX_MAX_CHECKPOINTS);
    const mebibytes = z.number().positive('must be more than 0').max(1024, 'must be at most 1024');
    return {
        settings: {
            databasePath: value(commandIds_1.SettingKeys.databasePath, databasePath_1.DatabasePathSchema, databasePath_1.DEFAULT_DATABASE_PATH),
            retention: {
                max_checkpoints: value(commandIds_1.SettingKeys.maxCheckpoints, maxCheckpoints, retentionPolicy_1.DEFAULT_RETENTION_POLICY.max_checkpoints),
                auto_prune: value(commandIds_1.SettingKeys.autoPrune, z.boolean(), retentionPolicy_1.DEFAULT_RETENTION_POLICY.auto_prune),
            },
            maxFileBytes: Math.round(value(commandIds_1.SettingKeys.maxFileSizeMiB, mebibytes, exports.DEFAULT_MAX_FILE_SIZE_MIB) * MIB),
        },
        problems,
    };
}
/** The folder's settings as VS Code resolves them (folder over workspace over user). */
function readFolderSettings(folder) {
    const config = vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION, folder.uri);
    return parseFolderSettings((key) => config.get(key));
}
/** Whether a configuration change concerns settings that shape a folder's services. */
function affectsEngine(event, folder) {
    return (event.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${commandIds_1.SettingKeys.databasePath}`, folder.uri) ||
        event.affectsConfiguration(`${commandIds_1.SETTINGS_SECTION}.${commandIds_1.SettingKeys.maxFileSizeMiB}`, folder.uri));
}
//# sourceMappingURL=settings.js.map