import type { CompletionCommand } from '../model.js';
import { flagsAt } from '../walk.js';
import { type CaseSyntax, header, key, type ScriptTree, valueFunctions, wordLoop } from './common.js';

/** The bash script (bash 3.2 and later; bash-completion is not needed). */
export function bashScript(tree: ScriptTree): string {
  return `${header('#', 'bash', [
    'Load it in this shell:   source <(ipctl completion bash)',
    'Load it in every shell:  ipctl completion bash > ~/.local/share/bash-completion/completions/ipctl',
    "                         (or add the first line to ~/.bashrc if bash-completion isn't installed)",
  ])}
# The subcommands of the command named by $1 ('' for ipctl itself).
_ipctl_subcommands() {
  case $1 in
${tree.nodes
  .filter((node) => node.commands.length > 0)
  .map((node) => `    '${key(node)}') _ipctl_words='${node.commands.map((child) => child.name).join(' ')}' ;;`)
  .join('\n')}
    *) _ipctl_words='' ;;
  esac
}

# The flags of the command named by $1, the global ones included.
_ipctl_flags() {
  case $1 in
${tree.nodes.map((node) => `    '${key(node)}') _ipctl_words='${flagWords(tree, node)}' ;;`).join('\n')}
    *) _ipctl_words='' ;;
  esac
}

${valueFunctions(tree, bashSyntax)}

# COMPREPLY: the words of $1 that start with $3, each after the prefix $2.
_ipctl_reply() {
  local candidate
  COMPREPLY=()
  for candidate in $1; do
    [[ $candidate == "$3"* ]] && COMPREPLY+=("$2$candidate")
  done
}

# The word $1 as ipctl will receive it: _ipctl_text, the shell's quoting taken off. When it ends
# inside a quote, _ipctl_quote is that quote and _ipctl_lead the text before it (readline completes
# only what follows an open quote); otherwise both are ''.
_ipctl_unquote() {
  local word=$1 char quote=''
  _ipctl_text='' _ipctl_lead=''
  while [[ -n $word ]]; do
    char=\${word:0:1} word=\${word:1}
    if [[ $quote == "'" ]]; then
      if [[ $char == "'" ]]; then quote=''; else _ipctl_text+=$char; fi
    elif [[ $char == '\\' ]]; then
      # A backslash quotes the next character; between double quotes, only one of $ \` " \\.
      if [[ -n $quote && '$\`"\\' != *"\${word:0:1}"* ]]; then
        _ipctl_text+=$char
      else
        _ipctl_text+=\${word:0:1} word=\${word:1}
      fi
    elif [[ $char == "$quote" ]]; then
      quote=''
    elif [[ -z $quote && ( $char == "'" || $char == '"' ) ]]; then
      quote=$char _ipctl_lead=$_ipctl_text
    else
      _ipctl_text+=$char
    fi
  done
  _ipctl_quote=$quote
  [[ -n $quote ]] || _ipctl_lead=''
}

# Readline replaces only what follows the last = or : of a word (COMP_WORDBREAKS); drop what precedes it.
_ipctl_trim() {
  local breaks=\${COMP_WORDBREAKS//[^=:]/}
  [[ -z $breaks || \${#COMPREPLY[@]} -eq 0 ]] && return
  local head=\${1%"\${1##*[$breaks]}"}
  [[ -n $head ]] && COMPREPLY=("\${COMPREPLY[@]#"$head"}")
}

_ipctl() {
  # bash splits --flag=value and KEY=VALUE at = and : (COMP_WORDBREAKS); glue the pieces back.
  local words=() token glue=0 i
  for ((i = 0; i <= COMP_CWORD; i++)); do
    token=\${COMP_WORDS[i]}
    if ((i > 1)) && [[ $token =~ ^[=:]+$ ]]; then
      words[\${#words[@]} - 1]+=$token
      glue=1
    elif ((glue)); then
      words[\${#words[@]} - 1]+=$token
      glue=0
    else
      words+=("$token")
    fi
  done
  local cword=$((\${#words[@]} - 1))
  local cur=\${words[cword]} command='' pending='' positionals=0 dashdash=0 word
${wordLoop({
  from: 1,
  to: 'cword',
  isSubcommand: '((positionals == 0)) && [[ " $_ipctl_words " == *" $word "* ]]',
  countArgument: 'positionals=$((positionals + 1))',
})}

  local flag='' prefix='' typed=$cur line before=("\${words[@]:1:cword-1}")
  if [[ -n $pending ]]; then
    flag=$pending
  elif ((!dashdash)) && [[ $cur == --*=* ]] && _ipctl_takes_value "$command" "\${cur%%=*}"; then
    flag=\${cur%%=*} prefix=\${cur%%=*}= typed=\${cur#*=}
    before+=("$flag")
  elif ((!dashdash)) && [[ $cur == -* ]]; then
    _ipctl_flags "$command"
    _ipctl_reply "$_ipctl_words" '' "$cur"
    return
  else
    _ipctl_subcommands "$command"
    if ((positionals == 0)) && [[ -n $_ipctl_words ]]; then
      _ipctl_reply "$_ipctl_words" '' "$cur"
      return
    fi
    flag="#$positionals"
  fi

  _ipctl_values "$command" "$flag"
  case $_ipctl_words in
    'choices '*) _ipctl_reply "\${_ipctl_words#choices }" "$prefix" "$typed" ;;
    'partial '*)
      _ipctl_reply "\${_ipctl_words#partial }" "$prefix" "$typed"
      type compopt &>/dev/null && compopt -o nospace
      ;;
    files)
      COMPREPLY=()
      while IFS= read -r line; do
        COMPREPLY+=("$prefix$line")
      done < <(compgen -f -- "$typed")
      type compopt &>/dev/null && compopt -o filenames
      ;;
    dynamic*)
      # ipctl answers one value a line (a tab before its description; a line with no value is a
      # message, which bash cannot show). It is asked about the word as it will receive it.
      _ipctl_unquote "$typed"
      COMPREPLY=()
      while IFS= read -r line; do
        line=\${line%%$'\\t'*}
        [[ -n $line && $line == "$_ipctl_text"* ]] || continue
        if [[ -n $_ipctl_quote ]]; then
          # Inside an open quote, readline puts in what follows the quote as it is.
          COMPREPLY+=("\${line:\${#_ipctl_lead}}")
        else
          printf -v line '%q' "$line"
          COMPREPLY+=("$prefix$line")
        fi
      done < <(ipctl __complete "\${before[@]}" "$_ipctl_text" 2>/dev/null)
      if [[ $_ipctl_words == 'dynamic partial' ]]; then
        type compopt &>/dev/null && compopt -o nospace
        # After the only match readline closes an open quote, and bash has no option to stop it;
        # a second match one space longer makes it put in their common start, the quote left open.
        [[ -n $_ipctl_quote && \${#COMPREPLY[@]} -eq 1 ]] && COMPREPLY+=("\${COMPREPLY[0]} ")
      fi
      [[ -n $_ipctl_quote ]] && return
      ;;
    *) COMPREPLY=() ;;
  esac
  _ipctl_trim "$cur"
}

complete -F _ipctl ipctl
`;
}

function flagWords(tree: ScriptTree, node: CompletionCommand): string {
  return flagsAt(node, tree.root)
    .flatMap((option) => option.flags)
    .join(' ');
}

const bashSyntax: CaseSyntax = {
  arm: (patterns) => `${patterns})`,
  words: (list) => `'${list}'`,
  answer: '_ipctl_words',
  positionsFrom: (prefix, index) => `${prefix}#'[${index}-9]|${prefix}#'[1-9][0-9]*`,
};
