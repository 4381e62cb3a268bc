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
const firstItemsTiming_1 = require("../../src/extension/tree/firstItemsTiming");
describe('timeFirstItems (the "first rows in the view" log line)', () => {
    it('reports once, when the top level first has rows, and passes everything else through', async () => {
        const answers = [[], ['a', 'b'], ['c']];
        const provider = {
            calls: 0,
            getTreeItem: (element) => ({ label: element }),
            async getChildren(element) {
                this.calls++;
                return element ? ['child'] : (answers.shift() ?? []);
            },
        };
        const reports = [];
        const timed = (0, firstItemsTiming_1.timeFirstItems)(provider, performance.now(), (ms, rows) => reports.push([ms, rows]));
        assert.deepEqual(await timed.getChildren('x'), ['child']);
        assert.deepEqual(await timed.getChildren(), []);
        assert.equal(reports.length, 0, 'no rows yet');
        assert.deepEqual(await timed.getChildren(), ['a', 'b']);
        assert.deepEqual(await timed.getChildren(), ['c']);
        assert.equal(reports.length, 1);
        assert.equal(reports[0][1], 2);
        assert.ok(reports[0][0] >= 0);
        assert.deepEqual(timed.getTreeItem('z'), { label: 'z' });
        assert.equal(provider.calls, 4, 'getChildren runs on the provider itself (its `this`)');
    });
});
//# sourceMappingURL=firstItemsTiming.test.js.map