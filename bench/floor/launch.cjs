// Usage: node launch.cjs BUNDLE URL. Starts the floor as bin/ipctl.cjs starts ipctl: Node's
// compile cache on (where Node has it, in IPCTL_CACHE_DIR/compile-cache), then the bundle.
'use strict';
const { join } = require('node:path');
const { enableCompileCache } = require('node:module');

if (typeof enableCompileCache === 'function' && process.env.IPCTL_CACHE_DIR) enableCompileCache(join(process.env.IPCTL_CACHE_DIR, 'compile-cache'));
require(process.argv[2]).get(process.argv[3]);
