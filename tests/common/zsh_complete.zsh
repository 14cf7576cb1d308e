# zsh -f zsh_complete.zsh FOLDER LINE: the words the zsh completion function
# found in FOLDER offers for LINE, one per line (tests/suite/cli_init.rs).
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PS1=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __hits; builtin compadd -A __hits "$@"; local r=$?; local h; for h in $__hits; do print -r -- "@@""HIT@@$h"; done; return r; }'
zpty -w z "bindkey '^I' complete-word"
zpty -n -w z "$2"$'\t'
local all="" chunk
integer i
# Read until the hits stop coming (or 30 s), then end the line.
for (( i = 0; i < 300; i++ )); do
  if zpty -rt z chunk; then all+=$chunk; else [[ $all == *@@HIT@@* ]] && break; sleep 0.1; fi
done
zpty -n -w z $'\x15'
zpty -w z 'print -r -- @@""DONE@@'
for (( i = 0; i < 300; i++ )); do
  if zpty -rt z chunk; then all+=$chunk; [[ $all == *@@DONE@@* ]] && break; else sleep 0.1; fi
done
zpty -d z
[[ $all == *@@DONE@@* ]] || { print -u2 "zsh did not finish completing: $2"; exit 1 }
print -r -- "$all" | tr -d '\r' | grep -o '@@HIT@@[^[:space:]]*' | sed 's/@@HIT@@//' | sort -u
