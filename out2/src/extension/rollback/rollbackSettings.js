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
exports.DEFAULT_ROLLBACK_SETTINGS = exports.RollbackSettingKeys = void 0;
exports.safeguardValue = safeguardValue;
exports.parseRollbackSettings = parseRollbackSettings;
const z = __importStar(require("zod"));
const errors_1 = require("../../core/errors");
// The settings of rollback and automatic checkpoints, relative to the `cleveragents.checkpoints`
// section. Window-wide (not per folder): they describe how the user wants to be asked and how
// agents' writes are watched, not where data lives. No `vscode` import: the parser is unit-tested.
exports.RollbackSettingKeys = {
    confirm: 'rollback.confirm',
    autoEnabled: 'autoCheckpoint.enabled',
    autoDebounceMs: 'autoCheckpoint.debounceMs',
    autoMinIntervalMs: 'autoCheckpoint.minIntervalMs',
};
exports.DEFAULT_ROLLBACK_SETTINGS = {
    confirm: true,
    auto: { enabled: true, debounceMs: 2000, minIntervalMs: 5000 },
};
/**
 * The value a setting that guards the user counts with. `rollback.confirm` is the user's alone: a
 * workspace's own settings (which come with the repository an agent works on) are ignored, even in
 * a trusted workspace, where VS Code's `restricted` no longer applies. `autoCheckpoint.enabled` may
 * be switched on by a workspace, never off. Every other setting: as VS Code resolves it.
 */
function safeguardValue(key, inspected, resolved) {
    if (key === exports.RollbackSettingKeys.confirm)
        return inspected?.globalValue;
    if (key === exports.RollbackSettingKeys.autoEnabled) {
        const byWorkspace = inspected?.workspaceFolderValue === true || inspected?.workspaceValue === true;
        return byWorkspace ? true : inspected?.globalValue;
    }
    return resolved;
}
const fields = {
    [exports.RollbackSettingKeys.confirm]: z.boolean(),
    [exports.RollbackSettingKeys.autoEnabled]: z.boolean(),
    [exports.RollbackSettingKeys.autoDebounceMs]: z.number().int('must be a whole number of milliseconds').min(100).max(600_000),
    [exports.RollbackSettingKeys.autoMinIntervalMs]: z.number().int('must be a whole number of milliseconds').min(0).max(3_600_000),
};
/** Validates raw values (`undefined`: not set); a bad value falls back to its default and is reported. */
function parseRollbackSettings(raw, section) {
    const problems = [];
    const value = (key, fallback) => {
        const given = raw(key);
        if (given === undefined || given === null)
            return fallback;
        const parsed = fields[key].safeParse(given);
        if (parsed.success)
            return parsed.data;
        problems.push(`Setting "${section}.${key}" is invalid (${JSON.stringify(given)}: ${(0, errors_1.describeIssues)(parsed.error.issues)}); using ${JSON.stringify(fallback)}.`);
        return fallback;
    };
    const d = exports.DEFAULT_ROLLBACK_SETTINGS;
    return {
        settings: {
            confirm: value(exports.RollbackSettingKeys.confirm, d.confirm),
            auto: {
                enabled: value(exports.RollbackSettingKeys.autoEnabled, d.auto.enabled),
                debounceMs: value(exports.RollbackSettingKeys.autoDebounceMs, d.auto.debounceMs),
                minIntervalMs: value(exports.RollbackSettingKeys.autoMinIntervalMs, d.auto.minIntervalMs),
            },
        },
        problems,
    };
}
//# sourceMappingURL=rollbackSettings.js.map