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
const assert = __importStar(require("node:assert/strict"));
const errors_1 = require("../../src/core/errors");
const commandIds_1 = require("../../src/extension/commandIds");
const databaseErrorRows_1 = require("../../src/extension/tree/databaseErrorRows");
const waysOutText_1 = require("../../src/extension/waysOut/waysOutText");
// The rows of a folder whose checkpoint database cannot be listed: Move Aside is offered only for
// a file that cannot be read, and only in a trusted workspace.
const folder = { uri: { toString: () => 'file:///work/app' }, name: 'app', index: 0 };
describe('the error rows of a folder whose plans cannot be listed', () => {
    it('another failure (a lock held too long): one row naming it, a click opens the log, no Move Aside', () => {
        const rows = (0, databaseErrorRows_1.databaseErrorRows)(folder, undefined, new errors_1.StoreError('the database is locked'), true);
        assert.deepEqual(rows.map((r) => [r.id, r.label, r.tooltip, r.severity, r.command?.command, r.contextValue]), [['file:///work/app#error', 'Cannot read the checkpoint database: the database is locked', 'the database is locked Click to open the log.', 'error', commandIds_1.Commands.showLog, undefined]]);
    });
    it('an unreadable file, trusted: its row with the Move Aside menu, and Move Aside as a row of its own for this folder', () => {
        const rows = (0, databaseErrorRows_1.databaseErrorRows)(folder, undefined, new errors_1.UnreadableDatabaseError('not a database'), true);
        const expected = (0, waysOutText_1.unreadableRow)('not a database');
        assert.deepEqual(rows.map((r) => [r.id, r.label, r.severity, r.command?.command, r.contextValue]), [
            ['file:///work/app#error', expected.label, 'error', commandIds_1.Commands.showLog, commandIds_1.TreeItemContext.unreadableDatabase],
            ['file:///work/app#move-aside', 'Move Aside and Start Fresh…', 'info', commandIds_1.Commands.moveDatabaseAside, undefined],
        ]);
        assert.deepEqual(rows[1].command?.arguments, [{ folder: 'file:///work/app' }]);
    });
    it('an unreadable file in Restricted Mode: the error row only (moving the file writes)', () => {
        const rows = (0, databaseErrorRows_1.databaseErrorRows)(folder, undefined, new errors_1.UnreadableDatabaseError('not a database'), false);
        assert.deepEqual(rows.map((r) => r.id), ['file:///work/app#error']);
    });
});
describe('the row of a database that was read and is gone', () => {
    it('names the file, says it may have been moved, and opens the log on a click', () => {
        const row = (0, databaseErrorRows_1.databaseGoneRow)(folder, '/work/app/.cleveragents/cleveragents.db');
        assert.equal(row.label, 'The checkpoint database is gone');
        assert.equal(row.severity, 'error');
        assert.equal(row.command?.command, commandIds_1.Commands.showLog);
        assert.match(row.tooltip, /^\/work\/app\/\.cleveragents\/cleveragents\.db was there and is not any more/);
        assert.match(row.tooltip, /put it back/);
    });
});
//# sourceMappingURL=databaseErrorRows.test.js.map