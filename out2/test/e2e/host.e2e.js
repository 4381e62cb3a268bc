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
// The e2e host itself: a workbench opens on the fixture and the helpers drive it.
const assert = __importStar(require("node:assert/strict"));
const workbench_1 = require("./workbench");
describe('e2e host', () => {
    const wb = (0, workbench_1.useWorkbench)();
    it('shows the fixture workspace in the Explorer', async () => {
        await (0, workbench_1.openView)(wb.page, 'Explorer');
        assert.deepEqual(await (0, workbench_1.treeRows)(wb.page), ['src', '.gitignore', 'README.md']);
        await (0, workbench_1.screenshot)(wb.page, 'host-explorer');
    });
    it('runs a command from the palette and answers its dialog', async () => {
        await (0, workbench_1.runCommand)(wb.page, 'Help: About');
        const text = await (0, workbench_1.answerDialog)(wb.page, 'OK');
        assert.match(text, /^Code: \d+\.\d+\.\d+/m);
    });
});
//# sourceMappingURL=host.e2e.js.map