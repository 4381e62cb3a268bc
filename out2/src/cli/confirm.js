"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isYes = isYes;
exports.confirmChange = confirmChange;
exports.askLine = askLine;
const node_readline_1 = require("node:readline");
const cliErrors_1 = require("../envelopes/cliErrors");
/** Only an explicit yes proceeds; anything else, including an empty line, is a no. */
function isYes(answer) {
    return answer !== undefined && /^\s*(y|yes)\s*$/i.test(answer);
}
/**
 * Returns when the change may go ahead; throws a CliError (exit 1) when it may not. Without a
 * terminal and without --yes it refuses at once: nothing waits for input that cannot come.
 */
async function confirmChange(io, request) {
    if (io.assumeYes)
        return;
    if (!io.interactive) {
        throw new cliErrors_1.CliError('ConfirmationRequired', `${request.action} refused: confirmation needed; re-run with --yes`, cliErrors_1.EXIT_FAILED);
    }
    await io.show(request.preview);
    const answer = await io.ask(`${request.question} [y/N] `);
    if (!isYes(answer))
        throw new cliErrors_1.CliError('Cancelled', `${request.action} cancelled: not confirmed; nothing was changed.`, cliErrors_1.EXIT_FAILED);
}
/** Asks one question on a readable/writable pair; resolves undefined on end of input or Ctrl-C. */
function askLine(input, output, question) {
    return new Promise((resolve) => {
        const rl = (0, node_readline_1.createInterface)({ input, output });
        let settled = false;
        const finish = (answer) => {
            if (settled)
                return;
            settled = true;
            rl.close();
            resolve(answer);
        };
        rl.on('close', () => {
            if (!settled)
                output.write('\n');
            finish(undefined);
        });
        rl.on('SIGINT', () => {
            output.write('\n');
            finish(undefined);
        });
        rl.question(question, (answer) => finish(answer));
    });
}
//# sourceMappingURL=confirm.js.map