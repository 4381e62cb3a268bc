"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runHookInput = void 0;
const node_v8_1 = require("node:v8");
// `dist/agentsHookRun.js`: `hook run` done in the calling process, when the resident process is
// off, absent or does not answer in time (src/daemon/clientMain.ts).
// As in cli/main.ts: a few SQLite statements do not repay V8's optimizing tier for sql.js's wasm.
(0, node_v8_1.setFlagsFromString)('--liftoff-only');
var hookRun_1 = require("../hooks/hookRun");
Object.defineProperty(exports, "runHookInput", { enumerable: true, get: function () { return hookRun_1.runHookInput; } });
//# sourceMappingURL=hookRunEntry.js.map