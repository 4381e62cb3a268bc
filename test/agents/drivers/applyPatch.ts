// The `apply_patch` format that Codex CLI and Cline's CLI both take (`*** Begin Patch` … `*** End
// Patch`), for the drivers' scripted tool calls.

/** A patch of the given file operations. */
export const patch = (body: string): string => `*** Begin Patch\n${body}*** End Patch\n`;

/** Each line of `text` (which ends with a line end) behind `prefix` (`+`, `-` or ` `). */
export const lines = (prefix: string, text: string): string =>
  text
    .split('\n')
    .slice(0, -1)
    .map((l) => `${prefix}${l}\n`)
    .join('');
