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
exports.NEUTRAL_ATTRIBUTES = exports.SHADOW_REPO_CONFIG = exports.SAFE_GIT_CONFIG = exports.ShadowGit = exports.GitCommandError = void 0;
exports.shadowGit = shadowGit;
exports.ignoreCaseFor = ignoreCaseFor;
const node_child_process_1 = require("node:child_process");
const os = __importStar(require("node:os"));
const gitRelay_1 = require("./gitRelay");
/** A failed git command: its arguments, exit code and what it printed on stderr. */
class GitCommandError extends Error {
    args;
    exitCode;
    stderr;
    constructor(args, exitCode, stderr) {
        super(`git ${args.slice(0, 3).join(' ')} failed (${exitCode ?? 'killed'}): ${stderr.trim() || 'no message'}`);
        this.args = args;
        this.exitCode = exitCode;
        this.stderr = stderr;
    }
}
exports.GitCommandError = GitCommandError;
/**
 * Runs git for the shadow store. A thin spawn of our own rather than simple-git: we need stdin
 * (`update-index -z --stdin`, `update-ref --stdin`), binary output (`cat-file`), and simple-git
 * waits 50 ms after every command that prints nothing, which tripled the cost of a checkpoint.
 */
class ShadowGit {
    cwd;
    env;
    before;
    constructor(cwd, env, 
    /** Awaited before every command: the store's check (see storeValidation.ts) comes before any git runs on it. */
    before) {
        this.cwd = cwd;
        this.env = env;
        this.before = before;
    }
    /**
     * The same git for the one command that refuses literal pathspecs (`check-ignore`); give it
     * paths that begin with `./`, so that no name is read as pathspec magic.
     */
    withMagicPathspecs() {
        const env = { ...this.env };
        delete env.GIT_LITERAL_PATHSPECS;
        return new ShadowGit(this.cwd, env, this.before);
    }
    /** The same git with an index file of its own (a staging index). */
    withIndexFile(indexFile) {
        return new ShadowGit(this.cwd, { ...this.env, GIT_INDEX_FILE: indexFile });
    }
    async raw(args, input) {
        return (await this.run(args, input)).toString('utf8');
    }
    /** Like `raw`, with what git warned about on stderr while it succeeded. */
    async rawWithWarnings(args) {
        const warnings = [];
        const out = await this.run(args, undefined, warnings);
        return { out: out.toString('utf8'), warnings: Buffer.concat(warnings).toString('utf8') };
    }
    /**
     * Like `raw`, with stdin given once `input` resolves: git starts now (its start overlaps the
     * work that yields the input), and is killed if `input` rejects.
     */
    async rawWithLaterInput(args, input) {
        return (await this.run(args, input)).toString('utf8');
    }
    async run(args, input, stderrSink, onStderr) {
        if (this.before)
            await this.before();
        return this.spawnGit(args, input, stderrSink, onStderr);
    }
    /** Like `raw`, handing each piece of stderr to `onStderr` as it comes (git's progress lines). */
    async rawStreaming(args, onStderr) {
        return (await this.run(args, undefined, undefined, onStderr)).toString('utf8');
    }
    spawnGit(args, input, stderrSink, onStderr) {
        // Through the relay when this process has one (a progress reader needs git's stderr as it comes).
        const relayed = onStderr ? undefined : (0, gitRelay_1.gitRelay)()?.run(this.cwd, this.env, args, input);
        if (relayed)
            return relayed.then((git) => this.outcome(args, git, stderrSink));
        return new Promise((resolve, reject) => {
            const child = (0, node_child_process_1.spawn)('git', args, { cwd: this.cwd, env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
            const out = [];
            const err = [];
            child.stdout.on('data', (d) => out.push(d));
            child.stderr.on('data', (d) => {
                err.push(d);
                onStderr?.(d.toString('utf8'));
            });
            child.on('error', (e) => reject(new GitCommandError(args, null, e.message)));
            child.on('close', (code) => {
                try {
                    resolve(this.outcome(args, { code, out: Buffer.concat(out), err: Buffer.concat(err) }, stderrSink));
                }
                catch (error) {
                    reject(error);
                }
            });
            child.stdin.on('error', () => undefined);
            if (!(input instanceof Promise))
                return void child.stdin.end(input);
            input.then((text) => child.stdin.end(text), (error) => {
                child.kill();
                reject(error);
            });
        });
    }
    /** Git's output when it succeeded (its warnings to `stderrSink`), else its failure. */
    outcome(args, git, stderrSink) {
        if (git.code !== 0)
            throw new GitCommandError(args, git.code, git.err.toString('utf8'));
        stderrSink?.push(git.err);
        return git.out;
    }
}
exports.ShadowGit = ShadowGit;
/**
 * A git for the shadow store only: no inherited GIT_* variables (a user's GIT_DIR or
 * GIT_INDEX_FILE must never reach it), no system or global config, no prompts, no replace refs,
 * literal pathspecs (a file named `*.ts` is that file), and its settings given as GIT_CONFIG_*
 * pairs: the store's own settings, the extra ones, then {@link SAFE_GIT_CONFIG}, which nothing
 * overrides. Settings given so outrank the store's config file, which arrives with a clone.
 */
function shadowGit(options) {
    const env = {};
    for (const [name, value] of Object.entries(process.env)) {
        if (value !== undefined && !name.startsWith('GIT_'))
            env[name] = value;
    }
    Object.assign(env, {
        GIT_DIR: options.gitDir,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_LITERAL_PATHSPECS: '1',
        // A `refs/replace/` ref would make git read another object wherever ours is named.
        GIT_NO_REPLACE_OBJECTS: '1',
        LC_ALL: 'C',
    });
    if (!options.refreshIndex)
        env.GIT_OPTIONAL_LOCKS = '0';
    if (options.workTree)
        env.GIT_WORK_TREE = options.workTree;
    if (options.indexFile)
        env.GIT_INDEX_FILE = options.indexFile;
    // Later pairs win for a single-valued key: the safe settings come last.
    const config = Object.entries({ ...exports.SHADOW_REPO_CONFIG, ...options.config, ...exports.SAFE_GIT_CONFIG });
    env.GIT_CONFIG_COUNT = String(config.length);
    config.forEach(([key, value], i) => {
        env[`GIT_CONFIG_KEY_${i}`] = key;
        env[`GIT_CONFIG_VALUE_${i}`] = value;
    });
    return new ShadowGit(options.cwd, env, options.before);
}
/**
 * What every git call of the store gets on its command line, whatever the store's config file
 * says: no fsmonitor command, no hook folder (git looks for `/dev/null/<hook>` and finds none), no
 * pager, no attributes file of the config's choosing, no credential helper, and no transport at all
 * (a promisor remote or an alternate could otherwise make git fetch, and run ssh or a helper to do
 * it). What a setting here cannot switch off (`include.path`, filter and diff drivers, alternates,
 * `core.worktree`, `extensions.*`) the store's validation refuses (storeValidation.ts).
 */
exports.SAFE_GIT_CONFIG = {
    'core.fsmonitor': 'false',
    'core.hooksPath': os.devNull,
    'core.pager': 'cat',
    'core.attributesFile': os.devNull,
    'core.askPass': '',
    // An empty value empties git's list of helpers.
    'credential.helper': '',
    'protocol.allow': 'never',
    'gc.auto': '0',
    'maintenance.auto': 'false',
};
/**
 * `core.ignorecase` for the platform: true where file systems ignore case (Windows, macOS), as
 * `git init` would find there. With false on such a file system, a file renamed in case only
 * (`A.txt` to `a.txt`) would be snapshot under both names, and a rollback that deletes the new
 * name would delete the only file there is.
 */
function ignoreCaseFor(platform) {
    return platform === 'win32' || platform === 'darwin' ? 'true' : 'false';
}
/**
 * The shadow store's own settings: isolated from hooks, signing, fsmonitor and line-ending filters.
 * Given on every call (the store's config file has them too, for a person who runs git on it).
 */
exports.SHADOW_REPO_CONFIG = {
    'core.autocrlf': 'false',
    'core.safecrlf': 'false',
    'core.symlinks': 'true',
    'core.filemode': 'true',
    'core.ignorecase': ignoreCaseFor(process.platform),
    // Git for Windows refuses paths over 260 characters without it (Node's fs takes them); other gits ignore it.
    'core.longpaths': 'true',
    'core.quotepath': 'false',
    'core.fsmonitor': 'false',
    'core.untrackedCache': 'true',
    'core.logAllRefUpdates': 'false',
    'commit.gpgsign': 'false',
    'tag.gpgsign': 'false',
    'gc.auto': '0',
    'maintenance.auto': 'false',
    'user.name': 'CleverAgents Checkpoints',
    'user.email': 'checkpoints@cleveragents.invalid',
};
/**
 * `info/attributes` outranks every `.gitattributes` of the sandbox: no text conversion, filters
 * or encodings, so a snapshot and a restore are byte for byte.
 */
exports.NEUTRAL_ATTRIBUTES = '* -text -eol -filter -ident -working-tree-encoding -export-subst -diff\n';
//# sourceMappingURL=gitEnvironment.js.map