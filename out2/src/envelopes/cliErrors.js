"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UsageError = exports.EXIT_USAGE = exports.EXIT_FAILED = exports.EXIT_OK = exports.CliError = void 0;
/**
 * Errors the command line adds to the core's: they carry their own exit code. Free of Node
 * imports, like the envelopes that print them.
 */
class CliError extends Error {
    type;
    exitCode;
    constructor(type, message, exitCode) {
        super(message);
        this.type = type;
        this.exitCode = exitCode;
        this.name = 'CliError';
    }
}
exports.CliError = CliError;
/** The exit codes of the contract: 0 success, 1 refused or failed, 2 the command line is wrong. */
exports.EXIT_OK = 0;
exports.EXIT_FAILED = 1;
exports.EXIT_USAGE = 2;
/** The command line itself is wrong: unknown command or option, a missing argument. Exit 2. */
class UsageError extends CliError {
    command;
    constructor(message, 
    /** The command whose `--help` would have told the user; undefined for the global usage. */
    command) {
        super('UsageError', message, exports.EXIT_USAGE);
        this.command = command;
    }
}
exports.UsageError = UsageError;
//# sourceMappingURL=cliErrors.js.map