import type { ProvenanceGroup } from './provenanceArgs';

export const PROVENANCE_HELP: Record<ProvenanceGroup, { synopsis: string; text: string }> = {
  blame: {
    synopsis: 'agents blame <path> [--plan <plan_id>]',
    text: `Says who wrote each line of the file as it is now, worked out from the checkpoints that fence
every tool call: a tool call (its checkpoint, agent, tool and time), "you, or another program"
between tool calls (with the time range), "before checkpoints" (with what the workspace's own git
says of the line, when it is a repository), or unknown where a fence was missed: never guessed.
Every plan whose sandbox holds the file is read; --plan reads only that one. Lines that moved
within the file keep their author. A binary file gets one entry. The path is relative to the
current directory, inside the workspace, and not through a symbolic link. See docs/PROVENANCE.md.`,
  },
  log: {
    synopsis: 'agents log <path> [--plan <plan_id>] [-p|--patch]',
    text: `Lists the changes of one file across every plan whose sandbox holds it, newest first: each with
the tool call that made it, or "outside tool calls", or unknown, and when. -p shows each change
as a diff. --plan reads only that plan. See docs/PROVENANCE.md.`,
  },
};
