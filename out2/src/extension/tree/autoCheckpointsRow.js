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
exports.AUTO_CHECKPOINTS_SETTING = void 0;
exports.autoCheckpointsEnabled = autoCheckpointsEnabled;
exports.autoCheckpointsOffRow = autoCheckpointsOffRow;
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../commandIds");
const rollbackSettings_1 = require("../rollback/rollbackSettings");
// The row at the top of the tree that says automatic checkpoints are off, with the button that
// turns them on (a user's setting: see rollbackSettings.ts for why a workspace cannot turn them off).
exports.AUTO_CHECKPOINTS_SETTING = rollbackSettings_1.RollbackSettingKeys.autoEnabled;
/** Whether automatic checkpoints are on, as the automatic checkpoints read it (bad values are reported there). */
function autoCheckpointsEnabled() {
    const config = vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION);
    return (0, rollbackSettings_1.parseRollbackSettings)((key) => (0, rollbackSettings_1.safeguardValue)(key, config.inspect(key), config.get(key)), commandIds_1.SETTINGS_SECTION).settings.auto.enabled;
}
function autoCheckpointsOffRow(prefix) {
    return {
        kind: 'message',
        id: `${prefix}#auto-checkpoints-off`,
        label: 'Automatic checkpoints are off',
        description: 'Turn On',
        tooltip: `Executing plans get no checkpoint of their writes, except plans an agent's hooks feed. Click to turn them on (the setting ${commandIds_1.SETTINGS_SECTION}.${exports.AUTO_CHECKPOINTS_SETTING}, in your user settings).`,
        severity: 'info',
        command: { command: commandIds_1.Commands.turnOnAutoCheckpoints, title: commandIds_1.CommandTitles.turnOnAutoCheckpoints },
        contextValue: commandIds_1.TreeItemContext.autoCheckpointsOff,
    };
}
//# sourceMappingURL=autoCheckpointsRow.js.map