import type { CompletionOption } from '../model.js';
import type { ValueSource } from '../values.js';
import { globalValueRules, header, key, ownOptions, plain, type ScriptTree, valueRules } from './common.js';

/** The PowerShell script (Windows PowerShell 5.1 and PowerShell 7): a native argument completer. */
export function powershellScript(tree: ScriptTree): string {
  return `${header('#', 'PowerShell', [
    'Load it in this session:   ipctl completion powershell | Out-String | Invoke-Expression',
    'Load it in every session:  add that line to your profile (notepad $PROFILE)',
  ])}
Register-ArgumentCompleter -Native -CommandName ipctl -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    # The subcommands of each command ('' for ipctl itself): name, summary.
    $subcommands = @{
${tree.nodes
  .filter((node) => node.commands.length > 0)
  .map((node) => `        ${quote(key(node))} = ${list(node.commands.map((child) => list([quote(child.name), quote(plain(child.summary))])))}`)
  .join('\n')}
    }
    # The flags of each command, the global ones apart: flag, description, whether it takes a value.
    $flags = @{
${tree.nodes.map((node) => `        ${quote(key(node))} = ${optionEntries(node === tree.root ? node.options : ownOptions(tree, node))}`).join('\n')}
    }
    $globalFlags = ${optionEntries(tree.globals)}
    # How values complete: 'command|--flag' or 'command|#N' (argument N; '#N+' for N and after; '*' for every command)
    # maps to @('choices', WORD...), @('partial', WORD...) (the start of the word), @('files'), @('dynamic') (ask ipctl)
    # or @('dynamic', 'partial') (ask ipctl; the start of the word).
    $valueRules = @{
${valueEntries(tree)}
    }

    function Test-TakesValue([string]$command, [string]$flag) {
        foreach ($entry in @($flags[$command]) + $globalFlags) {
            if ($null -ne $entry -and $entry[0] -ceq $flag) { return [bool]$entry[2] }
        }
        return $false
    }
    function Get-ValueRule([string]$command, $flag, [int]$position) {
        $names = if ($null -ne $flag) { @("$command|$flag", "*|$flag") } else { @("$command|#$position") + @($position..0 | ForEach-Object { "$command|#$_+" }) }
        foreach ($name in $names) {
            if ($valueRules.ContainsKey($name)) { return ,$valueRules[$name] }
        }
        return $null
    }

    # The words before the one being completed, ipctl itself left out.
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    if ($wordToComplete -ne '' -and $elements.Count -gt 0) { $elements = @($elements | Select-Object -First ($elements.Count - 1)) }
    $before = @($elements | Select-Object -Skip 1 | ForEach-Object { $_.Extent.Text })

    $command = ''
    $pending = $null
    $positionals = 0
    $dashdash = $false
    foreach ($word in $before) {
        if ($null -ne $pending) { $pending = $null; continue }
        if (-not $dashdash -and $word -eq '--') { $dashdash = $true; continue }
        if (-not $dashdash -and $word.Length -gt 1 -and $word.StartsWith('-')) {
            # --output=json and -ojson carry their value; only a bare flag waits for the next word.
            if (Test-TakesValue $command $word) { $pending = $word }
            continue
        }
        $children = @($subcommands[$command] | Where-Object { $null -ne $_ } | ForEach-Object { $_[0] })
        if ($positionals -eq 0 -and $children -ccontains $word) {
            $command = if ($command) { "$command $word" } else { $word }
        } else {
            $positionals++
        }
    }

    $prefix = ''
    $typed = $wordToComplete
    if ($null -ne $pending) {
        $rule = Get-ValueRule $command $pending $positionals
    } elseif (-not $dashdash -and $wordToComplete -match '^(--[^=]+)=(.*)$' -and (Test-TakesValue $command $Matches[1])) {
        $flag = $Matches[1]
        $prefix = "$flag="
        $typed = $Matches[2]
        $before += $flag
        $rule = Get-ValueRule $command $flag $positionals
    } elseif (-not $dashdash -and $wordToComplete.StartsWith('-')) {
        $offered = @($flags[$command]) + $(if ($command) { $globalFlags } else { @() })
        foreach ($entry in $offered) {
            if ($null -ne $entry -and $entry[0].StartsWith($wordToComplete)) {
                [System.Management.Automation.CompletionResult]::new($entry[0], $entry[0], 'ParameterName', $entry[1])
            }
        }
        return
    } elseif ($positionals -eq 0 -and $subcommands.ContainsKey($command)) {
        foreach ($child in $subcommands[$command]) {
            if ($child[0].StartsWith($wordToComplete)) {
                [System.Management.Automation.CompletionResult]::new($child[0], $child[0], 'ParameterValue', $child[1])
            }
        }
        return
    } else {
        $rule = Get-ValueRule $command $null $positionals
    }
    if ($null -eq $rule) { return }

    # The word as ipctl will receive it: the quote it opens ('email e), or the backquotes in it
    # (email\` e), taken off; the completions put the same quote back, or backquotes.
    $quote = ''
    if ($typed -match "^(['\`"])(.*)$") {
        $quote = $Matches[1]
        $typed = $Matches[2]
        if ($typed.EndsWith($quote)) { $typed = $typed.Substring(0, $typed.Length - 1) }
    }
    $typed = if ($quote -eq "'") { $typed -replace "''", "'" } else { $typed -replace '\`(.)', '$1' }
    # Partial values are the start of the word: no closing quote after them.
    $partial = $rule[0] -eq 'partial' -or ($rule[0] -eq 'dynamic' -and $rule[1] -eq 'partial')
    function Format-Value([string]$text) {
        $close = if ($partial) { '' } else { $quote }
        switch ($quote) {
            "'" { return "'" + ($text -replace "'", "''") + $close }
            '"' { return '"' + ($text -replace '([\`$"])', '\`$1') + $close }
            default { return $text -replace '([\\s#@$;,''{}()"\`|<>&])', '\`$1' }
        }
    }

    # Candidates as @(value, description).
    $values = @(switch ($rule[0]) {
        'choices' { $rule | Select-Object -Skip 1 | ForEach-Object { ,@($_, $_) } }
        'partial' { $rule | Select-Object -Skip 1 | ForEach-Object { ,@($_, $_) } }
        'files' { Get-ChildItem -Path "$typed*" -ErrorAction SilentlyContinue | ForEach-Object { ,@($_.Name, $_.Name) } }
        'dynamic' {
            # ipctl answers one value a line, a tab before its description; a line with no value is a
            # message, which a completer cannot show. Before PowerShell 7.3 an empty argument is
            # dropped on its way to a native command, so it is sent quoted.
            $current = if ($typed -eq '' -and $PSVersionTable.PSVersion -lt [version]'7.3') { '""' } else { $typed }
            & ipctl __complete @before $current 2>$null | Where-Object { $_ } | ForEach-Object {
                $parts = $_ -split "\`t", 2
                if ($parts[0]) { ,@($parts[0], $parts[-1]) }
            }
        }
    })
    foreach ($value in @($values)) {
        if ($null -ne $value -and $value[0].StartsWith($typed)) {
            $text = "$prefix$(Format-Value $value[0])"
            [System.Management.Automation.CompletionResult]::new($text, $value[0], 'ParameterValue', $value[1])
        }
    }
}
`;
}

/** A PowerShell array of the given items; the comma keeps a single array item from being unrolled. */
function list(items: string[]): string {
  return items.length === 1 ? `@(,${items[0]})` : `@(${items.join(', ')})`;
}

/** Single-quoted for PowerShell: a ' is doubled. */
function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function optionEntries(options: CompletionOption[]): string {
  return list(options.flatMap((option) => option.flags.map((flag) => `@(${quote(flag)}, ${quote(plain(option.description))}, $${option.takesValue})`)));
}

function valueEntries(tree: ScriptTree): string {
  const lines = globalValueRules(tree).flatMap(({ option, source }) => option.flags.map((flag) => `        ${quote(`*|${flag}`)} = ${sourceEntry(source)}`));
  for (const rule of valueRules(tree)) {
    const names =
      'flags' in rule.target
        ? rule.target.flags.map((flag) => `${key(rule.node)}|${flag}`)
        : [`${key(rule.node)}|#${rule.target.index}${rule.target.variadic ? '+' : ''}`];
    lines.push(...names.map((name) => `        ${quote(name)} = ${sourceEntry(rule.source)}`));
  }
  return lines.join('\n');
}

function sourceEntry(source: ValueSource): string {
  switch (source.kind) {
    case 'choices':
      return list([source.partial ? 'partial' : 'choices', ...source.values].map(quote));
    case 'files':
      return list([quote('files')]);
    case 'dynamic':
      return list((source.partial ? ['dynamic', 'partial'] : ['dynamic']).map(quote));
  }
}
