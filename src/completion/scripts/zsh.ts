import type { CompletionCommand } from '../model.js';
import { flagsAt } from '../walk.js';
import { type CaseSyntax, header, key, plain, type ScriptTree, valueFunctions, wordLoop } from './common.js';

/** The zsh script: an autoloadable `_ipctl` (#compdef) that also works when sourced. */
export function zshScript(tree: ScriptTree): string {
  return `#compdef ipctl
${header('#', 'zsh', [
  'Load it in this shell:   source <(ipctl completion zsh)     (after compinit)',
  'Load it in every shell:  ipctl completion zsh > "\${fpath[1]}/_ipctl"',
  '                         (any directory of $fpath, before compinit runs in ~/.zshrc)',
])}
# The subcommands of the command named by $1 ('' for ipctl itself), as name:summary.
_ipctl_subcommands() {
  case $1 in
${tree.nodes
  .filter((node) => node.commands.length > 0)
  .map((node) => `    ('${key(node)}') reply=(${node.commands.map((child) => quote(`${child.name}:${plain(child.summary)}`)).join(' ')}) ;;`)
  .join('\n')}
    (*) reply=() ;;
  esac
}

# The flags of the command named by $1, the global ones included, as flag:description.
_ipctl_flags() {
  case $1 in
${tree.nodes.map((node) => `    ('${key(node)}') reply=(${flagEntries(tree, node)}) ;;`).join('\n')}
    (*) reply=() ;;
  esac
}

${valueFunctions(tree, zshSyntax)}

_ipctl() {
  # reply is where the table functions answer; what _describe gets is copied out of it.
  local -a reply before candidates
  local command='' pending='' word cur=\${words[CURRENT]} flag=''
  integer positionals=0 dashdash=0 i
${wordLoop({ from: 2, to: 'CURRENT', isSubcommand: '((positionals == 0 && ${reply[(I)${(b)word}:*]}))', countArgument: 'positionals+=1' })}

  before=("\${(@)words[2,CURRENT-1]}")
  if [[ -n $pending ]]; then
    flag=$pending
  elif ((!dashdash)) && [[ $cur == --*=* ]] && _ipctl_takes_value "$command" "\${cur%%=*}"; then
    flag=\${cur%%=*}
    before+=("$flag")
    # Up to the first =: a value may hold one (--where=email=ada).
    compset -P 1 '*='
  elif ((!dashdash)) && [[ $cur == -* ]]; then
    _ipctl_flags "$command"
    candidates=("\${(@)reply}")
    _describe -t options 'flag' candidates
    return
  else
    _ipctl_subcommands "$command"
    if ((positionals == 0 && \${#reply} > 0)); then
      candidates=("\${(@)reply}")
      _describe -t commands 'command' candidates
      return
    fi
    flag="#$positionals"
  fi

  _ipctl_values "$command" "$flag"
  local kind=\${reply[1]}
  local -a values=("\${(@)reply[2,-1]}")
  case $kind in
    (choices) _describe -t values 'value' values ;;
    (partial) _describe -t values 'value' values -S '' ;;
    (files) _files ;;
    (dynamic)
      # ipctl is asked about the word as it will receive it: PREFIX, the shell's quoting taken off
      # (zsh has already taken off an open quote, and puts it back itself).
      local typed=\${(Q)PREFIX} line value description
      [[ $compstate[quote] == "'" ]] && typed=$PREFIX
      local -a suffix=()
      [[ \${values[1]} == partial ]] && suffix=(-S '')
      # ipctl answers one value a line, a tab before its description; a line with no value is a message.
      values=()
      for line in "\${(@f)$(ipctl __complete "\${(@)before}" "$typed" 2>/dev/null)}"; do
        [[ -z $line ]] && continue
        value=\${line%%$'\\t'*} description=''
        [[ $line == *$'\\t'* ]] && description=\${line#*$'\\t'}
        if [[ -z $value ]]; then
          _message -r "$description"
        else
          values+=("\${value//:/\\\\:}\${description:+:$description}")
        fi
      done
      ((\${#values})) && _describe -t values 'value' values "\${(@)suffix}"
      ;;
  esac
}

if [[ $funcstack[1] == _ipctl ]]; then
  # Autoloaded from $fpath: this file is the body of _ipctl, so complete now.
  _ipctl "$@"
elif (($+functions[compdef])); then
  compdef _ipctl ipctl
fi
`;
}

/** Single-quoted for zsh. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function flagEntries(tree: ScriptTree, node: CompletionCommand): string {
  return flagsAt(node, tree.root).flatMap((option) => option.flags.map((flag) => quote(`${flag}:${plain(option.description)}`))).join(' ');
}

const zshSyntax: CaseSyntax = {
  arm: (patterns) => `(${patterns})`,
  words: (list) => `(${list})`,
  answer: 'reply',
  positionsFrom: (prefix, index) => `${prefix}#'<${index}->`,
};
