/**
 * Errors the command line adds to the core's: they carry their own exit code. Free of Node
 * imports, like the envelopes that print them.
 */
export class CliError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The exit codes of the contract: 0 success, 1 refused or failed, 2 the command line is wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** The command line itself is wrong: unknown command or option, a missing argument. Exit 2. */
export class UsageError extends CliError {
  constructor(
    message: string,
    /** The command whose `--help` would have told the user; undefined for the global usage. */
    readonly command?: string,
  ) {
    super('UsageError', message, EXIT_USAGE);
  }
}
