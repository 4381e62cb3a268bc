"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DECISION_HELP = void 0;
exports.DECISION_HELP = {
    restore: {
        synopsis: 'agents plan restore [--yes|-y] <plan_id> <checkpoint_id> <path>...',
        text: `Restores only the given paths (files or folders, relative to the sandbox) to what the checkpoint
holds; a path the checkpoint does not hold is removed. Every other path stays as it is. Same guards,
safety checkpoint and undo as rollback; ignored files are never touched. Asks for confirmation like
rollback.`,
    },
    decide: {
        synopsis: 'agents plan decide <plan_id> --title TEXT [--rationale TEXT] [--depends-on ULID]... [--decision ULID]',
        text: `Records a decision of the plan: a choice that later work builds on. --depends-on names an earlier,
active decision of the same plan it builds on (repeatable). --decision gives the id checkpoints are
already aligned to (default: a new one). Align checkpoints with "plan checkpoint --decision ID".`,
    },
    decisions: { synopsis: 'agents plan decisions <plan_id>', text: "Lists a plan's decisions, oldest first, with what each depends on, its state and its aligned checkpoints." },
    correct: {
        synopsis: `agents plan correct [--yes|-y] [--preview] [--keep-independent] <plan_id> <decision_id>
       agents plan correct --undo [--yes|-y] <plan_id> <correction_id>`,
        text: `Reverts a decision and every decision built on it, and restores the files: by default the sandbox
goes back to the earliest pre_write checkpoint aligned to the decision (else the newest checkpoint
taken before it). With --keep-independent, only the paths the reverted decisions changed are
restored and later independent work stays; a path changed by both is refused, with the list.
--preview shows what would happen and changes nothing. --undo puts the files back and makes the
decisions active again. Asks for confirmation like rollback.`,
    },
};
//# sourceMappingURL=decisionUsage.js.map