"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DECISION_COMMANDS = exports.DECISION_OPTIONS = exports.DECISION_SUBCOMMANDS = void 0;
exports.buildDecisionCommand = buildDecisionCommand;
const serviceDeps_1 = require("../core/serviceDeps");
const args_1 = require("./args");
const cliErrors_1 = require("../envelopes/cliErrors");
// The command line of decisions, corrections and restoring chosen paths; kept apart from args.ts
// so that the commands of plans and checkpoints read on their own.
exports.DECISION_SUBCOMMANDS = ['restore', 'decide', 'decisions', 'correct'];
exports.DECISION_OPTIONS = {
    rationale: { type: 'string' },
    'depends-on': { type: 'string', multiple: true },
    preview: { type: 'boolean' },
    'keep-independent': { type: 'boolean' },
};
exports.DECISION_COMMANDS = {
    restore: { options: ['yes'], positionals: ['plan_id', 'checkpoint_id', 'path'], variadic: true },
    decide: { options: ['title', 'rationale', 'depends-on', 'decision'], positionals: ['plan_id'] },
    decisions: { options: [], positionals: ['plan_id'] },
    correct: { options: ['yes', 'preview', 'keep-independent', 'undo'], positionals: ['plan_id', 'decision_id'] },
};
function buildDecisionCommand(name, args, values) {
    const planId = (0, args_1.idOrPrefixArg)(args[0], 'plan id');
    switch (name) {
        case 'restore':
            // The paths are checked by the core, which owns the rule.
            return { name, planId, checkpointId: (0, args_1.idOrPrefixArg)(args[1], 'checkpoint id'), paths: args.slice(2), yes: values.yes === true };
        case 'decide':
            if (values.title === undefined)
                throw new cliErrors_1.UsageError('"plan decide" needs --title TEXT', name);
            return {
                name,
                planId,
                title: values.title,
                rationale: values.rationale,
                dependsOn: (values['depends-on'] ?? []).map((d) => (0, serviceDeps_1.parseId)(d, '--depends-on')),
                decisionId: values.decision === undefined ? undefined : (0, serviceDeps_1.parseId)(values.decision, '--decision'),
            };
        case 'decisions':
            return { name, planId };
        case 'correct':
            if (values.undo) {
                if (values.preview || values['keep-independent'])
                    throw new cliErrors_1.UsageError('--undo takes neither --preview nor --keep-independent', name);
                return { name: 'correct-undo', planId, correctionId: (0, args_1.idOrPrefixArg)(args[1], 'correction id'), yes: values.yes === true };
            }
            return {
                name,
                planId,
                decisionId: (0, args_1.idOrPrefixArg)(args[1], 'decision id'),
                yes: values.yes === true,
                preview: values.preview === true,
                keepIndependent: values['keep-independent'] === true,
            };
    }
}
//# sourceMappingURL=decisionArgs.js.map