import { HOOK_AGENTS } from './hookAgents';
import { STDIN_WAIT_MS } from './hookStdin';
import { CHECKPOINT_CALL_ENV, CHECKPOINT_ID_ENV } from './callCheckpointId';
import { DATA_DIR, RUN_DIR, SOCKET_NAME } from './daemonFiles';
import { perlCliProgram, perlHookProgram } from './fastClientPerl';
import { DEFAULT_HOOK_BUDGET_MS, FAST_ACK_S, FAST_SILENCE_S, FORWARDED_ENV_NAMES, FORWARDED_PLAN_COMMANDS, RESIDENT_LOST_ENV } from './protocol';

// The fast client: POSIX sh lines for the hooks' launcher (extension/agentHooks/hookRuntime.ts)
// and for `agents` in VS Code's terminal (bin/agents, through dist/agentsFast.sh) that hand
// `hook run <agent>` and a few `agents plan` commands to the workspace's resident process over its
// socket, so that they start no Node.js (about 60 ms here; docs/PERFORMANCE.md). With perl, one
// perl process does it (fastClientPerl.ts, about 7 ms a call here); else curl, with find, cat and
// a watchdog's sleep around it (about 19). The requests and answers are in fastHook.ts and
// fastCli.ts.
//
// What it trusts: nothing in the workspace. It enters `.cleveragents/run/` (neither it nor
// `.cleveragents` a symbolic link, as for the node client) and then checks (perl's lstat, or
// `find`) that this folder (now the working folder, so it cannot be swapped under us) belongs to
// the user and is open to no one else, and that the socket in it is that user's and private; only
// then does it read the event and connect. Everything else (no perl and no curl, no socket,
// another version, a refusal, a silence) ends in node, which does the call as without the fast
// client, on the same stdin; a process that took the call and then went away is said to it with
// AGENTS_HOOK_RESIDENT_LOST=1 (a hook) or AGENTS_CHECKPOINT_ID with AGENTS_CHECKPOINT_CALL (a
// checkpoint: the id and the call's token, bound to the pid node will run as), so that nothing is
// taken twice.
//
// The hook's lines expect `run_node` to be defined, and the launcher's arguments to be
// `"<cli.js>" hook run <agent>`. Their temporary files (`hook-<pid>.*`, `cli-<pid>.*`) live in the
// private run folder; the resident process sweeps those a killed call left behind (server.ts).


/**
 * A background watchdog (its pid in $fast_watch) that, after `seconds`, kills $fast_pid unless
 * `unless` holds; killed itself, it takes its sleep with it. Its output goes nowhere: a process
 * left holding the agent's stdout would keep the agent waiting for its end.
 */
function watchdog(seconds: number, unless: string, indent = '    '): string {
  return `${indent}( trap 'kill $fast_sleep 2>/dev/null; exit 0' TERM; sleep ${seconds} & fast_sleep=$!; wait $fast_sleep; ${unless} || kill $fast_pid 2>/dev/null ) </dev/null >/dev/null 2>&1 & fast_watch=$!`;
}

/**
 * The test that the working folder (run/) and the socket in it are the user's (`owner`: find's
 * test of it) and open to no one else: find prints exactly the two names only then.
 */
function privateRunFolder(owner: string): string {
  const private_ = '! \\( -perm -001 -o -perm -002 -o -perm -004 -o -perm -010 -o -perm -020 -o -perm -040 \\)';
  return `[ "$(find . ${SOCKET_NAME} -prune ${owner} \\( -type d -perm -700 -o -type s -perm -600 \\) ${private_} -print 2>/dev/null)" = '.
${SOCKET_NAME}' ]`;
}

/**
 * curl to the socket in the working folder, in the background (its pid in $fast_pid): no
 * ~/.curlrc (-q), no proxy, failing on a refusal (-f), each byte written as it comes (-N: the
 * heartbeats reach the file for the acknowledgement's watchdog), and giving up on a silence.
 */
function curlLine(rest: string): string {
  return `curl -q -s -f -N --unix-socket ${SOCKET_NAME} --noproxy '*' --connect-timeout 1 --speed-limit 1 --speed-time ${FAST_SILENCE_S} -H 'Expect:' -H 'Content-Type: application/octet-stream' ${rest} & fast_pid=$!`;
}

function shWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The lines, for a launcher of `version` written for the user `uid`. */
export function fastClientLines(version: string, uid: number): string[] {
  const io = (name: string) => `"hook-$$.${name}"`;
  const forwarded = FORWARDED_ENV_NAMES.map((name) => `    [ -n "\${${name}+x}" ] && set -- "$@" "${name}=$${name}"`);
  return [
    '# The fast client (docs/AGENTS.md, "The resident process"): `hook run <agent>` handed to the',
    "# workspace's resident process by perl or curl over its socket, without starting Node.js; whatever it",
    '# cannot do, run_node below does as before, on the same stdin.',
    `fast_version=${shWord(version)}`,
    `fast_uid=${uid}`,
    `if [ $# -eq 4 ] && [ "$2" = hook ] && [ "$3" = run ] && [ ! -t 0 ] && { command -v perl >/dev/null 2>&1 || command -v curl >/dev/null 2>&1; } && cd -P . 2>/dev/null; then`,
    '  case ${CLEVERAGENTS_NO_DAEMON:-} in',
    "    ''|0|[Ff][Aa][Ll][Ss][Ee]) fast_agent=$4 ;;",
    '    *) fast_agent= ;;',
    '  esac',
    '  case $fast_agent in',
    '    claude-code) fast_root=${CLAUDE_PROJECT_DIR:-} ;;',
    '    gemini) fast_root=${GEMINI_PROJECT_DIR:-} ;;',
    `    ${HOOK_AGENTS.filter((a) => a !== 'claude-code' && a !== 'gemini').join('|')}) fast_root= ;;`,
    '    *) fast_agent= ;;',
    '  esac',
    '  case ${fast_root:-} in /*) ;; *) fast_root=${AGENTS_WORKSPACE:-.} ;; esac',
    `  fast_run="$fast_root/${DATA_DIR}/${RUN_DIR}"`,
    '  fast_cwd=$PWD',
    '  fast_status=3',
    '  if [ -n "$fast_agent" ]; then',
    '  (',
    `    [ ! -L "$fast_root/${DATA_DIR}" ] && [ ! -L "$fast_run" ] && cd -P -- "$fast_run" 2>/dev/null || exit 3`,
    '    # The answer is due by the hook budget\'s deadline (protocol.ts, hookAnswerBy); then a second more.',
    `    fast_budget=\${AGENTS_HOOK_BUDGET_MS:-${DEFAULT_HOOK_BUDGET_MS}}`,
    `    case $fast_budget in *[!0-9]*|???????*) fast_budget=${DEFAULT_HOOK_BUDGET_MS} ;; esac`,
    `    [ "$fast_budget" -le 600000 ] || fast_budget=${DEFAULT_HOOK_BUDGET_MS}`,
    '    fast_by=$((fast_budget / 2))',
    '    [ $((fast_budget - 3000)) -le $fast_by ] || fast_by=$((fast_budget - 3000))',
    '    # With perl, one process does it all (fastClientPerl.ts); none of perl\'s variables steers it.',
    '    if command -v perl >/dev/null 2>&1; then',
    '      unset PERL5OPT PERL5LIB PERLLIB PERL5DB PERLIO PERL_UNICODE',
    `      exec perl -e ${perlHookProgram()} -- "$fast_agent" "$fast_version" "$fast_uid" "$fast_cwd" $(((fast_by + 1999) / 1000)) $$`,
    '    fi',
    "    # Else curl. This folder and the socket in it: the user's, and no one else's.",
    `    ${privateRunFolder('-user "$fast_uid"')} || exit 3`,
    '    # The event, within the wait a node client gives it (an agent that never closes stdin).',
    '    exec 3<&0 || exit 3',
    `    cat <&3 >${io('in')} 2>/dev/null & fast_pid=$!`,
    watchdog(Math.ceil(STDIN_WAIT_MS / 1000), 'false'),
    '    if { wait $fast_pid; } 2>/dev/null; then fast_stdin=ended; else fast_stdin=timeout; fi',
    '    kill $fast_watch 2>/dev/null',
    '    set -- "cwd=$fast_cwd" "stdin=$fast_stdin"',
    ...forwarded,
    `    printf '%s\\0' "$@" '' >${io('meta')} || exit 4`,
    `    ${curlLine(`--max-time $(((fast_by + 1999) / 1000)) --data-binary @${io('meta')} --data-binary @${io('in')} -o ${io('out')} "http://localhost/v1/hook/$fast_agent?version=$fast_version"`)}`,
    '    # No acknowledgement within a second (a stopped or hung process): given up, as by a node client.',
    watchdog(FAST_ACK_S, `[ -s ${io('out')} ]`),
    '    { wait $fast_pid; } 2>/dev/null',
    '    fast_curl=$?',
    '    kill $fast_watch 2>/dev/null',
    '    fast_said=',
    `    if [ $fast_curl -eq 0 ] && { IFS= read -r fast_beats && IFS= read -r fast_said; } <${io('out')} 2>/dev/null && [ "$fast_said" = done ]; then`,
    "      # The hook's answer, from the third line on, byte for byte (JSON: no NUL), by the shell itself.",
    `      { IFS= read -r fast_line; IFS= read -r fast_line; while IFS= read -r fast_line; do printf '%s\\n' "$fast_line"; done; printf '%s' "$fast_line"; } <${io('out')}`,
    `      rm -f ${io('in')} ${io('meta')} ${io('out')}`,
    '      exit 0',
    '    fi',
    '    # Acknowledged (an answer began), then no answer: the process may have done part of the call.',
    `    if [ "$fast_said" = refused ] || [ ! -s ${io('out')} ]; then fast_status=4; else fast_status=5; fi`,
    `    rm -f ${io('meta')} ${io('out')}`,
    '    exit $fast_status',
    '  )',
    '  fast_status=$?',
    '  fi',
    '  case $fast_status in',
    '    0) exit 0 ;;',
    `    5) ${RESIDENT_LOST_ENV}=1; export ${RESIDENT_LOST_ENV} ;;`,
    '  esac',
    '  case $fast_status in',
    `    4|5) exec <"$fast_run/hook-$$.in" && rm -f "$fast_run/hook-$$.in" ;;`,
    '  esac',
    'fi',
  ];
}

/**
 * The lines `agents` (bin/agents) runs first in VS Code's terminal (the build writes them to
 * dist/agentsFast.sh for `version`): `agents plan list|show|checkpoints|checkpoint` handed to the
 * workspace's resident process by perl or curl (fastCli.ts), without starting Node.js. They `exit` with the
 * command's own code when the process answered; for anything else they return to bin/agents, in
 * the folder they began in, which runs the command with node as before (and the node client
 * starts the resident process when none runs). A process that acknowledged and then went away may
 * have taken the checkpoint: node takes it with the id and token the acknowledgement named
 * (AGENTS_CHECKPOINT_ID, and AGENTS_CHECKPOINT_CALL binding them to this shell's pid, which bin/agents
 * execs node into), which finds that one instead of taking a second.
 *
 * Trust as the hooks' launcher: neither `.cleveragents` nor `run/` a link, the folder entered and
 * then checked (the user's, no group or other bits, the socket alike: perl's lstat, or the
 * shell's `-O` and find).
 */
export function fastCliLines(version: string): string[] {
  const io = (name: string) => `"cli-$$.${name}"`;
  // the id and token the process named, bound to this shell's pid: bin/agents execs node in this very process
  const bindCall = `${CHECKPOINT_ID_ENV}=$fast_id ${CHECKPOINT_CALL_ENV}=$$:$fast_token; export ${CHECKPOINT_ID_ENV} ${CHECKPOINT_CALL_ENV}`;
  const forwarded = FORWARDED_ENV_NAMES.map((name) => `        [ -n "\${${name}+x}" ] && printf '%s\\0' "${name}=$${name}"`);
  return [
    '# The fast client of `agents` (docs/AGENTS.md, "The resident process"), from',
    '# src/daemonClient/fastClientScript.ts: a few `agents plan` commands answered by the workspace\'s resident',
    '# process without starting Node.js. Everything else returns to bin/agents as it came.',
    `fast_version=${shWord(version)}`,
    'fast_plan= fast_help= fast_prev= fast_root=${AGENTS_WORKSPACE:-.}',
    'for fast_arg do',
    '  case $fast_prev in',
    '    --workspace) fast_root=$fast_arg ;;',
    `    plan) case $fast_arg in ${FORWARDED_PLAN_COMMANDS.join('|')}) [ -n "$fast_plan" ] || fast_plan=$fast_arg ;; esac ;;`,
    '  esac',
    '  case $fast_arg in --workspace=*) fast_root=${fast_arg#--workspace=} ;; --help|-h) fast_help=1 ;; esac',
    '  fast_prev=$fast_arg',
    'done',
    'case ${CLEVERAGENTS_NO_DAEMON:-} in',
    "  ''|0|[Ff][Aa][Ll][Ss][Ee]) ;;",
    '  *) fast_plan= ;;',
    'esac',
    'if [ -n "$fast_plan" ] && [ -z "$fast_help" ] && { command -v perl >/dev/null 2>&1 || command -v curl >/dev/null 2>&1; } && cd -P . 2>/dev/null; then',
    '  fast_cwd=$PWD',
    '  case $fast_root in /*) ;; *) fast_root=$fast_cwd/$fast_root ;; esac',
    `  if [ ! -L "$fast_root/${DATA_DIR}" ] && [ ! -L "$fast_root/${DATA_DIR}/${RUN_DIR}" ] && cd -P -- "$fast_root/${DATA_DIR}/${RUN_DIR}" 2>/dev/null; then`,
    '    # With perl, one process asks (fastClientPerl.ts), none of perl\'s variables steering it: it exits',
    '    # with the command\'s code, or 250 (node does the command), or 251 (the same, with the id named).',
    '    if command -v perl >/dev/null 2>&1; then',
    `      ( unset PERL5OPT PERL5LIB PERLLIB PERL5DB PERLIO PERL_UNICODE; exec perl -e ${perlCliProgram()} -- "$fast_version" "$fast_cwd" 86400 $$ "$@" )`,
    '      fast_code=$?',
    '      case $fast_code in',
    '        250) ;;',
    `        251) { IFS=' ' read -r fast_id fast_token <${io('id')}; } 2>/dev/null; rm -f ${io('id')}; [ -z "$fast_id" ] || [ -z "$fast_token" ] || { ${bindCall}; } ;;`,
    '        *) exit $fast_code ;;',
    '      esac',
    "    # Else curl. This folder and the socket in it: the user's, and no one else's.",
    `    elif [ -O . ] && [ -O ${SOCKET_NAME} ] && ${privateRunFolder('')}; then`,
    '      {',
    '        printf \'%s\\0\' "cwd=$fast_cwd"',
    ...forwarded,
    '        for fast_arg do printf \'%s\\0\' "arg=$fast_arg"; done',
    "        printf '\\0'",
    `      } >${io('meta')}`,
    `      ${curlLine(`--data-binary @${io('meta')} -o ${io('out')} "http://localhost/v1/cli?version=$fast_version"`)}`,
    '      # No acknowledgement within a second (a stopped or hung process): node does the command.',
    watchdog(FAST_ACK_S, `[ -s ${io('out')} ]`, '      '),
    '      { wait $fast_pid; } 2>/dev/null',
    '      fast_curl=$?',
    '      kill $fast_watch 2>/dev/null',
    '      fast_said= fast_code= fast_errs= fast_tail= fast_id= fast_token=',
    `      [ $fast_curl -eq 0 ] && { IFS=' ' read -r fast_said fast_id && IFS= read -r fast_said && IFS=' ' read -r fast_said fast_code fast_errs fast_tail; } <${io('out')} 2>/dev/null`,
    '      if [ "$fast_said" = done ]; then',
    "        case $fast_code in ''|*[!0-9]*) fast_said=unread ;; esac",
    "        case $fast_errs in ''|*[!0-9]*) fast_said=unread ;; esac",
    '        case $fast_tail in 0|1) ;; *) fast_said=unread ;; esac',
    '      fi',
    '      if [ "$fast_said" = done ]; then',
    '        # stderr (its lines, then an unended last one), then stdout to the end, byte for byte.',
    '        {',
    '          IFS= read -r fast_line; IFS= read -r fast_line; IFS= read -r fast_line',
    '          while [ "$fast_errs" -gt 0 ] && IFS= read -r fast_line; do printf \'%s\\n\' "$fast_line" >&2; fast_errs=$((fast_errs - 1)); done',
    '          if [ "$fast_tail" = 1 ] && IFS= read -r fast_line; then printf \'%s\' "$fast_line" >&2; fi',
    '          cat',
    `        } <${io('out')}`,
    `        rm -f ${io('meta')} ${io('out')}`,
    '        exit "$fast_code"',
    '      fi',
    '      # Acknowledged, then no answer: node takes the checkpoint the process may have taken, by its id.',
    `      if [ "$fast_said" != refused ] && [ -s ${io('out')} ] && IFS=' ' read -r fast_said fast_id fast_token <${io('out')} 2>/dev/null && [ "$fast_said" = ack ] && [ \${#fast_id} -eq 26 ] && [ \${#fast_token} -eq 26 ]; then`,
    '        case $fast_id$fast_token in',
    '          *[!0-9A-HJKMNP-TV-Z]*) ;;',
    `          *) ${bindCall} ;;`,
    '        esac',
    '      fi',
    `      rm -f ${io('meta')} ${io('out')}`,
    '    fi',
    '    cd -- "$fast_cwd" 2>/dev/null || { printf \'agents: cannot return to %s\\n\' "$fast_cwd" >&2; exit 1; }',
    '  fi',
    'fi',
  ];
}
