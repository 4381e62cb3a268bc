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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const displayText_1 = require("../../src/core/displayText");
/** Everything a terminal or a bidi-aware renderer would act on. */
const INTERPRETED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff\ufffd]/u;
describe('display text: untrusted text made visible', () => {
    it('escapes ESC, CR, LF, TAB, DEL and other C0/C1 controls by name or code', () => {
        assert.equal((0, displayText_1.escapeUnsafe)('a\x1b[3Ab'), 'a\\e[3Ab');
        assert.equal((0, displayText_1.escapeUnsafe)('x\ry\nz\tw'), 'x\\ry\\nz\\tw');
        assert.equal((0, displayText_1.escapeUnsafe)('\x00\x07\x08\x7f\x9b\x85'), '\\0\\a\\b\\x7f\\x9b\\x85');
        assert.equal((0, displayText_1.escapeUnsafe)('title\x1b]0;pwned\x07'), 'title\\e]0;pwned\\a');
    });
    it('escapes bidi marks, embeddings, overrides and isolates, and the line and paragraph separators', () => {
        assert.equal((0, displayText_1.escapeUnsafe)('a\u202eb\u202ac\u2066d\u2069e\u200ef\u200fg\u061ch'), 'a\\u202eb\\u202ac\\u2066d\\u2069e\\u200ef\\u200fg\\u061ch');
        assert.equal((0, displayText_1.escapeUnsafe)('p\u2028q\u2029r'), 'p\\u2028q\\u2029r');
    });
    it('escapes lone surrogates and U+FFFD (what undecodable bytes become), keeps real characters', () => {
        assert.equal((0, displayText_1.escapeUnsafe)('a\ud800b\udc00c'), 'a\\ud800b\\udc00c');
        assert.equal((0, displayText_1.escapeUnsafe)(Buffer.from([0x62, 0xff, 0x2e]).toString('utf8')), 'b\\ufffd.');
        assert.equal((0, displayText_1.escapeUnsafe)('héllo → 😀 … 日本'), 'héllo → 😀 … 日本');
        assert.equal((0, displayText_1.escapeUnsafe)('plain/path.ts'), 'plain/path.ts');
    });
    it('for any string, nothing interpretable is left and the output is well-formed', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.string({ unit: 'binary', maxLength: 60 }), (s) => {
            const out = (0, displayText_1.escapeUnsafe)(s);
            assert.ok(!INTERPRETED.test(out), JSON.stringify(out));
            assert.equal((0, displayText_1.terminalLines)(out), out, 'escaping twice changes nothing more');
        }), { numRuns: 500 });
    });
    it('terminalLines keeps our own line breaks and escapes everything else on each line', () => {
        assert.equal((0, displayText_1.terminalLines)('one\x1b[2J\ntwo\r'), 'one\\e[2J\ntwo\\r');
    });
    it('a line for VS Code: a 10,000-character value keeps its start and its end around an ellipsis', () => {
        const long = `${'a'.repeat(5000)}\u202e${'b'.repeat(4990)}/name.txt`;
        const line = (0, displayText_1.displayLine)(long, 200);
        assert.equal(line.shortened, true);
        assert.equal(line.text.length, 200);
        assert.ok(line.text.startsWith('aaaa') && line.text.endsWith('bbb/name.txt') && line.text.includes('…'));
        assert.deepEqual((0, displayText_1.displayLine)('short', 200), { text: 'short', shortened: false });
    });
    it('shortening never splits an escape or a surrogate pair', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.string({ unit: 'binary', minLength: 50, maxLength: 300 }), fast_check_1.default.integer({ min: 10, max: 60 }), (s, max) => {
            const text = (0, displayText_1.displayText)(s, max);
            assert.ok(text.length <= max);
            assert.ok(!INTERPRETED.test(text));
            // every backslash of the output starts a whole escape, or was in the input
            for (const m of text.matchAll(/\\(u[0-9a-f]{0,3}(?![0-9a-f])|x[0-9a-f]?(?![0-9a-f]))/g)) {
                assert.ok(s.includes(m[0]), `a cut escape ${m[0]} in ${JSON.stringify(text)}`);
            }
        }), { numRuns: 300 });
    });
});
describe('counts as people read them', () => {
    it('separates thousands the same way everywhere: 20,000, never 20000', () => {
        assert.deepEqual([0, 7, 999, 1000, 20_000, 1_234_567, -4500].map(displayText_1.formatCount), ['0', '7', '999', '1,000', '20,000', '1,234,567', '-4,500']);
        assert.equal((0, displayText_1.plural)(20_000, 'file'), '20,000 files');
        assert.equal((0, displayText_1.plural)(1, 'file'), '1 file');
    });
});
//# sourceMappingURL=displayText.test.js.map