import type { CompletionCommand } from '../model.js';
import type { ValueSource } from '../values.js';
import { flagsAt } from '../walk.js';
import { globalValueRules, header, key, ownOptions, type ScriptTree, type ValueRule, valueRules } from './common.js';

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

# Succeeds when flag $2 of the command named by $1 takes a value.
_ipctl_takes_value() {
  case "$1|$2" in
${takesValuePatterns(tree)}
  esac
  return 1
}

# How the value of flag $2 (or of argument #N) of the command named by $1 completes:
# 'choices WORD...', 'partial WORD...' (no space after), 'files', 'dynamic' (ask ipctl),
# 'dynamic partial' (ask ipctl; no space after), or ''.
_ipctl_values() {
  case "$1|$2" in
${valuePatterns(tree)}
    *) _ipctl_words='' ;;
  esac
}

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
  for ((i = 1; i < cword; i++)); do
    word=\${words[i]}
    if [[ -n $pending ]]; then
      pending=''
    elif ((!dashdash)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((!dashdash)) && [[ $word == -?* ]]; then
      # --output=json and -ojson carry their value; only a bare flag waits for the next word.
      _ipctl_takes_value "$command" "$word" && pending=$word
    else
      _ipctl_subcommands "$command"
      if ((positionals == 0)) && [[ " $_ipctl_words " == *" $word "* ]]; then
        command=\${command:+$command }$word
      else
        positionals=$((positionals + 1))
      fi
    fi
  done

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

function takesValuePatterns(tree: ScriptTree): string {
  const lines: string[] = [];
  const globals = tree.globals.filter((option) => option.takesValue).flatMap((option) => option.flags);
  if (globals.length > 0) lines.push(`    ${globals.map((flag) => `*'|${flag}'`).join('|')}) return 0 ;;`);
  for (const node of tree.nodes) {
    const flags = ownOptions(tree, node)
      .filter((option) => option.takesValue)
      .flatMap((option) => option.flags);
    if (flags.length > 0) lines.push(`    ${flags.map((flag) => `'${key(node)}|${flag}'`).join('|')}) return 0 ;;`);
  }
  return lines.join('\n');
}

function valuePatterns(tree: ScriptTree): string {
  const lines = globalValueRules(tree).map(({ option, source }) => `    ${option.flags.map((flag) => `*'|${flag}'`).join('|')}) ${assignSource(source)} ;;`);
  for (const rule of valueRules(tree)) lines.push(`    ${rulePatterns(rule)}) ${assignSource(rule.source)} ;;`);
  return lines.join('\n');
}

function rulePatterns(rule: ValueRule): string {
  const prefix = `'${key(rule.node)}|`;
  if ('flags' in rule.target) return rule.target.flags.map((flag) => `${prefix}${flag}'`).join('|');
  const { index, variadic } = rule.target;
  if (!variadic) return `${prefix}#${index}'`;
  // A variadic argument takes every position from its own on.
  return index === 0 ? `${prefix}#'*` : `${prefix}#'[${index}-9]|${prefix}#'[1-9][0-9]*`;
}

function assignSource(source: ValueSource): string {
  switch (source.kind) {
    case 'choices':
      return `_ipctl_words='${source.partial ? 'partial' : 'choices'} ${source.values.join(' ')}'`;
    case 'files':
      return "_ipctl_words='files'";
    case 'dynamic':
      return `_ipctl_words='dynamic${source.partial ? ' partial' : ''}'`;
  }
}
