// The image's HEALTHCHECK: asks the server in this container for GET /api/health, as slim images
// have no curl. It follows the server's HOST and PORT; a wildcard HOST (0.0.0.0, ::) listens on
// the loopback too, so it is asked there. Exit 0 when healthy, 1 otherwise, within TIMEOUT_MS.
import { request } from 'node:http';
import process from 'node:process';

const TIMEOUT_MS = 4000;
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

// Unset or empty, as for the server: localhost.
const host = process.env.HOST || 'localhost';
const target = WILDCARDS.has(host) ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1');
const port = Number(process.env.PORT || 3000);

function fail(reason) {
  process.stderr.write(`unhealthy: ${reason}\n`);
  process.exit(1);
}

const call = request(
  { host: target, port, path: '/api/health', method: 'GET', timeout: TIMEOUT_MS },
  (response) => {
    response.resume();
    if (response.statusCode === 200) process.exit(0);
    fail(`GET /api/health answered ${response.statusCode}`);
  },
);
call.on('timeout', () => call.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
call.on('error', (error) => fail(`${target}:${port}: ${error.message}`));
call.end();
