"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GIT_RELAY_PROGRAM = void 0;
/**
 * The git relay's program, for `perl -e`: it reads requests on stdin, starts each git itself with
 * fork and exec, and writes back what git printed and how it ended. Perl, because a fork copies
 * the forking process's page tables: from a node of about 120 MB (the resident process, VS Code's
 * extension host is larger) each git start blocks node for 3 to 4 ms and delays git by as much,
 * where perl's fork costs a fraction of a millisecond. It loads no module (each costs milliseconds
 * to load, and none is needed).
 *
 * Once running, it says `ready\n`. Then one request at a time, in bytes:
 *   `<n>\n` then n bytes: the folder, the argument count, the arguments, then `NAME=value` for each
 *   variable of git's environment (the whole of it), all separated by NUL (which no argument,
 *   variable or path can hold);
 *   then git's standard input: `<n>\n` and n bytes, or `k\n` to stop git (its input failed).
 * The answer: `<how> <n> <m>\n`, then n bytes of standard output and m of standard error. `<how>`
 * is git's exit code, `s<signal>` when a signal ended it, or `e` when it never started (standard
 * error then says why).
 *
 * Git's output is read while its input is written (select), so a git that answers as it reads
 * (`cat-file --batch`) never waits on a full pipe. A pipe opened by perl above fd 2 is closed on
 * exec (`$^F`), so the `x` pipe reads end-of-file once git runs, or the reason it could not.
 */
exports.GIT_RELAY_PROGRAM = `
binmode STDIN; binmode STDOUT; $SIG{PIPE} = 'IGNORE'; syswrite(STDOUT, "ready\\n");
sub rd { my ($n) = @_; my $b = ''; while (length($b) < $n) { my $r = sysread(STDIN, $b, $n - length($b), length($b)); exit 0 unless $r; } return $b; }
sub hd { my $l = ''; while (1) { my $c = rd(1); return $l if $c eq "\\n"; $l .= $c; exit 3 if length($l) > 24; } }
sub out { my ($s) = @_; while (length $s) { my $w = syswrite(STDOUT, $s); exit 0 unless $w; substr($s, 0, $w) = ''; } }
while (1) {
  my ($len) = hd() =~ /^(\\d+)$/ or exit 3;
  my @f = split /\\0/, rd($len), -1;
  my $cwd = shift @f; my $n = shift @f; my @args = splice @f, 0, $n;
  my ($ir, $iw, $or, $ow, $er, $ew, $xr, $xw);
  pipe($ir, $iw) && pipe($or, $ow) && pipe($er, $ew) && pipe($xr, $xw) or exit 4;
  my $pid = fork(); my $why = "$!";
  if (defined $pid && $pid == 0) {
    close $iw; close $or; close $er; close $xr;
    open(STDIN, '<&', $ir) && open(STDOUT, '>&', $ow) && open(STDERR, '>&', $ew) or do { syswrite($xw, "cannot set up git's pipes: $!"); exit 127 };
    %ENV = (); for (@f) { my $i = index($_, '='); $ENV{substr($_, 0, $i)} = substr($_, $i + 1) if $i > 0; }
    chdir($cwd) or do { syswrite($xw, "cannot enter $cwd: $!"); exit 127 };
    exec { 'git' } 'git', @args;
    syswrite($xw, "cannot run git: $!"); exit 127;
  }
  close $ir; close $ow; close $ew; close $xw;
  my $h = hd(); my $in = '';
  if (!defined $pid) { close $iw; close $or; close $er; close $xr; rd($h) if $h ne 'k'; $why = "cannot start git: $why"; out("e 0 " . length($why) . "\\n$why"); next; }
  if ($h eq 'k') { kill 'TERM', $pid; } else { $h =~ /^\\d+$/ or exit 3; $in = rd($h); }
  my ($o, $e, $x) = ('', '', '');
  my %open = (fileno($or) => [$or, \\$o], fileno($er) => [$er, \\$e], fileno($xr) => [$xr, \\$x]);
  my $wopen = length($in) > 0; close $iw unless $wopen;
  while (%open || $wopen) {
    my ($rv, $wv) = ('', '');
    vec($rv, $_, 1) = 1 for keys %open;
    vec($wv, fileno($iw), 1) = 1 if $wopen;
    next if select($rv, $wv, undef, undef) < 0;
    for my $fd (keys %open) {
      next unless vec($rv, $fd, 1);
      my ($fh, $buf) = @{$open{$fd}};
      my $r = sysread($fh, $$buf, 65536, length $$buf);
      if (!$r) { close $fh; delete $open{$fd}; }
    }
    if ($wopen && vec($wv, fileno($iw), 1)) {
      my $w = syswrite($iw, $in, 4096);
      if ($w) { substr($in, 0, $w) = ''; }
      if (!$w || length($in) == 0) { close $iw; $wopen = 0; }
    }
  }
  waitpid($pid, 0);
  my $how = length($x) ? 'e' : ($? & 127) ? 's' . ($? & 127) : ($? >> 8);
  $e = $x if length $x;
  out("$how " . length($o) . ' ' . length($e) . "\\n" . $o . $e);
}
`;
//# sourceMappingURL=gitRelayProgram.js.map