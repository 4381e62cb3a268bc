"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const contractSuite_1 = require("./contractSuite");
const claudeCode_1 = require("./drivers/claudeCode");
(0, contractSuite_1.describeAgentContract)(claudeCode_1.claudeCodeDriver, 'on');
(0, contractSuite_1.describeAgentContract)(claudeCode_1.claudeCodeDriver, 'off');
//# sourceMappingURL=claudeCode.test.js.map