import { HOOK_STDIN_MAX_BYTES, STDIN_WAIT_MS } from './hookStdin';
import { SOCKET_NAME } from './daemonFiles';
import { FAST_ACK_S, FAST_SILENCE_S, FORWARDED_ENV_NAMES } from './protocol';

// The fast client's hook call as one perl process (fastClientScript.ts runs it when `perl` is on
// the PATH: every macOS, every Debian and Ubuntu, and wherever git's own perl scripts are
// installed). curl's start alone costs about 9 ms here, and the shell's way around it (find, cat,
// two watchdogs' sleep, rm) as much again; perl without a single module starts in about 3, and
// does the trust check, the wait for stdin, the request and the answer itself. It speaks the same
// HTTP (1.0: the answer ends when the process closes the connection) to the same process
// (fastHook.ts).
//
// It loads no module at all (each costs milliseconds, and Time::HiRes is not in every install):
// socket constants are the same on Linux, macOS and the BSDs (AF_UNIX 1, SOCK_STREAM 1), and times
// are select()'s timeouts and whole seconds of time().
//
// Run in `.cleveragents/run/` (entered by the shell, no link on the way) with the arguments
// <agent> <version> <uid> <cwd> <seconds to answer by> <the launcher's pid>. Its exit status:
//   0  answered: the hook's answer is on stdout
//   3  not used, stdin untouched: this folder or socket is not the user's alone, or nothing listens
//   4  not served (refused, or not acknowledged within a second): stdin saved in hook-<pid>.in
//   5  acknowledged, then no answer (the process may have done part of the call): stdin saved too

/** The trust check of this folder and its socket (`$uid`'s alone), then the connection; `notUsed` ends the program. */
function connectLines(notUsed: string): string[] {
  return [
    '# This folder and the socket in it: owned by the user and open to no one else (as find checks in the shell).',
    'my @st = lstat q(.);',
    `${notUsed} unless @st && -d _ && $st[4] == $uid && ($st[2] & 0700) == 0700 && !($st[2] & 077);`,
    `@st = lstat q(${SOCKET_NAME});`,
    `${notUsed} unless @st && -S _ && $st[4] == $uid && ($st[2] & 0600) == 0600 && !($st[2] & 077);`,
    `socket(my $s, 1, 1, 0) or ${notUsed};`,
    `connect($s, $^O =~ /darwin|bsd|dragonfly/ ? pack(q(CCa104), 106, 1, q(${SOCKET_NAME})) : pack(q(Sa108), 1, q(${SOCKET_NAME}))) or ${notUsed};`,
  ];
}

/**
 * Sends `$req` (HTTP/1.0 to `$path`, `$body`) and reads the answer: `$got` (head and body), and
 * `$answer` the body once the head says 200; `notServed` and `lost` end the program that way.
 */
function exchangeLines(notServed: string, lost: string): string[] {
  return [
    'my $req = qq(POST $path HTTP/1.0\\r\\nHost: localhost\\r\\nContent-Type: application/octet-stream\\r\\nContent-Length: ) . length($body) . qq(\\r\\n\\r\\n) . $body;',
    'my ($sv, $off) = (q(), 0);',
    'vec($sv, fileno($s), 1) = 1;',
    'while ($off < length $req) {',
    `  select(undef, my $w = $sv, undef, 1) > 0 or ${notServed};`,
    '  my $n = syswrite($s, $req, 65536, $off);',
    `  defined $n or ${notServed};`,
    '  $off += $n;',
    '}',
    '# The acknowledgement (the first byte of the answer, after its head) within a second or two (whole',
    '# seconds of time()); then a heartbeat comes every 200 ms, and 2 s of silence is the end.',
    `my ($got, $acked, $closed, $ack_by, $stop) = (q(), 0, 0, time + ${FAST_ACK_S + 1}, time + $within);`,
    'while (time <= $stop) {',
    `  my $r = select(my $ready = $sv, undef, undef, $acked ? ${FAST_SILENCE_S} : ${FAST_ACK_S});`,
    '  last if $r == 0;',
    '  next if $r < 0;',
    '  my $n = sysread($s, my $buf, 65536);',
    '  if (!$n) { $closed = defined $n; last }',
    '  $got .= $buf;',
    '  next if $acked;',
    '  my $at = index($got, qq(\\r\\n\\r\\n));',
    '  $acked = $at >= 0 && length($got) > $at + 4;',
    '  last if !$acked && time >= $ack_by;',
    '}',
    'my $at = index($got, qq(\\r\\n\\r\\n));',
    `${notServed} if $at >= 0 && substr($got, 0, $at) !~ m{^HTTP/1\\.[01] 200 };`,
    `${notServed} unless $acked;`,
    'my $answer = substr($got, $at + 4);',
    `${notServed} if $closed && $answer =~ /\\n\\Q$refused\\E\\z/;`,
    `${lost} unless $closed;`,
  ];
}

/** Each forwarded variable that is set, as a field of `$body`. */
function forwardedLine(): string {
  return `for my $k (${FORWARDED_ENV_NAMES.map((name) => `qq(${name})`).join(', ')}) { $body .= qq($k=$ENV{$k}\\0) if defined $ENV{$k} }`;
}

/** The hook's program: its arguments `<agent> <version> <uid> <cwd> <seconds to answer by> <the launcher's pid>`. */
function hookLines(): string[] {
  return [
    'binmode STDIN; binmode STDOUT; $SIG{PIPE} = q(IGNORE);',
    'my ($agent, $version, $uid, $cwd, $within, $pid) = @ARGV;',
    'my ($path, $refused) = (qq(/v1/hook/$agent?version=$version), qq(refused\\n));',
    ...connectLines('exit 3'),
    '# The event, within the wait a node client gives it (an agent that never closes stdin).',
    'my ($in, $how, $rin) = (q(), q(timeout), q());',
    'vec($rin, fileno(STDIN), 1) = 1;',
    `my $end = time + ${Math.ceil(STDIN_WAIT_MS / 1000) + 1};`,
    'while (time < $end) {',
    `  my $r = select(my $ready = $rin, undef, undef, ${STDIN_WAIT_MS / 1000});`,
    '  last if $r == 0;',
    '  next if $r < 0;',
    '  my $n = sysread(STDIN, my $buf, 65536);',
    '  if (!$n) { $how = q(ended) if defined $n; last }',
    '  $in .= $buf;',
    `  if (length($in) > ${HOOK_STDIN_MAX_BYTES}) { $how = q(ended); last }`,
    '}',
    'sub saved { open(my $f, q(>), qq(hook-$pid.in)) or exit 3; binmode $f; print $f $in; close($f) or exit 3; exit $_[0] }',
    'my $body = qq(cwd=$cwd\\0stdin=$how\\0);',
    forwardedLine(),
    '$body .= qq(\\0&) . $in;',
    ...exchangeLines('saved(4)', 'saved(5)'),
    'my $nl = index($answer, qq(\\n));',
    'saved(5) unless $nl >= 0 && substr($answer, $nl + 1, 5) eq qq(done\\n);',
    'print STDOUT substr($answer, $nl + 6);',
    'exit 0;',
  ];
}

/**
 * The command's program (fastCliLines): its arguments `<version> <cwd> <seconds to answer by>
 * <the script's pid> <the command line…>`. It exits with the command's own code (0, 1 or 2: the
 * CLI has no other, docs/CLI.md); 250: not used or not served, node does the command; 251:
 * acknowledged, then no answer: the id and token the process named are in cli-<pid>.id for node.
 */
function cliLines(): string[] {
  return [
    'binmode STDOUT; binmode STDERR; $SIG{PIPE} = q(IGNORE);',
    'my ($version, $cwd, $within, $pid, @args) = @ARGV;',
    'my ($uid, $path, $refused) = ($>, qq(/v1/cli?version=$version), qq(refused\\n));',
    ...connectLines('exit 250'),
    'sub lost {',
    '  my ($id, $token) = $_[0] =~ /\\r\\n\\r\\nack ([0-9A-HJKMNP-TV-Z]{26}) ([0-9A-HJKMNP-TV-Z]{26})\\n/;',
    '  open(my $f, q(>), qq(cli-$pid.id)) or exit 250;',
    '  print $f defined $id ? qq($id $token) : q();',
    '  close($f) or exit 250;',
    '  exit 251;',
    '}',
    'my $body = qq(cwd=$cwd\\0);',
    forwardedLine(),
    '$body .= qq(arg=$_\\0) for @args;',
    '$body .= qq(\\0);',
    ...exchangeLines('exit 250', 'lost($got)'),
    '# `done <code> <newlines in stderr> <1: an unended last line>`, stderr, then stdout (fastCli.ts).',
    'lost($got) unless $answer =~ /\\A[^\\n]*\\n\\.*\\ndone (\\d+) (\\d+) ([01])\\n/;',
    'my ($code, $lines, $tail, $from) = ($1, $2, $3, $+[0]);',
    'my $pos = $from;',
    'for (1 .. $lines + $tail) { my $e = index($answer, qq(\\n), $pos); lost($got) if $e < 0; $pos = $e + 1 }',
    'print STDERR substr($answer, $from, $pos - $from - $tail);',
    'print STDOUT substr($answer, $pos);',
    'exit $code;',
  ];
}

/** A program as one word for the shell (single-quoted). */
function shellWord(lines: readonly string[]): string {
  const text = lines.join('\n');
  if (text.includes("'")) throw new Error('a perl program for the shell must not hold a single quote');
  return `'${text}'`;
}

/** The hook's program, as one word for the shell. */
export function perlHookProgram(): string {
  return shellWord(hookLines());
}

/** The command's program, as one word for the shell. */
export function perlCliProgram(): string {
  return shellWord(cliLines());
}
