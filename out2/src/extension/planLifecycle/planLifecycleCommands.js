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
exports.PlanLifecycleController = exports.PlanLifecycleArgsSchema = void 0;
exports.commandFits = commandFits;
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const errors_1 = require("../../core/errors");
const idPrefix_1 = require("../../core/idPrefix");
const planLifecycle_1 = require("../../core/planLifecycle");
const commandIds_1 = require("../commandIds");
const commandArgs_1 = require("../commands/commandArgs");
const commands_1 = require("../commands/commands");
const prompts_1 = require("../commands/prompts");
const delayedProgress_1 = require("../delayedProgress");
const shownText_1 = require("../shownText");
const displayText_1 = require("../../core/displayText");
const planLifecycleText_1 = require("./planLifecycleText");
/** What code may pass to the lifecycle commands. */
exports.PlanLifecycleArgsSchema = z
    .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: idPrefix_1.IdOrPrefixSchema,
    /** Apply, Mark Applied and Delete Plan without their modal (for callers that asked the user themselves). */
    skipConfirmation: z.boolean().optional(),
})
    .strict();
const STATUS_MESSAGE_MS = 5000;
/** The verb of each state-changing command. */
const ACTION_OF = {
    startPlan: 'start',
    completePlan: 'complete',
    failPlan: 'fail',
    cancelPlan: 'cancel',
    // An agent session's plan ends as completed: its hooks then start a new plan at the next prompt (hooks/sessionPlans.ts).
    endSession: 'complete',
};
/** How long after a start another Start of the same plan is taken as the same click, not refused. */
const JUST_STARTED_MS = 10_000;
/** Which plans each command can work on: the palette offers only those, the rows show it only on them. */
function commandFits(name, plan) {
    const action = ACTION_OF[name];
    if (action)
        return (0, planLifecycle_1.canTransition)(plan.state, planLifecycle_1.LIFECYCLE_ACTIONS[action]);
    if (name === 'markPlanApplied')
        return plan.sandbox_kind === 'in_place' && (0, planLifecycle_1.canTransition)(plan.state, 'applied');
    if (name === 'applyPlan')
        return plan.sandbox_kind === 'isolated' && (0, planLifecycle_1.canTransition)(plan.state, 'applied');
    return true;
}
/**
 * Start, Complete, Mark Failed, Cancel, Mark Applied, Apply and Delete Plan, from the tree's rows,
 * the palette and the API. Every rule is the core's (planLifecycle.ts): a refused change says why.
 */
class PlanLifecycleController {
    deps;
    /** Starts under way, by plan: a second click joins the first instead of failing. */
    starting = new Map();
    constructor(deps) {
        this.deps = deps;
    }
    async changeState(t, action) {
        if (action === 'start') {
            // A double click on the row's Start: the second one sees the plan executing (or about to be).
            const under = this.starting.get(t.plan.plan_id);
            if (under)
                return under;
            if (t.plan.state === 'executing' && Date.now() - Date.parse(t.plan.updated_at) < JUST_STARTED_MS)
                return t.plan;
            const started = this.setState(t, action).finally(() => this.starting.delete(t.plan.plan_id));
            this.starting.set(t.plan.plan_id, started);
            return started;
        }
        return this.setState(t, action);
    }
    async setState(t, action) {
        const plan = await (0, delayedProgress_1.withProgress)((0, planLifecycleText_1.actionProgress)(action, t.plan.title), () => t.services.plans.setState(t.plan.plan_id, planLifecycle_1.LIFECYCLE_ACTIONS[action]));
        (0, shownText_1.setStatus)(`$(check) ${(0, planLifecycleText_1.stateChangedStatus)(plan, t.plan.state)}`, STATUS_MESSAGE_MS);
        this.deps.changed();
        return plan;
    }
    /** Apply (isolated) or Mark Applied (in place), after the modal unless `confirm` is false; undefined when declined. */
    async apply(t, confirm) {
        if (confirm) {
            const preview = await t.services.plans.previewApply(t.plan.plan_id);
            // Applying would refuse anyway: say so now rather than ask first.
            if (preview.conflicts.length > 0)
                throw new errors_1.ApplyConflictError(preview.conflicts);
            const inPlace = t.plan.sandbox_kind === 'in_place';
            const text = inPlace
                ? (0, planLifecycleText_1.markAppliedConfirmation)(t.plan, (await t.services.checkpoints.listCheckpoints(t.plan.plan_id)).length)
                : (0, planLifecycleText_1.applyConfirmation)(t.plan, preview.changes);
            const action = inPlace ? planLifecycleText_1.MARK_APPLIED : planLifecycleText_1.APPLY;
            if ((await this.deps.dialogs.confirm(text.message, text.detail, [action])) !== action)
                return undefined;
        }
        const result = await (0, delayedProgress_1.withProgress)(`Applying “${t.plan.title}”…`, () => t.services.plans.applyPlan(t.plan.plan_id));
        (0, shownText_1.setStatus)(`$(verified-filled) “${result.plan.title}” applied` + (t.plan.sandbox_kind === 'isolated' ? `: ${(0, displayText_1.plural)(result.changes.length, 'file')} changed in the workspace` : ''), STATUS_MESSAGE_MS);
        this.deps.changed();
        return result;
    }
    /** Deletes the plan after the modal unless `confirm` is false; undefined when declined. */
    async delete(t, confirm) {
        if (confirm) {
            // The preview refuses as the delete would (an interrupted operation) before anything is asked.
            const { plan, checkpoints } = await t.services.plans.previewDelete(t.plan.plan_id);
            const files = plan.sandbox_kind === 'isolated' ? await this.deps.countFiles?.(t.folder, plan.sandbox_path) : undefined;
            const text = (0, planLifecycleText_1.deleteConfirmation)(plan, checkpoints, new Date(), files);
            if ((await this.deps.dialogs.confirm(text.message, text.detail, [planLifecycleText_1.DELETE_PLAN])) !== planLifecycleText_1.DELETE_PLAN)
                return undefined;
        }
        const deleted = await (0, delayedProgress_1.withProgress)(`Deleting “${t.plan.title}”…`, () => t.services.plans.deletePlan(t.plan.plan_id));
        (0, shownText_1.setStatus)(`$(trash) ${(0, planLifecycleText_1.deletedStatus)(deleted.plan, deleted.checkpointIds.length)}`, STATUS_MESSAGE_MS);
        this.deps.changed();
        return deleted;
    }
    registerCommands() {
        const names = Object.keys(COMMAND_PLACEHOLDERS);
        return vscode.Disposable.from(...names.map((name) => vscode.commands.registerCommand(commandIds_1.Commands[name], async (arg) => {
            if (!vscode.workspace.isTrusted) {
                (0, commands_1.explainRestricted)(commandIds_1.CommandTitles[name]);
                return undefined;
            }
            try {
                return await this.run(name, arg);
            }
            catch (error) {
                this.deps.dialogs.error(error, commandIds_1.CommandTitles[name]);
                return undefined;
            }
        })));
    }
    /** Runs one command; returns plain data to code that ran it (the plan, the apply or the delete). */
    async run(name, arg) {
        const given = arg !== undefined && !this.deps.tree?.isNode(arg) ? (0, commandArgs_1.parseArgs)(exports.PlanLifecycleArgsSchema, arg, commandIds_1.Commands[name]) : undefined;
        const t = await this.target(name, arg, given);
        if (!t)
            return undefined;
        const confirm = given?.skipConfirmation !== true;
        const action = ACTION_OF[name];
        if (action)
            return { ...(await this.changeState(t, action)) };
        if (name === 'deletePlan') {
            const deleted = await this.delete(t, confirm);
            return deleted && { plan_id: deleted.plan.plan_id, checkpoint_ids: [...deleted.checkpointIds], removed_sandbox: deleted.removedSandbox };
        }
        // Apply and Mark Applied are one operation of the core; each command says which kind it expects.
        const expected = name === 'applyPlan' ? 'isolated' : 'in_place';
        if (t.plan.sandbox_kind !== expected) {
            throw new errors_1.ValidationError(expected === 'isolated'
                ? `the plan “${t.plan.title}” works in place: its changes are already in the folder; use ${commandIds_1.CommandTitles.markPlanApplied}`
                : `the plan “${t.plan.title}” works in an isolated copy; use ${commandIds_1.CommandTitles.applyPlan} to bring its changes into the workspace`);
        }
        const applied = await this.apply(t, confirm);
        return applied && { plan: { ...applied.plan }, changes: applied.changes.map((c) => ({ path: c.path, change: c.change })) };
    }
    /** The plan of a row (as it is: a refusal then says why), of arguments, of the selection when it fits, or asked for among those that fit. */
    async target(name, arg, given) {
        if (this.deps.tree?.isNode(arg)) {
            if (arg.kind !== 'plan' && arg.kind !== 'checkpoint')
                return undefined;
            return this.deps.folders.findPlan(arg.plan.plan_id, arg.folder);
        }
        if (given)
            return this.deps.folders.findPlan(given.planId, this.folderArg(given.folder));
        const node = this.deps.tree?.selection()[0];
        if ((node?.kind === 'plan' || node?.kind === 'checkpoint') && commandFits(name, node.plan))
            return this.deps.folders.findPlan(node.plan.plan_id, node.folder);
        const choices = await this.deps.folders.planChoices((p) => commandFits(name, p));
        if (choices.length === 0) {
            this.deps.dialogs.info(`No plan can be chosen for “${commandIds_1.CommandTitles[name]}”: ${COMMAND_PLACEHOLDERS[name].none}.`);
            return undefined;
        }
        return (0, prompts_1.pickPlan)(choices, COMMAND_PLACEHOLDERS[name].pick);
    }
    folderArg(given) {
        if (given === undefined)
            return undefined;
        const found = this.deps.folders.folders().find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
        if (!found)
            throw new errors_1.ValidationError(`"${given}" is not a workspace folder`);
        return found;
    }
}
exports.PlanLifecycleController = PlanLifecycleController;
/** What the quick pick asks, and why it may have nothing to offer. */
const COMMAND_PLACEHOLDERS = {
    startPlan: { pick: 'Plan to start (draft, failed or completed)', none: 'only a draft, failed or completed plan can start' },
    completePlan: { pick: 'Executing plan to mark completed', none: 'no plan is executing' },
    failPlan: { pick: 'Executing plan to mark failed', none: 'no plan is executing' },
    cancelPlan: { pick: 'Plan to cancel', none: 'every plan is applied or cancelled already' },
    markPlanApplied: { pick: 'In-place plan to mark applied', none: 'no plan working in place is open' },
    applyPlan: { pick: 'Isolated plan whose changes to apply to the workspace', none: 'no plan with an isolated copy is open' },
    deletePlan: { pick: 'Plan to delete, with its checkpoints', none: 'there are no plans' },
    endSession: { pick: 'Agent session to end', none: 'no agent session is active' },
};
//# sourceMappingURL=planLifecycleCommands.js.map