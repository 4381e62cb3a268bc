"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const contractSuite_1 = require("./contractSuite");
const gemini_1 = require("./drivers/gemini");
(0, contractSuite_1.describeAgentContract)(gemini_1.geminiDriver, 'on');
(0, contractSuite_1.describeAgentContract)(gemini_1.geminiDriver, 'off');
//# sourceMappingURL=gemini.test.js.map