"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isSafetyCheckpoint = void 0;
exports.undoRequest = undoRequest;
const checkpoint_1 = require("./checkpoint");
Object.defineProperty(exports, "isSafetyCheckpoint", { enumerable: true, get: function () { return checkpoint_1.isSafetyCheckpoint; } });
/**
 * How an undo goes ahead: as an undo (asked as the setting says) when the checkpoint is a
 * rollback's safety checkpoint; otherwise as the rollback it really is, always confirmed.
 */
function undoRequest(checkpoint, confirmSetting) {
    return (0, checkpoint_1.isSafetyCheckpoint)(checkpoint) ? { confirm: confirmSetting, undo: true } : { confirm: true, undo: false };
}
//# sourceMappingURL=safetyCheckpoints.js.map