// Starts Learning Locker's statement service (npm xapi-statements) in memory on 127.0.0.1 for
// lessonsim's tests, in front of a client check that takes one Basic credential only.
//
//   node tests/lrs/serve.js            prints "lrs http://127.0.0.1:PORT/xAPI/" once listening
//
// Environment: LRS_CREDENTIALS ("key:secret", required: any other Authorization is refused),
// LRS_PORT (default: any free port), LRS_DELAY_MS (hold each POST's answer that long after the
// statements are stored, so a test can kill the sender mid-send), LRS_LOG_DIR (the access logs).
'use strict';
const http = require('http');
const net = require('net');
const path = require('path');

const credentials = process.env.LRS_CREDENTIALS || '';
if (!credentials.includes(':')) {
  console.error('serve.js: LRS_CREDENTIALS must be key:secret');
  process.exit(2);
}
const expected = 'Basic ' + Buffer.from(credentials).toString('base64');
const delay = Number(process.env.LRS_DELAY_MS || 0);

// Every server here listens on the loopback address only.
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (port, ...rest) {
  const done = rest.find((a) => typeof a === 'function');
  return listen.call(this, { port: typeof port === 'number' ? port : Number(port) || 0, host: '127.0.0.1' }, done);
};

// The client check xapi-statements asks (its `fetch` auth repository): the test client for the
// one credential, "no such client" (404) for anything else.
const client = {
  _id: '58fe13e34effd3c26a7fc4b7', title: 'lessonsim tests', isTrusted: true,
  authority: { objectType: 'Agent', mbox: 'mailto:lrs@lessonsim.invalid' },
  lrs_id: '58fe13e34effd3c26a7fc4b7', organisation: '58fe13e34effd3c26a7fc4b6', scopes: ['all'],
};
const auth = http.createServer((req, res) => {
  const ok = req.headers.authorization === expected;
  res.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/json' });
  res.end(ok ? JSON.stringify(client) : '{}');
});

auth.listen(0, () => {
  Object.assign(process.env, {
    AUTH_REPO: 'fetch',
    LL_CLIENT_INFO_ENDPOINT: `http://127.0.0.1:${auth.address().port}/auth`,
    MODELS_REPO: 'memory', STORAGE_REPO: 'memory', EVENTS_REPO: 'test',
    EXPRESS_PORT: process.env.LRS_PORT || '0',
    WINSTON_CONSOLE_LEVEL: 'error',
    EXPRESS_MORGAN_DIRECTORY: process.env.LRS_LOG_DIR || path.join(require('os').tmpdir(), 'lessonsim-lrs-logs'),
    SERVICE_AWAIT_UPDATES: 'true',
  });
  // Each request is logged (method, path, status; never a header), and a POST's answer may be
  // held back after the statements are stored.
  const createServer = http.createServer;
  http.createServer = function (handler) {
    const server = createServer.call(http, (req, res) => {
      const where = req.url.split('?')[0];
      res.on('finish', () => console.log(`${req.method} ${where} ${res.statusCode}`));
      if (delay > 0 && req.method === 'POST') {
        console.log(`received ${req.method} ${where}`);
        const end = res.end;
        res.end = function (...args) { setTimeout(() => end.apply(res, args), delay); return res; };
      }
      handler(req, res);
    });
    server.on('listening', () => console.log(`lrs http://127.0.0.1:${server.address().port}/xAPI/`));
    return server;
  };
  require('xapi-statements/dist/server');
});
