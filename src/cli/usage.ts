import type { Subcommand } from './args';
import { DECISION_HELP } from './decisionUsage';
import { isProvenanceGroup, type ProvenanceGroup } from './provenanceArgs';
import { PROVENANCE_HELP } from './provenanceUsage';

const GLOBAL_OPTIONS_TEXT = `Global options:
  --workspace DIR        the workspace folder (default: the current directory)
  --format text|json     output format (default: text); json prints exactly one JSON document
  --debug                log details and stack traces to stderr (or set AGENTS_DEBUG=1)
  -h, --help             show help (also after a command: agents plan rollback --help)
  --version              print the version

Environment (VS Code's integrated terminal sets the first two, for the folder its view shows):
  AGENTS_WORKSPACE       the workspace folder when --workspace is not given (absolute path)
  AGENTS_DATABASE        the database, relative to the workspace folder
                         (default: .cleveragents/cleveragents.db)
  AGENTS_DEBUG=1         as --debug`;

const IDS_TEXT = `Ids: a plan's, checkpoint's, decision's or correction's id may be shortened to any unique
prefix of 4 or more characters, in either case (as git takes short hashes).`;

const EXIT_CODES_TEXT = `Exit codes: 0 success; 1 the operation was refused or failed; 2 the command line is wrong.`;

const COMMAND_HELP: Record<Subcommand, { synopsis: string; text: string }> = {
  create: {
    synopsis: 'agents plan create --title TEXT [--sandbox PATH | --isolated]',
    text: `Creates a plan. Its sandbox is a folder of the workspace (--sandbox, relative to the
workspace, default ".") or, with --isolated, a copy of the workspace under
.cleveragents/sandboxes/<plan_id> that "plan apply" brings back. Creates the database on first use.`,
  },
  list: { synopsis: 'agents plan list', text: 'Lists the plans of the workspace, oldest first.' },
  show: { synopsis: 'agents plan show <plan_id>', text: 'Shows one plan: state, sandbox, retention policy and checkpoints.' },
  checkpoint: {
    synopsis: `agents plan checkpoint <plan_id> [--type manual|pre_write|post_step] [--reason TEXT]
                       [--source-tool NAME] [--phase NAME] [--decision ULID] [--resource ULID]
                       [--extra KEY=VALUE]...`,
    text: `Snapshots the plan's sandbox into a new checkpoint (--type defaults to manual). --extra may be
repeated; the pairs land in metadata.extra. Prints the checkpoint and the ids the retention policy
pruned to make room.`,
  },
  checkpoints: { synopsis: 'agents plan checkpoints <plan_id>', text: "Lists a plan's checkpoints, oldest first." },
  diff: {
    synopsis: 'agents plan diff <plan_id> <checkpoint_id> [<checkpoint_id>]',
    text: `Lists the paths that differ from the first checkpoint to the second, or to the sandbox as it is
now when only one is given: each added, modified or deleted.`,
  },
  rollback: {
    synopsis: `agents plan rollback [--yes|-y] [--preview] [--agent-only [--scope S | --path P [--hunk N]]
                     [--conflicts refuse|markers]] [--all]
                     <plan_id> <checkpoint_id>`,
    text: `Restores the sandbox to the checkpoint. A safety checkpoint of the current files is taken first;
rolling back to it (its id is printed) undoes the rollback. Refused when the plan is applied or its
sandbox is missing. Without --yes: on a terminal, shows what will change and asks y/N; otherwise
refuses and changes nothing. --preview (not with --yes) only shows what would change, and whose
later work (other plans over the same files, decisions, edits made outside tool calls) it would
undo. Text lists show counts and the first ten paths of each; --all shows every path (JSON always
lists them all).
With --agent-only, takes out only the changes made inside the agent's tool calls since the
checkpoint (each between a pre_write and its post_step), merged onto the files as they are now;
what anyone else changed between tool calls is kept. Where the agent and someone else changed the
same lines (or a binary file, a file's existence or mode), nothing is written and those paths are
listed; with --conflicts markers, a text file whose lines both changed is written instead with
conflict markers around the two versions (the current one, and the one without the agent's
change), for you to settle by editing it, or to undo with the safety checkpoint.
--scope takes out only the tool calls of the session since the checkpoint (session, the
default), of the checkpoint's prompt (prompt), the one tool call the checkpoint fences
(tool-call), or the subagent of the first tool call after it (subagent). See
docs/AGENT_ONLY_ROLLBACK.md.
With --path (Undo This Change), takes back only what the tool call the checkpoint fences (its
pre_write or post_step) did to that one file (relative to the sandbox), or with --hunk N only its
Nth run of changed lines (the preview lists them), merged the same way: later edits to the file,
yours or later tool calls', stay byte for byte.`,
  },
  apply: {
    synopsis: 'agents plan apply [--yes|-y] <plan_id>',
    text: `Marks the plan applied (final). An isolated sandbox's changes are first brought into the
workspace; refused, with the list, when the workspace changed the same files meanwhile. Asks for
confirmation like rollback.`,
  },
  cleanup: {
    synopsis: 'agents plan cleanup [--yes|-y] <plan_id>',
    text: `Deletes an isolated sandbox. The plan and its checkpoints stay; rollback is refused from then on.
Asks for confirmation like rollback.`,
  },
  recover: {
    synopsis: 'agents plan recover [--yes|-y] [--undo] <plan_id>',
    text: `Resolves an operation that a dead process left half done (a rollback, an apply or a cleanup:
"plan show" names it, and every write on the plan is refused until then). By default finishes it:
the files become what the operation was making them. With --undo, puts them back as they were
before it (a cleanup can only be finished). Paths someone changed since are left as they are and
listed. Asks for confirmation like rollback.`,
  },
  'recreate-sandbox': {
    synopsis: 'agents plan recreate-sandbox [--yes|-y] [--preview] [--checkpoint <checkpoint_id>] <plan_id>',
    text: `Makes a missing isolated sandbox folder again, with the files of the plan's newest checkpoint
(or of --checkpoint). Refused when the plan is applied or works in place, when the folder exists
(roll back instead), when the plan has no checkpoint, and while an operation on the plan is
interrupted. Recorded like a rollback: if it is interrupted, "plan recover" finishes it, or with
--undo leaves the folder empty. --preview (not with --yes) only says what it would do. Asks for
confirmation like rollback.`,
  },
  start: {
    synopsis: 'agents plan start <plan_id>',
    text: `Marks the plan executing: a draft starts, a failed or completed plan resumes. While a plan is
executing, VS Code takes automatic checkpoints of its sandbox (when they are switched on).`,
  },
  complete: { synopsis: 'agents plan complete <plan_id>', text: 'Marks an executing plan completed.' },
  fail: { synopsis: 'agents plan fail <plan_id>', text: 'Marks an executing plan failed; "plan start" resumes it.' },
  cancel: {
    synopsis: 'agents plan cancel <plan_id>',
    text: `Cancels a plan that is not applied. Cancelled is final: the plan and its checkpoints stay, and
it can still be rolled back or deleted, but not started or applied.`,
  },
  delete: {
    synopsis: 'agents plan delete [--yes|-y] <plan_id>',
    text: `Deletes the plan, its checkpoints and their snapshots, its state history and, for an isolated
plan, its sandbox folder. The files of an in-place sandbox stay. Refused while an operation on the plan
is interrupted ("plan recover" first). Asks for confirmation like rollback.`,
  },
  ...DECISION_HELP,
  policy: {
    synopsis: 'agents plan policy <plan_id> [--max-checkpoints N] [--auto-prune true|false]',
    text: `Shows the plan's retention policy, or changes it. N is 1 to 100 (default 50). With auto-prune on,
a new checkpoint beyond N removes the oldest interior ones; the first and the latest always stay,
and so do the checkpoints an undo or an active decision needs (they count toward N, and are kept
beyond it when they alone exceed it).`,
  },
};

export function globalHelp(): string {
  return `agents — checkpoints and guarded rollback for the sandboxes AI agents work in

Usage: agents [global options] plan <command> [arguments]

Commands:
${Object.values(COMMAND_HELP)
  .map((c) => `  ${c.synopsis}`)
  .join('\n')}

${GLOBAL_OPTIONS_TEXT}

${IDS_TEXT}

Whose lines: "agents blame <path>" says who wrote each line of a file (a tool call, you between
tool calls, or before any checkpoint); "agents log <path> [-p]" lists the file's changes across
plans, newest first (docs/PROVENANCE.md).

For agents: "agents mcp [--workspace DIR]" is an MCP server on stdio ("agents mcp --help").
"agents hook install|uninstall <agent> [--user] [--dry-run]" connects an agent's hooks
(copilot, claude-code, cursor, gemini, cline); "agents hook status" says what is connected.
"agents daemon status|stop" shows or stops the workspace's resident process (docs/AGENTS.md).

agents db fold   folds the database's write log into cleveragents.db now, so that any SQLite
                 client sees every change in the file itself (docs/RELIABILITY.md).

${EXIT_CODES_TEXT}
Run "agents plan <command> --help" for one command.`;
}

export function commandHelp(command: Subcommand | ProvenanceGroup): string {
  const c = isProvenanceGroup(command) ? PROVENANCE_HELP[command] : COMMAND_HELP[command];
  return `Usage: ${c.synopsis}

${c.text}

${GLOBAL_OPTIONS_TEXT}

${IDS_TEXT}

${EXIT_CODES_TEXT}`;
}

/** The line that follows a usage error in text mode. */
export function usageHint(command: string | undefined): string {
  if (isProvenanceGroup(command)) return `Run "agents ${command} --help" for its usage.`;
  return command && command !== 'plan' ? `Run "agents plan ${command} --help" for its usage.` : 'Run "agents --help" for usage.';
}
