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
// The paths a restore names (core/restorePaths.ts): checked and canonical, limited when a person or
// an agent names them, and matched against tens of thousands of changed paths by folder.
const assert = __importStar(require("node:assert/strict"));
const restorePaths_1 = require("../../src/core/restorePaths");
describe('The paths of a restore', () => {
    it('are canonical and sorted; the root, .git and .cleveragents are refused', () => {
        assert.deepEqual((0, restorePaths_1.parseRestorePaths)(['./b/', 'a', 'b']), ['a', 'b']);
        assert.throws(() => (0, restorePaths_1.parseRestorePaths)(['.']), /whole sandbox/);
        assert.throws(() => (0, restorePaths_1.parseRestorePaths)(['x/.git/config']), /cannot be restored/);
        assert.throws(() => (0, restorePaths_1.parseRestorePaths)(['.cleveragents/cleveragents.db']), /cannot be restored/);
    });
    it('named by a person or an agent: at most 1,000; worked out by a correction: any number', () => {
        const many = Array.from({ length: restorePaths_1.MAX_RESTORE_PATHS + 1 }, (_, i) => `f${i}`);
        assert.throws(() => (0, restorePaths_1.parseRestorePaths)(many), /at most 1,000 paths can be restored at once, not 1,001/);
        assert.equal((0, restorePaths_1.parseRestorePaths)(many, Number.POSITIVE_INFINITY).length, 1001);
    });
    it('match a path that is one of them or inside one, never a longer name beside it', () => {
        const inside = (0, restorePaths_1.pathsMatcher)(['src/app', 'README.md', 'a b/c']);
        for (const p of ['src/app', 'src/app/x.ts', 'src/app/deep/er/y.ts', 'README.md', 'a b/c/d'])
            assert.equal(inside(p), true, p);
        for (const p of ['src', 'src/apple', 'src/app.ts', 'README.md.bak', 'a b', 'x/src/app'])
            assert.equal(inside(p), false, p);
        assert.equal((0, restorePaths_1.pathsMatcher)([])('anything'), false);
    });
});
//# sourceMappingURL=restorePaths.test.js.map