# fish completion for ipctl
# Generated from ipctl's command tree by `ipctl completion fish`: do not edit; regenerate it.
# Load it in this shell:   ipctl completion fish | source
# Load it in every shell:  ipctl completion fish > ~/.config/fish/completions/ipctl.fish

# The subcommands of the command named by $argv[1] ('' for ipctl itself), one a line.
function __ipctl_subcommands
    switch "$argv[1]"
        case ''
            printf '%s\n' orgs invites providers projects destinations connections profile auth search api completion sandbox version help
        case 'orgs'
            printf '%s\n' get
        case 'invites'
            printf '%s\n' list
        case 'providers'
            printf '%s\n' list get
        case 'projects'
            printf '%s\n' list get
        case 'destinations'
            printf '%s\n' list get patch
        case 'connections'
            printf '%s\n' list get generate remove report
        case 'profile'
            printf '%s\n' list show use add remove
        case 'auth'
            printf '%s\n' login logout migrate set-key set-token status
    end
end

# Succeeds when flag $argv[2] of the command named by $argv[1] takes a value.
function __ipctl_takes_value
    switch "$argv[1]|$argv[2]"
        case '*|--profile' '*|--base-url' '*|--search-url' '*|--timeout' '*|--retries' '*|--ca-file' 'orgs get|--org' 'orgs get|-o' 'orgs get|--output' 'orgs get|--query' 'invites list|--org' 'invites list|--status' 'invites list|-o' 'invites list|--output' 'invites list|--query' 'providers list|--auth-type' 'providers list|--supports' 'providers list|-o' 'providers list|--output' 'providers list|--query' 'providers get|-o' 'providers get|--output' 'providers get|--query' 'projects list|-o' 'projects list|--output' 'projects list|--query' 'projects get|-o' 'projects get|--output' 'projects get|--query' 'destinations list|--project' 'destinations list|-o' 'destinations list|--output' 'destinations list|--query' 'destinations get|--project' 'destinations get|-o' 'destinations get|--output' 'destinations get|--query' 'destinations patch|--project' 'destinations patch|--name' 'destinations patch|--set' 'destinations patch|--header' 'destinations patch|--secret' 'destinations patch|--clear' 'destinations patch|--update-mask' 'destinations patch|--input-json' 'destinations patch|-o' 'destinations patch|--output' 'destinations patch|--query' 'connections list|--project' 'connections list|--provider' 'connections list|--group-ref' 'connections list|--consumer-ref' 'connections list|-o' 'connections list|--output' 'connections list|--query' 'connections get|--project' 'connections get|-o' 'connections get|--output' 'connections get|--query' 'connections generate|--project' 'connections generate|--provider' 'connections generate|--group-ref' 'connections generate|--group-name' 'connections generate|--consumer-ref' 'connections generate|--consumer-name' 'connections generate|--workspace' 'connections generate|--metadata' 'connections generate|--custom' 'connections generate|--scopes' 'connections generate|--api-key-file' 'connections generate|--username' 'connections generate|--password-file' 'connections generate|--refresh-token-file' 'connections generate|--access-token-file' 'connections generate|--input-json' 'connections generate|--from-file' 'connections generate|--format' 'connections generate|--concurrency' 'connections generate|--rate' 'connections generate|--results' 'connections generate|--shard' 'connections generate|-o' 'connections generate|--output' 'connections generate|--query' 'connections remove|--project' 'connections remove|--results' 'connections remove|--concurrency' 'connections remove|--rate' 'connections remove|-o' 'connections remove|--output' 'connections remove|--query' 'connections report|-o' 'connections report|--output' 'connections report|--query' 'profile list|-o' 'profile list|--output' 'profile list|--query' 'profile show|-o' 'profile show|--output' 'profile show|--query' 'profile add|--org' 'profile add|--project' 'auth status|--org' 'auth status|--project' 'auth status|-o' 'auth status|--output' 'auth status|--query' 'search|--integration' 'search|--group-ref' 'search|--project' 'search|--where' 'search|--fields' 'search|-o' 'search|--output' 'search|--query' 'api|-X' 'api|--method' 'api|-f' 'api|--raw-field' 'api|-F' 'api|--field' 'api|-H' 'api|--header' 'api|--input' 'api|--auth' 'api|-o' 'api|--output' 'api|--query' 'sandbox|--host' 'sandbox|--port' 'sandbox|--faults' 'sandbox|--tls-cert' 'sandbox|--tls-key' 'version|-o' 'version|--output' 'version|--query'
            return 0
    end
    return 1
end

# Prints three lines about the words before the cursor: the command they name
# ('' for ipctl itself), how many arguments follow it, and 1 when the last
# word is a flag waiting for its value.
function __ipctl_where
    set -l words (commandline -opc)
    set -l command
    set -l positionals 0
    set -l pending 0
    set -l dashdash 0
    for word in $words[2..-1]
        if test $pending = 1
            set pending 0
        else if test $dashdash = 0; and test "$word" = --
            set dashdash 1
        else if test $dashdash = 0; and string match -qr -- '^-.' $word
            # --output=json and -ojson carry their value; only a bare flag waits for the next word.
            __ipctl_takes_value "$command" $word; and set pending 1
        else if test $positionals = 0; and contains -- $word (__ipctl_subcommands "$command")
            set -a command $word
        else
            set positionals (math $positionals + 1)
        end
    end
    echo "$command"
    echo $positionals
    echo $pending
end

# The command being typed is $argv[1].
function __ipctl_in
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"
end

# The command being typed is $argv[1], and it waits for a subcommand or an argument.
function __ipctl_at
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"; and test "$where[2]" = 0; and test "$where[3]" = 0
end

# The cursor is on argument $argv[2] (counting from 0) of the command $argv[1];
# 'more' in $argv[3] means that argument takes every position from there on.
function __ipctl_argument
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"; and test "$where[3]" = 0; or return 1
    test "$where[2]" = "$argv[2]"; or begin; test "$argv[3]" = more; and test "$where[2]" -gt "$argv[2]"; end
end

# Values only ipctl knows (profile names; what follows the field of a search filter): it answers
# one a line, a tab before its description; a line with no value is a message, which fish cannot
# show without offering something to insert. 'partial' in $argv[1]: values that the word goes on
# from, such as email= or 'email eq '.
function __ipctl_dynamic
    set -l words (commandline -opc)
    set -l current (commandline -ct)
    if string match -qr -- '^--[^=]+=' $current
        # fish completes the value after --flag=; ask about the flag and that value.
        set -l parts (string split -m 1 = -- $current)
        set -a words $parts[1]
        set current $parts[2]
    end
    # ipctl is asked about the word as it will receive it, fish's quoting taken off.
    set -l typed (string unescape -- "$current")
    set -l lines (ipctl __complete $words[2..-1] "$typed" 2>/dev/null | string match -rv '^\t|^$')
    if test "$argv[1]" = partial
        # fish puts a space after a value it inserts whole (closing an open quote first), unless the
        # value ends in one of / = @ : . , -; a value that must end in a space (email eq ) is put in
        # right only as the common start of several. So such a value, alone, comes with a copy one
        # space longer; among others that fish can insert whole (email=), it is left out.
        set -l whole
        set -l spaced
        for line in $lines
            if string match -qr -- '^[^\t]* (\t|$)' $line
                set -a spaced $line
            else
                set -a whole $line
            end
        end
        if set -q whole[1]
            set lines $whole
        else if test (count $spaced) = 1
            set lines $spaced (string replace -r -- '^([^\t]*)' '$1 ' $spaced)
        end
    end
    printf '%s\n' $lines
end

# No file names unless a flag or an argument asks for them.
complete -c ipctl -f

# Flags every command accepts.
complete -c ipctl -l profile -x -a '(__ipctl_dynamic)' -d 'the profile to use (default: the current profile)'
complete -c ipctl -l base-url -x -d 'API base URL, such as https://api.example.com/v1'
complete -c ipctl -l search-url -x -d 'search API base URL, such as https://search.example.com/v1'
complete -c ipctl -l timeout -x -d 'time to wait for each answer, in seconds (default: 30)'
complete -c ipctl -l retries -x -d 'retries of a failed request, 0 for none (default: 3; see ipctl help retries)'
complete -c ipctl -l ca-file -x -d 'PEM file of a certificate authority to trust, as for a corporate proxy or private server'
complete -c ipctl -l debug -d 'trace requests on stderr (credentials redacted), and show where an internal error happened'
complete -c ipctl -l no-color -d 'turn color off'
complete -c ipctl -l no-input -d 'never prompt; fail with the flag to use instead'
complete -c ipctl -l no-pager -d 'print output directly, not through a pager (see IPCTL_PAGER in ipctl help environment)'
complete -c ipctl -l quiet -d 'no notices, hints or progress on stderr; errors and the output are unchanged'
complete -c ipctl -s h -l help -d 'show help'

# ipctl
complete -c ipctl -n '__ipctl_at ""' -a orgs -d 'Organizations'
complete -c ipctl -n '__ipctl_at ""' -a invites -d 'Invites to an organization'
complete -c ipctl -n '__ipctl_at ""' -a providers -d 'The catalogue of providers'
complete -c ipctl -n '__ipctl_at ""' -a projects -d 'Projects, which hold connections and destinations'
complete -c ipctl -n '__ipctl_at ""' -a destinations -d 'Destinations that data is routed to'
complete -c ipctl -n '__ipctl_at ""' -a connections -d 'Connections to customers\' accounts at providers'
complete -c ipctl -n '__ipctl_at ""' -a profile -d 'Profiles: named sets of base URLs, defaults and credentials'
complete -c ipctl -n '__ipctl_at ""' -a auth -d 'Credentials of the profile in use'
complete -c ipctl -n '__ipctl_at ""' -a search -d 'Search records in a customer\'s SaaS instance (one page; for narrow queries)'
complete -c ipctl -n '__ipctl_at ""' -a api -d 'Send any request to the API, with the credentials of the profile'
complete -c ipctl -n '__ipctl_at ""' -a completion -d 'Print the shell completion script for bash, zsh, fish or PowerShell'
complete -c ipctl -n '__ipctl_at ""' -a sandbox -d 'Run a local emulator of the platform API'
complete -c ipctl -n '__ipctl_at ""' -a version -d 'Show the version, how ipctl was installed, and Node.js and platform details'
complete -c ipctl -n '__ipctl_at ""' -a help -d 'Show help for a command, or a topic'
complete -c ipctl -n '__ipctl_in ""' -s V -l version -d 'print the version'

# ipctl orgs
complete -c ipctl -n '__ipctl_at "orgs"' -a get -d 'Show an organization'

# ipctl orgs get
complete -c ipctl -n '__ipctl_in "orgs get"' -l org -x -d 'organization ID'
complete -c ipctl -n '__ipctl_in "orgs get"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "orgs get"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "orgs get"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "orgs get"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl invites
complete -c ipctl -n '__ipctl_at "invites"' -a list -d 'List an organization\'s invites'

# ipctl invites list
complete -c ipctl -n '__ipctl_in "invites list"' -l org -x -d 'organization ID'
complete -c ipctl -n '__ipctl_in "invites list"' -l status -x -a 'pending accepted revoked expired' -d 'only invites in this status: pending, accepted, revoked, expired'
complete -c ipctl -n '__ipctl_in "invites list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "invites list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "invites list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "invites list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl providers
complete -c ipctl -n '__ipctl_at "providers"' -a list -d 'List the catalogue of providers, filtered by auth type or capability'
complete -c ipctl -n '__ipctl_at "providers"' -a get -d 'Show a provider and what a connection to it needs'

# ipctl providers list
complete -c ipctl -n '__ipctl_in "providers list"' -l auth-type -x -a 'oauth2 apiKey basic jwt custom none' -d 'only providers that authenticate this way: oauth2, apiKey, basic, jwt, custom, none'
complete -c ipctl -n '__ipctl_in "providers list"' -l supports -x -a 'read write delete proxy subscribe search' -d 'only providers that support this: read, write, delete, proxy, subscribe, search; repeat for several (all must hold)'
complete -c ipctl -n '__ipctl_in "providers list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "providers list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "providers list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "providers list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl providers get
complete -c ipctl -n '__ipctl_in "providers get"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "providers get"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "providers get"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "providers get"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "providers get" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl projects
complete -c ipctl -n '__ipctl_at "projects"' -a list -d 'List the projects your credential can reach'
complete -c ipctl -n '__ipctl_at "projects"' -a get -d 'Show a project by ID or name'

# ipctl projects list
complete -c ipctl -n '__ipctl_in "projects list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "projects list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "projects list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "projects list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl projects get
complete -c ipctl -n '__ipctl_in "projects get"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "projects get"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "projects get"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "projects get"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "projects get" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl destinations
complete -c ipctl -n '__ipctl_at "destinations"' -a list -d 'List a project\'s destinations'
complete -c ipctl -n '__ipctl_at "destinations"' -a get -d 'Show a destination by name or ID'
complete -c ipctl -n '__ipctl_at "destinations"' -a patch -d 'Change a destination\'s name, metadata or secrets'

# ipctl destinations list
complete -c ipctl -n '__ipctl_in "destinations list"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "destinations list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "destinations list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "destinations list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "destinations list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl destinations get
complete -c ipctl -n '__ipctl_in "destinations get"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "destinations get"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "destinations get"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "destinations get"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "destinations get"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "destinations get" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl destinations patch
complete -c ipctl -n '__ipctl_in "destinations patch"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l name -x -d 'a new name'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l set -x -a 'metadata.url= metadata.headers= metadata.region= metadata.streamName= metadata.endpointUrl= metadata.partitionKeyTemplate= metadata.bucket= metadata.keyTemplate= metadata.storageClass= metadata.username= metadata.tableName= metadata.database= metadata.accountIdentifier= metadata.userId= metadata.dbName= metadata.schemaName= metadata.projectId= metadata.datasetId= metadata.tableId= metadata.workgroupName= metadata.clusterIdentifier= metadata.dbUser= metadata.account= metadata.container= metadata.queueUrl= metadata.topicArn= metadata.eventBusName= metadata.detailType= metadata.topicId= metadata.routingKey= metadata.batchSize= metadata.maxWaitSecs=' -d 'set a metadata key (repeatable); metadata.KEY:=JSON takes a JSON value'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l header -x -d 'a header the destination should have (repeatable), given with --replace-headers: together they replace all of its headers (see Headers below)'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l replace-headers -d 'needed with --header: confirms that the headers given replace all of the destination\'s headers'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l secret -x -a 'awsKeyId awsSecretKey awsSessionToken password privateKey credentials accessKeyId secretAccessKey accessKey uri' -d 'set a secret from a file, from stdin (-), or at a no-echo prompt (KEY alone); repeatable'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l clear -x -a 'metadata.url metadata.headers metadata.region metadata.streamName metadata.endpointUrl metadata.partitionKeyTemplate metadata.bucket metadata.keyTemplate metadata.storageClass metadata.username metadata.tableName metadata.database metadata.accountIdentifier metadata.userId metadata.dbName metadata.schemaName metadata.projectId metadata.datasetId metadata.tableId metadata.workgroupName metadata.clusterIdentifier metadata.dbUser metadata.account metadata.container metadata.queueUrl metadata.topicArn metadata.eventBusName metadata.detailType metadata.topicId metadata.routingKey metadata.batchSize metadata.maxWaitSecs secrets.awsKeyId secrets.awsSecretKey secrets.awsSessionToken secrets.password secrets.privateKey secrets.credentials secrets.accessKeyId secrets.secretAccessKey secrets.accessKey secrets.uri' -d 'clear a field: put it in the mask without a value (repeatable)'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l update-mask -x -a 'name metadata.url metadata.headers metadata.region metadata.streamName metadata.endpointUrl metadata.partitionKeyTemplate metadata.bucket metadata.keyTemplate metadata.storageClass metadata.username metadata.tableName metadata.database metadata.accountIdentifier metadata.userId metadata.dbName metadata.schemaName metadata.projectId metadata.datasetId metadata.tableId metadata.workgroupName metadata.clusterIdentifier metadata.dbUser metadata.account metadata.container metadata.queueUrl metadata.topicArn metadata.eventBusName metadata.detailType metadata.topicId metadata.routingKey metadata.batchSize metadata.maxWaitSecs secrets.awsKeyId secrets.awsSecretKey secrets.awsSessionToken secrets.password secrets.privateKey secrets.credentials secrets.accessKeyId secrets.secretAccessKey secrets.accessKey secrets.uri' -d 'the mask, comma-separated; checked against the fields given (default: computed from them)'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l input-json -r -F -d 'the whole body {updateMask, destination} from a file, or - for stdin; flags override it path by path'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l dry-run -d 'print the request, secrets redacted, and send nothing'
complete -c ipctl -n '__ipctl_in "destinations patch"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "destinations patch"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "destinations patch" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl connections
complete -c ipctl -n '__ipctl_at "connections"' -a list -d 'List a project\'s connections, filtered by provider, group or consumer'
complete -c ipctl -n '__ipctl_at "connections"' -a get -d 'Show a connection (credentials redacted)'
complete -c ipctl -n '__ipctl_at "connections"' -a generate -d 'Create a connection, importing credentials you hold (flags, JSON or prompts)'
complete -c ipctl -n '__ipctl_at "connections"' -a remove -d 'Remove connections by ID, or all that a bulk import created (--from-results)'
complete -c ipctl -n '__ipctl_at "connections"' -a report -d 'Merge the results files of bulk imports (one per CI job) into one summary'

# ipctl connections list
complete -c ipctl -n '__ipctl_in "connections list"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "connections list"' -l provider -x -a '(__ipctl_dynamic)' -d 'only connections to this provider (exact match)'
complete -c ipctl -n '__ipctl_in "connections list"' -l group-ref -x -d 'only connections of this user group (exact match)'
complete -c ipctl -n '__ipctl_in "connections list"' -l consumer-ref -x -d 'only connections of this consumer (exact match)'
complete -c ipctl -n '__ipctl_in "connections list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "connections list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "connections list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "connections list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl connections get
complete -c ipctl -n '__ipctl_in "connections get"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "connections get"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "connections get"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "connections get"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "connections get"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "connections get" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl connections generate
complete -c ipctl -n '__ipctl_in "connections generate"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l provider -x -d 'provider name, such as salesforce (see: ipctl providers get NAME)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l group-ref -x -d 'your ID for the customer (user group); the group is created or renamed as needed'
complete -c ipctl -n '__ipctl_in "connections generate"' -l group-name -x -d 'name of the group (default: an existing group keeps its name, a new one takes the ref)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l consumer-ref -x -d 'your ID for the consumer (user) of the connection'
complete -c ipctl -n '__ipctl_in "connections generate"' -l consumer-name -x -d 'name of the consumer (same default as --group-name)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l workspace -x -d 'the provider workspace (providerWorkspaceRef), such as a subdomain; also fills a \'workspace\' metadata input'
complete -c ipctl -n '__ipctl_in "connections generate"' -l metadata -x -d 'a provider metadata input (providerMetadata); repeatable'
complete -c ipctl -n '__ipctl_in "connections generate"' -l custom -x -d 'a custom-auth input (customAuth); repeatable. KEY:=JSON for a structured value; KEY=@PATH or KEY=- for a password input'
complete -c ipctl -n '__ipctl_in "connections generate"' -l scopes -x -d 'OAuth scopes of the imported tokens (oauth2AuthorizationCode.scopes)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l api-key-file -r -F -d 'read the connection\'s API key from a file, or - for stdin (or IPCTL_CONNECTION_API_KEY)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l username -x -d 'Basic auth username; sent with the password as basicAuth: {username, password}'
complete -c ipctl -n '__ipctl_in "connections generate"' -l password-file -r -F -d 'read the Basic auth password from a file, or - for stdin (or IPCTL_CONNECTION_PASSWORD)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l refresh-token-file -r -F -d 'read an OAuth refresh token to import, or - for stdin (or IPCTL_CONNECTION_REFRESH_TOKEN)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l access-token-file -r -F -d 'read an OAuth access token to import, or - for stdin (or IPCTL_CONNECTION_ACCESS_TOKEN)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l input-json -r -F -d 'read the whole request body from a JSON file, or - for stdin; flags override its fields'
complete -c ipctl -n '__ipctl_in "connections generate"' -l skeleton -d 'print an empty request body to fill in (for --provider NAME: just the fields it takes), and exit'
complete -c ipctl -n '__ipctl_in "connections generate"' -l dry-run -d 'check everything and print the request that would be sent, secrets redacted; send nothing'
complete -c ipctl -n '__ipctl_in "connections generate"' -l show-secrets -d 'show the API key and OAuth tokens of the created connection instead of ****abcd'
complete -c ipctl -n '__ipctl_in "connections generate"' -l from-file -r -F -d 'create one connection per row of a JSONL or CSV file, or - for stdin; the flags above give every row its defaults'
complete -c ipctl -n '__ipctl_in "connections generate"' -l format -x -a 'jsonl csv' -d 'the format of --from-file (default: from its extension: .jsonl, .ndjson, .json or .csv)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l concurrency -x -d 'with --from-file: requests in flight at once, 1 to 64 (default: 8)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l rate -x -d 'with --from-file: at most N requests a second, retries included (a positive number: 50, 0.5); default: no cap'
complete -c ipctl -n '__ipctl_in "connections generate"' -l results -r -F -d 'with --from-file: the results file, one JSON line per row (default: INPUT.results.jsonl beside the input)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l resume -d 'with --from-file: continue the run the results file records, skipping rows it created'
complete -c ipctl -n '__ipctl_in "connections generate"' -l retry-uncertain -d 'with --resume: look up each row whose outcome is unknown by its provider, group and consumer, and send it again only when no such connection exists'
complete -c ipctl -n '__ipctl_in "connections generate"' -l skip-invalid -d 'with --from-file: send the valid rows even if some are invalid, recording those as invalid'
complete -c ipctl -n '__ipctl_in "connections generate"' -l allow-duplicates -d 'with --from-file: send rows that repeat an earlier row\'s group, consumer and provider (by default they are invalid)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l shard -x -a 'auto' -d 'with --from-file: take only the rows whose key (group, consumer, provider) falls in shard I of N, for one job of a CI matrix; auto reads I and N from the CI'
complete -c ipctl -n '__ipctl_in "connections generate"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "connections generate"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "connections generate"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "connections generate"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl connections remove
complete -c ipctl -n '__ipctl_in "connections remove"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "connections remove"' -l from-results -d 'remove every connection the results files given as arguments record as created (connections generate --from-file)'
complete -c ipctl -n '__ipctl_in "connections remove"' -l results -r -F -d 'with --from-results: the removal\'s own results file (default: the first RESULTS with .removed.jsonl: customers.results.removed.jsonl)'
complete -c ipctl -n '__ipctl_in "connections remove"' -l resume -d 'with --from-results: continue the removal its results file records, skipping connections it removed'
complete -c ipctl -n '__ipctl_in "connections remove"' -l concurrency -x -d 'with --from-results: requests in flight at once, 1 to 64 (default: 8)'
complete -c ipctl -n '__ipctl_in "connections remove"' -l rate -x -d 'with --from-results: at most N requests a second, retries included (a positive number: 50, 0.5); default: no cap'
complete -c ipctl -n '__ipctl_in "connections remove"' -l dry-run -d 'list the connections that would be removed; remove nothing'
complete -c ipctl -n '__ipctl_in "connections remove"' -s y -l yes -d 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)'
complete -c ipctl -n '__ipctl_in "connections remove"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "connections remove"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "connections remove"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "connections remove"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "connections remove" 0 more' -x -a '(__ipctl_dynamic)'

# ipctl connections report
complete -c ipctl -n '__ipctl_in "connections report"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "connections report"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "connections report"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "connections report"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "connections report" 0 more' -r -F

# ipctl profile
complete -c ipctl -n '__ipctl_at "profile"' -a list -d 'List profiles'
complete -c ipctl -n '__ipctl_at "profile"' -a show -d 'Show a profile (secrets redacted)'
complete -c ipctl -n '__ipctl_at "profile"' -a use -d 'Make a profile the current one'
complete -c ipctl -n '__ipctl_at "profile"' -a add -d 'Add a profile, or change one'
complete -c ipctl -n '__ipctl_at "profile"' -a remove -d 'Remove a profile'

# ipctl profile list
complete -c ipctl -n '__ipctl_in "profile list"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "profile list"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "profile list"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "profile list"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl profile show
complete -c ipctl -n '__ipctl_in "profile show"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "profile show"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "profile show"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "profile show"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'
complete -c ipctl -n '__ipctl_argument "profile show" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl profile use
complete -c ipctl -n '__ipctl_argument "profile use" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl profile add
complete -c ipctl -n '__ipctl_in "profile add"' -l org -x -d 'default organization ID'
complete -c ipctl -n '__ipctl_in "profile add"' -l project -x -a '(__ipctl_dynamic)' -d 'default project ID or name'
complete -c ipctl -n '__ipctl_in "profile add"' -l force -d 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one'
complete -c ipctl -n '__ipctl_argument "profile add" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl profile remove
complete -c ipctl -n '__ipctl_in "profile remove"' -s y -l yes -d 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)'
complete -c ipctl -n '__ipctl_argument "profile remove" 0 one' -x -a '(__ipctl_dynamic)'

# ipctl auth
complete -c ipctl -n '__ipctl_at "auth"' -a login -d 'Enter an API key and/or bearer token at a no-echo prompt'
complete -c ipctl -n '__ipctl_at "auth"' -a logout -d 'Remove the credentials of the profile in use'
complete -c ipctl -n '__ipctl_at "auth"' -a migrate -d 'Move the credentials kept in the profile file into the OS keychain'
complete -c ipctl -n '__ipctl_at "auth"' -a set-key -d 'Store an API key read from stdin'
complete -c ipctl -n '__ipctl_at "auth"' -a set-token -d 'Store a bearer token read from stdin'
complete -c ipctl -n '__ipctl_at "auth"' -a status -d 'Show the profile, credentials and URLs in use, and where each came from'

# ipctl auth login
complete -c ipctl -n '__ipctl_in "auth login"' -l insecure-storage -d 'keep the credential in the profile file (readable only by you) instead of the OS keychain'
complete -c ipctl -n '__ipctl_in "auth login"' -l no-verify -d 'store without checking the credential with the service first (one GET /projects), as when setting up offline'
complete -c ipctl -n '__ipctl_in "auth login"' -l force -d 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one'

# ipctl auth logout
complete -c ipctl -n '__ipctl_in "auth logout"' -s y -l yes -d 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)'

# ipctl auth set-key
complete -c ipctl -n '__ipctl_in "auth set-key"' -l insecure-storage -d 'keep the credential in the profile file (readable only by you) instead of the OS keychain'
complete -c ipctl -n '__ipctl_in "auth set-key"' -l no-verify -d 'store without checking the credential with the service first (one GET /projects), as when setting up offline'
complete -c ipctl -n '__ipctl_in "auth set-key"' -l force -d 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one'

# ipctl auth set-token
complete -c ipctl -n '__ipctl_in "auth set-token"' -l insecure-storage -d 'keep the credential in the profile file (readable only by you) instead of the OS keychain'
complete -c ipctl -n '__ipctl_in "auth set-token"' -l no-verify -d 'store without checking the credential with the service first (one GET /projects), as when setting up offline'
complete -c ipctl -n '__ipctl_in "auth set-token"' -l force -d 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one'

# ipctl auth status
complete -c ipctl -n '__ipctl_in "auth status"' -l org -x -d 'organization ID, as other commands take it'
complete -c ipctl -n '__ipctl_in "auth status"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name, as other commands take it'
complete -c ipctl -n '__ipctl_in "auth status"' -l offline -d 'send no request: show the credentials without checking them with the service'
complete -c ipctl -n '__ipctl_in "auth status"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "auth status"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "auth status"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "auth status"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl search
complete -c ipctl -n '__ipctl_in "search"' -l integration -x -d 'integration ID (required)'
complete -c ipctl -n '__ipctl_in "search"' -l group-ref -x -d 'groupRef of the user group whose installation is searched (required)'
complete -c ipctl -n '__ipctl_in "search"' -l project -x -a '(__ipctl_dynamic)' -d 'project ID or name (default: IPCTL_PROJECT or the profile\'s project)'
complete -c ipctl -n '__ipctl_in "search"' -l where -x -a '(__ipctl_dynamic partial)' -d 'FIELD=VALUE or FIELD eq VALUE; repeat to narrow (all must match); FIELD is a mapped or provider field name'
complete -c ipctl -n '__ipctl_in "search"' -l fields -x -d 'columns to show after the ID, comma-separated: mapped or record field names (a.b reaches into objects)'
complete -c ipctl -n '__ipctl_in "search"' -l raw -d 'show the provider\'s native record instead of its fields'
complete -c ipctl -n '__ipctl_in "search"' -s o -l output -x -a 'table wide json yaml ndjson' -d 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "search"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "search"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "search"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl api
complete -c ipctl -n '__ipctl_in "api"' -s X -l method -x -a 'GET POST PUT PATCH DELETE HEAD OPTIONS' -d 'HTTP method (default: GET, or POST when fields or --input are given)'
complete -c ipctl -n '__ipctl_in "api"' -s f -l raw-field -x -d 'a string field of the JSON body (a query parameter for GET); a[b]=v nests, a[]=v adds to an array; repeatable'
complete -c ipctl -n '__ipctl_in "api"' -s F -l field -x -d 'a typed field: numbers, true, false and null as JSON, @PATH the text of a file, @- stdin; repeatable'
complete -c ipctl -n '__ipctl_in "api"' -s H -l header -x -d 'a request header, \'Name: value\' (repeatable); never a credential'
complete -c ipctl -n '__ipctl_in "api"' -l input -r -F -d 'send the body in this file as it is, or - for stdin; fields then become query parameters'
complete -c ipctl -n '__ipctl_in "api"' -l search -d 'send to the search base URL, with the search request-type header'
complete -c ipctl -n '__ipctl_in "api"' -l auth -x -a 'key token none' -d 'the credential sent: key (API key), token (bearer token) or none (default: the one the API takes on that path; the API key where it is not known)'
complete -c ipctl -n '__ipctl_in "api"' -s i -l include -d 'print the status line and the response headers before the body, of an error answer too'
complete -c ipctl -n '__ipctl_in "api"' -l silent -d 'print no response body'
complete -c ipctl -n '__ipctl_in "api"' -l retry-unsafe -d 'retry a POST or PATCH that may have reached the server, as GET, PUT and DELETE are'
complete -c ipctl -n '__ipctl_in "api"' -l dry-run -d 'print the request, credentials and secrets redacted, and send nothing'
complete -c ipctl -n '__ipctl_in "api"' -s o -l output -x -a 'json yaml' -d 'output format: json, yaml (default: the answer as it came, JSON pretty-printed)'
complete -c ipctl -n '__ipctl_in "api"' -l query -x -d 'a JMESPath expression applied to the JSON answer'
complete -c ipctl -n '__ipctl_argument "api" 0 one' -x -a '(__ipctl_dynamic partial)'

# ipctl completion
complete -c ipctl -n '__ipctl_argument "completion" 0 one' -x -a 'bash zsh fish powershell'

# ipctl sandbox
complete -c ipctl -n '__ipctl_in "sandbox"' -l host -x -d 'address to listen on (default: 127.0.0.1)'
complete -c ipctl -n '__ipctl_in "sandbox"' -l port -x -d 'port to listen on; 0 picks a free one (default: 4510)'
complete -c ipctl -n '__ipctl_in "sandbox"' -l json -d 'print one JSON line with baseUrl, searchUrl, org, project, apiKey and token'
complete -c ipctl -n '__ipctl_in "sandbox"' -l env -d 'print one export IPCTL_BASE_URL=… IPCTL_SEARCH_URL=… IPCTL_API_KEY=… IPCTL_TOKEN=… IPCTL_ORG=… IPCTL_PROJECT=… line for a shell to source or eval'
complete -c ipctl -n '__ipctl_in "sandbox"' -l faults -r -F -d 'JSON file of faults to inject, by operation (see docs: fault injection)'
complete -c ipctl -n '__ipctl_in "sandbox"' -l tls-cert -r -F -d 'serve HTTPS with this PEM certificate (chain); needs --tls-key'
complete -c ipctl -n '__ipctl_in "sandbox"' -l tls-key -r -F -d 'the PEM private key of --tls-cert'
complete -c ipctl -n '__ipctl_in "sandbox"' -l background -d 'start it in a process of its own, wait until it listens (at most 20 s), point the profile sandbox at it and make that the current profile, then exit; with --env or --json, print that line instead of writing a profile'
complete -c ipctl -n '__ipctl_in "sandbox"' -l published-search -d 'answer search as the service\'s published contract does: result, entries without an id (default: results, as the API reference says)'

# ipctl version
complete -c ipctl -n '__ipctl_in "version"' -s o -l output -x -a 'table wide json yaml' -d 'output format: table, wide, json, yaml (default: table, fitted to the terminal)'
complete -c ipctl -n '__ipctl_in "version"' -l json -d 'the same as --output json'
complete -c ipctl -n '__ipctl_in "version"' -l wide -d 'the same as --output wide: a table with every column whole, however wide the terminal'
complete -c ipctl -n '__ipctl_in "version"' -l query -x -d 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)'

# ipctl help
complete -c ipctl -n '__ipctl_argument "help" 0 more' -x -a 'exit-codes environment retries orgs invites providers projects destinations connections profile auth search api completion sandbox version'
