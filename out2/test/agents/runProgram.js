"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runProgram = runProgram;
exports.describeRun = describeRun;
// Runs an agent's program to its end, with a deadline: the agents' programs are real and may hang
// (waiting on a model answer the script did not give, say); past the deadline the process is killed
// and the run reports it, with the output so far.
const node_child_process_1 = require("node:child_process");
function runProgram(command, args, options) {
    return new Promise((resolve, reject) => {
        const child = (0, node_child_process_1.spawn)(command[0], [...command.slice(1), ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        let timedOut = false;
        child.stdout.on('data', (c) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c) => (stderr += c.toString('utf8')));
        const timer = setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
        }, options.timeoutMs);
        child.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
        });
        child.on('close', (code, signal) => {
            clearTimeout(timer);
            resolve({ code, signal, stdout, stderr, timedOut });
        });
        child.stdin.end(options.input ?? '');
    });
}
/** A run's outcome and its output's tail, for an assertion's message. */
function describeRun(run) {
    const tail = (s) => (s.length > 4000 ? `…${s.slice(-4000)}` : s);
    return `exit ${run.code ?? run.signal}${run.timedOut ? ' (killed at the deadline)' : ''}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`;
}
//# sourceMappingURL=runProgram.js.map