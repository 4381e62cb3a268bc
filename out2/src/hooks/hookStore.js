"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sessionPlan = exports.hookServices = exports.checkpointJobCommand = exports.runCheckpointJob = exports.promptAlreadyTaken = exports.firstSnapshotRunning = exports.checkpointInBackground = void 0;
// What a hook needs once a checkpoint is due: sql.js, the adapters, the services. Bundled apart
// (`dist/agentsHookStore.js`, esbuild.mjs) so that an event that takes no checkpoint (a read-only
// tool, a session start, bad stdin) never parses it.
var backgroundCheckpoint_1 = require("./backgroundCheckpoint");
Object.defineProperty(exports, "checkpointInBackground", { enumerable: true, get: function () { return backgroundCheckpoint_1.checkpointInBackground; } });
Object.defineProperty(exports, "firstSnapshotRunning", { enumerable: true, get: function () { return backgroundCheckpoint_1.firstSnapshotRunning; } });
var checkpointJob_1 = require("./checkpointJob");
Object.defineProperty(exports, "promptAlreadyTaken", { enumerable: true, get: function () { return checkpointJob_1.promptAlreadyTaken; } });
Object.defineProperty(exports, "runCheckpointJob", { enumerable: true, get: function () { return checkpointJob_1.runCheckpointJob; } });
var checkpointJobCommand_1 = require("./checkpointJobCommand");
Object.defineProperty(exports, "checkpointJobCommand", { enumerable: true, get: function () { return checkpointJobCommand_1.checkpointJobCommand; } });
var hookServices_1 = require("./hookServices");
Object.defineProperty(exports, "hookServices", { enumerable: true, get: function () { return hookServices_1.hookServices; } });
var sessionPlans_1 = require("./sessionPlans");
Object.defineProperty(exports, "sessionPlan", { enumerable: true, get: function () { return sessionPlans_1.sessionPlan; } });
//# sourceMappingURL=hookStore.js.map