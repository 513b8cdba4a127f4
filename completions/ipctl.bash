# bash completion for ipctl
# Generated from ipctl's command tree by `ipctl completion bash`: do not edit; regenerate it.
# Load it in this shell:   source <(ipctl completion bash)
# Load it in every shell:  ipctl completion bash > ~/.local/share/bash-completion/completions/ipctl
#                          (or add the first line to ~/.bashrc if bash-completion isn't installed)

# The subcommands of the command named by $1 ('' for ipctl itself).
_ipctl_subcommands() {
  case $1 in
    '') _ipctl_words='orgs invites providers projects destinations connections profile auth search api completion sandbox version help' ;;
    'orgs') _ipctl_words='get' ;;
    'invites') _ipctl_words='list' ;;
    'providers') _ipctl_words='list get' ;;
    'projects') _ipctl_words='list get' ;;
    'destinations') _ipctl_words='list get patch' ;;
    'connections') _ipctl_words='list get generate remove report' ;;
    'profile') _ipctl_words='list show use add remove' ;;
    'auth') _ipctl_words='login logout migrate set-key set-token status' ;;
    *) _ipctl_words='' ;;
  esac
}

# The flags of the command named by $1, the global ones included.
_ipctl_flags() {
  case $1 in
    '') _ipctl_words='-V --version --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet -h --help' ;;
    'orgs') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'orgs get') _ipctl_words='--org -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'invites') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'invites list') _ipctl_words='--org --status -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'providers') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'providers list') _ipctl_words='--auth-type --supports -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'providers get') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'projects') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'projects list') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'projects get') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'destinations') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'destinations list') _ipctl_words='--project -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'destinations get') _ipctl_words='--project -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'destinations patch') _ipctl_words='--project --name --set --header --replace-headers --secret --clear --update-mask --input-json --dry-run -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections list') _ipctl_words='--project --provider --group-ref --consumer-ref -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections get') _ipctl_words='--project -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections generate') _ipctl_words='--project --provider --group-ref --group-name --consumer-ref --consumer-name --workspace --metadata --custom --scopes --api-key-file --username --password-file --refresh-token-file --access-token-file --input-json --skeleton --dry-run --show-secrets --from-file --format --concurrency --rate --results --resume --retry-uncertain --skip-invalid --allow-duplicates --shard -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections remove') _ipctl_words='--project --from-results --results --resume --concurrency --rate --dry-run -y --yes -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'connections report') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile list') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile show') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile use') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile add') _ipctl_words='--org --project --force -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'profile remove') _ipctl_words='-y --yes -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth login') _ipctl_words='--insecure-storage --no-verify --force -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth logout') _ipctl_words='-y --yes -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth migrate') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth set-key') _ipctl_words='--insecure-storage --no-verify --force -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth set-token') _ipctl_words='--insecure-storage --no-verify --force -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'auth status') _ipctl_words='--org --project --offline -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'search') _ipctl_words='--integration --group-ref --project --where --fields --raw -o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'api') _ipctl_words='-X --method -f --raw-field -F --field -H --header --input --search --auth -i --include --silent --retry-unsafe --dry-run -o --output --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'completion') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'sandbox') _ipctl_words='--host --port --json --env --faults --tls-cert --tls-key --background --published-search -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'version') _ipctl_words='-o --output --json --wide --query -h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    'help') _ipctl_words='-h --help --profile --base-url --search-url --timeout --retries --ca-file --debug --no-color --no-input --no-pager --quiet' ;;
    *) _ipctl_words='' ;;
  esac
}

# Succeeds when flag $2 of the command named by $1 takes a value.
_ipctl_takes_value() {
  case "$1|$2" in
    *'|--profile'|*'|--base-url'|*'|--search-url'|*'|--timeout'|*'|--retries'|*'|--ca-file') return 0 ;;
    'orgs get|--org'|'orgs get|-o'|'orgs get|--output'|'orgs get|--query') return 0 ;;
    'invites list|--org'|'invites list|--status'|'invites list|-o'|'invites list|--output'|'invites list|--query') return 0 ;;
    'providers list|--auth-type'|'providers list|--supports'|'providers list|-o'|'providers list|--output'|'providers list|--query') return 0 ;;
    'providers get|-o'|'providers get|--output'|'providers get|--query') return 0 ;;
    'projects list|-o'|'projects list|--output'|'projects list|--query') return 0 ;;
    'projects get|-o'|'projects get|--output'|'projects get|--query') return 0 ;;
    'destinations list|--project'|'destinations list|-o'|'destinations list|--output'|'destinations list|--query') return 0 ;;
    'destinations get|--project'|'destinations get|-o'|'destinations get|--output'|'destinations get|--query') return 0 ;;
    'destinations patch|--project'|'destinations patch|--name'|'destinations patch|--set'|'destinations patch|--header'|'destinations patch|--secret'|'destinations patch|--clear'|'destinations patch|--update-mask'|'destinations patch|--input-json'|'destinations patch|-o'|'destinations patch|--output'|'destinations patch|--query') return 0 ;;
    'connections list|--project'|'connections list|--provider'|'connections list|--group-ref'|'connections list|--consumer-ref'|'connections list|-o'|'connections list|--output'|'connections list|--query') return 0 ;;
    'connections get|--project'|'connections get|-o'|'connections get|--output'|'connections get|--query') return 0 ;;
    'connections generate|--project'|'connections generate|--provider'|'connections generate|--group-ref'|'connections generate|--group-name'|'connections generate|--consumer-ref'|'connections generate|--consumer-name'|'connections generate|--workspace'|'connections generate|--metadata'|'connections generate|--custom'|'connections generate|--scopes'|'connections generate|--api-key-file'|'connections generate|--username'|'connections generate|--password-file'|'connections generate|--refresh-token-file'|'connections generate|--access-token-file'|'connections generate|--input-json'|'connections generate|--from-file'|'connections generate|--format'|'connections generate|--concurrency'|'connections generate|--rate'|'connections generate|--results'|'connections generate|--shard'|'connections generate|-o'|'connections generate|--output'|'connections generate|--query') return 0 ;;
    'connections remove|--project'|'connections remove|--results'|'connections remove|--concurrency'|'connections remove|--rate'|'connections remove|-o'|'connections remove|--output'|'connections remove|--query') return 0 ;;
    'connections report|-o'|'connections report|--output'|'connections report|--query') return 0 ;;
    'profile list|-o'|'profile list|--output'|'profile list|--query') return 0 ;;
    'profile show|-o'|'profile show|--output'|'profile show|--query') return 0 ;;
    'profile add|--org'|'profile add|--project') return 0 ;;
    'auth status|--org'|'auth status|--project'|'auth status|-o'|'auth status|--output'|'auth status|--query') return 0 ;;
    'search|--integration'|'search|--group-ref'|'search|--project'|'search|--where'|'search|--fields'|'search|-o'|'search|--output'|'search|--query') return 0 ;;
    'api|-X'|'api|--method'|'api|-f'|'api|--raw-field'|'api|-F'|'api|--field'|'api|-H'|'api|--header'|'api|--input'|'api|--auth'|'api|-o'|'api|--output'|'api|--query') return 0 ;;
    'sandbox|--host'|'sandbox|--port'|'sandbox|--faults'|'sandbox|--tls-cert'|'sandbox|--tls-key') return 0 ;;
    'version|-o'|'version|--output'|'version|--query') return 0 ;;
  esac
  return 1
}

# How the value of flag $2 (or of argument #N) of the command named by $1 completes:
# 'choices WORD...', 'partial WORD...' (no space after), 'files', 'dynamic' (ask ipctl),
# 'dynamic partial' (ask ipctl; no space after), or ''.
_ipctl_values() {
  case "$1|$2" in
    *'|--profile') _ipctl_words='dynamic' ;;
    'orgs get|-o'|'orgs get|--output') _ipctl_words='choices table wide json yaml' ;;
    'invites list|--status') _ipctl_words='choices pending accepted revoked expired' ;;
    'invites list|-o'|'invites list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'providers list|--auth-type') _ipctl_words='choices oauth2 apiKey basic jwt custom none' ;;
    'providers list|--supports') _ipctl_words='choices read write delete proxy subscribe search' ;;
    'providers list|-o'|'providers list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'providers get|-o'|'providers get|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'providers get|#0') _ipctl_words='dynamic' ;;
    'projects list|-o'|'projects list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'projects get|-o'|'projects get|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'projects get|#0') _ipctl_words='dynamic' ;;
    'destinations list|--project') _ipctl_words='dynamic' ;;
    'destinations list|-o'|'destinations list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'destinations get|--project') _ipctl_words='dynamic' ;;
    'destinations get|-o'|'destinations get|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'destinations get|#0') _ipctl_words='dynamic' ;;
    'destinations patch|--project') _ipctl_words='dynamic' ;;
    'destinations patch|--set') _ipctl_words='partial metadata.url= metadata.headers= metadata.region= metadata.streamName= metadata.endpointUrl= metadata.partitionKeyTemplate= metadata.bucket= metadata.keyTemplate= metadata.storageClass= metadata.username= metadata.tableName= metadata.database= metadata.accountIdentifier= metadata.userId= metadata.dbName= metadata.schemaName= metadata.projectId= metadata.datasetId= metadata.tableId= metadata.workgroupName= metadata.clusterIdentifier= metadata.dbUser= metadata.account= metadata.container= metadata.queueUrl= metadata.topicArn= metadata.eventBusName= metadata.detailType= metadata.topicId= metadata.routingKey= metadata.batchSize= metadata.maxWaitSecs=' ;;
    'destinations patch|--secret') _ipctl_words='partial awsKeyId awsSecretKey awsSessionToken password privateKey credentials accessKeyId secretAccessKey accessKey uri' ;;
    'destinations patch|--clear') _ipctl_words='choices metadata.url metadata.headers metadata.region metadata.streamName metadata.endpointUrl metadata.partitionKeyTemplate metadata.bucket metadata.keyTemplate metadata.storageClass metadata.username metadata.tableName metadata.database metadata.accountIdentifier metadata.userId metadata.dbName metadata.schemaName metadata.projectId metadata.datasetId metadata.tableId metadata.workgroupName metadata.clusterIdentifier metadata.dbUser metadata.account metadata.container metadata.queueUrl metadata.topicArn metadata.eventBusName metadata.detailType metadata.topicId metadata.routingKey metadata.batchSize metadata.maxWaitSecs secrets.awsKeyId secrets.awsSecretKey secrets.awsSessionToken secrets.password secrets.privateKey secrets.credentials secrets.accessKeyId secrets.secretAccessKey secrets.accessKey secrets.uri' ;;
    'destinations patch|--update-mask') _ipctl_words='partial name metadata.url metadata.headers metadata.region metadata.streamName metadata.endpointUrl metadata.partitionKeyTemplate metadata.bucket metadata.keyTemplate metadata.storageClass metadata.username metadata.tableName metadata.database metadata.accountIdentifier metadata.userId metadata.dbName metadata.schemaName metadata.projectId metadata.datasetId metadata.tableId metadata.workgroupName metadata.clusterIdentifier metadata.dbUser metadata.account metadata.container metadata.queueUrl metadata.topicArn metadata.eventBusName metadata.detailType metadata.topicId metadata.routingKey metadata.batchSize metadata.maxWaitSecs secrets.awsKeyId secrets.awsSecretKey secrets.awsSessionToken secrets.password secrets.privateKey secrets.credentials secrets.accessKeyId secrets.secretAccessKey secrets.accessKey secrets.uri' ;;
    'destinations patch|--input-json') _ipctl_words='files' ;;
    'destinations patch|-o'|'destinations patch|--output') _ipctl_words='choices table wide json yaml' ;;
    'destinations patch|#0') _ipctl_words='dynamic' ;;
    'connections list|--project') _ipctl_words='dynamic' ;;
    'connections list|--provider') _ipctl_words='dynamic' ;;
    'connections list|-o'|'connections list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'connections get|--project') _ipctl_words='dynamic' ;;
    'connections get|-o'|'connections get|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'connections get|#0') _ipctl_words='dynamic' ;;
    'connections generate|--project') _ipctl_words='dynamic' ;;
    'connections generate|--api-key-file') _ipctl_words='files' ;;
    'connections generate|--password-file') _ipctl_words='files' ;;
    'connections generate|--refresh-token-file') _ipctl_words='files' ;;
    'connections generate|--access-token-file') _ipctl_words='files' ;;
    'connections generate|--input-json') _ipctl_words='files' ;;
    'connections generate|--from-file') _ipctl_words='files' ;;
    'connections generate|--format') _ipctl_words='choices jsonl csv' ;;
    'connections generate|--results') _ipctl_words='files' ;;
    'connections generate|--shard') _ipctl_words='choices auto' ;;
    'connections generate|-o'|'connections generate|--output') _ipctl_words='choices table wide json yaml' ;;
    'connections remove|--project') _ipctl_words='dynamic' ;;
    'connections remove|--results') _ipctl_words='files' ;;
    'connections remove|-o'|'connections remove|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'connections remove|#'*) _ipctl_words='dynamic' ;;
    'connections report|-o'|'connections report|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'connections report|#'*) _ipctl_words='files' ;;
    'profile list|-o'|'profile list|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'profile show|-o'|'profile show|--output') _ipctl_words='choices table wide json yaml' ;;
    'profile show|#0') _ipctl_words='dynamic' ;;
    'profile use|#0') _ipctl_words='dynamic' ;;
    'profile add|--project') _ipctl_words='dynamic' ;;
    'profile add|#0') _ipctl_words='dynamic' ;;
    'profile remove|#0') _ipctl_words='dynamic' ;;
    'auth status|--project') _ipctl_words='dynamic' ;;
    'auth status|-o'|'auth status|--output') _ipctl_words='choices table wide json yaml' ;;
    'search|--project') _ipctl_words='dynamic' ;;
    'search|--where') _ipctl_words='dynamic partial' ;;
    'search|-o'|'search|--output') _ipctl_words='choices table wide json yaml ndjson' ;;
    'api|-X'|'api|--method') _ipctl_words='choices GET POST PUT PATCH DELETE HEAD OPTIONS' ;;
    'api|--input') _ipctl_words='files' ;;
    'api|--auth') _ipctl_words='choices key token none' ;;
    'api|-o'|'api|--output') _ipctl_words='choices json yaml' ;;
    'api|#0') _ipctl_words='dynamic partial' ;;
    'completion|#0') _ipctl_words='choices bash zsh fish powershell' ;;
    'sandbox|--faults') _ipctl_words='files' ;;
    'sandbox|--tls-cert') _ipctl_words='files' ;;
    'sandbox|--tls-key') _ipctl_words='files' ;;
    'version|-o'|'version|--output') _ipctl_words='choices table wide json yaml' ;;
    'help|#'*) _ipctl_words='choices exit-codes environment retries orgs invites providers projects destinations connections profile auth search api completion sandbox version' ;;
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
    char=${word:0:1} word=${word:1}
    if [[ $quote == "'" ]]; then
      if [[ $char == "'" ]]; then quote=''; else _ipctl_text+=$char; fi
    elif [[ $char == '\' ]]; then
      # A backslash quotes the next character; between double quotes, only one of $ ` " \.
      if [[ -n $quote && '$`"\' != *"${word:0:1}"* ]]; then
        _ipctl_text+=$char
      else
        _ipctl_text+=${word:0:1} word=${word:1}
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
  local breaks=${COMP_WORDBREAKS//[^=:]/}
  [[ -z $breaks || ${#COMPREPLY[@]} -eq 0 ]] && return
  local head=${1%"${1##*[$breaks]}"}
  [[ -n $head ]] && COMPREPLY=("${COMPREPLY[@]#"$head"}")
}

_ipctl() {
  # bash splits --flag=value and KEY=VALUE at = and : (COMP_WORDBREAKS); glue the pieces back.
  local words=() token glue=0 i
  for ((i = 0; i <= COMP_CWORD; i++)); do
    token=${COMP_WORDS[i]}
    if ((i > 1)) && [[ $token =~ ^[=:]+$ ]]; then
      words[${#words[@]} - 1]+=$token
      glue=1
    elif ((glue)); then
      words[${#words[@]} - 1]+=$token
      glue=0
    else
      words+=("$token")
    fi
  done
  local cword=$((${#words[@]} - 1))
  local cur=${words[cword]} command='' pending='' positionals=0 dashdash=0 word
  for ((i = 1; i < cword; i++)); do
    word=${words[i]}
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
        command=${command:+$command }$word
      else
        positionals=$((positionals + 1))
      fi
    fi
  done

  local flag='' prefix='' typed=$cur line before=("${words[@]:1:cword-1}")
  if [[ -n $pending ]]; then
    flag=$pending
  elif ((!dashdash)) && [[ $cur == --*=* ]] && _ipctl_takes_value "$command" "${cur%%=*}"; then
    flag=${cur%%=*} prefix=${cur%%=*}= typed=${cur#*=}
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
    'choices '*) _ipctl_reply "${_ipctl_words#choices }" "$prefix" "$typed" ;;
    'partial '*)
      _ipctl_reply "${_ipctl_words#partial }" "$prefix" "$typed"
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
        line=${line%%$'\t'*}
        [[ -n $line && $line == "$_ipctl_text"* ]] || continue
        if [[ -n $_ipctl_quote ]]; then
          # Inside an open quote, readline puts in what follows the quote as it is.
          COMPREPLY+=("${line:${#_ipctl_lead}}")
        else
          printf -v line '%q' "$line"
          COMPREPLY+=("$prefix$line")
        fi
      done < <(ipctl __complete "${before[@]}" "$_ipctl_text" 2>/dev/null)
      if [[ $_ipctl_words == 'dynamic partial' ]]; then
        type compopt &>/dev/null && compopt -o nospace
        # After the only match readline closes an open quote, and bash has no option to stop it;
        # a second match one space longer makes it put in their common start, the quote left open.
        [[ -n $_ipctl_quote && ${#COMPREPLY[@]} -eq 1 ]] && COMPREPLY+=("${COMPREPLY[0]} ")
      fi
      [[ -n $_ipctl_quote ]] && return
      ;;
    *) COMPREPLY=() ;;
  esac
  _ipctl_trim "$cur"
}

complete -F _ipctl ipctl
