#!/usr/bin/env zsh
# Prints what zsh's completion system offers for partial command lines.
# Usage: zsh -f zsh-capture.zsh SCRIPT LINE...
# Runs an interactive zsh in a pseudo-terminal (zpty) with compinit and SCRIPT
# loaded, types each LINE followed by Tab, and prints "### LINE" and then each
# match zsh added, one a line, and each message it showed as "#message TEXT".
# compadd and _message are wrapped to record them.
emulate -L zsh
zmodload zsh/zpty || exit 3
local script=$1
shift
local work=$(mktemp -d)
local out=$work/out
local init=$work/init.zsh
cat > $init <<INIT
PS1='' PS2='' RPS1=''
unsetopt auto_list list_beep beep
autoload -Uz compinit && compinit -u -D
source ${(q)script}
compadd() {
  # Calls that only compute matches (-O, -A, -D) are not offers.
  if (( \${@[(I)-[OAD]*]} )); then builtin compadd "\$@"; return; fi
  local -a __hits
  builtin compadd -A __hits "\$@"
  (( \${#__hits} )) && print -rl -- "\${__hits[@]}" >> ${(q)out}
  builtin compadd "\$@"
}
# A message (such as _message -r TEXT) is added by builtin compadd -x, past the wrapper above.
autoload +X _message
functions -c _message _capture_message
_message() {
  print -r -- "#message \${@[-1]}" >> ${(q)out}
  _capture_message "\$@"
}
_capture_done() { print -r -- '#done' >> ${(q)out} }
# comppostfuncs is emptied after each completion: set it for every Tab.
_capture_complete() { comppostfuncs=(_capture_done); zle complete-word }
zle -N _capture_complete
bindkey '^I' _capture_complete
print -r -- '#ready' >> ${(q)out}
INIT
: > $out
zpty -b capture zsh -f -i
zpty -w capture "source ${(q)init}"
wait_for() {
  local count=$1 tries=0
  while (( $(grep -c '^#\(ready\|done\)$' $out) < count )); do
    (( ++tries > 400 )) && { print -u2 "zsh-capture: no answer for: $line"; zpty -d capture; rm -rf $work; exit 4; }
    sleep 0.05
    zpty -r -t capture _ignored 2>/dev/null
  done
}
local line
wait_for 1
for line in "$@"; do
  : > $out
  # Ctrl-U clears the line left by the previous completion.
  zpty -w -n capture $'\C-u'"$line"$'\t'
  wait_for 1
  print -r -- "### $line"
  grep -v '^#\(ready\|done\)$' $out
done
zpty -d capture
rm -rf $work
