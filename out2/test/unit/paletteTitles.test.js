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
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
/** Whether `typed` appears in `label` in order, letters apart allowed (how the palette's filter matches). */
function fuzzyMatches(typed, label) {
    const t = typed.toLowerCase().replace(/\s+/g, '');
    const l = label.toLowerCase();
    let i = 0;
    for (const ch of l)
        if (ch === t[i])
            i += 1;
    return i === t.length;
}
describe('Command palette titles', () => {
    const pkg = JSON.parse((0, node_fs_1.readFileSync)(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    const labels = pkg.contributes.commands.filter((c) => c.category).map((c) => ({ id: c.command, label: `${c.category}: ${c.title}` }));
    it('typing “Checkpoints: Create Plan” finds Create Plan and no command that makes a checkpoint', () => {
        const found = labels.filter((l) => fuzzyMatches('Checkpoints: Create Plan', l.label)).map((l) => l.id);
        assert.deepEqual(found, ['cleveragents.checkpoints.createPlan'], JSON.stringify(found));
    });
});
//# sourceMappingURL=paletteTitles.test.js.map