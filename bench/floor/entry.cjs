// The least an HTTP command can do: load the vendored undici and GET one URL.
// Loaded by run.cjs through dist/boot.cjs, as ipctl loads its own files.
'use strict';

module.exports = async function get(address) {
  const { request, connect, Dispatcher, EnvHttpProxyAgent } = require('ipctl-vendor:undici');
  Object.assign(Dispatcher.prototype, { request, connect });
  const agent = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '' });
  const url = new URL(address);
  const response = await agent.request({ origin: url.origin, path: url.pathname, method: 'GET' });
  return response.body.text();
};
